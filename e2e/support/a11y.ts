import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 A and AA (with 2.0 and 2.1, which it contains), the bar every page is held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * axe-core's structural best-practice rules on top of the WCAG tags: one main landmark, all content
 * in landmarks, headings that do not skip levels, an h1 on every page. They back WCAG 1.3.1 and
 * 2.4.1/2.4.6 for screen-reader users, which the tagged rules alone do not check.
 */
const STRUCTURE_RULES = [
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-unique',
  'region',
  'heading-order',
  'page-has-heading-one',
  'empty-heading',
];

/** axe-core finds no violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: WCAG_TAGS },
      rules: Object.fromEntries(STRUCTURE_RULES.map((rule) => [rule, { enabled: true }])),
    })
    .analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id} (${violation.help}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** Smallest touch target, in CSS pixels, for anything tappable (WCAG 2.5.5; tokens.css --touch-target). */
export const MIN_TARGET = 44;

/**
 * Every visible interactive element that is smaller than 44×44 CSS px, described for the failure
 * message. Interactive: a[href], button, input, select, textarea, [role=button], summary, and a label
 * wrapping a checkbox or radio. A checkbox or radio counts through its label's box (tapping the label
 * toggles it). The one exception (WCAG 2.5.8 "inline"): a link whose computed display is `inline`
 * inside a <p> that has text of its own around it, i.e. a link in a sentence, whose size the line
 * height sets.
 */
export function undersizedTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const box = (element: Element) => element.getBoundingClientRect();
    const shown = (element: Element) => {
      const rect = box(element);
      const style = getComputedStyle(element);
      // Off-screen to the left or top (the skip link until focused) is not something to tap.
      return rect.width > 0 && rect.height > 0 && rect.right > 0 && rect.bottom > 0 && style.visibility !== 'hidden';
    };
    const bigEnough = (element: Element) => {
      const rect = box(element);
      return rect.width >= min - 0.01 && rect.height >= min - 0.01;
    };
    const inSentence = (element: Element) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      const paragraph = element.closest('p');
      if (!paragraph) return false;
      const text = (node: Node) => (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      return text(paragraph).length > text(element).length;
    };
    const isToggle = (element: Element) =>
      element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');
    const describe = (element: Element) => {
      const rect = box(element);
      const name =
        element.getAttribute('aria-label') ||
        (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40) ||
        element.id ||
        element.getAttribute('name') ||
        '';
      return `<${element.tagName.toLowerCase()}> "${name}" ${Math.round(rect.width)}×${Math.round(rect.height)}`;
    };

    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], summary, label';
    const failures: string[] = [];
    for (const element of Array.from(document.querySelectorAll(selector))) {
      if (element.tagName === 'LABEL' && !element.querySelector('input[type="checkbox"], input[type="radio"]')) {
        continue;
      }
      if (isToggle(element)) {
        const labels = Array.from((element as HTMLInputElement).labels ?? []);
        if (labels.some((label) => shown(label) && bigEnough(label))) continue;
      }
      if (!shown(element) || bigEnough(element) || inSentence(element)) continue;
      failures.push(describe(element));
    }
    return failures;
  }, MIN_TARGET);
}

export async function expectTouchTargets(page: Page) {
  expect(await undersizedTargets(page), `interactive elements under ${MIN_TARGET}×${MIN_TARGET} CSS px`).toEqual([]);
}

/** The GOV.UK error summary of a form, which takes the focus after a failed submit. */
export const errorSummary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' });

/** The focused element shows a focus indicator: an outline or a box shadow. */
export async function expectVisibleFocus(page: Page) {
  const indicator = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { tag: 'body', outline: 'none', shadow: 'none' };
    const style = getComputedStyle(element);
    return {
      tag: element.tagName.toLowerCase(),
      outline: style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0 ? 'none' : style.outline,
      shadow: style.boxShadow,
    };
  });
  expect(
    indicator.outline !== 'none' || indicator.shadow !== 'none',
    `focused <${indicator.tag}> has an outline or box shadow`,
  ).toBe(true);
}
