import { Link, useLocation, useT, type Translate } from '@fu/shared';
import styles from './wallet.module.css';

/**
 * The wallet's tabs of a ticket: spec §2's Purchases (only with a purchase guid), Team, Home and
 * Offers, and the ticket's History (issue 31) where it has one.
 */
export const walletTabs = (
  sessionGuid: string,
  options: { purchaseGuid?: string | null; withHistory: boolean },
  t: Translate,
) => [
  ...(options.purchaseGuid
    ? [{ to: `/ManageDiscounts/${options.purchaseGuid}/`, label: t('tickets.nav.purchases') }]
    : []),
  ...(options.withHistory ? [{ to: `/MyOffers/${sessionGuid}/History`, label: t('tickets.nav.history') }] : []),
  { to: `/MyTeam/${sessionGuid}/`, label: t('tickets.nav.team') },
  { to: `/MyTicket/${sessionGuid}/`, label: t('tickets.nav.home') },
  { to: `/MyOffers/${sessionGuid}/`, label: t('tickets.nav.offers') },
];

/** Which tab a path belongs to: the offers tab also holds an offer's redeem page, not the history. */
function isCurrent(tabPath: string, pathname: string): boolean {
  const tab = tabPath.toLowerCase().replace(/\/$/, '');
  const path = pathname.toLowerCase().replace(/\/$/, '');
  if (tab.endsWith('/history')) return path === tab;
  if (path === tab) return true;
  return tab.startsWith('/myoffers/') && path.startsWith(`${tab}/redeem/`);
}

/**
 * The wallet's tab bar (spec §2: Purchases, only if a purchase guid exists, Team, Home, Offers).
 * Issue 31: Purchases opened the buyer's page (/ManageDiscounts) for anyone holding a ticket, where a
 * holder who is not the buyer has no business: every ticket of the purchase and the phones that hold
 * them. The server now gives the purchase guid only to the browser that bought it, so Purchases
 * shows for the buyer alone and leads to their purchase; every holder gets History, what this ticket
 * has redeemed and when (the sample ticket has none).
 */
export function BottomNav({
  sessionGuid,
  purchaseGuid,
  withHistory,
}: {
  sessionGuid: string;
  purchaseGuid?: string | null;
  withHistory: boolean;
}) {
  const { pathname } = useLocation();
  const t = useT();
  return (
    <nav className={styles.bottomNav} aria-label={t('tickets.nav.label')}>
      {walletTabs(sessionGuid, { purchaseGuid, withHistory }, t).map((tab) => {
        const current = isCurrent(tab.to, pathname);
        return (
          <Link
            key={tab.to}
            to={tab.to}
            className={current ? styles.active : undefined}
            aria-current={current ? 'page' : undefined}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
