import { Link, useT } from '@fu/shared';

/** The way on from an order page that cannot take an order (inactive, not found): the start page. */
export function StartPageLink() {
  const t = useT();
  return (
    <p>
      <Link to="/" className="link-target">
        {t('ordering.order.findAnother')}
      </Link>
    </p>
  );
}
