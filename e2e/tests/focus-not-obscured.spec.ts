import { expect, test, type Page } from '@playwright/test';
import { unpaidCardOrder } from '../support/orders';

// WCAG 2.2 2.4.11 Focus Not Obscured (issue 19): on a 360 px phone, no field that takes focus by
// Tab sits under a sticky or fixed part of the page, such as the order page's total bar.

/**
 * Once the page has stopped scrolling (focus scrolls it, maybe smoothly), what has focus and the
 * sticky or fixed boxes it overlaps, if any; null when focus has left the page's elements.
 */
function focusedAndCovering(page: Page) {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // The state to wait for: two frames in a row at the same scroll position.
    let last = -1;
    while (window.scrollY !== last) {
      last = window.scrollY;
      await frame();
      await frame();
    }
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return null;
    // A mark to know an element met before: focus has come back round.
    const again = focused.dataset.e2eTabbed === 'yes';
    focused.dataset.e2eTabbed = 'yes';
    const box = focused.getBoundingClientRect();
    const name = `${focused.tagName.toLowerCase()}${focused.id ? `#${focused.id}` : ''} "${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 40)}"`;
    const covering = Array.from(document.querySelectorAll('body *'))
      .filter((element) => ['sticky', 'fixed'].includes(getComputedStyle(element).position))
      // Focus inside the bar itself is not hidden by it.
      .filter((element) => !element.contains(focused))
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && rect.height > 0)
      .filter(({ rect }) => box.bottom > rect.top + 0.5 && box.top < rect.bottom - 0.5)
      .filter(({ rect }) => box.right > rect.left + 0.5 && box.left < rect.right - 0.5)
      .map(
        ({ element, rect }) =>
          `${element.tagName.toLowerCase()}[${element.getAttribute('aria-label') ?? element.className}] ${Math.round(rect.top)}–${Math.round(rect.bottom)} over ${Math.round(box.top)}–${Math.round(box.bottom)}`,
      );
    return { name, covering, again };
  });
}

/**
 * Tabs from the top of the page through every element that takes focus, until focus leaves the
 * page or comes back round; answers each focused element that something sticky covered.
 */
async function obscuredWhileTabbing(page: Page): Promise<{ visited: number; obscured: string[] }> {
  const obscured: string[] = [];
  let visited = 0;
  for (let presses = 0; presses < 400; presses++) {
    await page.keyboard.press('Tab');
    const state = await focusedAndCovering(page);
    if (!state || state.again) break;
    visited += 1;
    if (state.covering.length) obscured.push(`${state.name}: ${state.covering.join('; ')}`);
  }
  return { visited, obscured };
}

test.describe('a focused field is never hidden under a sticky bar (WCAG 2.4.11)', () => {
  test('the order page and its sticky total bar', async ({ page }) => {
    await page.goto('/Order/1/0/0');
    const bar = page.getByRole('region', { name: 'Order total' });
    await expect(bar).toBeVisible();
    expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('sticky');
    await expect(page.getByLabel('Student first name')).toBeVisible();
    const { visited, obscured } = await obscuredWhileTabbing(page);
    // The whole long page was walked: its fields, options and buttons.
    expect(visited).toBeGreaterThan(20);
    expect(obscured).toEqual([]);
  });

  test('the card checkout', async ({ page }) => {
    const orderId = await unpaidCardOrder(page.request);
    await page.goto(`/Checkout/${orderId}`);
    await expect(page.getByLabel('Card number')).toBeVisible();
    const { visited, obscured } = await obscuredWhileTabbing(page);
    expect(visited).toBeGreaterThan(15);
    expect(obscured).toEqual([]);
  });
});
