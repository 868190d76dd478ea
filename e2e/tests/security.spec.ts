import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { fillBilling } from '../support/checkoutForm';
import { collectAlerts } from '../support/dialogs';
import { waitForLoaded } from '../support/loading';
import { confirmationLink, newStudentPage, supporterDetails, unpaidCardOrder } from '../support/orders';
import { ports, SANDBOX_SECRET_KEY } from '../support/stack';

// Issue "Safe in public" (docs/security.md) as a supporter and a student meet it on a phone: an order
// is a capability of the browser that made it (the httpOnly fu_browser cookie), checkout charges only
// the total it showed, and reminder texts wait for the phone's owner to confirm them. CONVENTIONS §5:
// another browser plays the attacker, and nothing is read and nothing changes.

const NOT_ON_THIS_DEVICE =
  'We could not find that order on this device. An order opens only in the browser it was started in.';

const orderChanged = (total: string) =>
  `This order changed after it was shown to you: its total is now ${total}. Nothing was charged. ` +
  'Please check the order and submit again.';

const gateway = `http://localhost:${ports.gateway}`;

/** "(512) 555-0142", as the pages write a phone. */
const formatted = (phone: string) => `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;

/** The order as the browser that made it reads it (GetOrder answers that browser only). */
async function ownerView(request: APIRequestContext, orderId: number) {
  const response = await request.get(`/api/Orders/GetOrder?orderId=${orderId}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { orderId: number; status: string; orderTotal: number } & Record<string, unknown>;
}

/**
 * The charges the payment sandbox made for an order, read from the gateway's own records (with its
 * secret key, as reconciliation does): what was really taken, whatever our API says.
 */
async function chargesFor(request: APIRequestContext, orderId: number) {
  const response = await request.get(`${gateway}/v1/charges`, {
    headers: { authorization: `Bearer ${SANDBOX_SECRET_KEY}` },
  });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { idempotencyKey: string; status: string; amount?: number }[] };
  return data
    .filter((charge) => charge.idempotencyKey.startsWith(`order-${orderId}-`))
    .map(({ status, amount }) => ({ status, amount }));
}

/** A real, unused card token from the sandbox, as a checkout page would get one. */
async function cardToken(request: APIRequestContext): Promise<string> {
  const response = await request.post(`${gateway}/v1/card/tokenize`, {
    data: {
      holderName: 'Eve Mallory',
      cardNumber: '4111111111111111',
      cvv: '123',
      expiryMonth: '12',
      expiryYear: '2030',
      billingAddress: { addressLine1: '9 Elm St', addressLine2: '', city: 'Tulsa', state: 'OK', zip: '74103' },
    },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

async function expectNotOnThisDevice(response: APIResponse) {
  expect(response.status(), response.url()).toBe(404);
  expect(((await response.json()) as { message: string }).message).toBe(NOT_ON_THIS_DEVICE);
}

/** Checkout shows the order to pay once it has loaded: the form is there, not the loading spinner. */
async function checkoutShowing(page: Page, orderId: number, total: string) {
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderId}$`, 'i'));
  await expect(page.getByRole('heading', { level: 1, name: /^Checkout/ })).toBeVisible();
  await waitForLoaded(page);
  await expect(page.getByTestId('checkout-total')).toHaveText(total);
}

async function submitAndReachReceipt(page: Page, orderId: number, total: string) {
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(new RegExp(`/Receipt/${orderId}\\?key=[\\w-]+$`));
  await expect(page.getByTestId('receipt-total')).toHaveText(total);
}

test.describe('safe in public', () => {
  test('one browser: order, checkout, the sandbox card, and the receipt of that order', async ({ page, request }) => {
    await page.goto('/Order/1/0/0');
    await page.getByLabel('Student first name').fill('Jordan');
    await page.getByLabel('Student last name').fill('Rivera');
    await page.getByRole('radio', { name: /Contributor Sponsor/ }).check();
    await expect(page.getByTestId('order-total')).toHaveText('$50.00');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\/\d+$/i);
    const orderId = Number(page.url().split('/').pop());
    await checkoutShowing(page, orderId, '$50.00');

    await fillBilling(page, '4111111111111111');
    await submitAndReachReceipt(page, orderId, '$50.00');
    await expect(page.getByText('Thank you, Casey!')).toBeVisible();
    await expect(page.getByText(`Order #${orderId} for Jordan Rivera`)).toBeVisible();
    await expect(page.getByText(/Visa ending in 1111/)).toBeVisible();
    // The gateway took exactly the total the page showed, once.
    expect(await chargesFor(request, orderId)).toEqual([{ status: 'approved', amount: 5000 }]);
  });

  test('another browser with the order number can neither open, change, pay nor get the receipt of it', async ({
    page,
    browser,
    request,
  }) => {
    // Browser A makes the order ($50 donation and a $18 tub) and opens its checkout.
    const orderId = await unpaidCardOrder(page.request);
    await page.goto(`/Checkout/${orderId}`);
    await checkoutShowing(page, orderId, '$68.00');
    const before = await ownerView(page.request, orderId);
    expect(before).toMatchObject({ orderId, status: 'unpaid', orderTotal: 6800 });

    // Browser B knows the number (a shared screenshot, a guess): its pages show the same not-found
    // message and no form.
    const other = await browser.newContext();
    try {
      const stranger = await other.newPage();
      await stranger.goto(`/Checkout/${orderId}`);
      await expect(stranger.getByRole('alert')).toHaveText(NOT_ON_THIS_DEVICE);
      await expect(stranger.getByRole('button', { name: 'Submit' })).toHaveCount(0);
      await expect(stranger.getByLabel('Card number')).toHaveCount(0);
      await expect(stranger.getByTestId('checkout-total')).toHaveCount(0);
      await stranger.goto(`/Order/Edit/${orderId}`);
      await expect(stranger.getByRole('alert')).toHaveText(NOT_ON_THIS_DEVICE);
      await expect(stranger.getByRole('button', { name: 'Continue to checkout' })).toHaveCount(0);
      await expect(stranger.getByLabel('Student first name')).toHaveCount(0);

      // B's own API calls, with a browser key of its own (CreateOrder hands it one): an edit that
      // would make the order $5 of other things, reads, a charge of the right total with a real
      // card token, and the receipt link. Each is the same 404.
      await expectNotOnThisDevice(
        await other.request.post('/api/Orders/CreateOrder', {
          data: {
            orderId,
            fundraiserId: 1,
            studentFirstName: 'Eve',
            studentLastName: 'Mallory',
            donation: 0,
            fundraiserOrderItems: [{ itemId: 11, fundraiserOrderItemOptions: [{ itemOptionId: 111, qty: 5 }] }],
          },
        }),
      );
      expect((await other.cookies()).map((cookie) => cookie.name)).toContain('fu_browser');
      await expectNotOnThisDevice(await other.request.get(`/api/Orders/GetOrder?orderId=${orderId}`));
      await expectNotOnThisDevice(await other.request.get(`/api/Orders/GetFundraiserOrder?orderId=${orderId}`));
      await expectNotOnThisDevice(
        await other.request.post('/api/Orders/ProcessOrder', {
          data: {
            ...supporterDetails(orderId),
            payment: { amount: 6800, token: await cardToken(other.request) },
          },
        }),
      );
      await expectNotOnThisDevice(await other.request.post(`/api/donor/digitalReceipt/${orderId}`));

      // Nothing changed: A reads the same order (unpaid, same lines, same total), and the gateway
      // charged nothing for it.
      expect(await ownerView(page.request, orderId)).toEqual(before);
      expect(await chargesFor(request, orderId)).toEqual([]);

      // A pays it; B still gets no receipt link and no order.
      await page.reload();
      await checkoutShowing(page, orderId, '$68.00');
      await fillBilling(page, '4111111111111111');
      await submitAndReachReceipt(page, orderId, '$68.00');
      expect(await chargesFor(request, orderId)).toEqual([{ status: 'approved', amount: 6800 }]);
      await expectNotOnThisDevice(await other.request.post(`/api/donor/digitalReceipt/${orderId}`));
      await expectNotOnThisDevice(await other.request.get(`/api/Orders/GetOrder?orderId=${orderId}`));
      await stranger.goto(`/Checkout/${orderId}`);
      await expect(stranger.getByRole('alert')).toHaveText(NOT_ON_THIS_DEVICE);
      await expect(stranger.getByText('This order has been paid.')).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test('an order changed in another tab after checkout showed it: nothing charged, the new total shown, then paid', async ({
    page,
    context,
    request,
  }) => {
    const orderId = await unpaidCardOrder(page.request);
    await page.goto(`/Checkout/${orderId}`);
    await checkoutShowing(page, orderId, '$68.00');

    // A second tab of the same browser edits the order: one more tub, $86.00.
    const tab = await context.newPage();
    await tab.goto(`/Order/Edit/${orderId}`);
    await expect(tab.getByRole('status', { name: 'Chocolate Chip quantity' })).toHaveText('1');
    await tab.getByRole('button', { name: 'Add one Chocolate Chip' }).click();
    await expect(tab.getByTestId('order-total')).toHaveText('$86.00');
    await tab.getByRole('button', { name: 'Continue to checkout' }).click();
    await checkoutShowing(tab, orderId, '$86.00');
    await tab.close();

    // The first tab still shows $68.00; the supporter fills it in and submits.
    await page.bringToFront();
    await expect(page.getByTestId('checkout-total')).toHaveText('$68.00');
    await fillBilling(page, '4111111111111111');
    const alerts = collectAlerts(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => alerts).toEqual([orderChanged('$86.00')]);
    const notice = page.getByRole('status').filter({ hasText: 'This order changed' });
    await expect(notice).toHaveText(orderChanged('$86.00'));
    await expect(notice).toHaveAttribute('data-testid', 'order-changed');
    await expect(page.getByTestId('checkout-total')).toHaveText('$86.00');
    // The notice sits above the order summary, where the eye goes for the total.
    const noticeBox = (await notice.boundingBox())!;
    const totalBox = (await page.getByTestId('checkout-total').boundingBox())!;
    expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(totalBox.y);
    // What was typed is kept, and Submit is back.
    await expect(page.getByLabel('First name')).toHaveValue('Casey');
    await expect(page.getByLabel('Zip code')).toHaveValue('78701');
    await expect(page.getByLabel('Card number')).toHaveValue('4111 1111 1111 1111');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    // Nothing was charged: the order is unpaid at its new total, and the gateway took nothing.
    expect(await ownerView(page.request, orderId)).toMatchObject({ status: 'unpaid', orderTotal: 8600 });
    expect(await chargesFor(request, orderId)).toEqual([]);

    // Submitting again pays the total now shown.
    await submitAndReachReceipt(page, orderId, '$86.00');
    expect(alerts).toHaveLength(1);
    expect(await chargesFor(request, orderId)).toEqual([{ status: 'approved', amount: 8600 }]);
  });

  test('reminders wait for the phone: the texted link confirms it, and only this browser then sees all its pages', async ({
    page,
    browser,
  }) => {
    const student = await newStudentPage(page.request);
    const { guid, phone } = student;
    // A second page registered to the same phone, on another team.
    const second = await page.request.post('/api/Orders/NewFundraiserDevice', {
      data: { fundraiserId: 3, phone, studentFirstName: 'Avery', studentLastName: 'Quinn', studentIs13OrOlder: true },
    });
    expect(second.ok()).toBe(true);
    const secondGuid = (await second.json()) as string;

    await page.goto(`/Fundraiser/${guid}`);
    await waitForLoaded(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('reminders-state')).toHaveText(
      'Text reminders are waiting for your confirmation text.',
    );
    await expect(page.getByTestId('reminders-pending')).toHaveText(
      `Open the link we texted to your phone to start them. We texted a link to ${formatted(phone)}. ` +
        'Open it on that phone and tap Confirm to start your reminders.',
    );
    await expect(page.getByRole('button', { name: 'Text me the link again' })).toBeVisible();

    // The texted link opens the page with a Confirm button; opening it confirms nothing by itself
    // (SMS apps open links to draw previews).
    const link = await confirmationLink(page.request, student);
    await page.goto(link.pathname + link.search);
    const panel = page.getByRole('region', { name: 'Confirm your phone' });
    await expect(panel).toContainText(`Tap Confirm if ${formatted(phone)} is your phone.`);
    await expect(page.getByTestId('reminders-pending')).toBeVisible();
    await panel.getByRole('button', { name: 'Confirm' }).click();
    await expect(panel.getByRole('status')).toHaveText('Your phone is confirmed. Text reminders will come to it.');
    // The used code leaves the address, and the reminders no longer wait.
    await expect(page).toHaveURL(new RegExp(`/Fundraiser/${guid}$`));
    await expect(page.getByTestId('reminders-pending')).toHaveCount(0);
    await expect(page.getByTestId('reminders-state')).toHaveText('Text reminders are on.');

    // My Fundraisers in this browser lists every page of the phone, with no note.
    const note = 'Pages registered to the same phone appear here once this phone is confirmed on this device.';
    await page.getByRole('link', { name: 'My Fundraisers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Fundraisers' })).toBeVisible();
    const listed = page.getByRole('main').getByRole('listitem').getByRole('link');
    await expect(listed).toHaveCount(2);
    expect((await listed.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).sort()).toEqual(
      [`/Fundraiser/${guid}`, `/Fundraiser/${secondGuid}`].sort(),
    );
    await expect(page.getByText(note)).toHaveCount(0);

    // A fresh browser with the same page link sees that page only, and the note instead of the others.
    const other = await browser.newContext();
    try {
      const stranger = await other.newPage();
      await stranger.goto(`/Fundraisers/${guid}`);
      await expect(stranger.getByText(note)).toBeVisible();
      await expect(stranger.getByRole('button', { name: 'Text me a confirmation link' })).toBeVisible();
      const seen = stranger.getByRole('main').getByRole('listitem').getByRole('link');
      await expect(seen).toHaveCount(1);
      await expect(seen).toHaveAttribute('href', `/Fundraiser/${guid}`);
    } finally {
      await other.close();
    }
  });
});
