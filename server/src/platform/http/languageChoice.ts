import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGE_QUERY,
  type Language,
} from '@fu/shared/i18n/languages';
import { cookieNeedsHttps } from './secureCookies';

/**
 * The footer switch followed without scripts (docs/i18n.md): a page asked for with `?lang=es` names
 * the language chosen and the address to send the page to again, without `lang`. Always a path on
 * this site: `//elsewhere?lang=es` is `/`-rooted here, never another origin.
 */
export function languageChosenIn(url: string): { language: Language; location: string } | undefined {
  const parsed = new URL(url, 'http://page.invalid');
  const language = parsed.searchParams.get(LANGUAGE_QUERY);
  if (!isLanguage(language)) return undefined;
  parsed.searchParams.delete(LANGUAGE_QUERY);
  const query = parsed.searchParams.toString();
  return { language, location: `${parsed.pathname.replace(/^\/+/, '/')}${query ? `?${query}` : ''}` };
}

/** Remembers the reader's choice as the page's switch does (fu_lang, the whole site, a year; Secure on https). */
export function rememberLanguage(request: FastifyRequest, reply: FastifyReply, language: Language, publicUrl: string) {
  reply.setCookie(LANGUAGE_COOKIE, language, {
    path: '/',
    maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS,
    sameSite: 'lax',
    secure: cookieNeedsHttps(request, publicUrl),
  });
}
