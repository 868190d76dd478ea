import { PageHeading } from '@fu/shared';

export function TeamEditPage() {
  return (
    <main className="page">
      <PageHeading title="Team">Team</PageHeading>
    </main>
  );
}
