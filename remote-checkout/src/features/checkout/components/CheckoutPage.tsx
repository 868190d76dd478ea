import { PageHeading } from '@fu/shared';

export function CheckoutPage() {
  return (
    <main className="page">
      <PageHeading title="Checkout">Checkout</PageHeading>
      <p>Billing address, delivery address and card payment for your order.</p>
    </main>
  );
}
