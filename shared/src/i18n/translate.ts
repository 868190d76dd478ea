// What a message is to the code that draws it: no React here, so the rules (which the server runs
// too) can take a translator.

/** A catalog message's values: what its {placeholders} name. */
export type MessageValues = Record<string, string | number | Date | undefined>;

/** A catalog message in the page's language, its placeholders filled. */
export type Translate = (id: string, values?: MessageValues) => string;

declare global {
  /**
   * Set by the e2e's catalog sweep before a page loads (e2e/support/catalogSweep.ts): every message
   * drawn is added, so the sweep can find text on the page that came from no catalog.
   */
  var __FU_SHOWN_MESSAGES__: Set<string> | undefined;
  /**
   * Set by the e2e's pseudo-locale sweep before a page loads (e2e/tests/pseudo-locale.spec.ts): every
   * message is drawn accented and a third longer, so a text left plain came from no catalog, and a
   * layout that breaks with longer words shows.
   */
  var __FU_PSEUDO_LOCALE__: boolean | undefined;
}

/** A message as drawn: recorded for the catalog sweep, in the pseudo-locale when a test asks for either. */
export function shown(message: string): string {
  globalThis.__FU_SHOWN_MESSAGES__?.add(message);
  return globalThis.__FU_PSEUDO_LOCALE__ ? pseudo(message) : message;
}

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = [...'áƀçđéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ'];

/**
 * The pseudo-locale's form of a message: every ASCII letter accented, outside its tags (`<link>`), and
 * a third longer, between brackets, so its ends show: "Pay" is "⟦Þáý ·⟧".
 */
export function pseudo(message: string): string {
  const accented = message
    .split(/(<\/?\w+>)/)
    .map((part, index) =>
      index % 2 === 1 ? part : part.replace(/[A-Za-z]/g, (letter) => ACCENTED[PLAIN.indexOf(letter)]!),
    )
    .join('');
  // The added third is a word of its own, as a longer language's words would be: a line may break before it.
  return `⟦${accented} ${'·'.repeat(Math.ceil(message.length / 3))}⟧`;
}
