import { useT } from '../i18n/react';

/** Spec §4: a loading spinner lasts 300 ms. Loaders keep it on screen at least this long. */
export const SPINNER_MS = 300;

/** Marks a loading spinner: the shell keeps the server's first paint up while one shows. */
export const SPINNER_SELECTOR = '[data-spinner]';

export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="fp-spinner" role="status" aria-live="polite" data-spinner="">
      <span className="visually-hidden">{label ?? t('shared.loading')}</span>
    </div>
  );
}

/** Resolves with the value of `work`, but never sooner than `ms`, so a spinner does not flash. */
export async function atLeast<T>(work: Promise<T>, ms = SPINNER_MS): Promise<T> {
  const [value] = await Promise.all([work, new Promise((resolve) => setTimeout(resolve, ms))]);
  return value;
}
