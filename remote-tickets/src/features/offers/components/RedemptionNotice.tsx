import styles from './offers.module.css';

export const PENDING_NOTICE =
  'Redemption pending: it is saved on this phone and will be sent when you are back online. Show this screen to the cashier.';

/**
 * What became of redemptions made offline: pending while saved on the phone, then the send's
 * outcome. A live region, so a screen reader hears when a saved redemption goes through.
 */
export function RedemptionNotice({ notice, pending }: { notice: string | null; pending: number }) {
  return (
    <div role="status" className={styles.notices}>
      {pending > 0 && <p className={styles.pendingNotice}>{PENDING_NOTICE}</p>}
      {notice && <p>{notice}</p>}
    </div>
  );
}
