import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ACCESS_MESSAGES, SUPPORT_CONTACTS } from '@fu/shared/contracts';
import { testConfig } from '../src/platform/config/config';
import {
  fundraiserDevices,
  fundraisers,
  reminderSends,
  smsInbound,
  smsOptOuts,
  smsOutbox,
} from '../src/platform/db/schema';
import { webhookSignature } from '../src/platform/security/webhookSignature';
import { SmsOptedOutError } from '../src/messaging/sms';
import { keywordOf, KEYWORDS, OPT_OUT_FOOTER } from '../src/messaging/sms/keywords';
import { reminderText } from '../src/students/services/reminders';
import { ticketsText } from '../src/orders/services/paidOrderNotices';
import { textSender } from '../src/messaging/sms/sender';
import { createTestApp, type TestApp } from './helpers';
import { scrape, sample } from './prometheus';
import { smsEndpoint } from './smsEndpoint';
import { ticketKit } from './ticketKit';

// Issue 34: texts by the rules. A phone that replies STOP (or any usual synonym, in English or
// Spanish) gets no text of any kind after it, but one confirmation; START lifts it; HELP is answered.
// The replies come through the SMS provider's signed webhook (or the development outbox's form),
// every consent is recorded, and the opt-out holds while a reminder pass is running.

const SECRET = 'inbound-test-secret-0123456789abcdef0123';
const ADMIN = { authorization: `Bearer ${testConfig().adminApiToken}` };
/** Demo fundraiser 1 (Lincoln High, Texas: America/Chicago) kicks off January 10: its reminder is due the 12th. */
const REMINDER_DAY = new Date('2027-01-12T15:00:00Z');

/** The texts to a phone, oldest first, with what became of each. */
async function outboxOf(t: TestApp, phone: string) {
  return t.database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone)).orderBy(asc(smsOutbox.id));
}

/** A text a phone sends to our number, as the SMS provider posts it: form-encoded and signed. */
function providerPost(
  t: TestApp,
  fields: Record<string, string>,
  {
    secret = SECRET,
    timestamp = Math.floor(Date.now() / 1000),
    signature,
  }: { secret?: string; timestamp?: number; signature?: string } = {},
) {
  const body = new URLSearchParams(fields).toString();
  return t.app.inject({
    method: 'POST',
    url: '/api/Sms/Inbound',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-sms-timestamp': String(timestamp),
      'x-sms-signature': signature ?? webhookSignature(secret, timestamp, body),
    },
    payload: body,
  });
}

let messageCount = 0;
/** A phone (10 digits) texts `body` to our number; what the webhook answered it did. */
async function reply(t: TestApp, phone: string, body: string): Promise<string> {
  const response = await providerPost(t, {
    From: `+1${phone}`,
    To: '+15125550000',
    Body: body,
    MessageSid: `SM${String(++messageCount).padStart(32, '0')}`,
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<{ action: string }>().action;
}

describe('the keywords', () => {
  it('take STOP and its synonyms, English and Spanish, whatever the case, accents and punctuation around them', () => {
    for (const message of [
      'STOP',
      'stop',
      ' Stop. ',
      'STOP!!!',
      'STOPALL',
      'Stop all',
      'UNSUBSCRIBE',
      'cancel',
      'End',
      'QUIT',
      'revoke',
      'OPTOUT',
      'opt-out',
      'Opt out',
      'ALTO',
      '¡Alto!',
      'parar',
      'CANCELAR',
      'No más',
      'NO MAS',
      'no mas.',
      'Baja',
      '🛑 STOP 🛑',
    ]) {
      assert.equal(keywordOf(message)?.keyword, 'stop', message);
    }
    assert.equal(keywordOf('ALTO')?.language, 'es');
    assert.equal(keywordOf('stop')?.language, 'en');
  });

  it('take START, UNSTOP, YES and SÍ to opt back in, and HELP, INFO and AYUDA', () => {
    for (const message of ['START', 'unstop', 'Yes', 'Sí', 'si!'])
      assert.equal(keywordOf(message)?.keyword, 'start', message);
    for (const message of ['HELP', 'help?', 'Info', 'AYUDA'])
      assert.equal(keywordOf(message)?.keyword, 'help', message);
  });

  it('take a whole message only: a sentence that contains a keyword is not one', () => {
    for (const message of [
      "don't stop the reminders",
      'stop stop',
      'Please help me',
      'STOPPED',
      'yes please',
      '',
      '...',
    ]) {
      assert.equal(keywordOf(message), undefined, message);
    }
  });
});

describe('the inbound webhook', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ config: { sms: { inboundSecret: SECRET } } });
  });
  after(() => t.close());

  const phone = '5125550301';
  const isOptedOut = async (number: string) =>
    (await t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, number))).length > 0;
  const inboundCount = async () => (await t.database.db.select().from(smsInbound)).length;

  it('refuses a request without a good signature, and does nothing with it', async () => {
    const fields = { From: `+1${phone}`, Body: 'STOP', MessageSid: 'SMrefused' };
    const body = new URLSearchParams(fields).toString();
    const now = Math.floor(Date.now() / 1000);
    const before = await inboundCount();
    const refusals = [
      // Signed with another secret.
      await providerPost(t, fields, { secret: 'not-the-secret-0123456789abcdef01234' }),
      // Signed over another body (the phone changed in transit).
      await providerPost(t, fields, { signature: webhookSignature(SECRET, now, body.replace('0301', '0302')) }),
      // A good signature over five minutes old, or as far ahead: a replay, or a clock far off.
      await providerPost(t, fields, { timestamp: now - 360 }),
      await providerPost(t, fields, { timestamp: now + 360 }),
      // Not our scheme's shape.
      await providerPost(t, fields, { signature: 'v1=zz' }),
      await providerPost(t, fields, { signature: webhookSignature(SECRET, now, body).replace('v1=', 'sha256=') }),
      // No signature at all.
      await t.app.inject({
        method: 'POST',
        url: '/api/Sms/Inbound',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      }),
      // JSON, signed over its text: providers post forms, and only a form's raw body is kept.
      await t.app.inject({
        method: 'POST',
        url: '/api/Sms/Inbound',
        headers: {
          'content-type': 'application/json',
          'x-sms-timestamp': String(now),
          'x-sms-signature': webhookSignature(SECRET, now, JSON.stringify(fields)),
        },
        payload: JSON.stringify(fields),
      }),
    ];
    for (const response of refusals) {
      assert.equal(response.statusCode, 401, response.body);
      assert.deepEqual(response.json(), { message: 'The request is not signed by our SMS provider.' });
    }
    assert.equal(await isOptedOut(phone), false);
    assert.equal(await inboundCount(), before, 'nothing was recorded');
    assert.equal((await outboxOf(t, phone)).length, 0);
  });

  it('takes a well-signed form, also when the provider signs with two secrets while it rotates them', async () => {
    const fields = { From: `+1${phone}`, Body: 'hello', MessageSid: 'SMrotating', AccountSid: 'AC123', NumMedia: '0' };
    const body = new URLSearchParams(fields).toString();
    const now = Math.floor(Date.now() / 1000);
    const both = `${webhookSignature('the-old-secret-0123456789abcdef012345', now, body)},${webhookSignature(SECRET, now, body)}`;
    const response = await providerPost(t, fields, { signature: both });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { action: 'none' });
  });

  it('takes each provider message once: a second delivery of one MessageSid does nothing', async () => {
    const fields = { From: `+1${phone}`, Body: 'STOP', MessageSid: 'SMdelivered-twice' };
    assert.deepEqual((await providerPost(t, fields)).json(), { action: 'opted_out' });
    assert.deepEqual((await providerPost(t, fields)).json(), { action: 'duplicate' });
    const texts = await outboxOf(t, phone);
    assert.deepEqual(
      texts.map((text) => [text.keywordReply, text.status]),
      [['stop', 'sent']],
      'one confirmation',
    );
  });

  it('refuses everything when SMS_INBOUND_SECRET is not set', async () => {
    const unconfigured = await createTestApp({ database: t.database, config: { sms: {} } });
    try {
      const response = await providerPost(unconfigured, { From: '+15125550399', Body: 'STOP' });
      assert.equal(response.statusCode, 401);
      assert.equal(await isOptedOut('5125550399'), false);
    } finally {
      await unconfigured.close();
    }
  });

  it('answers 400 to a signed body that is not a text', async () => {
    const response = await providerPost(t, { Body: 'STOP' });
    assert.equal(response.statusCode, 400, response.body);
  });

  it('is rate-limited per client address', async () => {
    const limited = await createTestApp({
      database: t.database,
      config: {
        sms: { inboundSecret: SECRET },
        rateLimits: { ...testConfig().rateLimits, smsInboundPerMinute: 2 },
      },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await providerPost(limited, { From: '+15125550398', Body: `hi ${i}` })).statusCode);
      assert.deepEqual(statuses, [200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('STOP stops every kind of text', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ config: { sms: { inboundSecret: SECRET } } });
    await t.database.db
      .update(fundraisers)
      .set({ startDate: '2027-01-10', endDate: '2027-02-10' })
      .where(eq(fundraisers.id, 1));
  });
  after(() => t.close());

  const post = (url: string, payload: object) => t.inject({ method: 'POST', url, payload });
  const get = (url: string) => t.inject({ method: 'GET', url });
  const { newPurchase } = ticketKit(() => t);

  /** Every way of saying STOP, one phone each. */
  const STOPS = [
    ...KEYWORDS.stop.en,
    ...KEYWORDS.stop.es,
    'Stop.',
    'stop all',
    'opt-out',
    '¡Alto!',
    'No más',
    'no mas!',
  ];
  const phoneOf = (i: number) => `51255540${String(i).padStart(2, '0')}`;

  /** A student page of the phone, opted in and confirmed: reminders would go to it. */
  async function studentPage(phone: string): Promise<string> {
    const made = await post('/api/Orders/NewFundraiserDevice', {
      fundraiserId: 1,
      phone,
      studentFirstName: 'Avery',
      studentLastName: 'Quinn',
      studentIs13OrOlder: true,
    });
    assert.equal(made.statusCode, 200, made.body);
    const guid = made.json<string>();
    await t.database.db
      .update(fundraiserDevices)
      .set({ isOptedIn: true, phoneVerifiedAt: new Date() })
      .where(eq(fundraiserDevices.guid, guid));
    return guid;
  }

  it('every STOP synonym, English and Spanish: one confirmation in its language, then nothing of any kind', async () => {
    const before = sample(await scrape(t.app), 'texts_total', { outcome: 'opted_out' });
    const setups = [];
    for (const [i, message] of STOPS.entries()) {
      const phone = phoneOf(i);
      const page = await studentPage(phone);
      const { purchaseGuid, sessions } = await newPurchase(2);
      // The phone holds a ticket already: its link went out before the STOP.
      const added = await post('/api/Tickets/AddPhone', { phoneNumber: phone, ticketPurchaseSessionGuid: sessions[0] });
      assert.equal(added.statusCode, 200, added.body);
      setups.push({ phone, message, page, purchaseGuid, sessions });
    }

    for (const { phone, message } of setups) {
      assert.equal(await reply(t, phone, message), 'opted_out', message);
      const texts = await outboxOf(t, phone);
      const confirmation = texts.at(-1)!;
      assert.equal(confirmation.keywordReply, 'stop', message);
      assert.equal(confirmation.status, 'sent');
      const spanish = keywordOf(message)!.language === 'es';
      assert.match(
        confirmation.body,
        spanish
          ? /^Fundraising University: Ya no recibirá más mensajes/
          : /^Fundraising University: You are unsubscribed/,
        message,
      );
    }

    // Every kind of text, to every one of the phones: the reminder the day it is due,
    await t.app.runReminderPass({ now: REMINDER_DAY });
    for (const { phone, message, page, purchaseGuid, sessions } of setups) {
      const refused = (response: { statusCode: number; json<T>(): T }, what: string) => {
        assert.equal(response.statusCode, 409, `${what} for ${message}`);
        assert.equal(response.json<{ message: string }>().message, ACCESS_MESSAGES.optedOut, `${what} for ${message}`);
      };
      // A confirmation link for the student page: the page says why none comes.
      const confirm = await post('/api/Students/SendPhoneConfirmation', { fundraiserDeviceGuid: page });
      assert.equal(confirm.statusCode, 200, confirm.body);
      assert.equal(confirm.json<{ message: string }>().message, ACCESS_MESSAGES.optedOut);
      // Ticket texts: a new ticket's activation link, the registered ticket's access link, a shared link.
      refused(
        await post('/api/Tickets/AddPhone', { phoneNumber: phone, ticketPurchaseSessionGuid: sessions[1] }),
        'AddPhone',
      );
      refused(
        await get(`/api/Tickets/CreateAccessLink?phoneNumber=${phone}&ticketPurchaseSessionGuid=${sessions[0]}`),
        'CreateAccessLink',
      );
      refused(
        await get(`/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${purchaseGuid}&phoneNumber=${phone}`),
        'ShareTicketPurchase',
      );
      // Phone-number lookups answer as ever (they say nothing of the number), and text nothing (the
      // page links one is kept as opted_out; there are no receipts to text).
      assert.equal((await get(`/api/Fundraisers/GetFundraiserDevice?phone=${phone}`)).statusCode, 200);
      assert.equal((await get(`/api/Fundraisers/ListOrders?phone=${phone}`)).statusCode, 200);
      // A paid order's tickets text, as orders/services/paidOrderNotices.ts sends it: kept under its key, never sent.
      const tickets = {
        to: phone,
        body: ticketsText(textSender(undefined), ['https://x.example/t']),
        dedupeKey: `tickets-order-stop-${phone}`,
      };
      await assert.rejects(() => t.app.sms.send(tickets), SmsOptedOutError);
      assert.equal(await t.app.sms.send(tickets), undefined, 'stored already: not tried again');
    }
    await t.app.backgroundIdle();

    for (const { phone, message } of setups) {
      const texts = await outboxOf(t, phone);
      const confirmation = texts.findIndex((text) => text.keywordReply === 'stop');
      const later = texts.slice(confirmation + 1);
      // SendPhoneConfirmation, AddPhone, CreateAccessLink, ShareTicketPurchase, the page links lookup
      // and the tickets text: each kept as opted_out, none sent.
      assert.deepEqual(
        later.map((text) => text.status),
        Array(6).fill('opted_out'),
        `${message}: ${later.map((text) => text.body).join(' | ')}`,
      );
      assert.deepEqual(
        texts.slice(0, confirmation).map((text) => text.status),
        ['sent'],
        'the ticket link before the STOP',
      );
      const claims = await t.database.db.select().from(reminderSends).where(eq(reminderSends.phone, phone));
      assert.equal(claims.length, 0, 'no reminder claimed for a phone that stopped');
    }
    assert.equal(sample(await scrape(t.app), 'texts_total', { outcome: 'opted_out' }), before + 6 * setups.length);
  });

  it('a second STOP is not confirmed again, HELP is still answered, and START lets every text through again', async () => {
    const phone = phoneOf(0);
    const count = async () => (await outboxOf(t, phone)).length;
    // The student page says its phone is stopped (GetMyFundraiser textsStopped), until START.
    const stopped = async () => {
      const [device] = await t.database.db.select().from(fundraiserDevices).where(eq(fundraiserDevices.phone, phone));
      const page = await get(`/api/Orders/GetMyFundraiser?fundraiserDeviceGuid=${device!.guid}`);
      assert.equal(page.statusCode, 200, page.body);
      return page.json<{ textsStopped?: boolean }>().textsStopped;
    };
    assert.equal(await stopped(), true);
    const before = await count();
    assert.equal(await reply(t, phone, 'STOP'), 'already_opted_out');
    assert.equal(await count(), before, 'one confirmation per opt-out');

    assert.equal(await reply(t, phone, 'HELP'), 'help');
    const help = (await outboxOf(t, phone)).at(-1)!;
    assert.equal(help.keywordReply, 'help');
    assert.equal(help.status, 'sent');
    assert.equal(
      help.body,
      `Fundraising University: texts about fundraisers and tickets for ${testConfig().organization.legalName}. ` +
        `Help: ${SUPPORT_CONTACTS.email} or ${SUPPORT_CONTACTS.phoneDisplay}. Msg & data rates may apply. Reply STOP to opt out.`,
    );

    assert.equal(await reply(t, phone, 'Start'), 'opted_in');
    assert.equal(await stopped(), false);
    const started = (await outboxOf(t, phone)).at(-1)!;
    assert.equal(started.keywordReply, 'start');
    assert.match(
      started.body,
      /^Fundraising University: You are subscribed again.*Reply HELP for help, STOP to opt out\.$/,
    );
    const page = (await t.database.db.select().from(fundraiserDevices).where(eq(fundraiserDevices.phone, phone)))[0]!;
    const confirm = await post('/api/Students/SendPhoneConfirmation', { fundraiserDeviceGuid: page.guid });
    assert.match(confirm.json<{ message: string }>().message, /^We texted a link to/);
    const sent = await t.app.sms.send({ to: phone, body: 'Your tickets are ready' });
    assert.ok(sent);
    assert.equal((await outboxOf(t, phone)).at(-1)!.status, 'sent');
    // The reminder the STOP held back goes with the next pass.
    await t.app.runReminderPass({ now: REMINDER_DAY });
    assert.match((await outboxOf(t, phone)).at(-1)!.body, /kicked off two days ago.*Reply STOP to opt out$/);

    assert.equal(await reply(t, phone, 'START'), 'not_opted_out', 'nothing to lift');
    assert.equal(await reply(t, '5125559911', 'yes'), 'not_opted_out');
    assert.equal((await outboxOf(t, '5125559911')).length, 0, 'no text to a phone that never stopped');
  });

  it('answers in Spanish to AYUDA and SÍ', async () => {
    const phone = phoneOf(STOPS.indexOf('ALTO'));
    assert.equal(await reply(t, phone, 'ayuda'), 'help');
    assert.match(
      (await outboxOf(t, phone)).at(-1)!.body,
      /^Fundraising University: mensajes sobre recaudaciones.*Ayuda: /,
    );
    assert.equal(await reply(t, phone, 'Sí'), 'opted_in');
    assert.match((await outboxOf(t, phone)).at(-1)!.body, /^Fundraising University: Volverá a recibir/);
  });

  it('keeps any other text, unanswered', async () => {
    assert.equal(await reply(t, '5125550388', 'Is the fundraiser still on?'), 'none');
    assert.equal((await outboxOf(t, '5125550388')).length, 0);
    const [kept] = await t.database.db.select().from(smsInbound).where(eq(smsInbound.fromPhone, '+15125550388'));
    assert.equal(kept?.body, 'Is the fundraiser still on?');
    assert.equal(kept?.keyword, null);
  });
});

/**
 * An SMS provider that takes `delayMs` to answer each text: a reminder pass over many phones takes a
 * while, and `firstText` resolves once the first text reaches it.
 */
function slowProvider(delayMs: number) {
  const received: { to: string; body: string }[] = [];
  let reached: () => void = () => undefined;
  const firstText = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const server = createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    received.push(JSON.parse(raw) as { to: string; body: string });
    reached();
    setTimeout(() => {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: `m${received.length}` }));
    }, delayMs);
  });
  return {
    received,
    firstText,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a STOP while a reminder pass runs', () => {
  const provider = slowProvider(40);
  let t: TestApp;
  const PHONES = Array.from({ length: 24 }, (_, i) => `51255560${String(i).padStart(2, '0')}`);
  before(async () => {
    await provider.start();
    t = await createTestApp({ config: { sms: { httpUrl: provider.url(), inboundSecret: SECRET } } });
    await t.database.db
      .update(fundraisers)
      .set({ startDate: '2027-01-10', endDate: '2027-02-10' })
      .where(eq(fundraisers.id, 1));
    for (const phone of PHONES) {
      const made = await t.inject({
        method: 'POST',
        url: '/api/Orders/NewFundraiserDevice',
        payload: {
          fundraiserId: 1,
          phone,
          studentFirstName: 'Casey',
          studentLastName: 'Park',
          studentIs13OrOlder: true,
        },
      });
      assert.equal(made.statusCode, 200, made.body);
    }
    await t.database.db
      .update(fundraiserDevices)
      .set({ isOptedIn: true, phoneVerifiedAt: new Date() })
      .where(inArray(fundraiserDevices.phone, PHONES));
  });
  after(async () => {
    await t?.close();
    await provider.stop();
  });

  it('no text is stored for a phone after its STOP: each reminder went before the STOP, or was kept back', async () => {
    // The pass has read its phones and is texting them, a text every 40 ms, when every phone replies
    // STOP (a synonym each) at once.
    const pass = t.app.runReminderPass({ now: REMINDER_DAY });
    await provider.firstText;
    const words = [...KEYWORDS.stop.en, ...KEYWORDS.stop.es];
    const actions = await Promise.all(PHONES.map((phone, i) => reply(t, phone, words[i % words.length]!)));
    const sent = await pass;
    assert.ok(
      actions.every((action) => action === 'opted_out'),
      actions.join(),
    );

    let reminded = 0;
    let keptBack = 0;
    for (const phone of PHONES) {
      const texts = await outboxOf(t, phone);
      const confirmation = texts.findIndex((text) => text.keywordReply === 'stop');
      assert.notEqual(confirmation, -1, `${phone} got its confirmation`);
      assert.equal(texts.filter((text) => text.keywordReply === 'stop').length, 1);
      // After the confirmation (stored once the STOP committed): nothing, or the reminder kept back.
      for (const text of texts.slice(confirmation + 1))
        assert.equal(text.status, 'opted_out', `${phone}: ${text.body}`);
      // Before it: the reminder, when the pass stored it before the STOP took the phone's lock.
      for (const text of texts.slice(0, confirmation)) assert.equal(text.status, 'sent', `${phone}: ${text.body}`);
      reminded += texts.slice(0, confirmation).length;
      keptBack += texts.filter((text) => text.status === 'opted_out').length;
    }
    // The race happened: some reminders went before their STOP, and the outbox kept others back.
    assert.ok(reminded > 0 && keptBack > 0, `reminded ${reminded}, kept back ${keptBack}`);
    assert.equal(sent, reminded, 'the pass counts as sent only the reminders that went before a STOP');
    // Every page's reminder was claimed: sent, or kept back for good.
    const claims = await t.database.db.select().from(reminderSends).where(inArray(reminderSends.phone, PHONES));
    assert.equal(claims.length, reminded + keptBack);
    // The provider got each reminder stored before a STOP, and the confirmations; nothing else.
    const reminders = provider.received.filter((text) => /kicked off/.test(text.body));
    assert.equal(reminders.length, reminded);
    // Nothing more, whatever runs next.
    await t.app.runReminderPass({ now: REMINDER_DAY });
    await t.app.retryTexts({ now: new Date(Date.now() + 86_400_000) });
    const stillSent = await t.database.db
      .select()
      .from(smsOutbox)
      .where(and(inArray(smsOutbox.toPhone, PHONES), eq(smsOutbox.status, 'sent')));
    assert.equal(stillSent.length, reminded + PHONES.length, 'the reminders before the STOPs and the confirmations');
  });
});

describe('STOP with a real SMS provider', () => {
  const endpoint = smsEndpoint();
  let t: TestApp;
  const phone = '5125550501';

  before(async () => {
    await endpoint.start();
    t = await createTestApp({
      config: {
        sms: { httpUrl: endpoint.url(), inboundSecret: SECRET },
        smsRetry: { intervalSeconds: 3600, maxAttempts: 3, firstDelaySeconds: 60, leaseSeconds: 60 },
        rateLimits: { ...testConfig().rateLimits, smsPerPhonePerDay: 1 },
        smsDailyCap: 1,
      },
    });
  });
  after(async () => {
    await t?.close();
    await endpoint.stop();
  });
  beforeEach(() => endpoint.answer([]));

  it('a text waiting for its retry is not sent after the STOP, and the confirmation goes past the used-up budget and cap', async () => {
    endpoint.answer([503]);
    await assert.rejects(() => t.app.sms.send({ to: phone, body: 'Your ticket link' }));
    const [failed] = await outboxOf(t, phone);
    assert.equal(failed!.status, 'failed');
    // The phone's one text of the day, and the site's one, are spent on the failed try.
    assert.equal(await t.app.sms.hasRoom(phone), false);

    assert.equal(await reply(t, phone, 'STOP'), 'opted_out');
    const texts = await outboxOf(t, phone);
    assert.deepEqual(
      texts.map((text) => [text.status, text.keywordReply]),
      [
        ['opted_out', null],
        ['sent', 'stop'],
      ],
    );
    assert.equal(endpoint.delivered.at(-1)?.body, texts[1]!.body);

    const received = endpoint.received.length;
    assert.deepEqual(await t.app.retryTexts({ now: new Date(Date.now() + 86_400_000) }), {
      recovered: 0,
      sent: 0,
      failed: 0,
      givenUp: 0,
    });
    assert.equal(endpoint.received.length, received, 'the provider was asked for nothing more');
  });

  it('HELP draws on the phone’s budget like any text: none is left today', async () => {
    assert.equal(await reply(t, phone, 'HELP'), 'help');
    const help = (await outboxOf(t, phone)).filter((text) => text.keywordReply === 'help');
    assert.equal(help.length, 0, 'over the budget: not stored, not sent');
  });
});

describe('consents to texts', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ config: { sms: { inboundSecret: SECRET } } });
  });
  after(() => t.close());

  const post = (url: string, payload: object) => t.inject({ method: 'POST', url, payload });
  const consentsOf = (phone: string, headers: Record<string, string> = ADMIN) =>
    t.app.inject({ method: 'GET', url: `/api/Admin/GetTextConsents?phone=${encodeURIComponent(phone)}`, headers });
  const { newPurchase } = ticketKit(() => t);

  it('records each consent given and revoked, where and how, readable through the admin API', async () => {
    const phone = '5125550601';
    const guid = (
      await post('/api/Orders/NewFundraiserDevice', {
        fundraiserId: 1,
        phone,
        studentFirstName: 'Robin',
        studentLastName: 'Diaz',
        studentIs13OrOlder: true,
      })
    ).json<string>();
    await post('/api/Students/UpdateOptInStatus', { phone, status: true, fundraiserDeviceGuid: guid });
    const code = /\?confirm=([\w-]+)/.exec((await outboxOf(t, phone)).at(-1)!.body)![1]!;
    assert.equal((await post('/api/Students/ConfirmPhone', { fundraiserDeviceGuid: guid, code })).statusCode, 200);
    const { sessions } = await newPurchase(1);
    await post('/api/Tickets/AddPhone', { phoneNumber: phone, ticketPurchaseSessionGuid: sessions[0] });
    assert.equal(await reply(t, phone, 'Stop.'), 'opted_out');
    const stopped = await consentsOf('(512) 555-0601');
    assert.equal(stopped.statusCode, 200, stopped.body);
    assert.equal(stopped.json<{ optedOut: boolean }>().optedOut, true);
    assert.equal(await reply(t, phone, 'START'), 'opted_in');
    await post('/api/Students/UpdateOptInStatus', { phone, status: false, fundraiserDeviceGuid: guid });

    const answer = await consentsOf(phone);
    assert.equal(answer.statusCode, 200, answer.body);
    const body = answer.json<{
      phone: string;
      optedOut: boolean;
      consents: { scope: string; action: string; method: string; source: string; at: string }[];
    }>();
    assert.equal(body.phone, phone);
    assert.equal(body.optedOut, false);
    assert.deepEqual(
      body.consents.map(({ scope, action, method, source }) => [scope, action, method, source]),
      [
        ['reminders', 'given', 'web_form', `/Fundraiser/${guid}`],
        ['reminders', 'given', 'confirmation_link', `/Fundraiser/${guid}`],
        ['ticket_texts', 'given', 'web_form', `/ActivateTicket/${sessions[0]}`],
        ['all', 'revoked', 'keyword', 'Stop.'],
        ['all', 'given', 'keyword', 'START'],
        ['reminders', 'revoked', 'web_form', `/Fundraiser/${guid}`],
      ],
    );
    const times = body.consents.map((consent) => Date.parse(consent.at));
    assert.ok(times.every((time, i) => Number.isFinite(time) && (i === 0 || time >= times[i - 1]!)));
  });

  it('support opts a phone out when its owner asks by other means: at once, recorded with who acted, no text', async () => {
    const phone = '5125550602';
    const optOut = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/Admin/OptOutPhone', headers, payload: { phone: '+1 512 555 0602' } });
    assert.equal((await optOut({})).statusCode, 401);
    const answer = await optOut({ ...ADMIN, 'x-admin-user': 'support@lincoln.example' });
    assert.equal(answer.statusCode, 200, answer.body);
    const body = answer.json<{
      optedOut: boolean;
      consents: { scope: string; action: string; method: string; source: string }[];
    }>();
    assert.equal(body.optedOut, true);
    assert.deepEqual(
      body.consents.map(({ scope, action, method, source }) => [scope, action, method, source]),
      [['all', 'revoked', 'admin', 'support@lincoln.example']],
    );
    assert.equal((await outboxOf(t, phone)).length, 0, 'no confirmation text: the owner asked by other means');
    await assert.rejects(() => t.app.sms.send({ to: phone, body: 'a ticket link' }), SmsOptedOutError);
    // Only the owner lifts it.
    assert.equal(await reply(t, phone, 'START'), 'opted_in');
  });

  it('is an admin call: no token, no answer; a phone it cannot read is a 400', async () => {
    assert.equal((await consentsOf('5125550601', {})).statusCode, 401);
    assert.equal((await consentsOf('5125550601', { authorization: 'Bearer wrong' })).statusCode, 401);
    assert.equal((await consentsOf('12345')).statusCode, 400);
  });
});

describe('the development outbox replies from a phone', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ demo: false });
  });
  after(() => t.close());

  const form = (fields: Record<string, string>, accept = 'text/html') =>
    t.app.inject({
      method: 'POST',
      url: '/dev/sms-outbox/reply',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
      payload: new URLSearchParams(fields).toString(),
    });

  it('shows a reply form, and a reply goes through the same service as the webhook', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dev/sms-outbox' });
    assert.match(page.body, /<form method="post" action="\/dev\/sms-outbox\/reply">/);
    const stopped = await form({ from: '(512) 555-0701', body: 'quit' });
    assert.equal(stopped.statusCode, 303);
    assert.equal(stopped.headers.location, '/dev/sms-outbox?replied=opted_out');
    assert.match((await t.app.inject({ method: 'GET', url: stopped.headers.location })).body, /Reply taken: opted_out/);
    const texts = await outboxOf(t, '5125550701');
    assert.deepEqual(
      texts.map((text) => text.keywordReply),
      ['stop'],
    );
    await assert.rejects(() => t.app.sms.send({ to: '5125550701', body: 'a reminder' }), SmsOptedOutError);
    assert.deepEqual((await form({ from: '5125550701', body: 'START' }, 'application/json')).json(), {
      action: 'opted_in',
    });
    assert.equal((await form({ body: 'STOP' })).statusCode, 400);
  });
});

describe('reminders end with how to stop them, and still fit two text segments', () => {
  it('"Reply STOP to opt out" closes both reminders, the longest names and a 56-character site address included', () => {
    const sender = textSender({ schoolName: 'A'.repeat(40), teamName: 'B'.repeat(40) });
    // The names are cut to 30 letters each (messaging/sms/textSafe.ts); the site's address is PUBLIC_URL.
    const origin = 'https://fundraising.lincoln-high-boosterclub.example.com';
    assert.equal(origin.length, 56);
    const link = `${origin}/Fundraiser/${'0'.repeat(36)}`;
    for (const kind of ['after_kickoff', 'two_days_left'] as const) {
      const text = reminderText(kind, sender, 'C'.repeat(30), link);
      assert.ok(text.endsWith(` ${OPT_OUT_FOOTER}`), text);
      // GSM-7 text: two segments hold 306 characters (153 each).
      assert.ok(text.length <= 306, `${text.length} characters: ${text}`);
    }
  });
});
