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

/** The page's scroll width and the widest boxes past the window's right edge, for a failure message. */
function sidewaysScroll(page: Page) {
  return page.evaluate(async () => {
    // The layout after a resize or a new style sheet: two frames later.
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const inScroller = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    return Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5 && !inScroller(element))
      .slice(0, 5)
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}" to ${Math.round(element.getBoundingClientRect().right)} px`,
      );
  });
}

/** The narrowest width WCAG 1.4.10 (Reflow) names: 320 CSS px, 1280 px at 400% zoom. */
export const REFLOW_WIDTH = 320;

/**
 * WCAG 1.4.10: at 320 CSS px wide the page does not scroll sideways (a box that scrolls on its own,
 * a data table's, may). The window goes back to its size after.
 */
export async function expectReflow(page: Page) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: REFLOW_WIDTH, height: size.height });
  try {
    expect(await sidewaysScroll(page), `what is wider than ${REFLOW_WIDTH} CSS px`).toEqual([]);
  } finally {
    await page.setViewportSize(size);
  }
}

/** WCAG 1.4.12's spacing: line height 1.5, paragraphs 2 em apart, letters 0.12 em, words 0.16 em. */
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

/**
 * WCAG 1.4.12: with the user's text spacing (the criterion's figures) nothing is cut off (no box that
 * hides its overflow has text bigger than itself) and the page does not scroll sideways.
 */
export async function expectTextSpacing(page: Page) {
  const sheet = await page.addStyleTag({ content: TEXT_SPACING });
  try {
    expect(await sidewaysScroll(page), 'what is wider than the window with text spacing').toEqual([]);
    const clipped = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter((element) => {
          const style = getComputedStyle(element);
          if (!/hidden|clip/.test(`${style.overflowX} ${style.overflowY}`)) return false;
          if (element.closest('.visually-hidden') || !element.innerText?.trim()) return false;
          return element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1;
        })
        .map((element) => `<${element.tagName.toLowerCase()}> "${element.innerText.trim().slice(0, 40)}"`),
    );
    expect(clipped, 'text cut off with text spacing').toEqual([]);
  } finally {
    await sheet.evaluate((element) => (element as Element).remove());
  }
}

/**
 * WCAG 1.4.11: a text field's or select's edge, or its fill, shows where it is at 3:1 or more against
 * what is around it (checkboxes and radios are the browser's own, drawn dark).
 */
export async function expectFieldEdges(page: Page) {
  const faint = await page.evaluate(() => {
    const channels = (color: string) => color.match(/[\d.]+/g)?.map(Number) ?? [];
    const luminance = (color: string) => {
      const [r = 0, g = 0, b = 0] = channels(color).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const opaque = (color: string) => color !== 'transparent' && (channels(color)[3] ?? 1) > 0;
    const background = (element: Element | null) => {
      for (let at = element; at; at = at.parentElement) {
        const color = getComputedStyle(at).backgroundColor;
        if (opaque(color)) return color;
      }
      return 'rgb(255, 255, 255)';
    };
    const ratio = (a: string, b: string) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    const fields = document.querySelectorAll(
      'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), select, textarea',
    );
    return Array.from(fields)
      .filter((field) => field.getBoundingClientRect().width > 0)
      .map((field) => {
        const style = getComputedStyle(field);
        const around = background(field.parentElement);
        const edge = parseFloat(style.borderTopWidth) > 0 ? ratio(style.borderTopColor, around) : 0;
        return {
          field: `<${field.tagName.toLowerCase()}#${field.id}>`,
          best: Math.max(edge, ratio(background(field), around)),
        };
      })
      .filter(({ best }) => best < 3)
      .map(({ field, best }) => `${field} ${best.toFixed(2)}:1`);
  });
  expect(faint, 'fields whose edge shows at less than 3:1').toEqual([]);
}

/** WCAG 2.4.2: the tab names the page, then the site ("Checkout | Fundraising University"). */
export async function expectPageTitle(page: Page) {
  expect(await page.title()).toMatch(/^\S.* \| Fundraising University$/);
}
