import { Button, REMINDERS_HEADING, REMINDERS_INVITATION, remindersState, remindersStateLine, useT } from '@fu/shared';
import { useOptIn, type OptInPage } from '../hooks/useOptIn';
import { AwaitingConfirmation } from './AwaitingConfirmation';
import styles from './reminders.module.css';

/**
 * Spec §4 reminder opt-in on the student's page, in one place and one of four states: unanswered
 * (Continue or Disable), off (Enable Reminders), waiting for the confirmation text (reminders are
 * on, but nothing is texted until the phone's owner opens the link texted to it: the link can be
 * texted again), and on. Reminders that are on, or waiting, can be turned off here.
 */
export function RemindersCard(page: OptInPage) {
  const t = useT();
  const { isOptedIn, confirmed, saving, error, choose, link } = useOptIn(page);
  const state = remindersState(isOptedIn, confirmed);
  return (
    <section className="fp-card" aria-labelledby="reminders-heading" aria-busy={saving}>
      <h2 id="reminders-heading">{t(REMINDERS_HEADING)}</h2>
      {/* Issue 34 (TCPA): a phone that replied STOP gets nothing until it replies START; the card says so. */}
      {page.textsStopped && (
        <p className={styles.pending} data-testid="texts-stopped">
          {t('fundraiser.reminders.textsStopped')}
        </p>
      )}
      {state === 'unanswered' ? (
        <>
          <p>{t(REMINDERS_INVITATION)}</p>
          <div className={styles.actions}>
            <Button disabled={saving} onClick={() => void choose(true)}>
              {t('fundraiser.reminders.continue')}
            </Button>
            <Button variant="secondary" disabled={saving} onClick={() => void choose(false)}>
              {t('fundraiser.reminders.disable')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p role="status" data-testid="reminders-state" data-state={state}>
            {t(remindersStateLine(state))}
          </p>
          {state === 'waiting' && <AwaitingConfirmation link={link} />}
          {state === 'off' ? (
            <Button disabled={saving} onClick={() => void choose(true)}>
              {t('fundraiser.reminders.enable')}
            </Button>
          ) : (
            <Button variant="secondary" disabled={saving} onClick={() => void choose(false)}>
              {t('fundraiser.reminders.turnOff')}
            </Button>
          )}
        </>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {t(error)}
        </p>
      )}
    </section>
  );
}
