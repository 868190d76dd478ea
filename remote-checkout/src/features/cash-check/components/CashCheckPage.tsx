import { PageHeading } from '@fu/shared';

export function CashCheckPage() {
  return (
    <main className="page">
      <PageHeading title="Cash / Check Order">Cash / Check Order</PageHeading>
      <p>Record a cash or check payment for this order.</p>
    </main>
  );
}
