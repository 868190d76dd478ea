import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  offerRedemptions,
  orders,
  ticketActivationCodes,
  ticketPurchaseSessions,
  ticketPurchases,
  teams,
} from '../src/platform/db/schema';
import { importData } from '../src/catalog/import/importData';
import { readDemoData } from '../src/catalog/import/seed';
import { ImportError } from '../src/catalog/import/validate';
import { issueTickets } from '../src/tickets/services/issueTickets';
import { DEVICE_COOKIE } from '../src/tickets/deviceCookie';
import { sha256 } from '../src/platform/security/tokens';
import { BROWSER_KEY_COOKIE } from '../src/platform/plugins/browserKey';
import { buildApp } from '../src/app';
import { testConfig } from '../src/platform/config/config';
import { SmsSendError, type SmsProvider } from '../src/messaging/sms';
import { smsOutboxRepository } from '../src/messaging/repositories/smsOutbox';
import { outboxSmsProvider } from '../src/messaging/sms/outboxProvider';
import { approvingGateway, browserOf, createTestApp, freshDatabase, shownTotal, type TestApp } from './helpers';
import { deviceCookie, ticketKit } from './ticketKit';
import { cardCheckout, newOrderBody, orderItems } from './fixtures';

const SESSION = '22222222-2222-4222-8222-222222222222';
const ACTIVATED_SESSION = '22222222-2222-4222-8222-222222222223';
const PURCHASE = '33333333-3333-4333-8333-333333333333';
const COMPLIMENTARY = '44444444-4444-4444-8444-444444444444';
const COMPLIMENTARY_SESSION = '55555555-5555-4555-8555-555555555555';
const TICKET_GUID = 'a1a1a1a1-0000-4000-8000-000000000001';
const UNKNOWN = '99999999-9999-4999-8999-999999999999';
const NOT_A_GUID = '------------------------------------';
const PHONE = '5125550142';

let t: TestApp;
before(async () => {
  t = await createTestApp({ gateway: approvingGateway });
});
after(() => t.close());

const get = (url: string, cookie?: string) => t.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload?: object, cookie?: string) =>
  t.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

/** A 4xx with a sentence for people, never a 500. */
function assertClientError(response: LightMyRequestResponse, status: number, message?: string | RegExp) {
  assert.equal(response.statusCode, status, response.body);
  const body = response.json();
  assert.equal(typeof body.message, 'string');
  assert.ok(body.message.length > 5);
  if (typeof message === 'string') assert.equal(body.message, message);
  else if (message) assert.match(body.message, message);
}

const { newPurchase, lastTextTo, codeTexted, activate } = ticketKit(() => t);

async function sessionRow(guid: string) {
  const [row] = await t.database.db.select().from(ticketPurchaseSessions).where(eq(ticketPurchaseSessions.guid, guid));
  return row!;
}

describe('ticket pages: team, ticket, purchases, preview', () => {
  it('GetTeam gives the team look and its http(s) links in page order 2, 3, 1', async () => {
    const team = (await get('/api/Tickets/GetTeam?teamId=1')).json();
    assert.equal(team.name, 'Varsity Football');
    assert.equal(team.primaryColorHex, '8B0000');
    assert.equal(team.useBackgroundPhoto, true);
    assert.deepEqual(
      team.links.map((l: { number: number; name: string }) => [l.number, l.name]),
      [
        [2, 'Team Roster'],
        [3, 'Booster Club'],
        [1, 'Game Schedule'],
      ],
    );
    await t.database.db
      .update(teams)
      .set({ link1Url: 'javascript:alert(1)', link1Name: 'Bad', link2Url: 'https://example.org/ok', link2Name: 'Ok' })
      .where(eq(teams.id, 2));
    const other = (await get('/api/Tickets/GetTeam?teamId=2')).json();
    assert.deepEqual(other.links, [{ number: 2, name: 'Ok', url: 'https://example.org/ok' }]);
  });

  it('GetTeam refuses an unknown or malformed team id with a message', async () => {
    assertClientError(await get('/api/Tickets/GetTeam?teamId=999'), 404, 'We could not find that team.');
    assertClientError(await get('/api/Tickets/GetTeam?teamId=abc'), 400);
    assertClientError(await get('/api/Tickets/GetTeam'), 400);
  });

  it('GetTicketFundraiser finds the fundraiser and ticket of a ticket-type option', async () => {
    const found = (await get('/api/Tickets/GetTicketFundraiser?itemsOptionId=431')).json();
    assert.equal(found.fundraiserId, 1);
    assert.equal(found.ticketGuid, TICKET_GUID);
    assert.equal(found.ticketName, 'Lincoln Lions Discount Card');
    assertClientError(await get('/api/Tickets/GetTicketFundraiser?itemsOptionId=111'), 404, /No digital ticket/);
    assertClientError(await get('/api/Tickets/GetTicketFundraiser?itemsOptionId=431&fundraiserId=2'), 404);
    assertClientError(await get('/api/Tickets/GetTicketFundraiser?itemsOptionId=x'), 400);
  });

  it('GetTicket gives the ticket with its photos for a session guid and for the sample', async () => {
    for (const guid of [SESSION, TICKET_GUID]) {
      const ticket = (await get(`/api/Tickets/GetTicket?ticketPurchaseSessionGuid=${guid}`)).json();
      assert.equal(ticket.name, 'Lincoln Lions Discount Card');
      assert.deepEqual(ticket.photoUrls, ['/images/ticket-photo.svg', '/images/ticket-photo-back.svg']);
      assert.equal(ticket.schoolName, 'Lincoln High School');
      assert.equal(ticket.teamName, 'Varsity Football');
      assert.equal(ticket.team.secondaryColorHex, 'FFD700');
    }
    assertClientError(await get(`/api/Tickets/GetTicket?ticketPurchaseSessionGuid=${UNKNOWN}`), 404, /check the link/);
    assertClientError(await get(`/api/Tickets/GetTicket?ticketPurchaseSessionGuid=${NOT_A_GUID}`), 400);
  });

  it('GetTicketPurchases lists the tickets n of m with links, phones and activation', async () => {
    const purchases = (await get(`/api/Tickets/GetTicketPurchases?ticketPurchaseGuid=${PURCHASE}`)).json();
    assert.equal(purchases.orderId, 1);
    assert.equal(purchases.isComplimentary, false);
    assert.equal(purchases.tickets.length, 2);
    const [first, second] = purchases.tickets;
    assert.deepEqual([first.number, first.of, first.guid], [1, 2, SESSION]);
    assert.match(first.link, new RegExp(`/activateticket/${SESSION}$`));
    assert.equal(first.activated, false);
    assert.deepEqual([second.number, second.activated, second.phone], [2, true, '5125550188']);

    const comp = (await get(`/api/Tickets/GetTicketPurchases?ticketPurchaseGuid=${COMPLIMENTARY}`)).json();
    assert.equal(comp.orderId, 0);
    assert.equal(comp.isComplimentary, true);
    assertClientError(
      await get(`/api/Tickets/GetTicketPurchases?ticketPurchaseGuid=${UNKNOWN}`),
      404,
      'Sorry, there are no digital items associated located here :/',
    );
    assertClientError(await get('/api/Tickets/GetTicketPurchases?ticketPurchaseGuid=nope'), 400);
  });

  it('GetFundraisersTicket gives the sample ticket and its offers for /TicketPreview', async () => {
    const preview = (await get('/api/Tickets/GetFundraisersTicket?fundraiserId=1')).json();
    assert.equal(preview.ticket.guid, TICKET_GUID);
    assert.equal(preview.offers.length, 3);
    assert.ok(preview.offers.every((o: { purchaseGuid: unknown }) => o.purchaseGuid === null));
    assert.deepEqual(
      preview.offers.map((o: { ticketQty: number }) => o.ticketQty),
      [1, 5, 3],
    );
    assert.equal(preview.offers[0].vendorOffer.vendor.name, "Tony's Pizza Kitchen");
    assertClientError(await get('/api/Tickets/GetFundraisersTicket?fundraiserId=2'), 404, /no digital ticket/);
    assertClientError(await get('/api/Tickets/GetFundraisersTicket?fundraiserId=one'), 400);
  });

  it('GetOffers and GetTicketOfferDetails show vendor, offer, ticketQty and what this ticket used', async () => {
    const offers = (await get(`/api/Tickets/GetOffers?ticketPurchaseSessionGuid=${SESSION}`)).json();
    assert.equal(offers.length, 3);
    assert.equal(offers[1].vendorOffer.name, 'Free Drip Coffee');
    assert.equal(offers[1].vendorOffer.description, 'One free 12 oz drip coffee per visit.');
    assert.equal(offers[1].vendorOffer.vendor.photoUrl, '/images/vendor-coffee.svg');
    assert.deepEqual([offers[1].ticketQty, offers[1].redeemedCount, offers[1].isRedeemed], [5, 0, false]);
    assert.equal(offers[1].lastRedeemedAt, null);
    // Not the buyer's browser: the offers name the ticket, never the purchase (docs/security.md).
    assert.equal(offers[1].purchaseGuid, SESSION);

    const sample = (await get(`/api/Tickets/GetOffers?ticketPurchaseSessionGuid=${TICKET_GUID}`)).json();
    assert.equal(sample[0].purchaseGuid, null);

    const detail = (
      await get(`/api/Tickets/GetTicketOfferDetails?ticketPurchaseSessionGuid=${SESSION}&ticketOfferId=3`)
    ).json();
    assert.equal(detail.vendorOffer.name, '20% Off Your Order');
    assert.equal(detail.ticketQty, 3);
    assertClientError(
      await get(`/api/Tickets/GetTicketOfferDetails?ticketPurchaseSessionGuid=${SESSION}&ticketOfferId=77`),
      404,
      'That offer is not on this ticket.',
    );
    assertClientError(await get(`/api/Tickets/GetTicketOfferDetails?ticketPurchaseSessionGuid=${SESSION}`), 400);
    assertClientError(await get(`/api/Tickets/GetOffers?ticketPurchaseSessionGuid=${UNKNOWN}`), 404);
  });

  it('CheckSecurityStatus allows everyone only on the sample ticket', async () => {
    assert.deepEqual((await get(`/api/Tickets/CheckSecurityStatus?ticketPurchaseSessionGuid=${TICKET_GUID}`)).json(), {
      allowAll: true,
    });
    assert.deepEqual((await get(`/api/Tickets/CheckSecurityStatus?ticketPurchaseSessionGuid=${SESSION}`)).json(), {
      allowAll: false,
    });
    assertClientError(await get(`/api/Tickets/CheckSecurityStatus?ticketPurchaseSessionGuid=${UNKNOWN}`), 404);
    assertClientError(await get('/api/Tickets/CheckSecurityStatus'), 400);
  });

  it('GetManifest answers a standalone web app manifest for a path on this site only', async () => {
    const response = await get(
      `/api/Tickets/GetManifest?start_url=${encodeURIComponent(`/MyOffers/${SESSION}/`)}&rand=42`,
    );
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^application\/manifest\+json/);
    const manifest = response.json();
    assert.equal(manifest.start_url, `/MyOffers/${SESSION}/`);
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.name, 'Lincoln Lions Discount Card');
    assert.ok(manifest.short_name);
    assert.equal(manifest.theme_color, '#8B0000');
    assert.ok(manifest.icons.length > 0 && manifest.icons[0].src.startsWith('/'));

    for (const bad of [
      'https://evil.example/MyOffers/x',
      '//evil.example/x',
      'MyOffers/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      assertClientError(await get(`/api/Tickets/GetManifest?start_url=${encodeURIComponent(bad)}`), 400, /start_url/);
    }
    assertClientError(await get('/api/Tickets/GetManifest'), 400);
  });
});

describe('sharing a ticket link', () => {
  it('ShareTicketPurchase texts the first unactivated ticket link and answers the message to show', async () => {
    const { purchaseGuid, sessions } = await newPurchase(2);
    const response = await get(
      `/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${purchaseGuid}&phoneNumber=(512)%20555-0177`,
    );
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().message, 'Ticket 1 of 2 was sent to (512) 555-0177.');
    const text = await lastTextTo('5125550177');
    assert.ok(text);
    assert.match(text.body, new RegExp(`/activateticket/${sessions[0]}`));

    const chosen = await get(
      `/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${purchaseGuid}&phoneNumber=15125550178&ticketPurchaseSessionGuid=${sessions[1]}`,
    );
    assert.equal(chosen.json().message, 'Ticket 2 of 2 was sent to (512) 555-0178.');
    assert.match((await lastTextTo('5125550178'))!.body, new RegExp(sessions[1]!));
  });

  it('ShareTicketPurchase refuses a bad phone, an unknown purchase and an activated ticket', async () => {
    const { purchaseGuid } = await newPurchase(1);
    for (const phone of ['12345', '512555017', '25125550177', '512-555-01777-1']) {
      assertClientError(
        await get(
          `/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${purchaseGuid}&phoneNumber=${encodeURIComponent(phone)}`,
        ),
        400,
        'Please enter a valid 10-digit phone number.',
      );
    }
    assertClientError(await get(`/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${purchaseGuid}`), 400);
    assertClientError(
      await get(`/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${UNKNOWN}&phoneNumber=5125550177`),
      404,
      'Sorry, there are no digital items associated located here :/',
    );
    assertClientError(
      await get(
        `/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${PURCHASE}&phoneNumber=5125550177&ticketPurchaseSessionGuid=${ACTIVATED_SESSION}`,
      ),
      409,
      /already activated/,
    );
    assertClientError(
      await get(
        `/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${PURCHASE}&phoneNumber=5125550177&ticketPurchaseSessionGuid=${COMPLIMENTARY_SESSION}`,
      ),
      404,
      'That ticket is not part of this purchase.',
    );
  });
});

describe('activation and device binding', () => {
  it('walks a ticket from not activated to phone registered to device registered', async () => {
    const {
      sessions: [session],
    } = await newPurchase(1);
    const check = (cookie?: string) => get(`/api/Tickets/CheckSession?ticketPurchaseSessionGuid=${session}`, cookie);
    assert.deepEqual((await check()).json(), {
      success: true,
      redirect: null,
      active: false,
      sample: false,
      deactivated: false,
    });
    const status = (await get(`/api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=${session}`)).json();
    assert.deepEqual(status, {
      success: false,
      sample: false,
      redirect: `/ActivateTicket/${session}`,
      inactive: false,
    });

    const added = await post('/api/Tickets/AddPhone', {
      phoneNumber: '(512) 555-0142',
      ticketPurchaseSessionGuid: session,
    });
    assert.deepEqual(added.json(), {
      success: true,
      redirect: `/ActivateTicket/${session}/Confirmation/${PHONE}`,
      message: 'We texted a link to (512) 555-0142. Open it on that phone to finish registering your ticket.',
    });
    const text = await lastTextTo(PHONE);
    assert.match(text!.body, new RegExp(`/ActivateTicket/${session}/RegisterDevice/${PHONE}\\?code=`));
    const code = await codeTexted(PHONE);
    assert.equal((await sessionRow(session!)).phone, PHONE);
    assert.equal((await sessionRow(session!)).keyActivatedAt, null);

    // Looking at the link (the page, or a link preview) does not use it.
    const looked = await get(`/api/Tickets/RedeemActivationLink?ticketPurchaseSessionGuid=${session}&code=${code}`);
    assert.equal(looked.json().success, true);
    assert.equal((await lastCode(session!)).usedAt, null);

    const redeemed = await post('/api/Tickets/RedeemLink', { ticketPurchaseSessionGuid: session, code });
    assert.deepEqual(redeemed.json(), {
      success: true,
      redirect: `/MyOffers/${session}/`,
      message: 'Your ticket is registered on this device.',
    });
    const set = redeemed.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    assert.equal(set.httpOnly, true);
    assert.equal(set.sameSite, 'Lax');
    assert.equal(set.path, '/api/Tickets');
    assert.ok(!set.secure, 'plain http in tests: Secure only when https');
    const row = await sessionRow(session!);
    assert.equal(row.deviceTokenHash, sha256(set.value));
    assert.notEqual(row.deviceTokenHash, set.value);
    assert.ok(row.keyActivatedAt);
    const cookie = `${DEVICE_COOKIE}=${set.value}`;

    assert.deepEqual((await check(cookie)).json(), {
      success: true,
      redirect: `/MyOffers/${session}/`,
      active: true,
      sample: false,
      deactivated: false,
    });
    const mine = (await get(`/api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=${session}`, cookie)).json();
    assert.equal(mine.success, true);
    const elsewhere = (await get(`/api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=${session}`)).json();
    assert.deepEqual(elsewhere, {
      success: false,
      sample: false,
      redirect: `/ReactivateTicket/${session}`,
      inactive: false,
    });
    // Another browser on the activate page sees the form (spec §4: not active here, not sample).
    const other = (await check()).json();
    assert.equal(other.active, false);

    const info = (await get(`/api/Tickets/GetSession?ticketPurchaseSessionGuid=${session}`, cookie)).json();
    assert.equal(info.phone, PHONE);
    assert.equal(info.deviceBound, true);
    assert.equal(info.isSession, true);
    assert.ok(info.keyActivatedAt);
    assert.equal(info.ticket.schoolName, 'Lincoln High School');
    assert.equal(info.teamLinks.length, 3);
    const stranger = (await get(`/api/Tickets/GetSession?ticketPurchaseSessionGuid=${session}`)).json();
    assert.equal(stranger.phone, '***-***-0142');
    assert.equal(stranger.deviceBound, false);
  });

  it('GetSession and CheckSession for the sample ticket and the demo purchase', async () => {
    const sample = (await get(`/api/Tickets/GetSession?ticketPurchaseSessionGuid=${TICKET_GUID}`)).json();
    assert.deepEqual([sample.isTicket, sample.isSession, sample.ticketPurchaseGuid], [true, false, null]);
    const check = (await get(`/api/Tickets/CheckSession?ticketPurchaseSessionGuid=${TICKET_GUID}`)).json();
    assert.deepEqual(check, {
      success: true,
      redirect: `/MyOffers/${TICKET_GUID}/`,
      active: false,
      sample: true,
      deactivated: false,
    });
    const demo = (await get(`/api/Tickets/GetSession?ticketPurchaseSessionGuid=${SESSION}`)).json();
    // Only the browser that bought the purchase sees its guid (ticketLinks.test.ts plays the buyer).
    assert.equal(demo.ticketPurchaseGuid, null);
    assert.equal(demo.repeatWarningMinutes, 30);
    assert.equal(demo.keyActivatedAt, null);
    assert.equal(demo.ticket.team.name, 'Varsity Football');
    assertClientError(await get(`/api/Tickets/GetSession?ticketPurchaseSessionGuid=${UNKNOWN}`), 404);
    assertClientError(await get(`/api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=${UNKNOWN}`), 404);
    assertClientError(await get('/api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=abc'), 400);
    assertClientError(await get(`/api/Tickets/CheckSession?ticketPurchaseSessionGuid=${UNKNOWN}`), 404);
    for (const query of [
      `ticketPurchaseSessionGuid=${SESSION}&code=bad!code`,
      `ticketPurchaseSessionGuid=${SESSION}`,
    ]) {
      const response = await get(`/api/Tickets/RedeemActivationLink?${query}`);
      // A link's query: the person is told the link is not valid (the step's shape carries no details).
      assertClientError(response, 400, 'This link is not valid. Please check it and try again.');
      assert.equal(response.json().success, false);
    }
    assertClientError(
      await get(`/api/Tickets/RedeemActivationLink?ticketPurchaseSessionGuid=${UNKNOWN}&code=${'E'.repeat(32)}`),
      404,
    );
    assertClientError(await get(`/api/Tickets/CheckSession?ticketPurchaseSessionGuid=${NOT_A_GUID}`), 400);
  });

  it('AddPhone refuses anything but exactly 10 digits, unknown tickets and the sample', async () => {
    const {
      sessions: [session],
    } = await newPurchase(1);
    for (const phone of ['15125550142', '512555014', 'call me']) {
      const response = await post('/api/Tickets/AddPhone', { phoneNumber: phone, ticketPurchaseSessionGuid: session });
      assertClientError(response, 400, 'Please enter a valid 10-digit phone number.');
      assert.equal(response.json().success, false);
    }
    const unknown = await post('/api/Tickets/AddPhone', { phoneNumber: PHONE, ticketPurchaseSessionGuid: UNKNOWN });
    assertClientError(unknown, 404, /check the link/);
    assertClientError(
      await post('/api/Tickets/AddPhone', { phoneNumber: PHONE, ticketPurchaseSessionGuid: TICKET_GUID }),
      400,
      /sample ticket/,
    );
    const malformed = await post('/api/Tickets/AddPhone', { phoneNumber: PHONE, ticketPurchaseSessionGuid: 'x' });
    assertClientError(malformed, 400, /^Invalid ticketPurchaseSessionGuid: /);
    assert.equal(malformed.json().success, false);
    assertClientError(await post('/api/Tickets/AddPhone', {}), 400);
  });

  it('wrong, expired and used activation codes get clear 4xx messages and bind nothing', async () => {
    const {
      sessions: [session],
    } = await newPurchase(1);
    await post('/api/Tickets/AddPhone', { phoneNumber: PHONE, ticketPurchaseSessionGuid: session });
    const code = await codeTexted(PHONE);

    const wrong = await post('/api/Tickets/RedeemLink', {
      ticketPurchaseSessionGuid: session,
      code: 'A'.repeat(32),
    });
    assertClientError(wrong, 400, /not valid/);
    assert.equal(wrong.json().success, false);
    assertClientError(
      await get(`/api/Tickets/RedeemActivationLink?ticketPurchaseSessionGuid=${session}&code=${'B'.repeat(32)}`),
      400,
    );
    // A code is good only for its own ticket.
    const {
      sessions: [otherSession],
    } = await newPurchase(1);
    assertClientError(await post('/api/Tickets/RedeemLink', { ticketPurchaseSessionGuid: otherSession, code }), 400);
    assertClientError(
      await post('/api/Tickets/RedeemLink', { ticketPurchaseSessionGuid: session, code: 'short' }),
      400,
    );

    await t.database.db
      .update(ticketActivationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ticketActivationCodes.codeHash, sha256(code)));
    assertClientError(
      await post('/api/Tickets/RedeemLink', { ticketPurchaseSessionGuid: session, code }),
      410,
      /expired/,
    );
    assertClientError(
      await get(`/api/Tickets/RedeemActivationLink?ticketPurchaseSessionGuid=${session}&code=${code}`),
      410,
    );
    assert.equal((await sessionRow(session!)).deviceTokenHash, null);

    // A new link retires the older one; the newest works once.
    await post('/api/Tickets/AddPhone', { phoneNumber: PHONE, ticketPurchaseSessionGuid: session });
    const first = await codeTexted(PHONE);
    await post('/api/Tickets/AddPhone', { phoneNumber: PHONE, ticketPurchaseSessionGuid: session });
    const newest = await codeTexted(PHONE);
    assertClientError(
      await post('/api/Tickets/RedeemLink', { ticketPurchaseSessionGuid: session, code: first }),
      409,
      /already been used/,
    );
    const ok = await post('/api/Tickets/RedeemLink', { ticketPurchaseSessionGuid: session, code: newest });
    assert.equal(ok.statusCode, 200);
    const again = await post('/api/Tickets/RedeemLink', { ticketPurchaseSessionGuid: session, code: newest });
    assertClientError(again, 409, /already been used/);
  });

  it('two devices opening the same link at once: exactly one is bound, the other refused', async () => {
    const {
      sessions: [session],
    } = await newPurchase(1);
    await post('/api/Tickets/AddPhone', { phoneNumber: PHONE, ticketPurchaseSessionGuid: session });
    const code = await codeTexted(PHONE);
    const answers = await Promise.all(
      [0, 1].map(() => post('/api/Tickets/RedeemLink', { ticketPurchaseSessionGuid: session, code })),
    );
    const winners = answers.filter((a) => a.statusCode === 200);
    const losers = answers.filter((a) => a.statusCode !== 200);
    assert.equal(winners.length, 1);
    assertClientError(losers[0]!, 409);
    assert.equal(losers[0]!.json().success, false);
    assert.equal(deviceCookie(losers[0]!), undefined);
    const winner = winners[0]!.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    assert.equal((await sessionRow(session!)).deviceTokenHash, sha256(winner.value));
  });

  it('two devices with two valid activate links racing: the conditional bind lets exactly one win', async () => {
    const {
      sessions: [session],
    } = await newPurchase(1);
    const row = await sessionRow(session!);
    await t.database.db
      .update(ticketPurchaseSessions)
      .set({ phone: PHONE })
      .where(eq(ticketPurchaseSessions.id, row.id));
    // Two outstanding codes (as if texted in the same instant), so only the bind itself decides.
    const codes = ['C'.repeat(32), 'D'.repeat(32)];
    await t.database.db.insert(ticketActivationCodes).values(
      codes.map((code) => ({
        ticketPurchaseSessionId: row.id,
        codeHash: sha256(code),
        kind: 'activate' as const,
        phone: PHONE,
        expiresAt: new Date(Date.now() + 600_000),
      })),
    );
    const answers = await Promise.all(
      codes.map((code) => post('/api/Tickets/RedeemLink', { ticketPurchaseSessionGuid: session, code })),
    );
    assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    assert.match(loser.json().message, /already registered to another device/);
    const winner = answers.find((a) => a.statusCode === 200)!.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    assert.equal((await sessionRow(session!)).deviceTokenHash, sha256(winner.value));
    // The refused device's code was not spent: the refusal rolled back.
    const [unused] = await t.database.db
      .select({ n: count() })
      .from(ticketActivationCodes)
      .where(and(eq(ticketActivationCodes.ticketPurchaseSessionId, row.id), isNull(ticketActivationCodes.usedAt)));
    assert.equal(Number(unused!.n), 1);
  });

  it('a second device is refused; reactivation moves the ticket only through a new texted link', async () => {
    const {
      sessions: [session],
    } = await newPurchase(1);
    const deviceA = await activate(session!);
    const hashA = (await sessionRow(session!)).deviceTokenHash;

    // Device B tries to register another phone: refused.
    assertClientError(
      await post('/api/Tickets/AddPhone', { phoneNumber: '5125550999', ticketPurchaseSessionGuid: session }),
      409,
      /already registered to another phone/,
    );
    // Reactivate page: the phone must be the registered one.
    const wrongPhone = await get(
      `/api/Tickets/CreateAccessLink?phoneNumber=5125550999&ticketPurchaseSessionGuid=${session}`,
    );
    assertClientError(wrongPhone, 403, /not the phone number registered/);
    assert.equal(wrongPhone.json().success, false);
    const badPhone = await get(`/api/Tickets/CreateAccessLink?phoneNumber=12&ticketPurchaseSessionGuid=${session}`);
    assertClientError(badPhone, 400, 'Please enter a valid 10-digit phone number.');
    assert.equal(badPhone.json().success, false);
    const unknown = await get(
      `/api/Tickets/CreateAccessLink?phoneNumber=${PHONE}&ticketPurchaseSessionGuid=${UNKNOWN}`,
    );
    assertClientError(unknown, 404);
    assert.equal(unknown.json().success, false);
    assert.equal((await sessionRow(session!)).deviceTokenHash, hashA);

    const link = await get(`/api/Tickets/CreateAccessLink?phoneNumber=${PHONE}&ticketPurchaseSessionGuid=${session}`);
    assert.deepEqual(link.json(), {
      success: true,
      redirect: `/ActivateTicket/${session}/Confirmation/${PHONE}`,
      message: 'We texted a link to (512) 555-0142. Open it on that phone to finish registering your ticket.',
    });
    const code = await codeTexted(PHONE);
    const looked = (
      await get(`/api/Tickets/RedeemActivationLink?ticketPurchaseSessionGuid=${session}&code=${code}`)
    ).json();
    assert.match(looked.message, /move this ticket to this device/);
    const moved = await post('/api/Tickets/RedeemLink', { ticketPurchaseSessionGuid: session, code });
    assert.equal(moved.statusCode, 200, moved.body);
    const deviceB = deviceCookie(moved)!;
    assert.notEqual(deviceB, deviceA);
    assert.equal((await sessionRow(session!)).deviceTokenHash, sha256(deviceB.split('=')[1]!));

    // The old device has lost the ticket; the new one holds it.
    assertClientError(
      await post(
        `/api/Tickets/RedeemTicketPurchaseOffer?ticketPurchaseSessionGuid=${session}&ticketOfferId=2`,
        undefined,
        deviceA,
      ),
      403,
    );
    const redeemedOnB = await post(
      `/api/Tickets/RedeemTicketPurchaseOffer?ticketPurchaseSessionGuid=${session}&ticketOfferId=2`,
      undefined,
      deviceB,
    );
    assert.equal(redeemedOnB.statusCode, 200, redeemedOnB.body);
    const onA = (await get(`/api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=${session}`, deviceA)).json();
    assert.equal(onA.redirect, `/ReactivateTicket/${session}`);
  });

  it('one browser keeps one device cookie for every ticket it holds', async () => {
    const { sessions } = await newPurchase(2);
    const cookie = await activate(sessions[0]!);
    const second = await activate(sessions[1]!, '5125550143', cookie);
    assert.equal(second, cookie);
    for (const session of sessions) {
      const status = (await get(`/api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=${session}`, cookie)).json();
      assert.equal(status.success, true);
    }
  });

  it("a holder's session check sets its cookie again on the offers page's path too; no one else's does", async () => {
    const { sessions } = await newPurchase(1);
    const cookie = await activate(sessions[0]!);
    const check = (session: string, sent?: string) =>
      get(`/api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=${session}`, sent);
    // A browser bound before the cookie went to /MyOffers sends it to the ticket calls only: the check renews both.
    const renewed = (await check(sessions[0]!, cookie)).cookies.filter((c) => c.name === DEVICE_COOKIE);
    assert.deepEqual(
      renewed.map((c) => [c.path, `${c.name}=${c.value}`]),
      [
        ['/api/Tickets', cookie],
        ['/MyOffers', cookie],
      ],
    );
    // The buyer's browser key, if this browser has one, goes to the offers page too: it shows the buyer its purchase.
    const key = 'k'.repeat(43);
    const withKey = await check(sessions[0]!, `${cookie}; ${BROWSER_KEY_COOKIE}=${key}`);
    assert.deepEqual(
      withKey.cookies.filter((c) => c.name === BROWSER_KEY_COOKIE).map((c) => [c.path, c.value]),
      [
        ['/api', key],
        ['/Checkout', key],
        ['/MyOffers', key],
      ],
    );
    // Another device's cookie on this ticket, no cookie, and the sample set nothing.
    const other = await activate((await newPurchase(1)).sessions[0]!, '5125550143');
    for (const response of [
      await check(sessions[0]!, other),
      await check(sessions[0]!),
      await check(TICKET_GUID, cookie),
    ]) {
      assert.deepEqual(
        response.cookies.filter((c) => c.name === DEVICE_COOKIE),
        [],
      );
    }
  });

  it('a ticket activated before the import is re-registered only through its own phone', async () => {
    const status = (await get(`/api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=${ACTIVATED_SESSION}`)).json();
    assert.equal(status.redirect, `/ReactivateTicket/${ACTIVATED_SESSION}`);
    assertClientError(
      await post('/api/Tickets/AddPhone', { phoneNumber: PHONE, ticketPurchaseSessionGuid: ACTIVATED_SESSION }),
      409,
    );
    const link = await get(
      `/api/Tickets/CreateAccessLink?phoneNumber=5125550188&ticketPurchaseSessionGuid=${ACTIVATED_SESSION}`,
    );
    assert.equal(link.json().success, true);
    const code = await codeTexted('5125550188');
    const bound = await post('/api/Tickets/RedeemLink', { ticketPurchaseSessionGuid: ACTIVATED_SESSION, code });
    assert.equal(bound.statusCode, 200, bound.body);
  });

  it('CreateAccessLink on a ticket with no phone yet answers success false', async () => {
    const {
      sessions: [session],
    } = await newPurchase(1);
    const response = await get(
      `/api/Tickets/CreateAccessLink?phoneNumber=${PHONE}&ticketPurchaseSessionGuid=${session}`,
    );
    assertClientError(response, 409, /No phone is registered/);
    assert.equal(response.json().success, false);
  });

  it('a revoked ticket is deactivated: the pages redirect and nothing can be registered', async () => {
    const { purchaseGuid, sessions } = await newPurchase(1);
    await t.database.db
      .update(ticketPurchases)
      .set({ revokedAt: new Date() })
      .where(eq(ticketPurchases.guid, purchaseGuid));
    const check = (await get(`/api/Tickets/CheckSession?ticketPurchaseSessionGuid=${sessions[0]}`)).json();
    assert.deepEqual(check, {
      success: true,
      redirect: `/MyOffers/${sessions[0]}/`,
      active: false,
      sample: false,
      deactivated: true,
    });
    const status = (await get(`/api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=${sessions[0]}`)).json();
    assert.equal(status.inactive, true);
    assertClientError(
      await post('/api/Tickets/AddPhone', { phoneNumber: PHONE, ticketPurchaseSessionGuid: sessions[0] }),
      410,
      'This ticket is no longer active.',
    );
    assertClientError(await get(`/api/Tickets/GetTicketPurchases?ticketPurchaseGuid=${purchaseGuid}`), 404);
  });
});

async function lastCode(session: string) {
  const row = await sessionRow(session);
  const [code] = await t.database.db
    .select()
    .from(ticketActivationCodes)
    .where(eq(ticketActivationCodes.ticketPurchaseSessionId, row.id))
    .orderBy(desc(ticketActivationCodes.id))
    .limit(1);
  return code!;
}

describe('redeeming offers', () => {
  const redeem = (session: string, offerId: number | string, cookie?: string) =>
    post(
      `/api/Tickets/RedeemTicketPurchaseOffer?ticketPurchaseSessionGuid=${session}&ticketOfferId=${offerId}`,
      undefined,
      cookie,
    );

  it('the registered device redeems up to ticketQty; then "This offer has already been redeemed"', async () => {
    const {
      sessions: [session],
    } = await newPurchase(1);
    const cookie = await activate(session!);
    const first = await redeem(session!, 1, cookie);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.json().message, 'Present this at Checkout');
    assert.deepEqual([first.json().offer.redeemedCount, first.json().offer.isRedeemed], [1, true]);
    assertClientError(await redeem(session!, 1, cookie), 409, 'This offer has already been redeemed');
    const offers = (await get(`/api/Tickets/GetOffers?ticketPurchaseSessionGuid=${session}`)).json();
    assert.deepEqual([offers[0].redeemedCount, offers[0].isRedeemed], [1, true]);
  });

  it('refuses other devices, unregistered tickets, the sample and unknown offers', async () => {
    const {
      sessions: [session, unregistered],
    } = await newPurchase(2);
    const cookie = await activate(session!);
    assertClientError(await redeem(session!, 2), 403, /registered to another device/);
    assertClientError(await redeem(session!, 2, `${DEVICE_COOKIE}=${'x'.repeat(43)}`), 403);
    assertClientError(await redeem(unregistered!, 2, cookie), 403, /register this ticket/);
    assertClientError(await redeem(TICKET_GUID, 2, cookie), 400, /sample ticket/);
    assertClientError(await redeem(session!, 77, cookie), 404, 'That offer is not on this ticket.');
    assertClientError(await redeem(session!, 'abc', cookie), 400);
    assertClientError(await redeem(UNKNOWN, 2, cookie), 404);
    const [rows] = await t.database.db
      .select({ n: count() })
      .from(offerRedemptions)
      .innerJoin(ticketPurchaseSessions, eq(ticketPurchaseSessions.id, offerRedemptions.ticketPurchaseSessionId))
      .where(eq(ticketPurchaseSessions.guid, session!));
    assert.equal(Number(rows!.n), 0);
  });

  it('50 concurrent redemptions of an offer with ticketQty 3 record exactly 3', async () => {
    const {
      sessions: [session],
    } = await newPurchase(1);
    const cookie = await activate(session!);
    const answers = await Promise.all(Array.from({ length: 50 }, () => redeem(session!, 3, cookie)));
    const codes = answers.map((a) => a.statusCode);
    assert.equal(codes.filter((c) => c === 200).length, 3);
    assert.equal(codes.filter((c) => c === 409).length, 47);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      assert.equal(refused.json().message, 'This offer has already been redeemed');
    }
    const row = await sessionRow(session!);
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(offerRedemptions)
      .where(and(eq(offerRedemptions.ticketPurchaseSessionId, row.id), eq(offerRedemptions.ticketOfferId, 3)));
    assert.equal(Number(stored!.n), 3);
  });
});

describe('tickets from paid orders', () => {
  const checkout = async (orderId: number) =>
    cardCheckout(orderId, 'tok_test', {
      supporterPhoneNumber: '(512) 555-0166',
      amount: await shownTotal(t.inject, orderId),
    });

  it('a paid ticket line issues one purchase with a ticket per unit, once, however often ProcessOrder is sent', async () => {
    const created = await post(
      '/api/Orders/CreateOrder',
      newOrderBody({
        fundraiserOrderItems: orderItems([
          { itemId: 43, itemOptionId: 431, qty: 3 },
          { itemId: 11, itemOptionId: 111, qty: 1 },
        ]),
      }),
    );
    assert.equal(created.statusCode, 200, created.body);
    const orderId = created.json() as number;
    const purchasesOf = () => t.database.db.select().from(ticketPurchases).where(eq(ticketPurchases.orderId, orderId));
    assert.equal((await purchasesOf()).length, 0, 'nothing before payment');

    const body = await checkout(orderId);
    const answers = await Promise.all([0, 1, 2].map(() => post('/api/Orders/ProcessOrder', body)));
    assert.deepEqual(
      answers.map((a) => a.json()),
      ['success', 'success', 'success'],
    );
    assert.equal((await post('/api/Orders/ProcessOrder', body)).json(), 'success');

    const purchases = await purchasesOf();
    assert.equal(purchases.length, 1);
    assert.equal(purchases[0]!.phone, '5125550166');
    const listed = (await get(`/api/Tickets/GetTicketPurchases?ticketPurchaseGuid=${purchases[0]!.guid}`)).json();
    assert.equal(listed.orderId, orderId);
    assert.deepEqual(
      listed.tickets.map((ticket: { number: number; of: number }) => `${ticket.number} of ${ticket.of}`),
      ['1 of 3', '2 of 3', '3 of 3'],
    );
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    assert.equal(order!.status, 'paid');
  });

  it('an order without ticket lines issues no tickets', async () => {
    const created = await post('/api/Orders/CreateOrder', newOrderBody());
    const orderId = created.json() as number;
    assert.equal((await post('/api/Orders/ProcessOrder', await checkout(orderId))).json(), 'success');
    const purchases = await t.database.db.select().from(ticketPurchases).where(eq(ticketPurchases.orderId, orderId));
    assert.equal(purchases.length, 0);
  });
});

describe('text limits', () => {
  it('ShareTicketPurchase and AddPhone are limited per phone and per client address', async () => {
    const limited = await createTestApp({
      config: {
        rateLimits: { ...testConfig().rateLimits, smsPerMinute: 4, smsPerPhonePerDay: 2 },
      },
    });
    try {
      const share = (phone: string, ip = '10.0.0.1') =>
        limited.app.inject({
          method: 'GET',
          url: `/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${PURCHASE}&phoneNumber=${phone}&ticketPurchaseSessionGuid=${SESSION}`,
          remoteAddress: ip,
        });
      assert.equal((await share('5125550101')).statusCode, 200);
      assert.equal((await share('(512) 555-0101', '10.0.0.2')).statusCode, 200);
      const perPhone = await share('15125550101', '10.0.0.3');
      assertClientError(perPhone, 429, /Too many texts to this phone number/);

      // Input that is no phone number is a 400 every time; it spends no phone's budget.
      for (const ip of ['10.0.1.1', '10.0.1.2', '10.0.1.3']) {
        assertClientError(await share('123', ip), 400, 'Please enter a valid 10-digit phone number.');
      }
      assert.equal((await share('5125550102')).statusCode, 200);
      assert.equal((await share('5125550103')).statusCode, 200);
      assert.equal((await share('5125550104')).statusCode, 200);
      assertClientError(await share('5125550105'), 429, /Too many requests/);
      const addPhone = await limited.app.inject({
        method: 'POST',
        url: '/api/Tickets/AddPhone',
        payload: { phoneNumber: '5125550101', ticketPurchaseSessionGuid: SESSION },
        remoteAddress: '10.0.0.9',
      });
      assertClientError(addPhone, 429, /Too many texts/);
      assert.equal(addPhone.json().success, false);
    } finally {
      await limited.close();
    }
  });
});

describe('ticket purchases in the import', () => {
  it('a re-run keeps a ticket registered here, and a historic activation needs phone and time together', async () => {
    const {
      sessions: [session],
    } = await newPurchase(1);
    await activate(session!);
    const before = await sessionRow(ACTIVATED_SESSION);
    const bound = await sessionRow(session!);

    const file = readDemoData() as { tickets: { purchases: { sessions: Record<string, string>[] }[] }[] };
    file.tickets[0]!.purchases[0]!.sessions[1]!.keyActivatedAt = '2020-01-01T00:00:00Z';
    await importData(t.database.db, file);
    assert.deepEqual(await sessionRow(ACTIVATED_SESSION), before, 'an activation is never overwritten');
    assert.deepEqual(await sessionRow(session!), bound);

    delete file.tickets[0]!.purchases[0]!.sessions[1]!.phone;
    await assert.rejects(
      importData(t.database.db, file),
      (error: unknown) =>
        error instanceof ImportError &&
        error.problems.some((p) => p.startsWith('tickets[0].purchases[0].sessions[1]: phone and keyActivatedAt')),
    );
  });
});

describe('issueTickets', () => {
  it('issues a paid line once, however often it is called (both payment paths call it)', async () => {
    const created = await post(
      '/api/Orders/CreateOrder',
      newOrderBody({ fundraiserOrderItems: orderItems([{ itemId: 43, itemOptionId: 431, qty: 2 }]) }),
    );
    const orderId = created.json() as number;
    const first = await t.database.db.transaction((tx) => issueTickets(tx, orderId));
    const second = await issueTickets(t.database.db, orderId);
    assert.equal(first.length, 1);
    assert.deepEqual(second, []);
    const [purchase] = await t.database.db.select().from(ticketPurchases).where(eq(ticketPurchases.orderId, orderId));
    const sessions = await t.database.db
      .select()
      .from(ticketPurchaseSessions)
      .where(eq(ticketPurchaseSessions.ticketPurchaseId, purchase!.id));
    assert.equal(sessions.length, 2);
  });
});

describe('https and a failing SMS provider', () => {
  it('sets a Secure cookie when the site is https, and a failed text is a 503 with the page sentence', async () => {
    const database = await freshDatabase();
    await importData(database.db, readDemoData());
    const outbox = outboxSmsProvider(smsOutboxRepository(database.db));
    const sms: SmsProvider = {
      kind: 'http',
      send: async (message) => {
        if (message.to === '5125550000') throw new SmsSendError('SMS provider answered 500');
        return outbox.send(message);
      },
    };
    const app = await buildApp({ config: testConfig({ publicUrl: 'https://fundraiser.example' }), database, sms });
    const { lastTextTo, codeTexted } = ticketKit(() => ({
      app,
      database,
      inject: browserOf(app),
      newBrowser: () => browserOf(app),
      close: () => app.close(),
    }));
    try {
      const failed = await app.inject({
        method: 'GET',
        url: `/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${PURCHASE}&phoneNumber=5125550000`,
      });
      assertClientError(failed, 503, 'Could not send the link. Please check the phone number and try again.');
      const failedAdd = await app.inject({
        method: 'POST',
        url: '/api/Tickets/AddPhone',
        payload: { phoneNumber: '5125550000', ticketPurchaseSessionGuid: SESSION },
      });
      assertClientError(failedAdd, 503);
      assert.equal(failedAdd.json().success, false);

      const added = await app.inject({
        method: 'POST',
        url: '/api/Tickets/AddPhone',
        payload: { phoneNumber: PHONE, ticketPurchaseSessionGuid: SESSION },
      });
      assert.equal(added.statusCode, 200);
      const text = await lastTextTo(PHONE);
      assert.ok(text!.body.includes(`https://fundraiser.example/ActivateTicket/${SESSION}/RegisterDevice/`));
      const code = await codeTexted(PHONE);
      const bound = await app.inject({
        method: 'POST',
        url: '/api/Tickets/RedeemLink',
        payload: { ticketPurchaseSessionGuid: SESSION, code },
      });
      assert.equal(bound.statusCode, 200, bound.body);
      const cookies = bound.cookies.filter((c) => c.name === DEVICE_COOKIE);
      assert.deepEqual(
        cookies.map((c) => c.path),
        ['/api/Tickets', '/MyOffers'],
        'the ticket calls and the offers page, which the server renders for the holder',
      );
      for (const cookie of cookies) {
        assert.equal(cookie.secure, true);
        assert.equal(cookie.httpOnly, true);
        assert.equal(cookie.sameSite, 'Lax');
      }
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
