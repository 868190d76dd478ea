import { PageHeading } from '@fu/shared';

export function FundraiserOrdersPage() {
  return (
    <main className="page">
      <PageHeading title="Orders">Orders</PageHeading>
      <p>Orders placed through your page.</p>
    </main>
  );
}
