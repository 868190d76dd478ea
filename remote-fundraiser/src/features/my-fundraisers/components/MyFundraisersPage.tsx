import { PageHeading } from '@fu/shared';

export function MyFundraisersPage() {
  return (
    <main className="page">
      <PageHeading title="My Fundraisers">My Fundraisers</PageHeading>
      <p>Every fundraiser on this device, with its reminders setting.</p>
    </main>
  );
}
