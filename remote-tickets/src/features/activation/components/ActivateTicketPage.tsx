import { PageHeading } from '@fu/shared';

/** /ActivateTicket/{guid} and /ReactivateTicket/{guid}: the phone that will hold the ticket. */
export function ActivateTicketPage({ reactivate = false }: { reactivate?: boolean }) {
  const heading = reactivate ? 'Reactivate Your Ticket' : 'Activate Your Ticket';
  return (
    <main className="page">
      <PageHeading title={heading}>{heading}</PageHeading>
      <p>Enter the phone number that will hold this ticket.</p>
    </main>
  );
}
