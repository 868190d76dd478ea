import { PageHeading } from '@fu/shared';

export function FundraiserPage() {
  return (
    <main className="page">
      <PageHeading title="My Fundraiser">My Fundraiser</PageHeading>
      <p>Your orders, share link, QR code and reminders.</p>
    </main>
  );
}
