import type { Language } from '@fu/shared/i18n/languages';
import { translatorFor } from './translate';

// What the server says to a person, in their language (docs/i18n.md): a message the server and the
// pages share in English (a spec message, a refusal) is its own id, and its Spanish is keyed by it;
// a message with values in it is a catalog id (server/src/i18n) with its values, a Text.

/**
 * A message by its catalog id, with the values of its {placeholders}; a value that is a Text is said
 * in the same language (`text(englishMessage)` passes an English-keyed message as a value).
 */
export interface Text {
  readonly id: string;
  readonly values?: Readonly<Record<string, unknown>>;
}

/** A message for a person: an English message (its own id) or a Text. */
export type Message = string | Text;

export const text = (id: string, values?: Record<string, unknown>): Text => ({ id, values });

/** A catalog id (`server.error.notFound`), not an English sentence. */
const CATALOG_ID = /^[a-z]+(\.[A-Za-z0-9]+)+$/;

const isText = (value: unknown): value is Text =>
  typeof value === 'object' && value !== null && typeof (value as Text).id === 'string';

/** An English message in `language`: its Spanish where a catalog has one, else the English as it is. */
function fromEnglish(language: Language, message: string): string {
  // A message no catalog has comes back as it is (translate.ts), never read as ICU.
  return language === 'en' ? message : translatorFor(language)(message);
}

/** A message in `language`; a value that is a message is said in it too. */
export function localize(language: Language, message: Message): string {
  if (!isText(message)) return fromEnglish(language, message);
  if (!CATALOG_ID.test(message.id)) return fromEnglish(language, message.id);
  const values = message.values
    ? Object.fromEntries(
        Object.entries(message.values).map(([name, value]) => [
          name,
          isText(value) ? localize(language, value) : value,
        ]),
      )
    : undefined;
  return translatorFor(language)(message.id, values);
}

/** A message's English: what the server's English answers, texts and logs say. */
export const english = (message: Message): string => localize('en', message);
