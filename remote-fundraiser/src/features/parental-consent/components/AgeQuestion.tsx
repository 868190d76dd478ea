import { useState } from 'react';
import { Button, errorMessage, useT, type PagePrivacy } from '@fu/shared';
import { parentalConsentApi } from '../api/parentalConsentApi';
import styles from './parentalConsent.module.css';

export interface AgeQuestionProps {
  guid: string;
  /** Called with the page's privacy once the answer is recorded. */
  onAnswered: (privacy: PagePrivacy) => void;
}

/**
 * Issue 34 (COPPA): a page made without the answer asks it before anything else. The question is
 * neutral (it does not say what either answer leads to), and the answer is recorded once.
 */
export function AgeQuestion({ guid, onAnswered }: AgeQuestionProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  async function answer(studentIs13OrOlder: boolean) {
    setBusy(true);
    setFailure('');
    try {
      onAnswered(await parentalConsentApi.answerAge(guid, studentIs13OrOlder));
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <section className="fp-card" aria-labelledby="age-question-heading">
      <h2 id="age-question-heading">{t('fundraiser.ageQuestion.heading')}</h2>
      <p>{t('fundraiser.ageQuestion.body')}</p>
      <div className={styles.choices}>
        <Button disabled={busy} onClick={() => void answer(true)}>
          {t('fundraiser.ageQuestion.yes')}
        </Button>
        <Button disabled={busy} onClick={() => void answer(false)}>
          {t('fundraiser.ageQuestion.no')}
        </Button>
      </div>
      {failure && (
        <p role="alert" className={styles.error}>
          {t(failure)}
        </p>
      )}
    </section>
  );
}
