import { PageHeading } from '@fu/shared';

export function RegisterDevicePage() {
  return (
    <main className="page">
      <PageHeading title="Register This Device">Register This Device</PageHeading>
      <p>Confirm that this device will hold the ticket.</p>
    </main>
  );
}
