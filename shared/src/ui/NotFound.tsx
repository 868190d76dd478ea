import { Link } from '../router';

export function NotFound() {
  return (
    <main className="page">
      <h1>Page not found</h1>
      <p>We could not find that page. The link may be mistyped or out of date.</p>
      <p>
        <Link to="/" className="link-target">
          Find a fundraiser
        </Link>
      </p>
    </main>
  );
}
