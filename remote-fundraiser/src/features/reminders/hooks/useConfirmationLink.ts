import { useState } from 'react';
import { errorMessage } from '@fu/shared';
import { remindersApi } from '../api/remindersApi';

/**
 * Texting the page's phone its confirmation link (SendPhoneConfirmation). `message` is the
 * server's sentence about it — a link texted, or why not (daily limit, provider down) — to show as is.
 */
export function useConfirmationLink(guid: string) {
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');

  async function send() {
    setSending(true);
    setError('');
    try {
      setMessage((await remindersApi.sendConfirmation(guid)).message);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  }

  return { message, sending, error, send, showMessage: setMessage };
}
