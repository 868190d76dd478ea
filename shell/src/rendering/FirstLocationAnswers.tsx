import type { ReactNode } from 'react';
import { ServedAnswersProvider, useLocation, type ServedAnswers } from '@fu/shared';

const NONE: ServedAnswers = {};

/**
 * The server's answers for the page it rendered, while the browser is still on that page (React
 * Router's first location has the key 'default'): a page reached later, or the same page again from
 * the history, asks the API for fresh ones.
 */
export function FirstLocationAnswers({ answers, children }: { answers: ServedAnswers; children: ReactNode }) {
  const { key } = useLocation();
  return <ServedAnswersProvider answers={key === 'default' ? answers : NONE}>{children}</ServedAnswersProvider>;
}
