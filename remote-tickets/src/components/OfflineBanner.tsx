import { useT } from '@fu/shared';
import { useOnline } from '../hooks/useOnline';
import styles from './wallet.module.css';

/** The English of tickets.offline.message: what the tests find. */
export const OFFLINE_MESSAGE =
  'You are offline. Your offers are saved on this phone; a redemption is sent when you are back online.';

/** Says so when the phone has no network. The live region stays mounted so the change is announced. */
export function OfflineBanner() {
  const online = useOnline();
  const t = useT();
  return (
    <div role="status" className={online ? undefined : styles.offline}>
      {online ? null : t('tickets.offline.message')}
    </div>
  );
}
