import { cloneElement, createContext, Fragment, useContext, useMemo, type ReactElement, type ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { pageI18n } from './catalogs';
import { messageOf } from './catalogKey.cjs';
import { DEFAULT_LANGUAGE, INTL_LOCALES, type Language } from './languages';

import { shown, type MessageValues, type Translate } from './translate';

export type { MessageValues, Translate };

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
  return (id, values) => shown(messageOf(i18n, id, values));
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
