import { setupI18n, type Messages } from '@lingui/core';
import sharedEn from '@fu/shared/i18n/en.json';
import sharedEs from '@fu/shared/i18n/es.json';
import { messageOf } from '@fu/shared/i18n/catalogKey';
import { compileCatalog } from '@fu/shared/i18n/compileCatalog';
import { LANGUAGES, type Language } from '@fu/shared/i18n/languages';
import serverEn from '../../i18n/en.json';
import serverEs from '../../i18n/es.json';

// The server's messages in the reader's language (docs/i18n.md): its own catalog
// (server/src/i18n/<language>.json) and @fu/shared's, which the pages use too, so a message the page
// and the server share reads the same. Imported, so the server's build carries them; compiled once,
// when the server starts.

/** A catalog message in one language, its {placeholders} filled; an id no catalog has is returned as it is. */
export type Translate = (id: string, values?: Record<string, unknown>) => string;

const catalogs: Record<Language, Record<string, string>[]> = { en: [sharedEn, serverEn], es: [sharedEs, serverEs] };

const translators = new Map<Language, Translate>(
  LANGUAGES.map((language) => {
    // A message no catalog has is its id (the English of an English-keyed message), with no warning.
    const i18n = setupI18n({ locale: language, messages: { [language]: {} }, missing: (_locale, id) => id });
    for (const messages of catalogs[language]) i18n.load(language, compileCatalog(messages) as Messages);
    return [language, (id, values) => messageOf(i18n, id, values)];
  }),
);

/**
 * The messages of one language. A message the server and the pages share in English (a spec
 * message, the server's refusals) is its own id: its Spanish is kept under the id's hash
 * (catalogKey), and English is the id.
 */
export function translatorFor(language: Language): Translate {
  return translators.get(language)!;
}
