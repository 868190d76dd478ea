import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { smsOutbox, ticketActivationCodes, ticketPurchaseSessions, ticketPurchases } from '../src/platform/db/schema';
import { sha256 } from '../src/platform/security/tokens';
import { approvingGateway, createTestApp, shownTotal, textsTo, type Browser, type TestApp } from './helpers';
import { deviceCookie, ticketKit } from './ticketKit';
import { cardCheckout, newOrderBody, orderItems } from './fixtures';

// Issue 31, tickets in hand: the link a buyer texts registers the ticket on the phone that opens it,
// once, with no second text; the buyer's own browser registers a ticket with no phone typed; and the
// purchase's guid, which opens every ticket of it, goes only to the browser that bought it.

const FRIEND = '5125550133';
const BUYER_PHONE = '5125550166';
const SAMPLE = 'a1a1a1a1-0000-4000-8000-000000000001';
const DEMO_PURCHASE = '33333333-3333-4333-8333-333333333333';
const DEMO_SESSION = '22222222-2222-4222-8222-222222222222';

let t: TestApp;
before(async () => {
  t = await createTestApp({ gateway: approvingGateway });
});
after(() => t.close());

const { newPurchase } = ticketKit(() => t);

const share = (purchaseGuid: string, session: string, phone = FRIEND) =>
  t.newBrowser()({
    method: 'GET',
    url: `/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${purchaseGuid}&phoneNumber=${phone}&ticketPurchaseSessionGuid=${session}`,
  });

/** RedeemLink as a device: `cookie` is its device cookie, none for a device holding no ticket yet. */
const redeemLink = (browser: Browser, session: string, code: string, cookie?: string) =>
  browser({
    method: 'POST',
    url: '/api/Tickets/RedeemLink',
    payload: { ticketPurchaseSessionGuid: session, code },
    headers: cookie ? { cookie } : {},
  });

/** The newest text to a phone: its body and the code of its link. */
async function textedLink(phone: string) {
  const body = (await textsTo(t.database, phone)).at(-1) ?? '';
  const code = /\?code=([A-Za-z0-9_-]+)/.exec(body)?.[1];
  assert.ok(code, `no link with a code in ${body}`);
  return { body, code };
}

const sessionRow = async (guid: string) =>
  (await t.database.db.select().from(ticketPurchaseSessions).where(eq(ticketPurchaseSessions.guid, guid)))[0]!;

function assertRefused(response: LightMyRequestResponse, status: number, message: RegExp) {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(response.json().success, false);
  assert.match(response.json().message, message);
}

/** Buys `qty` digital tickets in `browser`, as the checkout does, paid with BUYER_PHONE: the purchase and its tickets. */
async function buyTickets(browser: Browser, qty: number) {
  const created = await browser({
    method: 'POST',
    url: '/api/Orders/CreateOrder',
    payload: newOrderBody({ fundraiserOrderItems: orderItems([{ itemId: 43, itemOptionId: 431, qty }]) }),
  });
  assert.equal(created.statusCode, 200, created.body);
  const orderId = created.json() as number;
  const paid = await browser({
    method: 'POST',
    url: '/api/Orders/ProcessOrder',
    payload: cardCheckout(orderId, 'tok_test', {
      supporterPhoneNumber: BUYER_PHONE,
      amount: await shownTotal(browser, orderId),
    }),
  });
  assert.equal(paid.json(), 'success', paid.body);
  await t.app.backgroundIdle();
  const [purchase] = await t.database.db.select().from(ticketPurchases).where(eq(ticketPurchases.orderId, orderId));
  const sessions = await t.database.db
    .select({ guid: ticketPurchaseSessions.guid })
    .from(ticketPurchaseSessions)
    .where(eq(ticketPurchaseSessions.ticketPurchaseId, purchase!.id))
    .orderBy(ticketPurchaseSessions.id);
  return { purchaseGuid: purchase!.guid, sessions: sessions.map((row) => row.guid) };
}

describe('a ticket link texted by its buyer', () => {
  it('opens the ticket ready to register: the phone that opens it is bound, with no second text', async () => {
    const {
      purchaseGuid,
      sessions: [session],
    } = await newPurchase(1);
    assert.equal((await share(purchaseGuid, session!)).statusCode, 200);
    const { body, code } = await textedLink(FRIEND);
    assert.ok(body.includes(`/activateticket/${session}?code=${code}`), body);
    assert.ok(!body.includes(FRIEND), 'a forwarded link names no phone');

    const friend = t.newBrowser();
    const looked = await friend({
      method: 'GET',
      url: `/api/Tickets/RedeemActivationLink?ticketPurchaseSessionGuid=${session}&code=${code}`,
    });
    assert.deepEqual(looked.json(), {
      success: true,
      redirect: null,
      message: 'Confirm to register this ticket on this device.',
    });

    const bound = await redeemLink(friend, session!, code);
    assert.equal(bound.statusCode, 200, bound.body);
    assert.equal(bound.json().redirect, `/MyOffers/${session}/`);
    const cookie = deviceCookie(bound)!;
    const row = await sessionRow(session!);
    assert.equal(row.phone, FRIEND, 'registered to the phone the link was texted to');
    assert.ok(row.keyActivatedAt);
    assert.equal(row.deviceTokenHash, sha256(cookie.split('=')[1]!));
    assert.equal((await textsTo(t.database, FRIEND)).length, 1, 'no second text');
    const status = await friend({
      method: 'GET',
      url: `/api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=${session}`,
      headers: { cookie },
    });
    assert.equal(status.json().success, true);
  });

  it('works once: a second device, and the same device again, are refused and nothing moves', async () => {
    const {
      purchaseGuid,
      sessions: [session],
    } = await newPurchase(1);
    await share(purchaseGuid, session!);
    const { code } = await textedLink(FRIEND);
    const first = await redeemLink(t.newBrowser(), session!, code);
    assert.equal(first.statusCode, 200, first.body);
    const held = (await sessionRow(session!)).deviceTokenHash;

    assertRefused(await redeemLink(t.newBrowser(), session!, code), 409, /already been used/);
    assertRefused(await redeemLink(t.newBrowser(), session!, code, deviceCookie(first)), 409, /already been used/);
    assert.equal((await sessionRow(session!)).deviceTokenHash, held);
  });

  it('two devices opening the link at once: exactly one registers the ticket', async () => {
    const {
      purchaseGuid,
      sessions: [session],
    } = await newPurchase(1);
    await share(purchaseGuid, session!);
    const { code } = await textedLink(FRIEND);
    const answers = await Promise.all([0, 1, 2, 3].map(() => redeemLink(t.newBrowser(), session!, code)));
    assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [200, 409, 409, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!;
    assert.equal((await sessionRow(session!)).deviceTokenHash, sha256(deviceCookie(winner)!.split('=')[1]!));
  });

  it('a wrong code and an expired one are refused and bind nothing; a newer link retires the older', async () => {
    const {
      purchaseGuid,
      sessions: [session],
    } = await newPurchase(1);
    await share(purchaseGuid, session!);
    const { code } = await textedLink(FRIEND);
    assertRefused(await redeemLink(t.newBrowser(), session!, 'W'.repeat(32)), 400, /not valid/);

    const [stored] = await t.database.db
      .select()
      .from(ticketActivationCodes)
      .where(eq(ticketActivationCodes.codeHash, sha256(code)));
    assert.ok(stored, 'only the SHA-256 of the code is stored');
    assert.equal(stored.kind, 'share');
    assert.equal(stored.phone, FRIEND);
    const days = (stored.expiresAt.getTime() - stored.createdAt.getTime()) / 86_400_000;
    assert.ok(days > 6.99 && days <= 7, `valid TICKET_SHARE_LINK_DAYS (7), not ${days}`);

    await t.database.db
      .update(ticketActivationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ticketActivationCodes.id, stored.id));
    assertRefused(await redeemLink(t.newBrowser(), session!, code), 410, /expired/);
    assert.equal((await sessionRow(session!)).deviceTokenHash, null);

    await share(purchaseGuid, session!, '5125550134');
    const older = (await textedLink('5125550134')).code;
    await share(purchaseGuid, session!, '5125550135');
    assertRefused(await redeemLink(t.newBrowser(), session!, older), 409, /replaced by a newer one/);
    const newest = (await textedLink('5125550135')).code;
    assert.equal((await redeemLink(t.newBrowser(), session!, newest)).statusCode, 200);
    assert.equal((await sessionRow(session!)).phone, '5125550135');
  });

  it("a link texted for one ticket registers no other, and a code is no good on another ticket's link", async () => {
    const { purchaseGuid, sessions } = await newPurchase(2);
    await share(purchaseGuid, sessions[0]!);
    const { code } = await textedLink(FRIEND);
    assertRefused(await redeemLink(t.newBrowser(), sessions[1]!, code), 400, /not valid/);
    assert.equal((await sessionRow(sessions[1]!)).deviceTokenHash, null);
  });
});

describe('Use on This Phone (UseTicketHere)', () => {
  const useHere = (browser: Browser, purchaseGuid: string, session: string, cookie?: string) =>
    browser({
      method: 'POST',
      url: '/api/Tickets/UseTicketHere',
      payload: { ticketPurchaseGuid: purchaseGuid, ticketPurchaseSessionGuid: session },
      headers: cookie ? { cookie } : {},
    });

  it("registers a ticket in the buyer's browser with no phone typed and no text", async () => {
    const buyer = t.newBrowser();
    const { purchaseGuid, sessions } = await buyTickets(buyer, 2);
    const textsBefore = (await t.database.db.select().from(smsOutbox)).length;

    const step = await useHere(buyer, purchaseGuid, sessions[0]!);
    assert.equal(step.statusCode, 200, step.body);
    const { redirect } = step.json() as { redirect: string };
    const code = new RegExp(`^/ActivateTicket/${sessions[0]}/RegisterDevice\\?code=([A-Za-z0-9_-]+)$`).exec(
      redirect,
    )?.[1];
    assert.ok(code, redirect);
    assert.ok(!redirect.includes(BUYER_PHONE), 'the URL names no phone');
    assert.equal((await t.database.db.select().from(smsOutbox)).length, textsBefore, 'nothing texted');

    const bound = await redeemLink(buyer, sessions[0]!, code);
    assert.equal(bound.statusCode, 200, bound.body);
    assert.equal((await sessionRow(sessions[0]!)).phone, BUYER_PHONE, 'the checkout phone holds it');
    assertRefused(await redeemLink(t.newBrowser(), sessions[0]!, code), 409, /already been used/);

    // Asked again on the device that holds it: straight to the offers.
    const again = await useHere(buyer, purchaseGuid, sessions[0]!, deviceCookie(bound));
    assert.equal(again.json().redirect, `/MyOffers/${sessions[0]}/`);
    // Held by this device, asked from another: refused.
    assertRefused(await useHere(buyer, purchaseGuid, sessions[0]!), 409, /already activated/);
  });

  it('sends any other browser holding the purchase guid to the phone form, with no code issued', async () => {
    const { purchaseGuid, sessions } = await buyTickets(t.newBrowser(), 1);
    const codesBefore = (await t.database.db.select().from(ticketActivationCodes)).length;
    const step = await useHere(t.newBrowser(), purchaseGuid, sessions[0]!);
    assert.equal(step.statusCode, 200, step.body);
    assert.equal(step.json().redirect, `/ActivateTicket/${sessions[0]}`);
    assert.equal((await t.database.db.select().from(ticketActivationCodes)).length, codesBefore);

    // A complimentary purchase has no buyer's browser.
    const comp = await newPurchase(1);
    assert.equal(
      (await useHere(t.inject, comp.purchaseGuid, comp.sessions[0]!)).json().redirect,
      `/ActivateTicket/${comp.sessions[0]}`,
    );
  });

  it('refuses a ticket of another purchase, an unknown purchase, the sample and bad input, with messages', async () => {
    const buyer = t.newBrowser();
    const mine = await buyTickets(buyer, 1);
    const other = await newPurchase(1);
    assertRefused(await useHere(buyer, mine.purchaseGuid, other.sessions[0]!), 404, /not part of this purchase/);
    assertRefused(await useHere(buyer, mine.purchaseGuid, SAMPLE), 404, /not part of this purchase/);
    assertRefused(
      await useHere(buyer, '99999999-9999-4999-8999-999999999999', mine.sessions[0]!),
      404,
      /no digital items/,
    );
    assertRefused(await useHere(buyer, 'not-a-guid', mine.sessions[0]!), 400, /ticketPurchaseGuid/);
    assert.equal((await sessionRow(other.sessions[0]!)).deviceTokenHash, null);
  });
});

describe('the purchase guid goes only to the browser that bought it', () => {
  it("GetSession, GetOffers and a redemption show it to the buyer's browser, never to another holder", async () => {
    const buyer = t.newBrowser();
    const { purchaseGuid, sessions } = await buyTickets(buyer, 2);
    const session = (browser: Browser, guid: string, cookie?: string) =>
      browser({
        method: 'GET',
        url: `/api/Tickets/GetSession?ticketPurchaseSessionGuid=${guid}`,
        headers: cookie ? { cookie } : {},
      });
    const offers = (browser: Browser, guid: string) =>
      browser({ method: 'GET', url: `/api/Tickets/GetOffers?ticketPurchaseSessionGuid=${guid}` });

    assert.equal((await session(buyer, sessions[0]!)).json().ticketPurchaseGuid, purchaseGuid);
    assert.equal((await offers(buyer, sessions[0]!)).json()[0].purchaseGuid, purchaseGuid);

    // The friend the second ticket was texted to holds it on their phone: still no purchase guid.
    await share(purchaseGuid, sessions[1]!);
    const friend = t.newBrowser();
    const bound = await redeemLink(friend, sessions[1]!, (await textedLink(FRIEND)).code);
    const cookie = deviceCookie(bound)!;
    const friendsView = (await session(friend, sessions[1]!, cookie)).json();
    assert.equal(friendsView.deviceBound, true);
    assert.equal(friendsView.ticketPurchaseGuid, null);
    const friendsOffers = (await offers(friend, sessions[1]!)).json() as { purchaseGuid: string }[];
    assert.ok(friendsOffers.every((offer) => offer.purchaseGuid === sessions[1]));
    const redeemed = await friend({
      method: 'POST',
      url: `/api/Tickets/RedeemTicketPurchaseOffer?ticketPurchaseSessionGuid=${sessions[1]}&ticketOfferId=2`,
      headers: { cookie },
    });
    assert.equal(redeemed.statusCode, 200, redeemed.body);
    assert.equal(redeemed.json().offer.purchaseGuid, sessions[1]);
    assert.ok(!JSON.stringify(friendsView).includes(purchaseGuid));

    // The demo purchase was imported: no browser made its order.
    assert.equal((await session(t.inject, DEMO_SESSION)).json().ticketPurchaseGuid, null);
    assert.notEqual((await offers(t.inject, DEMO_SESSION)).json()[0].purchaseGuid, DEMO_PURCHASE);
  });
});
