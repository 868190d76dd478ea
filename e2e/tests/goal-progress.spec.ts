import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { fillBilling } from '../support/checkoutForm';
import { freshPhone } from '../support/orders';
import { textsTo } from '../support/wallet';

// Issue 9 "Goal progress": what the order page and the student page show must be what the orders
// in the database add up to. The orders are read here through other calls (the student's ListOrders,
// each order's GetOrder from the browser that made it, the receipts texted to the supporter's
// phone), never through the progress calls under test.

const DEMO_STUDENT = '11111111-1111-4111-8111-111111111111';
const FUNDRAISER = 1;

const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

/** Cash and check (PAYMENT_TYPES): what a student records, taken by no card. */
const CASH_OR_CHECK = [1, 3];

/**
 * "$86.00 raised of $500.00 goal" → { raised: 8600, goal: 50000, cashCheck: 0 }. Where cash or check
 * orders count, the text ends ", $18.00 of it in cash or checks" → cashCheck: 1800; that part is
 * never shown as $0.00. Callers compare cashCheck with the orders, so the suffix is accepted only
 * where such orders exist.
 */
async function figures(bar: Locator): Promise<{ raised: number; goal: number; cashCheck: number }> {
  const text = await bar.getByTestId(/-progress-text$/).innerText();
  const match =
    /^(\$[\d,]+\.\d\d) raised of (\$[\d,]+\.\d\d) goal(?:, (\$[\d,]+\.\d\d) of it in cash or checks)?$/.exec(
      text.trim(),
    );
  expect(match, text).not.toBeNull();
  const cashCheck = match![3] === undefined ? 0 : cents(match![3]);
  if (match![3] !== undefined)
    expect(cashCheck, `${text}: a cash/check part is shown only when there is one`).toBeGreaterThan(0);
  return { raised: cents(match![1]!), goal: cents(match![2]!), cashCheck };
}

/** Progress bars with their figures (ProgressBar: aria-valuenow, never aria-busy). */
const loadedProgressBars = (page: Page) =>
  page.getByRole('progressbar').and(page.locator('[aria-valuenow]:not([aria-busy="true"])'));

/** The indeterminate, aria-busy bars (ProgressBarPlaceholder) that hold a bar's place while it loads. */
const placeholderProgressBars = (page: Page) => page.getByRole('progressbar').and(page.locator('[aria-busy="true"]'));

async function teamOnOrderPage(page: Page) {
  await page.goto(`/Order/${FUNDRAISER}/0/0`);
  const bar = page.getByTestId('team-progress');
  await expect(bar.getByRole('progressbar', { name: 'Team progress' })).toBeVisible();
  return figures(bar);
}

async function studentOnOwnPage(page: Page, guid: string) {
  await page.goto(`/Fundraiser/${guid}`);
  const bar = page.getByTestId('student-progress');
  await expect(bar.getByRole('progressbar', { name: 'Your progress' })).toBeVisible();
  return figures(bar);
}

/**
 * The student's paid orders as their Orders page lists them (api/Orders/ListOrders?fdid), summed:
 * all of them, and those recorded as cash or check.
 */
async function paidForStudent(
  request: APIRequestContext,
  guid: string,
): Promise<{ raised: number; cashCheck: number }> {
  const response = await request.get(`/api/Orders/ListOrders?fdid=${guid}`);
  expect(response.ok()).toBe(true);
  const list = (await response.json()) as { orderTotal: number; paymentTypeId: number | null }[];
  const sum = (orders: typeof list) => orders.reduce((total, order) => total + order.orderTotal, 0);
  return {
    raised: sum(list),
    cashCheck: sum(list.filter((order) => CASH_OR_CHECK.includes(order.paymentTypeId ?? 0))),
  };
}

/** An order's total, read by the browser that made it (GetOrder answers only that browser), once it is paid. */
async function orderTotalIfPaid(request: APIRequestContext, orderId: string): Promise<number> {
  const order = (await (await request.get(`/api/Orders/GetOrder?orderId=${orderId}`)).json()) as {
    status: string;
    orderTotal: number;
  };
  expect(order.status).toBe('paid');
  return order.orderTotal;
}

/**
 * A $50 Contributor Sponsor donation on an order page, for the student named, paid by the sandbox's
 * approving card.
 */
async function payDonation(
  page: Page,
  orderPath: string,
  supporterPhone: string,
  [firstName, lastName] = ['Riley', 'Goalsworth'],
): Promise<string> {
  await page.goto(orderPath);
  await page.getByLabel('Student first name').fill(firstName);
  await page.getByLabel('Student last name').fill(lastName);
  await page.getByRole('radio', { name: /Contributor Sponsor/ }).check();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  const orderId = page.url().split('/').pop()!;
  // The URL changes before React renders the checkout: until then the order page is on screen, and
  // its "Student first name" field answers fillBilling's getByLabel('First name').
  await page.getByRole('heading', { level: 1, name: /^Checkout/ }).waitFor();
  await fillBilling(page, '4111111111111111', supporterPhone);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/Receipt\/\d+\?key=/);
  return orderId;
}

test.describe('goal progress', () => {
  test("the demo student's page shows what their paid orders add up to, against the $500 goal", async ({
    page,
    request,
  }) => {
    const own = await studentOnOwnPage(page, DEMO_STUDENT);
    const paid = await paidForStudent(request, DEMO_STUDENT);
    expect(own.raised).toBe(paid.raised);
    expect(own.raised).toBeGreaterThan(0);
    // The part recorded in cash or checks (other specs record some on this page) is labelled as such.
    expect(own.cashCheck).toBe(paid.cashCheck);
    expect(own.goal).toBe(50_000);
    // The same figure as the page's own Orders total.
    const [, total] = (await page.getByTestId('orders-summary').innerText()).split('·');
    expect(cents(total!)).toBe(own.raised);
    // On the leaderboard as first name and last initial, with the same amount.
    const board = page.getByRole('region', { name: 'Team leaderboard' });
    const jordan = board.getByRole('listitem').filter({ hasText: 'Jordan R.' });
    await expect(jordan).toContainText(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(own.raised / 100),
    );
    await expect(board).not.toContainText('Rivera');
    // The public team progress (the order page's) names nobody: the leaderboard needs a page guid.
    const team = await request.get(`/api/Fundraisers/GetProgress?fundraiserId=${FUNDRAISER}`);
    expect(team.ok()).toBe(true);
    const publicProgress = (await team.json()) as Record<string, unknown>;
    expect(publicProgress).not.toHaveProperty('leaderboard');
    expect(JSON.stringify(publicProgress)).not.toContain('Jordan');
  });

  test('a new student and new paid orders move the order page and the student page by exactly their totals', async ({
    page,
    request,
  }) => {
    const supporterPhone = freshPhone();
    const before = await teamOnOrderPage(page);

    // A new student page: one more student's $500 in the team goal, nothing raised yet.
    const registered = await request.post('/api/Orders/NewFundraiserDevice', {
      data: {
        fundraiserId: FUNDRAISER,
        phone: freshPhone(),
        studentFirstName: 'Riley',
        studentLastName: 'Goalsworth',
        studentIs13OrOlder: true,
      },
    });
    expect(registered.ok()).toBe(true);
    const guid = (await registered.json()) as string;
    const withStudent = await teamOnOrderPage(page);
    expect(withStudent).toEqual({ raised: before.raised, goal: before.goal + 50_000, cashCheck: before.cashCheck });
    expect(await studentOnOwnPage(page, guid)).toEqual({ raised: 0, goal: 50_000, cashCheck: 0 });
    expect(await paidForStudent(request, guid)).toEqual({ raised: 0, cashCheck: 0 });

    // An order that is never paid changes nothing.
    const unpaid = await request.post('/api/Orders/CreateOrder', {
      data: {
        fundraiserId: FUNDRAISER,
        fundraiserDeviceGuid: guid,
        studentFirstName: 'Riley',
        studentLastName: 'Goalsworth',
        donation: 10_000,
        fundraiserOrderItems: [],
      },
    });
    expect(unpaid.ok()).toBe(true);
    expect(await teamOnOrderPage(page)).toEqual(withStudent);

    // Paid through the student's own order link: the student and the team move by its total.
    const studentOrder = await payDonation(page, `/Order/${guid}`, supporterPhone);
    const studentTotal = await orderTotalIfPaid(page.request, studentOrder);
    expect(studentTotal).toBe(5_000);
    // Paid by card: no cash/check part for this student.
    const own = await studentOnOwnPage(page, guid);
    expect(own).toEqual({ raised: studentTotal, goal: 50_000, cashCheck: 0 });
    expect(await paidForStudent(request, guid)).toEqual({ raised: own.raised, cashCheck: 0 });
    await expect(page.getByTestId('student-rank')).toHaveText(/^Rank \d+ of \d+ students$/);
    const board = page.getByRole('region', { name: 'Team leaderboard' });
    await expect(board.getByRole('listitem').filter({ hasText: 'Riley G.' })).toContainText('$50.00');
    await expect(board).not.toContainText('Goalsworth');
    expect(await teamOnOrderPage(page)).toEqual({
      raised: withStudent.raised + studentTotal,
      goal: withStudent.goal,
      cashCheck: withStudent.cashCheck,
    });

    // Paid on the team's page, with no student link, for a name that is no student's (issue 31: the
    // student's own name would credit them): the team moves, the student does not.
    const teamOrder = await payDonation(page, `/Order/${FUNDRAISER}/0/0`, supporterPhone, ['Quinn', 'Teamwide']);
    const teamTotal = await orderTotalIfPaid(page.request, teamOrder);
    const after = await teamOnOrderPage(page);
    expect(after).toEqual({
      raised: withStudent.raised + studentTotal + teamTotal,
      goal: withStudent.goal,
      cashCheck: withStudent.cashCheck,
    });
    expect((await studentOnOwnPage(page, guid)).raised).toBe(studentTotal);

    // The supporter's own paid orders (another call): asked by phone, their receipt links are texted
    // to that phone, and the text holds exactly these two orders.
    const asked = await request.get(`/api/Fundraisers/ListOrders?phone=${supporterPhone}`);
    expect(await asked.json()).toEqual({
      message: 'If this number has paid orders with us, we have texted their receipt links to it.',
    });
    await expect.poll(async () => (await textsTo(request, supporterPhone)).length).toBe(1);
    const [text] = await textsTo(request, supporterPhone);
    const texted = [...text!.matchAll(/order (\d+) \((\$[\d,]+\.\d\d)\): (\S+)/g)].map(([, orderId, total, link]) => ({
      orderId: orderId!,
      total: cents(total!),
      receipt: new URL(link!).pathname,
    }));
    expect(texted.map((order) => order.orderId).sort()).toEqual([studentOrder, teamOrder].sort());
    for (const order of texted) expect(order.receipt).toBe(`/Receipt/${order.orderId}`);
    expect(after.raised - withStudent.raised).toBe(texted.reduce((sum, order) => sum + order.total, 0));
  });

  test('the progress blocks fit a 360 px screen', async ({ page }) => {
    // With what loads on its own after each page, with no placeholder: the overflow is the whole page's.
    for (const [path, loadsLater] of [
      [`/Order/${FUNDRAISER}/0/0`, page.getByRole('heading', { name: 'Bundles', exact: true })],
      [`/Fundraiser/${DEMO_STUDENT}`, page.getByRole('region', { name: 'Team leaderboard' })],
    ] as const) {
      await page.goto(path);
      // The loaded bar, never its placeholder: React replaces the one with the other, so a box read
      // from the placeholder can come back null (it was detached in between).
      const bar = loadedProgressBars(page).first();
      await expect(bar).toBeVisible();
      await expect(placeholderProgressBars(page)).toHaveCount(0);
      await loadsLater.waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      const box = await bar.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }
  });
});
