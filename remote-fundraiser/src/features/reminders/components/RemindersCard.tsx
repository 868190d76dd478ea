import { Button, REMINDERS_HEADING, REMINDERS_INVITATION, remindersState, remindersStateLine } from '@fu/shared';
import { useOptIn, type OptInPage } from '../hooks/useOptIn';
import { AwaitingConfirmation } from './AwaitingConfirmation';
import styles from './reminders.module.css';

/** Issue 34 (TCPA): a phone that replied STOP gets nothing until it replies START; the card says so. */
export const TEXTS_STOPPED =
  'This phone replied STOP, so we send it no texts, reminders included. To get them again, reply START to any of our texts.';

/**
 * Spec §4 reminder opt-in on the student's page, in one place and one of four states: unanswered
 * (Continue or Disable), off (Enable Reminders), waiting for the confirmation text (reminders are
 * on, but nothing is texted until the phone's owner opens the link texted to it: the link can be
 * texted again), and on. Reminders that are on, or waiting, can be turned off here.
 */
export function RemindersCard(page: OptInPage) {
  const { isOptedIn, confirmed, saving, error, choose, link } = useOptIn(page);
  const state = remindersState(isOptedIn, confirmed);
  return (
    <section className="fp-card" aria-labelledby="reminders-heading" aria-busy={saving}>
      <h2 id="reminders-heading">{REMINDERS_HEADING}</h2>
      {page.textsStopped && (
        <p className={styles.pending} data-testid="texts-stopped">
          {TEXTS_STOPPED}
        </p>
      )}
      {state === 'unanswered' ? (
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
          <p role="status" data-testid="reminders-state" data-state={state}>
            {remindersStateLine(state)}
          </p>
          {state === 'waiting' && <AwaitingConfirmation link={link} />}
          {state === 'off' ? (
            <Button disabled={saving} onClick={() => void choose(true)}>
              Enable Reminders
            </Button>
          ) : (
            <Button variant="secondary" disabled={saving} onClick={() => void choose(false)}>
              Turn off reminders
            </Button>
          )}
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
