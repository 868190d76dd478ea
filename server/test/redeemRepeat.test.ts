import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { offerRedemptions, ticketPurchaseSessions } from '../src/platform/db/schema';
import { ConfigError, loadConfig } from '../src/platform/config/config';
import { createTestApp, type TestApp } from './helpers';
import { ticketKit } from './ticketKit';

// Issue 31: a multi-use offer used again within REDEEM_REPEAT_WARNING_MINUTES asks the holder once
// more, saying when it was last used. The rule is the page's (shared/src/rules/redeemRepeat.ts); the
// server supplies the times (each offer's lastRedeemedAt, each redemption's redeemedAt) and the window.

const COFFEE = 2; // demo offer with ticketQty 5, "per visit"

let t: TestApp;
before(async () => {
  t = await createTestApp({ config: { redeemRepeatWarningMinutes: 12 } });
});
after(() => t.close());

const { newPurchase, activate } = ticketKit(() => t);

const get = (url: string, cookie?: string) => t.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const redeem = (session: string, cookie: string, offerId = COFFEE, key?: string) =>
  t.inject({
    method: 'POST',
    url: `/api/Tickets/RedeemTicketPurchaseOffer?ticketPurchaseSessionGuid=${session}&ticketOfferId=${offerId}`,
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
  });

/** When the database recorded this ticket's redemptions of the offer, oldest first. */
async function storedTimes(session: string, offerId = COFFEE): Promise<string[]> {
  const rows = await t.database.db
    .select({ at: offerRedemptions.redeemedAt })
    .from(offerRedemptions)
    .innerJoin(ticketPurchaseSessions, eq(ticketPurchaseSessions.id, offerRedemptions.ticketPurchaseSessionId))
    .where(and(eq(ticketPurchaseSessions.guid, session), eq(offerRedemptions.ticketOfferId, offerId)))
    .orderBy(offerRedemptions.id);
  return rows.map((row) => row.at.toISOString());
}

describe('the times and the window a repeated redemption is judged by', () => {
  it('GetSession gives the configured window, for a purchased ticket and for the sample', async () => {
    const {
      sessions: [session],
    } = await newPurchase(1);
    const cookie = await activate(session!);
    const held = (await get(`/api/Tickets/GetSession?ticketPurchaseSessionGuid=${session}`, cookie)).json();
    assert.equal(held.repeatWarningMinutes, 12);
    const sample = (
      await get('/api/Tickets/GetSession?ticketPurchaseSessionGuid=a1a1a1a1-0000-4000-8000-000000000001')
    ).json();
    assert.equal(sample.repeatWarningMinutes, 12);
  });

  it('each redemption answers when it was recorded, and the offers their last redemption', async () => {
    const {
      sessions: [session],
    } = await newPurchase(1);
    const cookie = await activate(session!);
    const offers = async (device = cookie) =>
      (await get(`/api/Tickets/GetOffers?ticketPurchaseSessionGuid=${session}`, device)).json() as {
        id: number;
        redeemedCount: number;
        lastRedeemedAt: string | null;
      }[];
    assert.ok(
      (await offers()).every((offer) => offer.lastRedeemedAt === null),
      'never used: no time',
    );

    const first = await redeem(session!, cookie);
    assert.equal(first.statusCode, 200, first.body);
    const second = await redeem(session!, cookie);
    const stored = await storedTimes(session!);
    assert.equal(stored.length, 2);
    assert.equal(first.json().redeemedAt, stored[0]);
    assert.equal(second.json().redeemedAt, stored[1]);
    assert.equal(second.json().offer.lastRedeemedAt, stored[1]);
    assert.ok(Math.abs(Date.parse(stored[1]!) - Date.now()) < 60_000, 'the time of the redemption, on the server');

    const listed = await offers();
    assert.equal(listed.find((offer) => offer.id === COFFEE)!.lastRedeemedAt, stored[1]);
    assert.ok(listed.filter((offer) => offer.id !== COFFEE).every((offer) => offer.lastRedeemedAt === null));
    const detailUrl = `/api/Tickets/GetTicketOfferDetails?ticketPurchaseSessionGuid=${session}&ticketOfferId=${COFFEE}`;
    assert.equal((await get(detailUrl, cookie)).json().lastRedeemedAt, stored[1]);

    // The session guid is also on the buyer's page: anyone but the holding device learns the count,
    // never when the ticket was used.
    const elsewhere = (await offers('')).find((offer) => offer.id === COFFEE)!;
    assert.deepEqual([elsewhere.redeemedCount, elsewhere.lastRedeemedAt], [2, null]);
    assert.equal((await get(detailUrl)).json().lastRedeemedAt, null);
  });

  it("a replayed Idempotency-Key answers its first redemption's time, not a new one", async () => {
    const {
      sessions: [session],
    } = await newPurchase(1);
    const cookie = await activate(session!);
    const key = 'repeat-key-0000000000001';
    const first = await redeem(session!, cookie, COFFEE, key);
    await redeem(session!, cookie);
    const replay = await redeem(session!, cookie, COFFEE, key);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    const stored = await storedTimes(session!);
    assert.equal(stored.length, 2);
    assert.equal(replay.json().redeemedAt, first.json().redeemedAt);
    assert.equal(replay.json().redeemedAt, stored[0]);
    assert.equal(replay.json().offer.lastRedeemedAt, stored[1]);
  });

  it('another ticket of the same purchase has times of its own', async () => {
    const { sessions } = await newPurchase(2);
    const cookie = await activate(sessions[0]!);
    await redeem(sessions[0]!, cookie);
    const otherCookie = await activate(sessions[1]!, '5125550143', cookie);
    const theOther = (await get(`/api/Tickets/GetOffers?ticketPurchaseSessionGuid=${sessions[1]}`, otherCookie)).json();
    assert.ok(theOther.every((offer: { lastRedeemedAt: string | null }) => offer.lastRedeemedAt === null));
  });
});

describe('REDEEM_REPEAT_WARNING_MINUTES', () => {
  it('defaults to 30, takes 0 (no question) up to a day, and refuses anything else with a sentence', () => {
    assert.equal(loadConfig({}).redeemRepeatWarningMinutes, 30);
    assert.equal(loadConfig({ REDEEM_REPEAT_WARNING_MINUTES: '0' }).redeemRepeatWarningMinutes, 0);
    assert.equal(loadConfig({ REDEEM_REPEAT_WARNING_MINUTES: '1440' }).redeemRepeatWarningMinutes, 1440);
    for (const bad of ['-1', '1441', 'half an hour', '2.5']) {
      assert.throws(
        () => loadConfig({ REDEEM_REPEAT_WARNING_MINUTES: bad }),
        (error: unknown) =>
          error instanceof ConfigError &&
          /REDEEM_REPEAT_WARNING_MINUTES must be a whole number from 0 to 1440/.test(error.message),
      );
    }
  });
});
