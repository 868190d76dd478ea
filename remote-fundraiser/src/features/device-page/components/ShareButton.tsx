import { useState } from 'react';
import { Button } from '@fu/shared';
import { deviceApi } from '../api/deviceApi';
import { shareOrCopy, type ShareContent, type ShareOutcome } from '../share';

const FEEDBACK: Record<ShareOutcome, string> = {
  shared: 'Thanks for sharing!',
  copied: 'Link copied. Paste it in a text or post.',
  cancelled: '',
  failed: 'Could not share automatically. Copy this link:',
};

/** Share through the phone's share sheet, or copy the link; each press is counted (IncrementShareClicks). */
export function ShareButton({ guid, content }: { guid: string; content: ShareContent }) {
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null);

  async function share() {
    void deviceApi.countShare(guid);
    setOutcome(await shareOrCopy(content));
  }

  return (
    <div>
      <Button onClick={() => void share()}>Share</Button>
      {outcome && FEEDBACK[outcome] && (
        <p role="status">
          {FEEDBACK[outcome]}
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
