import { Button } from '@fu/shared';
import { useOptIn, type OptInPage } from '../hooks/useOptIn';
import { AwaitingConfirmation } from './AwaitingConfirmation';
import styles from './reminders.module.css';

/**
 * My Fundraisers' reminders on/off row. Change flips it for this page, or for every page of the
 * phone from a browser that confirmed the phone (docs/security.md).
 */
export function RemindersRow({ offerResend, ...page }: OptInPage & { offerResend?: boolean }) {
  const { isOptedIn, awaitingConfirmation, saving, error, choose, link } = useOptIn(page);
  return (
    <div className={styles.row}>
      <span>
        Text reminders: <strong data-testid="reminders-state">{isOptedIn ? 'On' : 'Off'}</strong>
      </span>
      <Button variant="secondary" disabled={saving} onClick={() => void choose(!isOptedIn)}>
        Change
      </Button>
      {awaitingConfirmation && <AwaitingConfirmation link={link} offerResend={offerResend} />}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
