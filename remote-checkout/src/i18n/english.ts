import { DEFAULT_LANGUAGE, pageI18n, translatorOf, type Translate } from '@fu/shared';

/**
 * English, for a function of this remote called without the page's `t`: its unit tests, where every
 * catalog is loaded in both languages. A page always passes its own (`useT()`): in the browser only
 * the page's language is loaded.
 */
export const english: Translate = (id, values) => translatorOf(pageI18n(DEFAULT_LANGUAGE))(id, values);
