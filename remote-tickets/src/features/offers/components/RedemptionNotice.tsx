import { useT } from '@fu/shared';
import type { SyncNotice } from '../offline';
import styles from './offers.module.css';

/**
 * What became of redemptions made offline: pending while saved on the phone, then the send's
 * outcome. A live region, so a screen reader hears when a saved redemption goes through.
 */
export function RedemptionNotice({ notice, pending }: { notice: SyncNotice | null; pending: number }) {
  const t = useT();
  // The refusals are the server's messages: an English one has its Spanish keyed by it (docs/i18n.md).
  const said = notice && [
    ...(notice.sent ? [t('tickets.notice.sent', { count: notice.sent })] : []),
    ...notice.refused.map((why) => t('tickets.notice.refused', { reason: t(why) })),
  ];
  return (
    <div role="status" className={styles.notices}>
      {pending > 0 && <p className={styles.pendingNotice}>{t('tickets.notice.pending')}</p>}
      {said?.length ? <p>{said.join(' ')}</p> : null}
    </div>
  );
}
