import { Button, useT } from '@fu/shared';
import type { useConfirmationLink } from '../hooks/useConfirmationLink';
import styles from './reminders.module.css';

/**
 * Reminders are on but the phone has not confirmed the page yet (docs/security.md): nothing is texted
 * until it does. Says what to do, with the server's word about the link, and texts a fresh link on
 * request unless the page offers that button already (`offerResend` false).
 */
export function AwaitingConfirmation({
  link,
  offerResend = true,
}: {
  link: ReturnType<typeof useConfirmationLink>;
  offerResend?: boolean;
}) {
  const t = useT();
  return (
    <div className={styles.pending}>
      <p role="status" data-testid="reminders-pending">
        {t('fundraiser.reminders.openLink')}
        {link.message && ` ${t(link.message)}`}
      </p>
      {offerResend && (
        <Button variant="secondary" disabled={link.sending} onClick={() => void link.send()}>
          {t('fundraiser.reminders.resend')}
        </Button>
      )}
      {link.error && (
        <p role="alert" className={styles.error}>
          {t(link.error)}
        </p>
      )}
    </div>
  );
}
