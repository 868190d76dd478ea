import { expect, test, type Page } from '@playwright/test';
import { ADMIN_TOKEN } from '../support/stack';

const DEVICE = '11111111-1111-4111-8111-111111111111';

/** A cash/check order for the student's device, not yet a draft: two tubs of cookie dough ($36.00). */
async function studentOrder(page: Page): Promise<string> {
  await page.goto(`/Order/${DEVICE}/new`);
  await page.getByRole('button', { name: 'Add one Chocolate Chip' }).click();
  await page.getByRole('button', { name: 'Add one Chocolate Chip' }).click();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkoutcashcheck\/\d+\/new$/);
  return page.url().match(/checkoutcashcheck\/(\d+)\//)![1]!;
}

async function fillAddress(page: Page) {
  await page.getByLabel('First name').fill('Casey');
  await page.getByLabel('Last name').fill('Morgan');
  await page.getByLabel('Email').fill('casey@example.com');
  await page.getByLabel('Phone').fill('(512) 555-0188');
  await page.getByLabel('Address', { exact: true }).fill('1 Main St');
  await page.getByLabel('State').selectOption('TX');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('Zip code').fill('78701');
}

test.describe('cash and check checkout', () => {
  test('cash from the order page: no fee once Cash is chosen, recorded as collected, a tax receipt once received', async ({
    page,
  }) => {
    const orderId = await studentOrder(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Cash / Check Order' })).toBeVisible();
    await page.getByRole('radio', { name: 'Cash' }).check();
    await expect(page.getByTestId('convenience-fee')).toHaveCount(0);
    await expect(page.getByTestId('checkout-total')).toHaveText('$36.00');
    await fillAddress(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=/);
    // A student's word is not the organisation's: no tax wording, no issuer, until it confirms.
    await expect(page.getByRole('heading', { name: 'Not yet a tax receipt' })).toBeVisible();
    await expect(
      page.getByText('Recorded as collected by a student; not yet received by the organisation.'),
    ).toBeVisible();
    await expect(page.getByText('Cash, recorded by a student')).toBeVisible();
    await expect(page.getByText(/Tax ID/)).toHaveCount(0);
    await expect(page.getByRole('row', { name: /Total recorded/ }).getByTestId('receipt-total')).toHaveText('$36.00');

    const confirmed = await page.request.post('/api/Admin/ConfirmCashReceived', {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'x-admin-user': 'e2e treasurer' },
      data: { fundraiserId: 1, orderIds: [Number(orderId)] },
    });
    expect(confirmed.status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'For your tax records' })).toBeVisible();
    await expect(page.getByText('Paid in cash')).toBeVisible();
    await expect(page.getByText(/^Received by the organisation on /)).toBeVisible();
    await expect(page.getByText(/Tax ID \(EIN\)/)).toBeVisible();
    await expect(page.getByRole('row', { name: /Total paid/ }).getByTestId('receipt-total')).toHaveText('$36.00');
  });

  test('the 5% fee shows while the payment type is absent, and goes with Cash or Check', async ({ page }) => {
    const orderId = await studentOrder(page);
    await page.goto(`/CheckoutCashCheck/${orderId}/${orderId}`);
    await expect(page.getByTestId('convenience-fee')).toHaveText('$1.80');
    await expect(page.getByTestId('checkout-total')).toHaveText('$37.80');
    await expect(page.getByRole('radio', { name: 'Cash' })).not.toBeChecked();
    await page.getByRole('radio', { name: 'Check' }).check();
    await expect(page.getByTestId('convenience-fee')).toHaveCount(0);
    await expect(page.getByTestId('checkout-total')).toHaveText('$36.00');
  });

  test('a check needs its number; with it the payment is recorded', async ({ page }) => {
    const orderId = await studentOrder(page);
    await page.goto(`/CheckoutCashCheck/${orderId}/${orderId}`);
    await fillAddress(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary.getByRole('link', { name: 'Please choose Cash or Check.' })).toBeVisible();
    await page.getByRole('radio', { name: 'Check' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(summary.getByRole('link', { name: 'Please enter a check number.' })).toBeVisible();
    await expect(summary).toBeFocused();
    await page.getByLabel('Check number').fill('1042');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=/);
    await expect(page.getByText('Check #1042, recorded by a student')).toBeVisible();
  });
});
