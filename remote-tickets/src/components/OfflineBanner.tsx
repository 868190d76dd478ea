import { useOnline } from '../hooks/useOnline';
import styles from './wallet.module.css';

export const OFFLINE_MESSAGE =
  'You are offline. Your offers are saved on this phone; a redemption is sent when you are back online.';

/** Says so when the phone has no network. The live region stays mounted so the change is announced. */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className={online ? undefined : styles.offline}>
      {online ? null : OFFLINE_MESSAGE}
    </div>
  );
}
