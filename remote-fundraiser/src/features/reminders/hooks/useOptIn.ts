import { useState } from 'react';
import { errorMessage } from '@fu/shared';
import { remindersApi } from '../api/remindersApi';

export type OptIn = boolean | null;

/** The reminders choice of a phone, changed on the server first and shown once it is saved. */
export function useOptIn(phone: string, initial: OptIn) {
  const [isOptedIn, setIsOptedIn] = useState<OptIn>(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  async function choose(status: boolean) {
    setSaving(true);
    setError('');
    try {
      const saved = await remindersApi.setOptIn(phone, status);
      setIsOptedIn(saved.isOptedIn);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  }

  return { isOptedIn, saving, error, choose };
}
