import { expect, test, type Page } from '@playwright/test';
import { fillBilling } from '../support/checkoutForm';
import { DEVICE } from '../support/orders';

// Issue 31 item 1, "Credit goes where the supporter says": an order from the team's directory path
// (/Order/{fundraiserId}/…, as the state, school and team lists lead to it) counts for the student
// whose name the supporter typed when it is exactly one of the team's students. The demo's Jordan
// Rivera (page DEVICE) is a student of fundraiser 1. Jordan's figures are read on Jordan's own page.

const dollars = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

/** What Jordan's own page shows: the Orders button's "count · total", and "Your progress"'s raised. */
async function jordansPage(page: Page): Promise<{ count: number; total: number; raised: number }> {
  await page.goto(`/Fundraiser/${DEVICE}`);
  const progress = page.getByTestId('student-progress');
  await expect(progress.getByRole('progressbar', { name: 'Your progress' })).toBeVisible();
  const [count, total] = (await page.getByTestId('orders-summary').innerText()).split('·').map((s) => s.trim());
  const raised = /^(\$[\d,]+\.\d\d) raised/.exec(await progress.getByTestId(/-progress-text$/).innerText())?.[1];
  expect(raised).toBeDefined();
  return { count: Number(count), total: dollars(total!), raised: dollars(raised!) };
}

/** The order page of fundraiser 1, a student's name typed and the last name field left. */
async function typeStudent(page: Page, firstName: string, lastName: string) {
  await page.goto('/Order/1/0/0');
  await page.getByLabel('Student first name').fill(firstName);
  await page.getByLabel('Student last name').fill(lastName);
  await page.getByLabel('Student last name').blur();
}

/** A $50 Contributor Sponsor donation to the checkout. */
async function donateToCheckout(page: Page) {
  await page.getByRole('radio', { name: /Contributor Sponsor/ }).check();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Checkout/ })).toBeVisible();
}

test.describe('credit goes where the supporter says (issue 31)', () => {
  test("a directory order naming Jordan Rivera in lower case supports Jordan R. and moves Jordan's page", async ({
    page,
  }) => {
    const before = await jordansPage(page);

    await typeStudent(page, 'jordan', 'rivera');
    await expect(page.getByRole('status').filter({ hasText: 'Supporting Jordan R.' })).toBeVisible();
    await donateToCheckout(page);
    await expect(page.getByTestId('order-credit')).toHaveText('Supporting Jordan R.');
    await expect(page.getByTestId('checkout-total')).toHaveText('$50.00');

    await fillBilling(page, '4111111111111111');
    await page.getByRole('button', { name: /^Submit payment of / }).click();
    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=/);
    await expect(page.getByTestId('receipt-credit')).toHaveText('Supporting Jordan R.');
    // The name is kept as a person writes it.
    await expect(
      page.getByText(/^Order #\d+ for Jordan Rivera, Varsity Football at Lincoln High School\.$/),
    ).toBeVisible();

    expect(await jordansPage(page)).toEqual({
      count: before.count + 1,
      total: before.total + 5_000,
      raised: before.raised + 5_000,
    });
  });

  test('an unknown name is told, before paying, that the order counts for the team; Jordan does not move', async ({
    page,
  }) => {
    const before = await jordansPage(page);
    const forTeam =
      'We could not match “Sam Nobody” to a single student on this team, so this order will count for the team. ' +
      'The coach will see the name you typed.';

    await typeStudent(page, 'sam', 'nobody');
    await expect(page.getByRole('status').filter({ hasText: forTeam })).toBeVisible();
    await donateToCheckout(page);
    await expect(page.getByTestId('order-credit')).toHaveText(forTeam);

    await fillBilling(page, '4111111111111111');
    await page.getByRole('button', { name: /^Submit payment of / }).click();
    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=/);
    await expect(page.getByTestId('receipt-credit')).toHaveText('This order counts for the team.');

    expect(await jordansPage(page)).toEqual(before);
  });
});
