import { Button, T, useT } from '@fu/shared';
import { useOptIn, type OptInPage } from '../hooks/useOptIn';
import { AwaitingConfirmation } from './AwaitingConfirmation';
import styles from './reminders.module.css';

/**
 * My Fundraisers' reminders on/off row. Change flips it for this page, or for every page of the
 * phone from a browser that confirmed the phone (docs/security.md).
 */
export function RemindersRow({ offerResend, ...page }: OptInPage & { offerResend?: boolean }) {
  const t = useT();
  const { isOptedIn, awaitingConfirmation, saving, error, choose, link } = useOptIn(page);
  return (
    <div className={styles.row}>
      <span>
        <T
          id="fundraiser.remindersRow.state"
          values={{ status: isOptedIn ? 'on' : 'off' }}
          components={{ strong: <strong data-testid="reminders-state" /> }}
        />
      </span>
      <Button variant="secondary" disabled={saving} onClick={() => void choose(!isOptedIn)}>
        {t('fundraiser.remindersRow.change')}
      </Button>
      {awaitingConfirmation && <AwaitingConfirmation link={link} offerResend={offerResend} />}
      {error && (
        <p role="alert" className={styles.error}>
          {t(error)}
        </p>
      )}
    </div>
  );
}
