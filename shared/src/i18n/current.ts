import { pageI18n } from './catalogs';
import { messageOf } from './catalogKey.cjs';
import { DEFAULT_LANGUAGE, type Language } from './languages';
import { shown, type MessageValues } from './translate';

// The browser page's language, one per page (@fu/shared is a singleton): pageLanguage.ts sets it.

let current: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

export function currentPageLanguage(): Language {
  return current;
}

export function setCurrentPageLanguage(language: Language): void {
  current = language;
  for (const listener of listeners) listener();
}

export function subscribePageLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** A message in the page's language, outside a component (an error's fallback sentence). */
export function pageMessage(id: string, values?: MessageValues): string {
  return shown(messageOf(pageI18n(current), id, values));
}
