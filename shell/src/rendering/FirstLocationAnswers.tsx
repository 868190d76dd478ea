import { useState, type ReactNode } from 'react';
import { ServedAnswersProvider, useLocation, type ServedAnswers } from '@fu/shared';

const NONE: ServedAnswers = {};

/**
 * The server's answers for the page it rendered, while the browser is still on the location it
 * loaded: a page reached later, or any page once the browser has left that one, asks the API for
 * fresh ones.
 *
 * The location it loaded is the one of the first render, whatever its key: React Router's key is
 * 'default' only for a history entry without state, and a page reloaded on an entry the app made
 * (a link followed, a query replaced) keeps that entry's key. Waiting for 'default' there gave the
 * app no answers while the server had rendered with them, and hydration failed (React #418).
 */
export function FirstLocationAnswers({ answers, children }: { answers: ServedAnswers; children: ReactNode }) {
  const { key } = useLocation();
  const [firstKey] = useState(key);
  const [left, setLeft] = useState(false);
  if (key !== firstKey && !left) setLeft(true);
  const onFirst = key === firstKey && !left;
  return <ServedAnswersProvider answers={onFirst ? answers : NONE}>{children}</ServedAnswersProvider>;
}
