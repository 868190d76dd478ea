import { cloneElement, createContext, Fragment, useContext, useMemo, type ReactElement, type ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { pageI18n } from './catalogs';
import { DEFAULT_LANGUAGE, INTL_LOCALES, type Language } from './languages';

/** A catalog message's values: what its {placeholders} name. */
export type MessageValues = Record<string, string | number | Date | undefined>;

/** A catalog message in the page's language, its placeholders filled. */
export type Translate = (id: string, values?: MessageValues) => string;

interface PageLanguage {
  language: Language;
  i18n: I18n;
}

// Outside any provider (a component's unit test) a page reads English.
const PageLanguageContext = createContext<PageLanguage | undefined>(undefined);

/**
 * The language of everything under it. In the browser the messages are the page's (`i18n` left out);
 * the server's render passes the release's own.
 */
export function LanguageProvider({
  language,
  i18n,
  children,
}: {
  language: Language;
  i18n?: I18n;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ language, i18n: i18n ?? pageI18n(language) }), [language, i18n]);
  return <PageLanguageContext.Provider value={value}>{children}</PageLanguageContext.Provider>;
}

function usePageLanguage(): PageLanguage {
  return useContext(PageLanguageContext) ?? { language: DEFAULT_LANGUAGE, i18n: pageI18n(DEFAULT_LANGUAGE) };
}

export function useLanguage(): Language {
  return usePageLanguage().language;
}

/** The locale Intl formats the page's dates and numbers in ('en-US', 'es-US'). */
export function useIntlLocale(): string {
  return INTL_LOCALES[useLanguage()];
}

export function translatorOf(i18n: I18n): Translate {
  return (id, values) => shown(i18n._(id, values));
}

declare global {
  /**
   * Set by the e2e's catalog sweep before a page loads (e2e/support/catalogSweep.ts): every message
   * drawn is added, so the sweep can find text on the page that came from no catalog.
   */
  var __FU_SHOWN_MESSAGES__: Set<string> | undefined;
}

/** A message as drawn, recorded for the catalog sweep when a test asks for it. */
export function shown(message: string): string {
  globalThis.__FU_SHOWN_MESSAGES__?.add(message);
  return message;
}

/** The page's messages: `t('checkout.pay', { amount })`. */
export function useT(): Translate {
  const { i18n } = usePageLanguage();
  return useMemo(() => translatorOf(i18n), [i18n]);
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>/g;

/**
 * A message with parts of it drawn by elements: `<link>Help</link>` in the message is
 * `components.link` with "Help" as its children. Tags do not nest; a tag without a component is its text.
 */
export function richText(message: string, components: Record<string, ReactElement<{ children?: ReactNode }>>) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(TAG)) {
    const [whole, name = '', inner = ''] = match;
    parts.push(message.slice(last, match.index));
    const component = components[name];
    parts.push(component ? cloneElement(component, { key: parts.length }, inner) : inner);
    last = match.index + whole.length;
  }
  parts.push(message.slice(last));
  return <Fragment>{parts}</Fragment>;
}

/** A catalog message with elements in it (see richText): `<T id="help.call" components={{ link: <a href=… /> }} />`. */
export function T({
  id,
  values,
  components = {},
}: {
  id: string;
  values?: MessageValues;
  components?: Record<string, ReactElement<{ children?: ReactNode }>>;
}) {
  const t = useT();
  return richText(t(id, values), components);
}
