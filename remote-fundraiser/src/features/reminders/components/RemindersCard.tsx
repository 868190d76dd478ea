import { Button, REMINDERS_HEADING, REMINDERS_INVITATION, remindersStateLine } from '@fu/shared';
import { useOptIn, type OptInPage } from '../hooks/useOptIn';
import { AwaitingConfirmation } from './AwaitingConfirmation';
import styles from './reminders.module.css';

/**
 * Spec §4 reminder opt-in on the student's page: unanswered offers Continue (on) or Disable (off);
 * answered shows the choice, with Enable Reminders while they are off. Reminders that are on wait
 * for the phone to confirm the page (a texted link).
 */
export function RemindersCard(page: OptInPage) {
  const { isOptedIn, awaitingConfirmation, saving, error, choose, link } = useOptIn(page);
  return (
    <section className="fp-card" aria-labelledby="reminders-heading">
      <h2 id="reminders-heading">{REMINDERS_HEADING}</h2>
      {isOptedIn === null ? (
        <>
          <p>{REMINDERS_INVITATION}</p>
          <div className={styles.actions}>
            <Button disabled={saving} onClick={() => void choose(true)}>
              Continue
            </Button>
            <Button variant="secondary" disabled={saving} onClick={() => void choose(false)}>
              Disable
            </Button>
          </div>
        </>
      ) : (
        <>
          <p role="status" data-testid="reminders-state">
            {remindersStateLine(isOptedIn)}
          </p>
          {!isOptedIn && (
            <Button disabled={saving} onClick={() => void choose(true)}>
              Enable Reminders
            </Button>
          )}
          {awaitingConfirmation && <AwaitingConfirmation link={link} />}
        </>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </section>
  );
}
