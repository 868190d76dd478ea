import { useState, type FormEvent } from 'react';
import { Button, errorMessage, FormField } from '@fu/shared';
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
      <h2 id="parent-consent-heading">A parent needs to confirm this page</h2>
      <p>
        {studentFirstName}&apos;s page stays private until a parent or guardian confirms it from their own phone. Until
        then it cannot be shared, and we send no texts.
      </p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <FormField
          id="parent-phone"
          label="Parent's mobile number"
          hint="We text the parent a link to confirm. Not the student's number."
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
          Text the parent a link
        </Button>
      </form>
      {failure && (
        <p role="alert" className="visually-hidden">
          {failure}
        </p>
      )}
      {sent && <p role="status">{sent}</p>}
      <p>Once the parent confirms, reload this page to use it.</p>
    </section>
  );
}
