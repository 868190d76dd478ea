import { PageHeading } from '@fu/shared';

export function ActivationConfirmationPage() {
  return (
    <main className="page">
      <PageHeading title="Check Your Phone">Check Your Phone</PageHeading>
      <p>The registered phone will receive a link to open the ticket.</p>
    </main>
  );
}
