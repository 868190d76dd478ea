import { PageHeading } from '@fu/shared';

export function RedeemOfferPage() {
  return (
    <main className="page">
      <PageHeading title="Redeem Offer">Redeem Offer</PageHeading>
      <p>Present this at Checkout.</p>
    </main>
  );
}
