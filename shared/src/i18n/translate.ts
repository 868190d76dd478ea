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
}

/** A message as drawn, recorded for the catalog sweep when a test asks for it. */
export function shown(message: string): string {
  globalThis.__FU_SHOWN_MESSAGES__?.add(message);
  return message;
}
