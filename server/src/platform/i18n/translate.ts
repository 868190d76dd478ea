import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setupI18n, type Messages } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { LANGUAGES, type Language } from '@fu/shared/i18n/languages';

// The server's messages in the reader's language (docs/i18n.md): its own catalog
// (server/src/i18n/<language>.json) and @fu/shared's, which the pages use too, so a message the page
// and the server share reads the same. Compiled once, when the server starts.

/** A catalog message in one language, its {placeholders} filled; an id no catalog has is returned as it is. */
export type Translate = (id: string, values?: Record<string, unknown>) => string;

const require = createRequire(import.meta.url);

function catalog(file: string): Messages {
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, compileMessageOrThrow(message)]));
}

const files = (language: Language) => [
  require.resolve(`@fu/shared/i18n/${language}.json`),
  new URL(`../../i18n/${language}.json`, import.meta.url).pathname,
];

const translators = new Map<Language, Translate>(
  LANGUAGES.map((language) => {
    // A message no catalog has is its id (the English of an English-keyed message), with no warning.
    const i18n = setupI18n({ locale: language, messages: { [language]: {} }, missing: (_locale, id) => id });
    for (const file of files(language)) i18n.load(language, catalog(file));
    return [language, (id, values) => i18n._(id, values)];
  }),
);

/**
 * The messages of one language. A message the server and the pages share in English (a spec
 * message, the server's refusals) is its own id: its Spanish is keyed by it, and English is the id.
 */
export function translatorFor(language: Language): Translate {
  return translators.get(language)!;
}
