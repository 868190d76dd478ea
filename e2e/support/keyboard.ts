import type { Locator, Page } from '@playwright/test';
import { expectVisibleFocus } from './a11y';

/**
 * Presses Tab (or Shift+Tab) until the element is focused, the way a keyboard user reaches it, and
 * returns how many presses it took. The locator only identifies the target; nothing is clicked or
 * focused by script.
 */
export async function tabTo(page: Page, target: Locator, { max = 80, backwards = false } = {}): Promise<number> {
  await target.waitFor();
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error(`${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} never reached ${target}`);
}

/** The next field in tab order is the target (one press of Tab), and it shows its focus; then type. */
export async function tabAndType(page: Page, target: Locator, text: string) {
  await tabTo(page, target, { max: 1 });
  await expectVisibleFocus(page);
  await page.keyboard.type(text);
}
