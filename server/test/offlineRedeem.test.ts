import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { offerRedemptions, ticketPurchaseSessions } from '../src/platform/db/schema';
import { DEVICE_COOKIE } from '../src/tickets/deviceCookie';
import { approvingGateway, createTestApp, type TestApp } from './helpers';
import { ticketKit } from './ticketKit';

/**
 * RedeemTicketPurchaseOffer with an Idempotency-Key: an offline wallet queues a tap and sends it
 * (again and again) when it is back online; it must count once. Demo ticket 1's offers: 1 (ticketQty
 * 1), 2 (ticketQty 5) and 3 (ticketQty 3).
 */

const INVALID_KEY = "Idempotency-Key must be 16–100 letters, digits, '-' or '_'.";
const KEY_REUSED = 'This Idempotency-Key was already used for another redemption.';
const ALREADY_REDEEMED = 'This offer has already been redeemed';
const NOT_THIS_DEVICE =
  'This ticket is registered to another device. Offers can be redeemed only on the device that registered it.';

let t: TestApp;
before(async () => {
  t = await createTestApp({ gateway: approvingGateway });
});
after(() => t.close());

const get = (url: string, cookie?: string) => t.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** One tap: the device cookie (when given) and the Idempotency-Key header (when given). */
const redeem = (session: string, offerId: number, cookie?: string, key?: string) =>
  t.inject({
    method: 'POST',
    url: `/api/Tickets/RedeemTicketPurchaseOffer?ticketPurchaseSessionGuid=${session}&ticketOfferId=${offerId}`,
    headers: { ...(cookie ? { cookie } : {}), ...(key !== undefined ? { 'idempotency-key': key } : {}) },
  });

/** A 4xx with the exact sentence, never a 500. */
function assertClientError(response: LightMyRequestResponse, status: number, message: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(response.json().message, message);
  assert.equal(response.headers['idempotent-replayed'], undefined);
}

const { newPurchase, activate } = ticketKit(() => t);

/** A purchased ticket registered on a fresh browser. */
async function registeredTicket(): Promise<{ session: string; cookie: string }> {
  const {
    sessions: [session],
  } = await newPurchase(1);
  return { session: session!, cookie: await activate(session!) };
}

async function sessionId(guid: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: ticketPurchaseSessions.id })
    .from(ticketPurchaseSessions)
    .where(eq(ticketPurchaseSessions.guid, guid));
  return row!.id;
}

/** Rows in offer_redemptions for this ticket and offer, read from the database. */
async function storedRows(session: string, offerId: number) {
  return t.database.db
    .select()
    .from(offerRedemptions)
    .where(
      and(
        eq(offerRedemptions.ticketPurchaseSessionId, await sessionId(session)),
        eq(offerRedemptions.ticketOfferId, offerId),
      ),
    );
}

async function rowsWithKey(key: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(offerRedemptions)
    .where(eq(offerRedemptions.idempotencyKey, key));
  return Number(row!.n);
}

/** GetOffers' redeemedCount for the offer, as the wallet sees it. */
async function redeemedCount(session: string, offerId: number): Promise<number> {
  const offers = (await get(`/api/Tickets/GetOffers?ticketPurchaseSessionGuid=${session}`)).json() as {
    id: number;
    redeemedCount: number;
  }[];
  return offers.find((offer) => offer.id === offerId)!.redeemedCount;
}

function assertRedeemed(response: LightMyRequestResponse, replayed: boolean, count: number, offerId: number) {
  assert.equal(response.statusCode, 200, response.body);
  const body = response.json();
  assert.equal(body.success, true);
  assert.equal(body.message, 'Present this at Checkout');
  assert.equal(body.offer.id, offerId);
  assert.equal(body.offer.redeemedCount, count);
  assert.equal(response.headers['idempotent-replayed'], replayed ? 'true' : undefined);
}

describe('RedeemTicketPurchaseOffer with an Idempotency-Key', () => {
  it('the same key sent twice records one redemption; the second is answered as a replay', async () => {
    const { session, cookie } = await registeredTicket();
    const key = randomUUID();
    const first = await redeem(session, 2, cookie, key);
    assertRedeemed(first, false, 1, 2);
    const again = await redeem(session, 2, cookie, key);
    assertRedeemed(again, true, 1, 2);
    assert.deepEqual(again.json(), first.json(), 'the replay answers with the same body');

    const rows = await storedRows(session, 2);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.idempotencyKey, key);
    assert.equal(await rowsWithKey(key), 1);
    assert.equal(await redeemedCount(session, 2), 1);
  });

  it('20 concurrent requests with one key record exactly one row and all succeed', async () => {
    const { session, cookie } = await registeredTicket();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(session, 3, cookie, key)));
    for (const answer of answers) {
      assert.equal(answer.statusCode, 200, answer.body);
      assert.equal(answer.json().offer.redeemedCount, 1);
    }
    const fresh = answers.filter((a) => a.headers['idempotent-replayed'] === undefined);
    assert.equal(fresh.length, 1, 'one request redeemed, the other 19 were replays');
    assert.equal(answers.filter((a) => a.headers['idempotent-replayed'] === 'true').length, 19);
    assert.equal((await storedRows(session, 3)).length, 1);
    assert.equal(await rowsWithKey(key), 1);
    assert.equal(await redeemedCount(session, 3), 1);
  });

  it('different keys count separately up to ticketQty, then 409; a retry of a counted key still replays', async () => {
    const { session, cookie } = await registeredTicket();
    const keys = Array.from({ length: 4 }, () => randomUUID());
    for (const [i, key] of keys.slice(0, 3).entries())
      assertRedeemed(await redeem(session, 3, cookie, key), false, i + 1, 3);
    assertClientError(await redeem(session, 3, cookie, keys[3]), 409, ALREADY_REDEEMED);
    assert.equal(await rowsWithKey(keys[3]!), 0, 'the refused key was not stored');
    assertRedeemed(await redeem(session, 3, cookie, keys[1]), true, 3, 3);

    const rows = await storedRows(session, 3);
    assert.deepEqual(rows.map((row) => row.idempotencyKey).sort(), keys.slice(0, 3).sort());
    assert.equal(await redeemedCount(session, 3), 3);
  });

  it('a key reused for another offer or another ticket is a 422 and records nothing', async () => {
    const {
      sessions: [session, other],
    } = await newPurchase(2);
    const cookie = await activate(session!);
    await activate(other!, '5125550143', cookie);
    const key = randomUUID();
    assertRedeemed(await redeem(session!, 2, cookie, key), false, 1, 2);
    assertClientError(await redeem(session!, 3, cookie, key), 422, KEY_REUSED);
    assertClientError(await redeem(other!, 2, cookie, key), 422, KEY_REUSED);

    assert.equal(await rowsWithKey(key), 1);
    assert.equal((await storedRows(session!, 3)).length, 0);
    assert.equal((await storedRows(other!, 2)).length, 0);
    assert.equal(await redeemedCount(session!, 2), 1);
    assert.equal(await redeemedCount(session!, 3), 0);
    assert.equal(await redeemedCount(other!, 2), 0);
  });

  it('one key racing on several tickets at once: one redemption, the others 422, never a 500', async () => {
    const { sessions } = await newPurchase(6);
    let cookie: string | undefined;
    for (const [i, session] of sessions.entries()) cookie = await activate(session, `51255502${10 + i}`, cookie);
    for (let round = 0; round < 3; round++) {
      const key = randomUUID();
      const answers = await Promise.all(sessions.map((session) => redeem(session, 2, cookie, key)));
      const codes = answers.map((a) => a.statusCode);
      assert.equal(codes.filter((c) => c === 200).length, 1, codes.join(','));
      assert.equal(codes.filter((c) => c === 422).length, sessions.length - 1, codes.join(','));
      for (const refused of answers.filter((a) => a.statusCode === 422))
        assert.equal(refused.json().message, KEY_REUSED);
      assert.equal(await rowsWithKey(key), 1);
    }
  });

  it('a malformed key is a 400 with a sentence, and nothing is recorded', async () => {
    const { session, cookie } = await registeredTicket();
    const bad = [
      'a'.repeat(15),
      'x'.repeat(101),
      'has spaces in the key',
      'semi;colon-0123456789',
      'ключ-0123456789abcdef',
      '',
    ];
    for (const key of bad) {
      const response = await redeem(session, 2, cookie, key);
      assertClientError(response, 400, INVALID_KEY);
      assert.deepEqual(response.json().errors, [{ field: 'Idempotency-Key', message: INVALID_KEY }]);
    }
    // Sent twice, the header arrives joined ("a, b"): not a key either.
    const twice = await t.inject({
      method: 'POST',
      url: `/api/Tickets/RedeemTicketPurchaseOffer?ticketPurchaseSessionGuid=${session}&ticketOfferId=2`,
      headers: { cookie, 'idempotency-key': [randomUUID(), randomUUID()] },
    });
    assertClientError(twice, 400, INVALID_KEY);
    assert.equal((await storedRows(session, 2)).length, 0);

    // The bounds are inclusive; any case, digits, '-' and '_'.
    assertRedeemed(await redeem(session, 2, cookie, 'aZ09_-'.padEnd(16, 'k')), false, 1, 2);
    assertRedeemed(await redeem(session, 2, cookie, 'Q'.repeat(100)), false, 2, 2);
    // The query is still checked as before, and its message wins when both are wrong.
    const badQuery = await redeem(session, Number.NaN, cookie, 'short');
    assert.equal(badQuery.statusCode, 400, badQuery.body);
    assert.equal(badQuery.json().message, 'This link is not valid. Please check it and try again.');
    assert.equal(badQuery.json().errors[0].field, 'ticketOfferId');
  });

  it('without the header the old behaviour is unchanged: each tap counts, up to ticketQty', async () => {
    const { session, cookie } = await registeredTicket();
    assertRedeemed(await redeem(session, 2, cookie), false, 1, 2);
    assertRedeemed(await redeem(session, 2, cookie), false, 2, 2);
    assertRedeemed(await redeem(session, 1, cookie), false, 1, 1);
    assertClientError(await redeem(session, 1, cookie), 409, ALREADY_REDEEMED);
    const rows = [...(await storedRows(session, 1)), ...(await storedRows(session, 2))];
    assert.equal(rows.length, 3);
    assert.ok(rows.every((row) => row.idempotencyKey === null));
    assert.equal(await redeemedCount(session, 1), 1);
    assert.equal(await redeemedCount(session, 2), 2);
  });

  it('a replay after the offer is used up is still a 200 replay, not a 409', async () => {
    const { session, cookie } = await registeredTicket();
    const key = randomUUID();
    assertRedeemed(await redeem(session, 1, cookie, key), false, 1, 1);
    assertClientError(await redeem(session, 1, cookie), 409, ALREADY_REDEEMED);
    assertClientError(await redeem(session, 1, cookie, randomUUID()), 409, ALREADY_REDEEMED);
    const replay = await redeem(session, 1, cookie, key);
    assertRedeemed(replay, true, 1, 1);
    assert.equal(replay.json().offer.isRedeemed, true);
    assert.equal((await storedRows(session, 1)).length, 1);
    assert.equal(await redeemedCount(session, 1), 1);
  });

  it('a replay still needs the registered device: 403 without its cookie', async () => {
    const { session, cookie } = await registeredTicket();
    const key = randomUUID();
    assertRedeemed(await redeem(session, 2, cookie, key), false, 1, 2);
    assertClientError(await redeem(session, 2, undefined, key), 403, NOT_THIS_DEVICE);
    assertClientError(await redeem(session, 2, `${DEVICE_COOKIE}=${'x'.repeat(43)}`, key), 403, NOT_THIS_DEVICE);
    // Another browser holding another ticket is no better.
    const otherBrowser = await registeredTicket();
    assertClientError(await redeem(session, 2, otherBrowser.cookie, key), 403, NOT_THIS_DEVICE);
    assert.equal((await storedRows(session, 2)).length, 1);
    assert.equal(await redeemedCount(session, 2), 1);
  });

  it('the header is in the API docs', async () => {
    const docs = (await get('/api/docs/json')).json();
    const operation = docs.paths['/api/Tickets/RedeemTicketPurchaseOffer'].post;
    const header = operation.parameters.find((p: { in: string; name: string }) => p.in === 'header');
    assert.equal(header.name, 'idempotency-key');
    assert.equal(header.required, false);
    assert.equal(header.schema.pattern, '^[A-Za-z0-9_-]+$');
    assert.match(operation.description, /Idempotent-Replayed/);
  });
});
