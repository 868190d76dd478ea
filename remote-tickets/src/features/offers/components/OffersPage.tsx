import { PageHeading } from '@fu/shared';

export function OffersPage() {
  return (
    <main className="page">
      <PageHeading title="Offers">Offers</PageHeading>
      <p>Your vendor offers. Show an offer at the register to redeem it.</p>
    </main>
  );
}
