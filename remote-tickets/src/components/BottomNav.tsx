import { NavLink } from '@fu/shared';
import styles from './wallet.module.css';

/** Spec §2 wallet navigation; Purchases only when the ticket came from a purchase. */
export function BottomNav({ sessionGuid, purchaseGuid }: { sessionGuid: string; purchaseGuid: string | null }) {
  const links = [
    ...(purchaseGuid ? [{ to: `/ManageDiscounts/${purchaseGuid}/`, label: 'Purchases' }] : []),
    { to: `/MyTeam/${sessionGuid}/`, label: 'Team' },
    { to: `/MyTicket/${sessionGuid}/`, label: 'Home' },
    { to: `/MyOffers/${sessionGuid}/`, label: 'Offers' },
  ];
  return (
    <nav className={styles.bottomNav} aria-label="Ticket">
      {links.map((link) => (
        <NavLink key={link.label} to={link.to} className={({ isActive }) => (isActive ? styles.active : undefined)}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
