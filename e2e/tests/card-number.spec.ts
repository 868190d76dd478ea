import { expect, test, type Page } from '@playwright/test';
import { fillBilling } from '../support/checkoutForm';

// Issue 31: a card number pasted, or filled in by a password manager, over one already typed keeps
// every digit (it lost the last one: a replacement with the same digits and a shorter string was
// read as a Backspace over a group's space), and the payment goes through.

const APPROVED_CARD = '4111111111111111';
const GROUPED = '4111 1111 1111 1111';

/** A $35 donation of fundraiser 1 at its checkout, everything but the card number filled in. */
async function checkoutWithBilling(page: Page) {
  await page.goto('/Order/1/0/0');
  await page.getByLabel('Student first name').fill('Jordan');
  await page.getByLabel('Student last name').fill('Rivera');
  await page.getByRole('radio', { name: /Team Sponsor/ }).check();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Checkout/ })).toBeFocused();
  await fillBilling(page, '');
}

/** Sets the field's value and fires `input`, as a password manager or the browser's autofill does. */
async function autofill(page: Page, value: string) {
  await page.getByLabel('Card number').evaluate((input: HTMLInputElement, filled) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setValue.call(input, filled);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

test.describe('the card number keeps every digit (issue 31)', () => {
  test('pasted over a typed number, then filled in by a password manager, then paid', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await checkoutWithBilling(page);
    const field = page.getByLabel('Card number');
    await field.pressSequentially(APPROVED_CARD);
    await expect(field).toHaveValue(GROUPED);

    // Select what was typed and paste the same number.
    await page.evaluate((text) => navigator.clipboard.writeText(text), APPROVED_CARD);
    await field.selectText();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(field).toHaveValue(GROUPED);
    // The caret ends after the pasted digits, where typing goes on.
    expect(await field.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(GROUPED.length);

    // A password manager fills the field over it.
    await autofill(page, APPROVED_CARD);
    await expect(field).toHaveValue(GROUPED);
    await expect(page.getByText('Card type: Visa')).toBeVisible();

    const tokenized = page.waitForRequest((request) => request.url().endsWith('/v1/card/tokenize'));
    await page.getByRole('button', { name: /^Submit payment of / }).click();
    expect((await tokenized).postDataJSON()).toMatchObject({ cardNumber: APPROVED_CARD });
    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=[\w-]+$/);
    await expect(page.getByText(/^Visa ending in 1111/)).toBeVisible();
  });

  test('Backspace and Delete in a group take the digit beside the caret; over a group space, the digit past it', async ({
    page,
  }) => {
    await checkoutWithBilling(page);
    const field = page.getByLabel('Card number');
    await field.pressSequentially(APPROVED_CARD);
    const caret = () => field.evaluate((input: HTMLInputElement) => input.selectionStart);
    const caretAt = (at: number) =>
      field.evaluate((input: HTMLInputElement, to) => input.setSelectionRange(to, to), at);
    // After '4111 1': Backspace takes that 1, and the caret stays after the digits before it.
    await caretAt(6);
    await page.keyboard.press('Backspace');
    await expect(field).toHaveValue('4111 1111 1111 111');
    expect(await caret()).toBe(4);
    // Just after a group's space: Backspace takes the digit before the space (the space alone would come back).
    await caretAt(5);
    await page.keyboard.press('Backspace');
    await expect(field).toHaveValue('4111 1111 1111 11');
    expect(await caret()).toBe(3);
    // Delete inside a group takes the digit after the caret.
    await page.keyboard.press('Delete');
    await expect(field).toHaveValue('4111 1111 1111 1');
    expect(await caret()).toBe(3);
    // Just before a group's space: Delete takes the digit after the space.
    await caretAt(4);
    await page.keyboard.press('Delete');
    await expect(field).toHaveValue('4111 1111 1111');
    expect(await caret()).toBe(4);
  });
});
