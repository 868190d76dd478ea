import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { ticketPurchaseSessions, ticketPurchases } from '../src/platform/db/schema';
import { ticketAccess } from '../src/tickets/services/ticketAccess';
import { DEVICE_COOKIE } from '../src/tickets/deviceCookie';
import { createTestApp, type TestApp } from './helpers';
import { ticketKit } from './ticketKit';

const SAMPLE = 'a1a1a1a1-0000-4000-8000-000000000001';
const UNKNOWN = '99999999-9999-4999-8999-999999999999';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const { newPurchase, activate } = ticketKit(() => t);
/** The device token in a Cookie header value, as a route reads it from the cookie. */
const tokenOf = (cookie: string) => cookie.slice(`${DEVICE_COOKIE}=`.length);

describe('ticketAccess: one state per (ticket guid, device cookie)', () => {
  it('names the sample, an unknown guid, and a ticket no device holds', async () => {
    const access = ticketAccess(t.app.repositories.tickets);
    assert.equal((await access.find(SAMPLE))?.state, 'sample');
    assert.equal(await access.find(UNKNOWN), undefined);
    await assert.rejects(access.orFail(UNKNOWN), { statusCode: 404 });
    await assert.rejects(access.usableOrFail(SAMPLE), { statusCode: 400 });
    const {
      sessions: [session],
    } = await newPurchase(1);
    const fresh = await access.find(session!.toUpperCase());
    assert.equal(fresh?.state, 'unactivated');
    assert.equal(fresh?.state === 'unactivated' && fresh.importedActive, false);
  });

  it('tells the browser holding a ticket from every other one, revoked or not', async () => {
    const access = ticketAccess(t.app.repositories.tickets);
    const {
      purchaseGuid,
      sessions: [session],
    } = await newPurchase(1);
    const cookie = await activate(session!);
    const here = await access.find(session!, tokenOf(cookie));
    assert.equal(here?.state, 'boundHere');
    assert.equal((await access.find(session!))?.state, 'boundElsewhere');
    assert.equal((await access.find(session!, 'x'.repeat(43)))?.state, 'boundElsewhere');
    assert.equal((await access.usableOrFail(session!, tokenOf(cookie))).state, 'boundHere');

    await t.database.db
      .update(ticketPurchases)
      .set({ revokedAt: new Date() })
      .where(eq(ticketPurchases.guid, purchaseGuid));
    const revokedHere = await access.find(session!, tokenOf(cookie));
    assert.deepEqual([revokedHere?.state, revokedHere?.state === 'revoked' && revokedHere.heldHere], ['revoked', true]);
    const revokedElsewhere = await access.find(session!);
    assert.equal(revokedElsewhere?.state === 'revoked' && revokedElsewhere.heldHere, false);
    await assert.rejects(access.usableOrFail(session!, tokenOf(cookie)), { statusCode: 410 });
  });

  it('marks a ticket activated before the import, with no device, as importedActive', async () => {
    const {
      sessions: [session],
    } = await newPurchase(1);
    await t.database.db
      .update(ticketPurchaseSessions)
      .set({ phone: '5125550142', keyActivatedAt: new Date() })
      .where(eq(ticketPurchaseSessions.guid, session!));
    const imported = await ticketAccess(t.app.repositories.tickets).find(session!);
    assert.deepEqual(
      [imported?.state, imported?.state === 'unactivated' && imported.importedActive],
      ['unactivated', true],
    );
  });
});
