import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';
import { activateOnThisPhone, newComplimentaryTicket } from '../support/wallet';

// Issue 31, a redemption a cashier can trust, on the smallest phone the site serves (360×640): Redeem
// on the first screen, a full-screen proof with a clock whose seconds run and a band that moves, a
// second question when a multi-use offer is used again soon, the same proof offline marked as
// waiting to sync.

test.use({ viewport: { width: 360, height: 640 } });

const COFFEE = 2; // the demo's "one free drip coffee per visit", ticketQty 5
const CLOCK_TIME = /^\d{1,2}:\d\d:\d\d [AP]M$/;

/** Redemptions of an offer as the server counts them. */
async function redeemedOnServer(request: APIRequestContext, session: string, offerId: number): Promise<number> {
  const response = await request.get(`/api/Tickets/GetOffers?ticketPurchaseSessionGuid=${session}`);
  const offers = (await response.json()) as { id: number; redeemedCount: number }[];
  return offers.find((offer) => offer.id === offerId)!.redeemedCount;
}

/** A ticket of its own registered on this page's browser, its coffee offer open. */
async function coffeeOffer(page: Page, request: APIRequestContext, phone: string): Promise<string> {
  const session = await newComplimentaryTicket(request);
  await activateOnThisPhone(page, request, session, phone);
  await page.goto(`/MyOffers/${session}/Redeem/${COFFEE}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Free Drip Coffee' })).toBeVisible();
  return session;
}

const redeemButton = (page: Page) => page.getByRole('button', { name: 'Redeem', exact: true });

async function redeemAndConfirm(page: Page) {
  await redeemButton(page).click();
  await page.getByRole('dialog', { name: 'Present this at Checkout' }).getByRole('button', { name: 'Confirm' }).click();
}

/** The clock's seconds change while we look: wait for the change, never for a time. */
async function expectRunningClock(proof: Locator) {
  const clock = proof.getByTestId('live-clock');
  await expect(clock).toHaveText(CLOCK_TIME);
  const first = (await clock.textContent())!;
  await expect(clock).not.toHaveText(first);
  await expect(clock).toHaveText(CLOCK_TIME);
  // It is the phone's time now, not the redemption's.
  const shown = Date.parse((await clock.getAttribute('datetime'))!);
  expect(Math.abs(shown - Date.now())).toBeLessThan(3_000);
}

const runningAnimations = (band: Locator) =>
  band.evaluate((element) => element.getAnimations().filter((animation) => animation.playState === 'running').length);

test('Redeem is on the first screen; the proof shows offer, time and uses left, a running clock and a moving band', async ({
  page,
  request,
}) => {
  const session = await coffeeOffer(page, request, '5125550151');
  const redeem = redeemButton(page);
  await expect(redeem).toBeInViewport({ ratio: 1 });
  // Not under the fixed tab bar either.
  const nav = (await page.getByRole('navigation', { name: 'Ticket' }).boundingBox())!;
  const button = (await redeem.boundingBox())!;
  expect(button.y + button.height).toBeLessThanOrEqual(nav.y);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await redeemAndConfirm(page);
  const proof = page.getByRole('dialog', { name: 'Redemption proof' });
  await expect(proof).toBeVisible();
  await expect(proof.getByRole('heading', { name: 'Free Drip Coffee' })).toBeVisible();
  await expect(proof).toContainText('Daily Grind Coffee');
  await expect(proof).toContainText(/Redeemed at \d{1,2}:\d\d [AP]M/);
  await expect(proof).toContainText('4 uses left');
  await expect(proof).toContainText('Lincoln High School Varsity Football');
  await expect(proof).not.toContainText('Waiting to sync');
  // The whole screen, the tab bar under it.
  expect(await proof.boundingBox()).toEqual({ x: 0, y: 0, width: 360, height: 640 });
  await expectRunningClock(proof);
  expect(await runningAnimations(proof.getByTestId('proof-band'))).toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  expect(await redeemedOnServer(request, session, COFFEE)).toBe(1);

  // The time it says is the server's record of the redemption, in the phone's clock (the times go
  // only to the device that holds the ticket: this page's browser).
  const recorded = await page.request.get(
    `/api/Tickets/GetTicketOfferDetails?ticketPurchaseSessionGuid=${session}&ticketOfferId=${COFFEE}`,
  );
  const at = (await recorded.json()) as { lastRedeemedAt: string };
  const shownAt = await page.evaluate((iso) => {
    const when = new Date(iso);
    const hours = when.getHours();
    return `${hours % 12 || 12}:${String(when.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  }, at.lastRedeemedAt);
  await expect(proof).toContainText(`Redeemed at ${shownAt}`);

  await proof.getByRole('button', { name: 'Done' }).click();
  await expect(proof).toBeHidden();
  await expect(page.getByTestId('redemptions')).toHaveText('Used 1 of 5');

  // Used again seconds later: a second question says when it was last used.
  await redeemAndConfirm(page);
  const again = page.getByRole('dialog', { name: 'Redeem again?' });
  await expect(again).toContainText(
    new RegExp(`^Redeem again\\?This offer was last used at ${shownAt}, less than a minute ago\\. Redeem it again\\?`),
  );
  await expectNoAxeViolations(page);
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();
  expect(await redeemedOnServer(request, session, COFFEE)).toBe(1);

  await redeemAndConfirm(page);
  await page.getByRole('dialog', { name: 'Redeem again?' }).getByRole('button', { name: 'Redeem Again' }).click();
  await expect(proof).toContainText('3 uses left');
  expect(await redeemedOnServer(request, session, COFFEE)).toBe(2);
});

test('with reduced motion the band stands still and the clock still runs', async ({ page, request }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await coffeeOffer(page, request, '5125550152');
  await redeemAndConfirm(page);
  const proof = page.getByRole('dialog', { name: 'Redemption proof' });
  await expect(proof).toContainText('4 uses left');
  expect(await runningAnimations(proof.getByTestId('proof-band'))).toBe(0);
  await expectRunningClock(proof);
});

test('a redemption made offline shows the same proof, marked as waiting to sync, until it is sent', async ({
  page,
  context,
  request,
}) => {
  const session = await coffeeOffer(page, request, '5125550153');
  await context.setOffline(true);
  await redeemAndConfirm(page);
  const proof = page.getByRole('dialog', { name: 'Redemption proof' });
  await expect(proof).toContainText('Waiting to sync: saved on this phone');
  await expect(proof.getByRole('heading', { name: 'Free Drip Coffee' })).toBeVisible();
  await expect(proof).toContainText(/Redeemed at \d{1,2}:\d\d [AP]M/);
  await expect(proof).toContainText('4 uses left');
  await expectRunningClock(proof);
  await expectNoAxeViolations(page);
  expect(await redeemedOnServer(request, session, COFFEE)).toBe(0);

  await context.setOffline(false);
  await expect(proof).not.toContainText('Waiting to sync');
  await expect(page.getByText('Your saved redemption has been sent.')).toBeAttached();
  await expect.poll(() => redeemedOnServer(request, session, COFFEE)).toBe(1);
  await proof.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('redemptions')).toHaveText('Used 1 of 5');
});

test('a used offer keeps the alert and says when it was redeemed; History lists it', async ({ page, request }) => {
  const session = await newComplimentaryTicket(request);
  await activateOnThisPhone(page, request, session, '5125550154');
  const pizza = page.getByTestId('offer').filter({ hasText: 'Buy One Pizza' });
  await pizza.click();
  await redeemAndConfirm(page);
  await page.getByRole('dialog', { name: 'Redemption proof' }).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(/^Redeemed at \d{1,2}:\d\d [AP]M$/)).toBeVisible();

  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(pizza).toContainText(/Redeemed at \d{1,2}:\d\d [AP]M/);
  // The used offer's label and time keep their contrast (its card was faded to 3.64:1).
  await expectNoAxeViolations(page);
  await pizza.click();
  await expect.poll(() => alerts).toEqual(['This offer has already been redeemed']);

  const tabs = page.getByRole('navigation', { name: 'Ticket' }).getByRole('link');
  await expect(tabs).toHaveText(['History', 'Team', 'Home', 'Offers']);
  await tabs.first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Offer History' })).toBeVisible();
  await expect(page.getByTestId('used-offer')).toHaveCount(1);
  await expect(page.getByTestId('used-offer')).toContainText(/Used 1 of 1 · last at \d{1,2}:\d\d [AP]M/);
  await expectNoAxeViolations(page);

  // The tab bar's labels keep clear of the screen's edges.
  const first = (await tabs.first().boundingBox())!;
  const last = (await tabs.last().boundingBox())!;
  expect(first.x).toBeGreaterThanOrEqual(8);
  expect(last.x + last.width).toBeLessThanOrEqual(360 - 8);
});
