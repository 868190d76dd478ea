import type { Page } from '@playwright/test';
import { US_STATES } from '@fu/shared/contracts';
import { LANGUAGE_NAMES } from '@fu/shared/i18n/languages';
import { recordData, stringsIn } from './spanish';

// Issue 35's sweep of text that bypassed the catalogs, on every route and state of the
// accessibility sweep (support/a11ySweep.ts). The page records every message it draws
// (globalThis.__FU_SHOWN_MESSAGES__, shared/src/i18n/react.tsx); what the page shows beyond those
// messages and its data (what the API answered) must hold no word: a word left is text some
// component wrote itself, which no Spanish reader would ever see translated.
//
// This marks the messages instead of rewriting them as a pseudo-locale does (accented, lengthened):
// the sweep's steps find controls by their English names, and the Spanish e2e run is the long language.

/**
 * What the page may show that is no message: names of things, the spec's TEST_MODE marker (staff
 * read it), and what Intl writes in dates.
 */
const ALLOWED = [
  ...Object.values(LANGUAGE_NAMES),
  ...US_STATES.map((state) => state.name),
  'Fundraising University',
  'TEST_MODE',
  ...['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October'],
  ...['November', 'December', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  ...['AM', 'PM', 'UTC', 'GMT', 'EST', 'EDT', 'CST', 'CDT', 'MST', 'MDT', 'PST', 'PDT', 'AKST', 'AKDT', 'HST'],
  ...['American Express', 'Visa', 'Mastercard', 'Discover', 'Amex', 'JCB', 'Diners Club'],
];

/** Starts recording the messages the page draws and the data it receives: before the page loads. */
export async function startCatalogSweep(page: Page): Promise<() => string[]> {
  await page.addInitScript(() => {
    globalThis.__FU_SHOWN_MESSAGES__ = new Set();
  });
  return recordData(page);
}

/** The words on the page that came from no catalog message and no data (empty when all did). */
export async function wordsOutsideCatalogs(page: Page, data: readonly string[]): Promise<string[]> {
  const { shown, texts, served } = await page.evaluate(() => ({
    shown: [...(globalThis.__FU_SHOWN_MESSAGES__ ?? [])],
    texts: [
      document.body.innerText,
      ...Array.from(document.querySelectorAll('[aria-label], [alt], [title], [placeholder]')).flatMap((element) =>
        ['aria-label', 'alt', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
      ),
    ],
    served: document.getElementById('fu-served-answers')?.textContent ?? '{}',
  }));
  const known = [
    ...shown.flatMap((message) => message.split(/<\/?\w+>/)),
    ...data,
    ...stringsIn(JSON.parse(served)),
    ...ALLOWED,
  ]
    // innerText is as drawn: a message in capitals (text-transform: uppercase) is still its message.
    .map((text) => text.trim().toLowerCase())
    .filter((text) => text.length > 1)
    .sort((a, b) => b.length - a.length);
  const left = texts
    .flatMap((text) => text.toLowerCase().split('\n'))
    .map((line) => known.reduce((rest, text) => rest.split(text).join('\n'), line));
  // A word left with a letter beside it that is not ASCII (a Spanish word's remains) still counts.
  return [...new Set(left.flatMap((rest) => rest.match(/[a-z]{2,}/g) ?? []))];
}
