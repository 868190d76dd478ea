import { expect, test, type Page } from '@playwright/test';
import { fillBuyer } from '../support/checkoutForm';
import { ADMIN_TOKEN } from '../support/stack';

const DEVICE = '11111111-1111-4111-8111-111111111111';
/** What the student's pages say while a sale is recorded on the demo student's page (Jordan Rivera). */
const RECORDING = 'Recording a cash or check sale for Jordan R.';

/** A cash/check order for the student's device, not yet a draft: two tubs of cookie dough ($36.00). */
async function studentOrder(page: Page): Promise<string> {
  await page.goto(`/Order/${DEVICE}/new`);
  // The student's order page says a sale is being recorded, and for whom.
  await expect(page.getByText(RECORDING)).toBeVisible();
  await page.getByRole('button', { name: 'Add one Chocolate Chip' }).click();
  await page.getByRole('button', { name: 'Add one Chocolate Chip' }).click();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkoutcashcheck\/\d+\/new$/);
  return page.url().match(/checkoutcashcheck\/(\d+)\//)![1]!;
}

test.describe('cash and check checkout', () => {
  test('a cash sale reads as one: for whom, payment type first, recorded as collected, then the way back', async ({
    page,
    browser,
  }) => {
    const orderId = await studentOrder(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Cash / Check Order' })).toBeVisible();
    await expect(page.getByText(RECORDING)).toBeVisible();
    // The payment type comes first, above the summary and the address forms: spec §9's fee shows
    // only until it is chosen, so the summary the student reads next is what will be recorded.
    const cashBox = (await page.getByRole('radio', { name: 'Cash' }).boundingBox())!;
    const summaryBox = (await page.getByRole('table', { name: 'Order summary' }).boundingBox())!;
    const addressBox = (await page.getByLabel('First name').boundingBox())!;
    expect(cashBox.y).toBeLessThan(summaryBox.y);
    expect(summaryBox.y).toBeLessThan(addressBox.y);
    await page.getByRole('radio', { name: 'Cash' }).check();
    await expect(page.getByTestId('convenience-fee')).toHaveCount(0);
    await expect(page.getByTestId('checkout-total')).toHaveText('$36.00');
    await fillBuyer(page, '(512) 555-0188');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=/);
    const receipt = page.url();
    // A student's word is not the organisation's: no tax wording, no issuer, until it confirms.
    await expect(page.getByRole('heading', { name: 'Not yet a tax receipt' })).toBeVisible();
    await expect(
      page.getByText('Recorded as collected by a student; not yet received by the organisation.'),
    ).toBeVisible();
    await expect(page.getByText('Cash, recorded by a student')).toBeVisible();
    await expect(page.getByText(/Tax ID/)).toHaveCount(0);
    await expect(page.getByRole('row', { name: /Total recorded/ }).getByTestId('receipt-total')).toHaveText('$36.00');

    // The end page leads on: another sale, or back to the student's page.
    await page.getByRole('link', { name: 'Record another sale' }).click();
    await expect(page).toHaveURL(new RegExp(`/Order/${DEVICE}/new$`));
    await expect(page.getByText(RECORDING)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(receipt);
    await page.getByRole('link', { name: 'Back to the student page' }).click();
    await expect(page).toHaveURL(new RegExp(`/Fundraiser/${DEVICE}$`));
    await expect(page.getByTestId('orders-summary')).toBeVisible();

    // The supporter's copy of the receipt (another browser) has neither link, nor the page's guid.
    const supporter = await browser.newContext();
    const other = await supporter.newPage();
    await other.goto(receipt);
    await expect(other.getByRole('heading', { name: 'Not yet a tax receipt' })).toBeVisible();
    await expect(other.getByRole('link', { name: 'Record another sale' })).toHaveCount(0);
    await expect(other.getByRole('link', { name: 'Back to the student page' })).toHaveCount(0);
    expect(await other.content()).not.toContain(DEVICE);
    await supporter.close();

    const confirmed = await page.request.post('/api/Admin/ConfirmCashReceived', {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'x-admin-user': 'e2e treasurer' },
      data: { fundraiserId: 1, orderIds: [Number(orderId)] },
    });
    expect(confirmed.status()).toBe(200);
    await page.goto(receipt);
    await expect(page.getByRole('heading', { name: 'For your tax records' })).toBeVisible();
    await expect(page.getByText('Paid in cash')).toBeVisible();
    await expect(page.getByText(/^Received by the organisation on /)).toBeVisible();
    await expect(page.getByText(/Tax ID \(EIN\)/)).toBeVisible();
    await expect(page.getByRole('row', { name: /Total paid/ }).getByTestId('receipt-total')).toHaveText('$36.00');
  });

  test('the 5% fee shows while the payment type is absent (spec §9), and goes with Cash or Check', async ({ page }) => {
    const orderId = await studentOrder(page);
    await page.goto(`/CheckoutCashCheck/${orderId}/${orderId}`);
    await expect(page.getByText(RECORDING)).toBeVisible();
    await expect(page.getByTestId('convenience-fee')).toHaveText('$1.80');
    await expect(page.getByTestId('checkout-total')).toHaveText('$37.80');
    await expect(page.getByRole('radio', { name: 'Cash' })).not.toBeChecked();
    await page.getByRole('radio', { name: 'Check' }).check();
    await expect(page.getByTestId('convenience-fee')).toHaveCount(0);
    await expect(page.getByTestId('checkout-total')).toHaveText('$36.00');

    // Edit keeps it a cash sale: the order page says so, and Continue comes back to this checkout.
    await page.getByRole('link', { name: 'Edit Chocolate Chip' }).click();
    await expect(page).toHaveURL(new RegExp(`/Order/Edit/${orderId}$`));
    await expect(page.getByText(RECORDING)).toBeVisible();
    await page.getByRole('button', { name: 'Add one Chocolate Chip' }).click();
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkoutcashcheck/${orderId}/\\d+$`));
    await page.getByRole('radio', { name: 'Check' }).check();
    await expect(page.getByTestId('checkout-total')).toHaveText('$54.00');
    await expect(page.getByTestId('convenience-fee')).toHaveCount(0);
  });

  test('a check needs its number; with it the payment is recorded', async ({ page }) => {
    const orderId = await studentOrder(page);
    await page.goto(`/CheckoutCashCheck/${orderId}/${orderId}`);
    await fillBuyer(page, '(512) 555-0188');
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
