import { useSyncExternalStore, type ReactNode } from 'react';
import { api } from '../api/client';
import { loadCatalogs } from './catalogs';
import { LanguageProvider } from './react';
import { currentPageLanguage, setCurrentPageLanguage, subscribePageLanguage } from './current';
import {
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  negotiateLanguage,
  SERVED_LANGUAGE_ATTRIBUTE,
  type Language,
} from './languages';

// The browser page's language: one per page, shared by the shell and every remote (@fu/shared is a
// singleton), changed by the footer's switch.

/**
 * The language a page starts in: the one the server rendered it in, or (a page the server did not
 * write: the dev server's, the offline copy) the same negotiation from the cookie and the browser.
 */
export function initialPageLanguage(doc: Document, languages: readonly string[]): Language {
  const served = doc.documentElement.getAttribute(SERVED_LANGUAGE_ATTRIBUTE);
  if (isLanguage(served)) return served;
  return negotiateLanguage({ cookie: doc.cookie, acceptLanguage: languages.join(',') });
}

function apply(language: Language): void {
  document.documentElement.lang = language;
  // The server answers each call in the page's language (its messages; what an order stores).
  api.defaults.headers.common['Accept-Language'] = language;
  setCurrentPageLanguage(language);
}

/** Sets the page's language before its first render, once the catalogs loaded so far have it. */
export async function startPageLanguage(doc: Document = document, languages = navigator.languages): Promise<Language> {
  const language = initialPageLanguage(doc, languages);
  await loadCatalogs(language);
  apply(language);
  return language;
}

/** The switch: loads the language's catalogs, remembers the choice, and redraws the page in it. */
export async function switchPageLanguage(language: Language): Promise<void> {
  await loadCatalogs(language);
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
  apply(language);
}

/** The page's language, redrawing on a switch (the shell's root and a standalone remote's). */
export function useCurrentPageLanguage(): Language {
  return useSyncExternalStore(subscribePageLanguage, currentPageLanguage, currentPageLanguage);
}

/** The browser page's language for everything under it (the shell's root, a standalone remote's). */
export function PageLanguageProvider({ children }: { children: ReactNode }) {
  return <LanguageProvider language={useCurrentPageLanguage()}>{children}</LanguageProvider>;
}
