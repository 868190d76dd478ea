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
  useT,
} from '@fu/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import { parentalConsentApi } from '../api/parentalConsentApi';
import styles from './parentalConsent.module.css';

/** What the parent agrees to, in plain words (docs/security.md "Children under 13 (COPPA)"). */
function WhatWeKeep({ view }: { view: ParentConsentView }) {
  const t = useT();
  const first = view.studentFirstName;
  return (
    <>
      <p>
        {t('fundraiser.consent.intro', {
          first,
          last: view.studentLastName,
          fundraiserName: view.fundraiserName,
          teamName: view.teamName,
          schoolName: view.schoolName,
        })}
      </p>
      <h2>{t('fundraiser.consent.keptHeading')}</h2>
      <ul className={styles.collected}>
        <li>
          {view.pagePhone
            ? t('fundraiser.consent.keptNameWithPhone', { first, pagePhone: view.pagePhone })
            : t('fundraiser.consent.keptName', { first })}
        </li>
        <li>
          {view.ordersSoFar === undefined
            ? t('fundraiser.consent.keptOrders', { first })
            : t('fundraiser.consent.keptOrdersSoFar', { first, count: view.ordersSoFar })}
        </li>
        <li>{t('fundraiser.consent.keptParentPhone', { parentPhone: formatPhone(view.parentPhone) })}</li>
      </ul>
      <h2>{t('fundraiser.consent.pageHeading')}</h2>
      <p>{t('fundraiser.consent.pageBody', { first })}</p>
      <h2>{t('fundraiser.consent.textsHeading')}</h2>
      <p>{t('fundraiser.consent.textsBody')}</p>
      <p>{t('fundraiser.consent.withdraw', { first })}</p>
    </>
  );
}

/** /ParentConsent/{token}: the texted link's landing, where a parent confirms a younger student's page. */
export function ParentConsentPage() {
  const t = useT();
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
      <PageHeading title={t('fundraiser.consent.title')}>{t('fundraiser.consent.title')}</PageHeading>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <LoadFailed error={state.error} />}
      {state.status === 'success' &&
        (confirmed ? (
          <p role="status">{t(confirmed)}</p>
        ) : (
          <>
            <WhatWeKeep view={state.data} />
            <Button disabled={busy} onClick={() => void confirm()}>
              {t('fundraiser.consent.confirm')}
            </Button>
            {failure && (
              <p role="alert" className={styles.error}>
                {t(failure)}
              </p>
            )}
          </>
        ))}
    </main>
  );
}
