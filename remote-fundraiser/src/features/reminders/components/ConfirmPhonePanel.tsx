import { useState } from 'react';
import { Button, errorMessage, formatPhone, useT } from '@fu/shared';
import { remindersApi } from '../api/remindersApi';
import styles from './reminders.module.css';

export interface ConfirmPhonePanelProps {
  guid: string;
  phone: string;
  /** The code of the texted link (/Fundraiser/{guid}?confirm={code}). */
  code: string;
  /** Called once the phone is confirmed; the panel shows the server's message itself. */
  onConfirmed: () => void;
}

/**
 * The texted link's landing: the student confirms the page's phone with a tap. Never on load — SMS
 * apps open links to draw previews, and that must not confirm anything.
 */
export function ConfirmPhonePanel({ guid, phone, code, onConfirmed }: ConfirmPhonePanelProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [confirmed, setConfirmed] = useState('');
  const [failure, setFailure] = useState('');

  async function confirm() {
    setBusy(true);
    setFailure('');
    try {
      setConfirmed((await remindersApi.confirmPhone(guid, code)).message);
      onConfirmed();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="fp-card" aria-labelledby="confirm-phone-heading">
      <h2 id="confirm-phone-heading">{t('fundraiser.confirmPhone.heading')}</h2>
      {confirmed ? (
        <p role="status">{t(confirmed)}</p>
      ) : (
        <>
          <p>{t('fundraiser.confirmPhone.body', { phone: formatPhone(phone) })}</p>
          <Button disabled={busy} onClick={() => void confirm()}>
            {t('fundraiser.confirmPhone.confirm')}
          </Button>
          {failure && (
            <p role="alert" className={styles.error}>
              {t(failure)}
            </p>
          )}
        </>
      )}
    </section>
  );
}
