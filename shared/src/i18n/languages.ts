// The site's languages and how a request or a browser picks one (docs/i18n.md). Plain values: the
// server's negotiation and the page's use the same rule.

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The switch's choice, remembered a year on the whole site; the server honours it over the browser's languages. */
export const LANGUAGE_COOKIE = 'fu_lang';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The attribute the server writes on <html> beside `lang`: the language it rendered the page in. */
export const SERVED_LANGUAGE_ATTRIBUTE = 'data-fu-lang';

/**
 * The switch's link works without scripts too: a page asked for with `?lang=es` sets the cookie and
 * is sent again without it (server/src/pages/plugins/shellPage.ts); with scripts the page switches in place.
 */
export const LANGUAGE_QUERY = 'lang';

/** The switch's link to this page in `language`: its address with `lang` set, its other parameters kept. */
export function languageSwitchHref(pathname: string, search: string, language: Language): string {
  const params = new URLSearchParams(search);
  params.set(LANGUAGE_QUERY, language);
  return `${pathname}?${params.toString()}`;
}

/** Each language's name in itself, as the switch offers it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', es: 'Español' };

/** The locale Intl formats a language's dates and numbers in: US Spanish, not Spain's (docs/i18n.md). */
export const INTL_LOCALES: Readonly<Record<Language, string>> = { en: 'en-US', es: 'es-US' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The site language of a language tag ('es-MX' is Spanish), or undefined for one we do not speak. */
export function languageOfTag(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

/**
 * The first of an Accept-Language header's languages we speak, by its q-values (a header's order
 * breaks ties), or undefined. 'es-MX,es;q=0.9,en;q=0.8' is Spanish; 'en-US,es;q=0.5' is English.
 */
export function languageOfAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(param)?.[1]).find(Boolean);
      const weight = q === undefined ? 1 : Number(q);
      return { language: languageOfTag(tag), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.language && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.language;
}

/** The language of a Cookie header's fu_lang, or undefined. */
export function languageOfCookieHeader(header: string | null | undefined): Language | undefined {
  const value = header
    ?.split(';')
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return isLanguage(value) ? value : undefined;
}

/**
 * The language a reader gets: the switch's cookie, else the browser's languages, else English. The
 * server negotiates a request with this, the page its own first screen, so both pick the same.
 */
export function negotiateLanguage(from: {
  cookie?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
}): Language {
  return languageOfCookieHeader(from.cookie) ?? languageOfAcceptLanguage(from.acceptLanguage) ?? DEFAULT_LANGUAGE;
}
