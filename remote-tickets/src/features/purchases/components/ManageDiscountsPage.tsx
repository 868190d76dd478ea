import { PageHeading } from '@fu/shared';

export function ManageDiscountsPage() {
  return (
    <main className="page">
      <PageHeading title="Your Ticket Purchases">Your Ticket Purchases</PageHeading>
    </main>
  );
}
