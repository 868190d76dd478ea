import type { Page } from '@playwright/test';
import { US_STATES } from '@fu/shared/contracts';

// Issue 35: a Spanish reader never meets an English sentence. What a page shows is its catalogs'
// Spanish and the data it was given (team, school, item and people's names, which are the same in
// every language); a line with an English word left once the data is taken out is English the
// catalogs missed.

/** Common English words no Spanish sentence uses. */
const ENGLISH =
  /\b(the|your|you|and|please|with|this|that|for|order|is|are|was|we|our|to|of|by|here|from|not|will|can|have|has|support|payment|receipt|ticket|student|team)\b/i;

/** Every string in the JSON answers the page receives from now on: its data. */
export function recordData(page: Page): () => string[] {
  const strings = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.trim()) strings.add(value.trim());
    } else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  page.on('response', (response) => {
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
    response.json().then(collect, () => undefined);
  });
  return () => [...strings];
}

/**
 * The lines of the page (its text, and the labels, alt texts, titles and placeholders a screen reader
 * or a form shows) that still read as English once `data` is taken out.
 */
export async function englishOn(page: Page, data: readonly string[]): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const attributes = Array.from(document.querySelectorAll('[aria-label], [alt], [title], [placeholder]')).flatMap(
      (element) => ['aria-label', 'alt', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.title, document.body.innerText, ...attributes];
  });
  // The served answers (application/json in the page) are data too.
  const served = await page.evaluate(() => document.getElementById('fu-served-answers')?.textContent ?? '{}');
  // The states' names are proper names, the same in both languages (the address form's list).
  const known = [
    ...data,
    ...stringsIn(JSON.parse(served)),
    ...US_STATES.map((state) => state.name),
    'Fundraising University',
    'English',
  ]
    .filter((value) => value.length > 1)
    .sort((a, b) => b.length - a.length);
  return texts
    .flatMap((text) => text.split('\n'))
    .map((line) => known.reduce((left, value) => left.split(value).join(' '), line).trim())
    .filter((line) => ENGLISH.test(line));
}

export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}
