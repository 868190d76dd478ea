import { useState, type FormEvent } from 'react';
import { Button, errorMessage, FormField, useT } from '@fu/shared';
import { parentalConsentApi } from '../api/parentalConsentApi';

export interface ParentPhoneCardProps {
  guid: string;
  studentFirstName: string;
}

/**
 * Issue 34 (COPPA): a younger student's page asks for a parent's mobile number and texts it a link
 * (/ParentConsent/{token}); the parent confirms the page on their own phone.
 */
export function ParentPhoneCard({ guid, studentFirstName }: ParentPhoneCardProps) {
  const t = useT();
  const [parentPhone, setParentPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState('');
  const [failure, setFailure] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure('');
    setSent('');
    try {
      setSent((await parentalConsentApi.requestConsent(guid, parentPhone)).message);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="fp-card" aria-labelledby="parent-consent-heading">
      <h2 id="parent-consent-heading">{t('fundraiser.parentPhone.heading')}</h2>
      <p>{t('fundraiser.parentPhone.body', { firstName: studentFirstName })}</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <FormField
          id="parent-phone"
          label={t('fundraiser.parentPhone.label')}
          hint={t('fundraiser.parentPhone.hint')}
          error={failure || undefined}
        >
          <input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={parentPhone}
            onChange={(event) => setParentPhone(event.target.value)}
          />
        </FormField>
        <Button type="submit" disabled={busy}>
          {t('fundraiser.parentPhone.send')}
        </Button>
      </form>
      {failure && (
        <p role="alert" className="visually-hidden">
          {t(failure)}
        </p>
      )}
      {sent && <p role="status">{t(sent)}</p>}
      <p>{t('fundraiser.parentPhone.reload')}</p>
    </section>
  );
}
