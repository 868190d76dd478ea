import { PageHeading } from '@fu/shared';

export function ReceiptPage() {
  return (
    <main className="page">
      <PageHeading title="Receipt">Receipt</PageHeading>
      <p>Your digital receipt.</p>
    </main>
  );
}
