import { useState } from 'react';
import {
  Button,
  errorMessage,
  formatPhone,
  PageHeading,
  Spinner,
  useAsync,
  useParams,
  type ParentConsentView,
} from '@fu/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import { parentalConsentApi } from '../api/parentalConsentApi';
import styles from './parentalConsent.module.css';

const TITLE = "Confirm your child's fundraising page";

/** What the parent agrees to, in plain words (docs/security.md "Children under 13 (COPPA)"). */
function WhatWeKeep({ view }: { view: ParentConsentView }) {
  const first = view.studentFirstName;
  return (
    <>
      <p>
        {view.studentFirstName} {view.studentLastName} wants a student page for {view.fundraiserName} ({view.teamName},{' '}
        {view.schoolName}). Because {first} is under 13, a parent or guardian must agree first. Until then the page is
        private: it cannot be shared, and we send no texts.
      </p>
      <h2>What we keep</h2>
      <ul className={styles.collected}>
        <li>
          {first}&apos;s first name and the initial of the last name (no more, for a student under 13), and the mobile
          number the page was made with{view.pagePhone ? ` (${view.pagePhone})` : ''} (we never text it).
        </li>
        <li>
          The orders supporters place through {first}&apos;s page, with the supporters&apos; names and phones
          {view.ordersSoFar === undefined ? '' : ` (${view.ordersSoFar} so far)`}.
        </li>
        <li>Your mobile number, {formatPhone(view.parentPhone)}, and when you agreed.</li>
      </ul>
      <h2>What the page does</h2>
      <p>
        {first} gets a page to share with family and friends. The order page a supporter opens from it, its receipt,
        link previews and the team&apos;s leaderboard show {first}&apos;s first name and last initial, nothing more.
      </p>
      <h2>Texts you will get</h2>
      <p>
        One text now to confirm what you agreed to. If reminders are turned on, at most two reminders per fundraiser,
        between 9 am and 8 pm; and the page&apos;s link when you ask for it. Reply STOP to stop every text, HELP for
        help.
      </p>
      <p>
        You can withdraw at any time and ask us to delete {first}&apos;s page: reply HELP to any of our texts to find
        how to reach us.
      </p>
    </>
  );
}

/** /ParentConsent/{token}: the texted link's landing, where a parent confirms a younger student's page. */
export function ParentConsentPage() {
  const token = useParams().token ?? '';
  const state = useAsync(() => parentalConsentApi.view(token), [token]);
  const [busy, setBusy] = useState(false);
  const [confirmed, setConfirmed] = useState('');
  const [failure, setFailure] = useState('');

  // Never on load: SMS apps open links to draw previews, and that must not confirm anything.
  async function confirm() {
    setBusy(true);
    setFailure('');
    try {
      setConfirmed((await parentalConsentApi.confirm(token)).message);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="page">
      <PageHeading title={TITLE}>{TITLE}</PageHeading>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <LoadFailed error={state.error} />}
      {state.status === 'success' &&
        (confirmed ? (
          <p role="status">{confirmed}</p>
        ) : (
          <>
            <WhatWeKeep view={state.data} />
            <Button disabled={busy} onClick={() => void confirm()}>
              Confirm
            </Button>
            {failure && (
              <p role="alert" className={styles.error}>
                {failure}
              </p>
            )}
          </>
        ))}
    </main>
  );
}
