import { useState } from 'react';
import { errorMessage } from '@fu/shared';
import { remindersApi } from '../api/remindersApi';
import { useConfirmationLink } from './useConfirmationLink';

export type OptIn = boolean | null;

export interface OptInPage {
  /** The page's guid: UpdateOptInStatus needs it (docs/security.md). */
  guid: string;
  phone: string;
  initial: OptIn;
  /** The phone's owner confirmed the page (a texted link): only then do its reminders go out. */
  phoneConfirmed: boolean;
  /** Issue 34: the phone replied STOP: it gets no text, reminders included, until it replies START. */
  textsStopped?: boolean;
}

/**
 * The reminders choice of a page, changed on the server first and shown once it is saved. Turning
 * them on for a page whose phone is not confirmed makes the server text a confirmation link; its
 * message, or the one of a link asked for again, is `link.message`.
 */
export function useOptIn({ guid, phone, initial, phoneConfirmed }: OptInPage) {
  const [isOptedIn, setIsOptedIn] = useState<OptIn>(initial);
  // What the last saved choice said about the phone; the page's own word (e.g. after ConfirmPhone) wins when true.
  const [savedConfirmed, setSavedConfirmed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const link = useConfirmationLink(guid);

  async function choose(status: boolean) {
    setSaving(true);
    setError('');
    try {
      const saved = await remindersApi.setOptIn({ phone, status, fundraiserDeviceGuid: guid });
      setIsOptedIn(saved.isOptedIn);
      setSavedConfirmed(saved.phoneConfirmed);
      link.showMessage(saved.message ?? '');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  }

  const confirmed = phoneConfirmed || savedConfirmed;
  return { isOptedIn, confirmed, awaitingConfirmation: isOptedIn === true && !confirmed, saving, error, choose, link };
}
