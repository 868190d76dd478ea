import { PageHeading } from '@fu/shared';

export function MyTeamPage() {
  return (
    <main className="page">
      <PageHeading title="school team Resources">school team Resources</PageHeading>
    </main>
  );
}
