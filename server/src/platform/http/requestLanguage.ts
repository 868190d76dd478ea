import type { FastifyRequest } from 'fastify';
import { negotiateLanguage, type Language } from '@fu/shared/i18n/languages';

/**
 * The language a request is answered in (docs/i18n.md): the footer switch's cookie, else its
 * Accept-Language (a page's calls send the page's own), else English.
 */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  return negotiateLanguage({ cookie: request.headers.cookie, acceptLanguage: request.headers['accept-language'] });
}
