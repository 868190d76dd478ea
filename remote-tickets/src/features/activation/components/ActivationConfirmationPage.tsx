import { formatPhone, PageHeading, Link, useParams } from '@fu/shared';

/** /ActivateTicket/{guid}/Confirmation/{phoneNumber}: the registered phone will receive a link. */
export function ActivationConfirmationPage() {
  const { guid = '', phoneNumber } = useParams();
  return (
    <main className="page">
      <PageHeading title="Check Your Phone">Check Your Phone</PageHeading>
      <p role="status">
        We texted a link to {phoneNumber ? formatPhone(phoneNumber) : 'the phone registered to this ticket'}. Open it on
        that phone to finish registering your ticket.
      </p>
      <p>The link works once and for a limited time. Didn&apos;t get it?</p>
      <p>
        <Link className="link-target" to={`/ActivateTicket/${guid}`}>
          Send the link again
        </Link>
      </p>
    </main>
  );
}
