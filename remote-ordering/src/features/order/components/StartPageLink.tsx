import { Link } from '@fu/shared';

/** The way on from an order page that cannot take an order (inactive, not found): the start page. */
export function StartPageLink() {
  return (
    <p>
      <Link to="/" className="link-target">
        Find another fundraiser
      </Link>
    </p>
  );
}
