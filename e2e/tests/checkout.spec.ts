import { expect, test, type Page } from '@playwright/test';
import { fillBilling } from '../support/checkoutForm';
import { collectAlerts } from '../support/dialogs';

async function orderOf(page: Page, amountLabel: RegExp, fundraiserId = 1) {
  await page.goto(`/Order/${fundraiserId}/0/0`);
  await page.getByLabel('Student first name').fill('Jordan');
  await page.getByLabel('Student last name').fill('Rivera');
  await page.getByRole('radio', { name: amountLabel }).check();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Checkout/ })).toBeVisible();
}

/** The URLs of the API and gateway calls the page makes, to count submits. */
function callsTo(page: Page, pattern: RegExp): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (pattern.test(request.url())) calls.push(request.url());
  });
  return calls;
}

test.describe('checkout by card', () => {
  test('the sandbox approves 4111… and the supporter lands on the receipt', async ({ page }) => {
    await orderOf(page, /Contributor Sponsor/);
    await expect(page.getByTestId('checkout-total')).toHaveText('$50.00');
    await expect(page.getByRole('link', { name: 'Edit' }).first()).toHaveAttribute('href', /\/Order\/Edit\/\d+$/);
    await fillBilling(page, '4111111111111111');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=[\w-]+$/);
    await expect(page.getByText('Thank you, Casey!')).toBeVisible();
    await expect(page.getByTestId('receipt-total')).toHaveText('$50.00');
    await expect(page.getByText(/Visa ending in 1111/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  });

  test('a declined card is alerted and Submit comes back for another card', async ({ page }) => {
    await orderOf(page, /Team Sponsor/);
    await fillBilling(page, '4000000000000002');
    const alerts = collectAlerts(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => alerts).toEqual(['Your card was declined.']);
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();

    await page.getByLabel('Card number').fill('4111111111111111');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=/);
  });

  test('card errors from the gateway are alerted as field: message lines', async ({ page }) => {
    await orderOf(page, /Team Sponsor/);
    await fillBilling(page, '4111111111111112');
    const alerts = collectAlerts(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => alerts).toEqual(['cardNumber: Card number is not valid']);
  });

  test('required fields show the spec messages', async ({ page }) => {
    await orderOf(page, /Team Sponsor/);
    await page.getByRole('button', { name: 'Submit' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    for (const message of [
      'Please enter a valid email address for shipping updates.',
      'Please enter a valid phone number for receipt.',
      'Please enter your shipping address.',
      'Please provide a valid state.',
      'City required.',
      'Zip code required.',
      'Name on card is required',
      'Card number is required',
      'Card expiration month is required',
      'Card expiration year is required',
      'Card CVV is required',
    ]) {
      await expect(summary.getByRole('link', { name: message })).toBeVisible();
    }
  });

  test('Same as Billing off asks for the delivery address; on hides it again', async ({ page }) => {
    // Fundraiser 6 ships its goods: a tub of cookie dough has a delivery address.
    await page.goto('/Order/6/0/0');
    await page.getByLabel('Student first name').fill('Jordan');
    await page.getByLabel('Student last name').fill('Rivera');
    await page.getByRole('button', { name: 'Add one Chocolate Chip' }).click();
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\/\d+$/);
    await fillBilling(page, '4111111111111111');
    const delivery = page.getByRole('group', { name: 'Delivery address' });
    await expect(delivery.getByLabel('Address', { exact: true })).toHaveCount(0);
    await delivery.getByLabel('Same as Billing Address').uncheck();
    await page.getByRole('button', { name: 'Submit' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary.getByRole('link', { name: 'Please enter your shipping address.' })).toBeVisible();
    await expect(summary).toBeFocused();
    await delivery.getByLabel('First name').fill('Robin');
    await delivery.getByLabel('Last name').fill('Morgan');
    await delivery.getByLabel('Address', { exact: true }).fill('9 Elm St');
    await delivery.getByLabel('State').selectOption('OK');
    await delivery.getByLabel('City').fill('Tulsa');
    await delivery.getByLabel('Zip code').fill('74103');
    await delivery.getByLabel('Same as Billing Address').check();
    await expect(delivery.getByLabel('City')).toHaveCount(0);
    await delivery.getByLabel('Same as Billing Address').uncheck();
    await expect(delivery.getByLabel('City')).toHaveValue('Tulsa');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=/);
  });

  test('a double-click on Submit tokenises and charges once', async ({ page }) => {
    await orderOf(page, /Team Sponsor/);
    await fillBilling(page, '4111111111111111');
    const tokenizes = callsTo(page, /\/v1\/card\/tokenize$/);
    const charges = callsTo(page, /\/api\/Orders\/ProcessOrder$/);
    await page.getByRole('button', { name: 'Submit' }).dblclick();
    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=/);
    expect(tokenizes).toHaveLength(1);
    expect(charges).toHaveLength(1);
  });

  test('a network failure while tokenising is logged and alerted, and Submit comes back', async ({ page }) => {
    await orderOf(page, /Team Sponsor/);
    await fillBilling(page, '4111111111111111');
    await page.route('**/v1/card/tokenize', (route) => route.abort('connectionfailed'));
    const logged: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/Logger/Log/')) logged.push(request.postDataJSON().message);
    });
    const alerts = collectAlerts(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => alerts).toEqual(['An unknown payment error occurred']);
    await expect.poll(() => logged.some((message) => message.startsWith('Card Tokenization Error'))).toBe(true);
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();

    await page.unroute('**/v1/card/tokenize');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=/);
  });

  test('a test-mode fundraiser is marked *TEST_MODE* and paid through TestProcess', async ({ page }) => {
    await orderOf(page, /Team Sponsor/, 6);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout *TEST_MODE*');
    await fillBilling(page, '4111111111111111');
    const testCharges = callsTo(page, /\/api\/Orders\/TestProcess$/);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=/);
    expect(testCharges).toHaveLength(1);
  });
});
