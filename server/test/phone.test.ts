import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { normalizePhone, PHONE_MESSAGE, TEXTS_US_CANADA_MESSAGE } from '@fu/shared/rules';
import { smsOutbox } from '../src/platform/db/schema';
import { HttpError } from '../src/platform/http/errors';
import { requirePhone } from '../src/platform/http/phone';
import { SmsOutsideUsCanadaError } from '../src/messaging/sms';
import { createTestApp, textsTo, type TestApp } from './helpers';
import { scrape, sample } from './prometheus';
import { ticketKit } from './ticketKit';

describe('phone numbers', () => {
  it('stores one form: the 10-digit national number', () => {
    assert.equal(normalizePhone('5125550101'), '5125550101');
    assert.equal(normalizePhone('(512) 555-0101'), '5125550101');
    assert.equal(normalizePhone('+1 512 555 0101'), '5125550101');
    assert.equal(normalizePhone('15125550101'), '5125550101');
  });

  it('refuses anything else', () => {
    for (const input of ['', '12345', '25125550101', '512555010a', '512-555-01012', '1234567890', '0000000000']) {
      assert.equal(normalizePhone(input), undefined, input);
    }
  });

  it('answers a request that gives no phone number with a 400 naming the field', () => {
    assert.equal(requirePhone('+1 (512) 555-0101'), '5125550101');
    assert.throws(
      () => requirePhone('555-0101', 'supporterPhone'),
      (error: unknown) =>
        error instanceof HttpError &&
        error.statusCode === 400 &&
        error.message === PHONE_MESSAGE &&
        error.errors?.[0]?.field === 'supporterPhone',
    );
  });
});

/** Numbers of the right length that the North American Numbering Plan never gives out. */
const NOT_NANP = ['1234567890', '0000000000', '2129110100', '9115550100', '3705550100'];
const JAMAICA = '8765550100';

describe('the API applies the phone rule and texts only US and Canadian numbers', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const get = (url: string) => t.inject({ method: 'GET', url });
  const post = (url: string, payload: object) => t.inject({ method: 'POST', url, payload });
  const { newPurchase } = ticketKit(() => t);

  function assertRefused(response: LightMyRequestResponse, message: string) {
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(response.json().message, message);
  }

  it('ShareTicketPurchase, AddPhone and CreateAccessLink: no text to a number outside the plan or the two countries', async () => {
    const { purchaseGuid, sessions } = await newPurchase(1);
    const share = (phone: string) =>
      get(`/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${purchaseGuid}&phoneNumber=${phone}`);
    const addPhone = (phone: string) =>
      post('/api/Tickets/AddPhone', { phoneNumber: phone, ticketPurchaseSessionGuid: sessions[0] });
    const accessLink = (phone: string) =>
      get(`/api/Tickets/CreateAccessLink?phoneNumber=${phone}&ticketPurchaseSessionGuid=${sessions[0]}`);
    for (const call of [share, addPhone, accessLink]) {
      for (const phone of NOT_NANP) assertRefused(await call(phone), PHONE_MESSAGE);
      assertRefused(await call(JAMAICA), TEXTS_US_CANADA_MESSAGE);
    }
    assertRefused(await share(`1${JAMAICA}`), TEXTS_US_CANADA_MESSAGE);
    assert.deepEqual(await textsTo(t.database, JAMAICA), []);
    // A Canadian number is texted.
    assert.equal((await share('4165550100')).statusCode, 200);
    assert.equal((await textsTo(t.database, '4165550100')).length, 1);
  });

  it('phone lookups refuse numbers outside the plan, and numbers they may not text, before looking anything up', async () => {
    for (const phone of NOT_NANP) {
      assertRefused(await get(`/api/Orders/ListActiveFundraisersByPhone?phone=${phone}`), PHONE_MESSAGE);
    }
    assertRefused(await get(`/api/Orders/ListActiveFundraisersByPhone?phone=${JAMAICA}`), TEXTS_US_CANADA_MESSAGE);
    assertRefused(await get(`/api/Fundraisers/ListOrders?phone=${JAMAICA}`), TEXTS_US_CANADA_MESSAGE);
    await t.app.backgroundIdle();
    assert.deepEqual(await textsTo(t.database, JAMAICA), []);
  });

  it('a student page may have a Jamaican phone, but its reminders stay off and no confirmation is texted', async () => {
    for (const phone of NOT_NANP) {
      const page = await post('/api/Orders/NewFundraiserDevice', {
        fundraiserId: 1,
        phone,
        studentFirstName: 'Avery',
        studentLastName: 'Quinn',
        studentIs13OrOlder: true,
      });
      assertRefused(page, PHONE_MESSAGE);
    }
    const made = await post('/api/Orders/NewFundraiserDevice', {
      fundraiserId: 1,
      phone: JAMAICA,
      studentFirstName: 'Avery',
      studentLastName: 'Quinn',
      studentIs13OrOlder: true,
    });
    assert.equal(made.statusCode, 200, made.body);
    const guid = made.json() as string;

    const optIn = (status: boolean) =>
      post('/api/Students/UpdateOptInStatus', { phone: JAMAICA, status, fundraiserDeviceGuid: guid });
    assertRefused(await optIn(true), TEXTS_US_CANADA_MESSAGE);
    assert.equal((await optIn(false)).statusCode, 200);

    const resend = await post('/api/Students/SendPhoneConfirmation', { fundraiserDeviceGuid: guid });
    assert.equal(resend.statusCode, 200, resend.body);
    assert.equal(resend.json().message, TEXTS_US_CANADA_MESSAGE);
    const rows = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, JAMAICA));
    assert.deepEqual(
      rows.map((row) => row.status),
      ['withheld'],
      'kept in the outbox, never handed to a provider',
    );
  });

  it('whatever reaches app.sms, a number outside the US and Canada is withheld once per dedupe key and counted', async () => {
    const before = sample(await scrape(t.app), 'texts_total', { outcome: 'outside_us_canada' });
    const text = { to: '2425550100', body: 'your digital tickets are ready', dedupeKey: 'tickets-order-bahamas' };
    await assert.rejects(() => t.app.sms.send(text), SmsOutsideUsCanadaError);
    assert.equal(await t.app.sms.send(text), undefined, 'stored already under its key: nothing to do');
    const rows = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, '2425550100'));
    assert.deepEqual(
      rows.map((row) => [row.status, row.dedupeKey]),
      [['withheld', 'tickets-order-bahamas']],
    );
    assert.equal(sample(await scrape(t.app), 'texts_total', { outcome: 'outside_us_canada' }), before + 1);
  });
});
