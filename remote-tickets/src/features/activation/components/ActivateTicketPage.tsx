import { PageHeading } from '@fu/shared';

export function ActivateTicketPage() {
  return (
    <main className="page">
      <PageHeading title="Activate Your Ticket">Activate Your Ticket</PageHeading>
      <p>Enter the phone number that will hold this ticket.</p>
    </main>
  );
}
