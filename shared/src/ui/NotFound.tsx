import { Link } from '../router';
import { PageHeading } from './PageHeading';

export function NotFound() {
  return (
    <main className="page">
      <PageHeading title="Page not found">Page not found</PageHeading>
      <p>We could not find that page. The link may be mistyped or out of date.</p>
      <p>
        <Link to="/" className="link-target">
          Find a fundraiser
        </Link>
      </p>
    </main>
  );
}
