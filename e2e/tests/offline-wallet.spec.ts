import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';
import { newComplimentaryTicket, registerFromText } from '../support/wallet';

// The offline wallet is the service worker's job: this file lets it run (the config blocks it
// elsewhere, so a cached remote cannot hide a failure another spec looks for).
test.use({ serviceWorkers: 'allow' });

const OFFLINE = 'You are offline. Your offers are saved on this phone; a redemption is sent when you are back online.';
const PENDING = /Redemption pending: it is saved on this phone/;
const SENT = 'Your saved redemption has been sent.';
const FIVE_USE_OFFER = 2; // "ticketQty 5" in the demo ticket

/** Redemptions of an offer as the server counts them (no browser involved, so never offline). */
async function redeemedOnServer(request: APIRequestContext, session: string, offerId: number): Promise<number> {
  const response = await request.get(`/api/Tickets/GetOffers?ticketPurchaseSessionGuid=${session}`);
  const offers = (await response.json()) as { id: number; redeemedCount: number }[];
  return offers.find((offer) => offer.id === offerId)!.redeemedCount;
}

/** An activated ticket on this browser, its wallet open and controlled by the service worker. */
async function walletUnderServiceWorker(page: Page, request: APIRequestContext, phone: string) {
  const session = await newComplimentaryTicket(request);
  await page.goto(`/ActivateTicket/${session}`);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/Confirmation/);
  await registerFromText(page, request, phone);
  await expect(page.getByTestId('offer')).toHaveCount(3);
  // Bounded by the test's timeout, not a shorter one: the worker installs only once the whole precache
  // has downloaded, which took over 30 s on a loaded 2-core machine.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker claims the pages open when it activates; a page whose navigation was already under way
  // then (the texted link opened as the precache finished) stays its own until it loads again.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByTestId('offer')).toHaveCount(3);
  return session;
}

test('the wallet opens with no network once visited, and a redemption made offline is sent once', async ({
  page,
  context,
  request,
}) => {
  const session = await walletUnderServiceWorker(page, request, '5125550131');
  // Visited once under the worker: the offers, the ticket and a redeem page.
  await page.reload();
  await expect(page.getByTestId('offer')).toHaveCount(3);
  await page.goto(`/MyTicket/${session}/`);
  await expect(page.getByRole('navigation', { name: 'Ticket' })).toBeVisible();
  await page.goto(`/MyTeam/${session}/`);
  await expect(page.getByRole('link', { name: 'Game Schedule' })).toBeVisible();
  await page.goto(`/MyOffers/${session}/Redeem/${FIVE_USE_OFFER}`);
  await expect(page.getByRole('button', { name: 'Redeem' })).toBeVisible();

  await context.setOffline(true);
  await page.goto(`/MyOffers/${session}/`);
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(page.getByTestId('offer')).toHaveCount(3);
  await page.reload();
  await expect(page.getByTestId('offer')).toHaveCount(3);
  await expect(page.getByText('Buy One Pizza, Get One Free')).toBeVisible();
  await page.goto(`/MyTicket/${session}/`);
  await expect(page.getByRole('navigation', { name: 'Ticket' })).toBeVisible();
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await page.goto(`/MyTeam/${session}/`);
  await expect(page.getByRole('link', { name: 'Game Schedule' })).toBeVisible();

  // Redeemed at the register with no signal: saved, pending, not on the server yet.
  await page.goto(`/MyOffers/${session}/Redeem/${FIVE_USE_OFFER}`);
  await page.getByRole('button', { name: 'Redeem' }).click();
  await page.getByRole('dialog', { name: 'Present this at Checkout' }).getByRole('button', { name: 'Confirm' }).click();
  // The cashier sees the same proof as online, marked as waiting to sync.
  const proof = page.getByRole('dialog', { name: 'Redemption proof' });
  await expect(proof).toContainText('Waiting to sync: saved on this phone');
  await expect(proof).toContainText('4 uses left');
  await expectNoAxeViolations(page);
  await proof.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(PENDING)).toBeVisible();
  await expect(page.getByTestId('redemptions')).toHaveText('Used 1 of 5');
  expect(await redeemedOnServer(request, session, FIVE_USE_OFFER)).toBe(0);
  await expectNoAxeViolations(page);
  // Still pending after a reload with no network: the queue lives in IndexedDB.
  await page.goto(`/MyOffers/${session}/`);
  const offer = page.getByTestId('offer').nth(1);
  await expect(offer).toContainText('Redemption pending');
  await expect(offer).toContainText('4 left');
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await expect(page.getByText(SENT)).toBeVisible();
  await expect(page.getByText(OFFLINE)).toBeHidden();
  await expect.poll(() => redeemedOnServer(request, session, FIVE_USE_OFFER)).toBe(1);
  await expect(offer).toContainText('4 left');
  await expect(offer).not.toContainText('Redemption pending');

  // Nothing left to send: going offline and online again, or reloading, never counts it twice.
  await context.setOffline(true);
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByTestId('offer').nth(1)).toContainText('4 left');
  expect(await redeemedOnServer(request, session, FIVE_USE_OFFER)).toBe(1);
});

test('a redemption whose answer was lost is sent again with its key and counted once', async ({
  browser,
  page,
  request,
}) => {
  const session = await walletUnderServiceWorker(page, request, '5125550132');
  // Same device (its cookie), no worker, so the test can cut the answer of the redemption.
  const device = await browser.newContext({
    storageState: await page.context().storageState(),
    serviceWorkers: 'block',
  });
  const phone = await device.newPage();
  let cut = 0;
  await phone.route('**/api/Tickets/RedeemTicketPurchaseOffer**', async (route) => {
    if (cut++ > 0) return route.continue();
    await route.fetch(); // the server records the redemption…
    await route.abort('connectionreset'); // …and the phone never hears so.
  });
  await phone.goto(`/MyOffers/${session}/Redeem/${FIVE_USE_OFFER}`);
  await phone.getByRole('button', { name: 'Redeem' }).click();
  await phone.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(phone.getByText(PENDING)).toBeVisible();
  expect(await redeemedOnServer(request, session, FIVE_USE_OFFER)).toBe(1);

  await phone.reload(); // opening the wallet with a network sends what is saved
  await expect(phone.getByText(SENT)).toBeVisible();
  await expect(phone.getByTestId('redemptions')).toHaveText('Used 1 of 5');
  expect(cut).toBe(2);
  expect(await redeemedOnServer(request, session, FIVE_USE_OFFER)).toBe(1);
  await device.close();
});
