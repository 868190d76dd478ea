import { expect, test, type Page } from '@playwright/test';
import { errorSummary } from '../support/a11y';
import { fillBilling } from '../support/checkoutForm';
import { collectAlerts } from '../support/dialogs';
import { clickOnceRunning } from '../support/heldScripts';

// Issue 19: a parent on a 360 px phone goes from the long order page to a receipt without scroll
// hunts, lost input or dead ends. The sandbox gateway declines 4000 0000 0000 0002 with
// "Your card was declined." and approves 4111 1111 1111 1111 (server/src/payments/sandbox).

const DECLINED_CARD = '4000000000000002';
const APPROVED_CARD = '4111111111111111';

/** The order page of fundraiser 1, the student's names filled in. */
async function orderPage(page: Page) {
  await page.goto('/Order/1/0/0');
  await page.getByLabel('Student first name').fill('Jordan');
  await page.getByLabel('Student last name').fill('Rivera');
}

/** A donation-only order of fundraiser 1 ($35, Team Sponsor), at its checkout. */
async function donationCheckout(page: Page) {
  await orderPage(page);
  await page.getByRole('radio', { name: /Team Sponsor/ }).check();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Checkout/ })).toBeFocused();
}

const cardGroup = (page: Page) => page.getByRole('group', { name: 'Card payment' });

test.describe('a checkout that guides (issue 19)', () => {
  test('checkout opens at the top with its heading focused, after Continue at the bottom of the long order page', async ({
    page,
  }) => {
    await orderPage(page);
    await page.getByRole('radio', { name: /Team Sponsor/ }).check();
    const continueButton = page.getByRole('button', { name: 'Continue to checkout' });
    await continueButton.scrollIntoViewIfNeeded();
    // The order page is long: Continue sits far down it.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1500);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await continueButton.click();

    await expect(page).toHaveURL(/\/checkout\/\d+$/);
    const heading = page.getByRole('heading', { level: 1, name: 'Checkout' });
    await expect(heading).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The button says what it does and how much: the server's total for this order.
    await expect(page.getByTestId('checkout-total')).toHaveText('$35.00');
    await expect(page.getByRole('button', { name: 'Submit payment of $35.00', exact: true })).toBeVisible();
    await expect(cardGroup(page).getByText('We never see or store your card number.', { exact: false })).toBeVisible();
  });

  test('a decline is shown above the card fields, keeps what was typed, focuses the card number; month 1 is taken', async ({
    page,
  }) => {
    await donationCheckout(page);
    await fillBilling(page, DECLINED_CARD);
    // Grouped as typed, with the brand named; the gateway still gets the digits only.
    await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
    await expect(cardGroup(page).getByText('Card type: Visa')).toBeVisible();
    await page.getByLabel('Month (MM)').fill('1');
    const tokenized: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/v1/card/tokenize')) tokenized.push(request.postDataJSON());
    });
    const alerts = collectAlerts(page);
    await page.getByRole('button', { name: /^Submit payment of / }).click();

    // The spec's alert, and the same words on the page with what to do next.
    await expect.poll(() => alerts).toEqual(['Your card was declined.']);
    await expect(
      cardGroup(page).getByText('Your card was declined. Try another card, or call your bank.'),
    ).toBeVisible();
    await expect(page.getByLabel('Card number')).toBeFocused();
    expect(tokenized[0]).toMatchObject({ cardNumber: DECLINED_CARD, expiryMonth: '01' });
    await expect(page.getByText('Card expiration month is required')).toHaveCount(0);
    // Everything typed is still there.
    await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
    await expect(page.getByLabel('Month (MM)')).toHaveValue('01');
    await expect(page.getByLabel('Name on card')).toHaveValue('Casey Morgan');
    await expect(page.getByLabel('Email')).toHaveValue('casey@example.com');

    await page.getByLabel('Card number').fill(APPROVED_CARD);
    await page.getByRole('button', { name: /^Submit payment of / }).click();
    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  });

  test('while paying, the button says Processing… and the form is busy; then the receipt', async ({ page }) => {
    await donationCheckout(page);
    await fillBilling(page, APPROVED_CARD);
    // The payment call is held until the page has been seen mid-payment.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/Orders\/(ProcessOrder|TestProcess)$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit payment of $35.00' }).click();
    const processing = page.getByRole('button', { name: 'Processing…' });
    await expect(processing).toBeVisible();
    await expect(processing).toBeDisabled();
    await expect(page.locator('form[aria-busy="true"]')).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Submit payment of / })).toHaveCount(0);
    release();
    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=/);
  });

  test('Edit from checkout brings back the donation tier chosen', async ({ page }) => {
    await orderPage(page);
    await page.getByRole('radio', { name: /Contributor Sponsor/ }).check();
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\/\d+$/);
    await expect(page.getByTestId('checkout-total')).toHaveText('$50.00');
    await page.getByRole('link', { name: 'Edit donation' }).click();
    await expect(page).toHaveURL(/\/Order\/Edit\/\d+$/);
    await expect(page.getByRole('radio', { name: /Contributor Sponsor/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Custom amount' })).not.toBeChecked();
    await expect(page.getByLabel('Custom donation (USD)')).toHaveValue('');
    // The same from a fresh load of the page, with nothing left from the order page in memory.
    await page.reload();
    await expect(page.getByRole('radio', { name: /Contributor Sponsor/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Custom amount' })).not.toBeChecked();
  });

  test('errors clear as their fields are fixed, on the order page and at checkout', async ({ page }) => {
    await page.goto('/Order/1/0/0');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(errorSummary(page)).toBeFocused();
    await expect(page.getByText('Please select an item.').first()).toBeVisible();
    await page.getByLabel('Student first name').fill('Jordan');
    await expect(page.getByText('Please enter a first name for the student.')).toHaveCount(0);
    await expect(page.getByText('Please enter a last name for the student.').first()).toBeVisible();
    await page.getByRole('radio', { name: /Team Sponsor/ }).check();
    await expect(page.getByText('Please select an item.')).toHaveCount(0);
    await page.getByLabel('Student last name').fill('Rivera');
    await expect(errorSummary(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeFocused();

    await page.getByRole('button', { name: /^Submit payment of / }).click();
    await expect(errorSummary(page)).toBeFocused();
    await expect(page.getByText('Name on card is required')).toHaveCount(2);
    await page.getByLabel('Name on card').fill('Casey Morgan');
    await expect(page.getByText('Name on card is required')).toHaveCount(0);
    await page.getByLabel('Month (MM)').fill('1');
    await expect(page.getByText('Card expiration month is required')).toHaveCount(0);
    await page.getByLabel('City').fill('Austin');
    await expect(page.getByText('City required.')).toHaveCount(0);
    // What is still wrong is still said.
    await expect(page.getByText('Card number is required')).toHaveCount(2);
  });

  test('a donation-only checkout asks no delivery address', async ({ page }) => {
    await donationCheckout(page);
    await expect(page.getByRole('group', { name: 'Billing address' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Delivery address' })).toHaveCount(0);
    await expect(page.getByLabel('Same as Billing Address')).toHaveCount(0);
    await fillBilling(page, APPROVED_CARD);
    await page.getByRole('button', { name: /^Submit payment of / }).click();
    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=/);
  });
});

test.describe('no dead ends (issue 19)', () => {
  test("a paid order's checkout links to its receipt for the browser that paid", async ({ page, browser }) => {
    await donationCheckout(page);
    const checkout = page.url();
    await fillBilling(page, APPROVED_CARD);
    await page.getByRole('button', { name: /^Submit payment of / }).click();
    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=/);
    const receipt = page.url();

    await page.goBack();
    await expect(page).toHaveURL(checkout);
    await expect(page.getByText('This order has been paid. Thank you for your support!')).toBeVisible();
    await page.getByRole('link', { name: 'View your receipt' }).click();
    await expect(page).toHaveURL(receipt);
    await expect(page.getByText('Thank you, Casey!')).toBeVisible();

    // Another browser gets no receipt link (and no order).
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto(checkout);
    await expect(other.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(other.getByRole('alert')).toBeVisible();
    await expect(other.getByRole('link', { name: 'View your receipt' })).toHaveCount(0);
    await stranger.close();
  });

  test('the inactive fundraiser leads to the start page, which opens with its heading focused', async ({ page }) => {
    await page.goto('/Order/2/0/0');
    await expect(page.getByText('This fundraiser is no longer active. Thank you for your support.')).toBeVisible();
    await clickOnceRunning(page.getByRole('link', { name: 'Find another fundraiser' }));
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: "Select Fundraiser's State" })).toBeFocused();
  });

  test('an unknown fundraiser says so and leads to the start page', async ({ page }) => {
    await page.goto('/Order/99999/0/0');
    await expect(page.getByRole('alert')).toHaveText('Fundraiser not found.');
    await clickOnceRunning(page.getByRole('link', { name: 'Find another fundraiser' }));
    await expect(page.getByRole('heading', { level: 1, name: "Select Fundraiser's State" })).toBeFocused();
  });
});
