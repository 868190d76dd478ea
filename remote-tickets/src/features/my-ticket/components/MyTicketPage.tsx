import { PageHeading } from '@fu/shared';

export function MyTicketPage() {
  return (
    <main className="page">
      <PageHeading title="My Ticket">My Ticket</PageHeading>
    </main>
  );
}
