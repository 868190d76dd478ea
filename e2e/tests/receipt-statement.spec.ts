import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';
import { fillBilling } from '../support/checkoutForm';
import { unpaidCardOrder } from '../support/orders';

// Issue 19, items 4 and 5: "cover the fees" adds the exact amount the server computed, and the
// receipt is one a donor can file. Issue 34: a sponsorship's receipt carries IRS Publication
// 1771's disclosure. The words come from shared/src/rules/receiptStatement.ts (COVERED_FEE_LABEL,
// NO_GOODS_FOR_CONTRIBUTION, receiptTaxStatement); the sandbox approves 4111 1111 1111 1111.

const APPROVED_CARD = '4111111111111111';
const COVERED_FEE_LABEL = 'Processing fee you covered';
const NO_GOODS_FOR_CONTRIBUTION = 'No goods or services were provided in exchange for your contribution.';

/** Cents as the pages show them (every amount here is under $1,000). */
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const receiptRows = (page: Page) => page.getByRole('table').locator('tbody tr');
const row = (page: Page, label: string) =>
  receiptRows(page).filter({ has: page.getByRole('cell', { name: label, exact: true }) });

/** The receipt the page's URL names, as GetReceipt answers it (its key is in the URL). */
async function receiptOf(page: Page) {
  const url = new URL(page.url());
  const response = await page.request.get('/api/Orders/GetReceipt', {
    params: { orderId: url.pathname.split('/').pop()!, key: url.searchParams.get('key')! },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as {
    orderTotal: number;
    coveredFee: number;
    organization: { legalName: string; address: string; taxId: string; is501c3?: boolean };
  };
}

test.describe('cover the fees and receipts to file (issue 19)', () => {
  test('ticking the box adds the server-computed fee to the summary, Submit, the charge and the receipt', async ({
    page,
  }) => {
    // A $50 donation plus a tub of cookie dough ($68.00), made by this browser.
    const orderId = await unpaidCardOrder(page.request);
    const answer = await page.request.get('/api/Orders/GetOrder', { params: { orderId } });
    expect(answer.ok(), await answer.text()).toBe(true);
    const { orderTotal, coverFeesAmount } = (await answer.json()) as { orderTotal: number; coverFeesAmount: number };
    expect(orderTotal).toBe(6800);
    expect(coverFeesAmount).toBeGreaterThan(0);

    await page.goto(`/Checkout/${orderId}`);
    const box = page.getByRole('checkbox', { name: /to cover the card processing fee/ });
    await expect(box).not.toBeChecked();
    await expect(box).toHaveAccessibleName(new RegExp(`^Add \\${dollars(coverFeesAmount)} .*\\${dollars(orderTotal)}`));
    await expect(page.getByText(COVERED_FEE_LABEL)).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Submit payment of ${dollars(orderTotal)}` })).toBeVisible();

    await box.check();
    const summary = page.getByRole('table', { name: 'Order summary' });
    await expect(summary.locator('tr').filter({ hasText: COVERED_FEE_LABEL })).toContainText(dollars(coverFeesAmount));
    const charge = orderTotal + coverFeesAmount;
    await expect(page.getByTestId('checkout-total')).toHaveText(dollars(charge));

    await fillBilling(page, APPROVED_CARD);
    const paying = page.waitForRequest((request) => /\/api\/Orders\/(ProcessOrder|TestProcess)$/.test(request.url()));
    await page.getByRole('button', { name: `Submit payment of ${dollars(charge)}`, exact: true }).click();
    expect((await paying).postDataJSON()).toMatchObject({ orderId, coverFees: true, payment: { amount: charge } });

    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=[\w-]+$/);
    await expect(row(page, COVERED_FEE_LABEL)).toContainText(dollars(coverFeesAmount));
    await expect(page.getByTestId('receipt-total')).toHaveText(dollars(charge));
    expect(await receiptOf(page)).toMatchObject({ coveredFee: coverFeesAmount, orderTotal: charge });
  });

  test("a donation only: the donation as a line, no $0 rows, the no-goods sentence and the issuer's details", async ({
    page,
  }) => {
    await page.goto('/Order/1/0/0');
    await page.getByLabel('Student first name').fill('Jordan');
    await page.getByLabel('Student last name').fill('Rivera');
    await page.getByRole('radio', { name: /Team Sponsor/ }).check();
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Checkout/ })).toBeFocused();
    await fillBilling(page, APPROVED_CARD);
    await page.getByRole('button', { name: /^Submit payment of / }).click();
    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=[\w-]+$/);

    await expect(page.getByTestId('receipt-total')).toHaveText('$35.00');
    await expect(receiptRows(page)).toHaveCount(1);
    await expect(row(page, 'Donation')).toContainText('$35.00');
    for (const zero of ['Shipping', 'Fees', COVERED_FEE_LABEL]) await expect(row(page, zero)).toHaveCount(0);

    const records = page.getByRole('region', { name: 'For your tax records' });
    await expect(records.getByText(NO_GOODS_FOR_CONTRIBUTION, { exact: true })).toBeVisible();
    // Who issued it: the configured organisation (the development configuration names one).
    const { organization } = await receiptOf(page);
    expect(organization.legalName.trim()).not.toBe('');
    for (const detail of [organization.legalName, organization.address, organization.taxId].filter((v) => v.trim())) {
      await expect(records).toContainText(detail.trim());
    }
    await expectNoAxeViolations(page);
  });

  test("a $100 sponsor banner: the page discloses the banner's good-faith value and the deductible amount (issue 34)", async ({
    page,
  }) => {
    // The demo's Stadium Sponsor Banner sells for $100.00; its organiser values the banner at $25.00.
    const created = await page.request.post('/api/Orders/CreateOrder', {
      data: {
        fundraiserId: 1,
        studentFirstName: 'Jordan',
        studentLastName: 'Rivera',
        fundraiserOrderItems: [{ itemId: 44, fundraiserOrderItemOptions: [{ itemOptionId: 441, qty: 1 }] }],
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    await page.goto(`/Checkout/${(await created.json()) as number}`);
    await fillBilling(page, APPROVED_CARD);
    await page.getByRole('button', { name: 'Submit payment of $100.00', exact: true }).click();
    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=[\w-]+$/);

    const records = page.getByRole('region', { name: 'For your tax records' });
    await expect(
      records.getByText(
        'In exchange for your contribution you received goods or services (Stadium Sponsor Banner: Sponsor Banner) whose value we estimate in good faith at $25.00.',
        { exact: true },
      ),
    ).toBeVisible();
    await expect(
      records.getByText(
        'The amount of your contribution that is deductible for federal income tax purposes is limited to the excess of the money you contributed over the value of the goods or services provided: $75.00.',
        { exact: true },
      ),
    ).toBeVisible();
    await expect(records.getByText(NO_GOODS_FOR_CONTRIBUTION)).toHaveCount(0);
  });
});
