import { useState } from 'react';
import { Button, useT } from '@fu/shared';
import { deviceApi } from '../api/deviceApi';
import { shareOrCopy, type ShareContent, type ShareOutcome } from '../share';

// What each outcome says: its message's key, none when the student closed the share sheet.
const FEEDBACK: Record<ShareOutcome, string> = {
  shared: 'fundraiser.share.shared',
  copied: 'fundraiser.share.copied',
  cancelled: '',
  failed: 'fundraiser.share.failed',
};

/** Share through the phone's share sheet, or copy the link; each press is counted (IncrementShareClicks). */
export function ShareButton({ guid, content }: { guid: string; content: ShareContent }) {
  const t = useT();
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null);

  async function share() {
    void deviceApi.countShare(guid);
    setOutcome(await shareOrCopy(content));
  }

  return (
    <div>
      <Button onClick={() => void share()}>{t('fundraiser.share.button')}</Button>
      {outcome && FEEDBACK[outcome] && (
        <p role="status">
          {t(FEEDBACK[outcome])}
          {outcome === 'failed' && (
            <>
              {' '}
              <a href={content.url}>{content.url}</a>
            </>
          )}
        </p>
      )}
    </div>
  );
}
