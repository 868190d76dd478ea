import { expect, test, type Page } from '@playwright/test';
import { collectAlerts } from '../support/dialogs';

async function orderOf(page: Page, amountLabel: RegExp) {
  await page.goto('/Order/1/0/0');
  await page.getByLabel('Student first name').fill('Jordan');
  await page.getByLabel('Student last name').fill('Rivera');
  await page.getByRole('radio', { name: amountLabel }).check();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

async function fillBilling(page: Page, cardNumber: string) {
  await page.getByLabel('First name').fill('Casey');
  await page.getByLabel('Last name').fill('Morgan');
  await page.getByLabel('Email').fill('casey@example.com');
  await page.getByLabel('Phone').fill('512-555-0188');
  await page.getByLabel('Address', { exact: true }).fill('1 Main St');
  await page.getByLabel('State').selectOption('TX');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('Zip code').fill('78701');
  await page.getByLabel('Name on card').fill('Casey Morgan');
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Month (MM)').fill('12');
  await page.getByLabel('Year (YYYY)').fill('2030');
  await page.getByLabel('CVV').fill('123');
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
});
