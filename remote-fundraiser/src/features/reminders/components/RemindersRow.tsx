import { Button } from '@fu/shared';
import { useOptIn, type OptIn } from '../hooks/useOptIn';
import styles from './reminders.module.css';

/** My Fundraisers' reminders on/off row; Change flips it for every page of the phone. */
export function RemindersRow({ phone, initial }: { phone: string; initial: OptIn }) {
  const { isOptedIn, saving, error, choose } = useOptIn(phone, initial);
  return (
    <div className={styles.row}>
      <span>
        Text reminders: <strong data-testid="reminders-state">{isOptedIn ? 'On' : 'Off'}</strong>
      </span>
      <Button variant="secondary" disabled={saving} onClick={() => void choose(!isOptedIn)}>
        Change
      </Button>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
