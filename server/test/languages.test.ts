import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import {
  emailOutbox,
  fundraiserDevices,
  fundraisers,
  orders,
  reminderSends,
  smsOutbox,
  ticketPurchaseSessions,
  ticketPurchases,
} from '../src/platform/db/schema';
import { LINK_NOT_VALID_MESSAGE, SERVICE_UNAVAILABLE_MESSAGE } from '../src/platform/http/errors';
import { english, localize, text } from '../src/platform/i18n/text';
import { optOutFooter, OPT_OUT_FOOTER } from '../src/messaging/sms/keywords';
import { TEXT_SEND_FAILED } from '../src/messaging/sms/refusal';
import { textSender } from '../src/messaging/sms/sender';
import { outboxSmsProvider } from '../src/messaging/sms/outboxProvider';
import { FUNDRAISER_CLOSED } from '../src/orders/services/createOrder';
import { COVER_FEES_OFF, COVER_FEES_OVER_CEILING } from '../src/orders/services/coverFees';
import { TOO_MANY_DECLINES } from '../src/payments/services/processOrder';
import { PAYMENT_IN_PROGRESS } from '../src/payments/services/cardAttempts';
import { PARENT_CONSENT_MESSAGES } from '../src/students/services/parentalConsent';
import { PARENT_CONFIRMED_MESSAGE, PHONE_CODE_MESSAGES } from '../src/students/services/phoneOwnership';
import { TOO_MANY_LOOKUPS } from '../src/students/services/phoneLookups';
import { reminderText, sendDueReminders } from '../src/students/services/reminders';
import { TICKET_ACCESS_MESSAGES } from '../src/tickets/services/ticketAccess';
import { ACTIVATION_MESSAGES } from '../src/tickets/services/ticketActivationCodes';
import { IDEMPOTENCY_KEY_REUSED, INVALID_IDEMPOTENCY_KEY, REGISTER_FIRST } from '../src/tickets/services/redeemOffer';
import { ERASURE_MESSAGES } from '../src/admin/services/adminErasure';
import { SCHOOL_ORGANIZATION_MESSAGES } from '../src/catalog/schoolOrganization';
import { approvingGateway, confirmPhone, createTestApp, shownTotal, textsTo, type TestApp } from './helpers';
import { cardCheckout, newOrderBody, orderItems } from './fixtures';

// Issue 35 (docs/i18n.md): the server answers a call in the request's language (fu_lang, else
// Accept-Language), keeps the language a person made an order, a student page or a ticket purchase
// in, and texts and e-mails them in it; a STOP, START or HELP is answered in the keyword's language.

const SPANISH = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' };
/** The demo student page and its phone (server/src/catalog/import/demo-data.json). */
const DEVICE = '11111111-1111-4111-8111-111111111111';
const DEVICE_PHONE = '5125550101';
const BUYER_PHONE = '5125550188';

/** A catalog id as the code writes it: 'server.area.name'. */
const CATALOG_ID = /'(server\.[a-zA-Z]+\.[a-zA-Z]+)'/g;
const catalog = (language: string) =>
  JSON.parse(readFileSync(new URL(`../src/i18n/${language}.json`, import.meta.url), 'utf8')) as Record<string, string>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : /\.ts$/.test(name) ? [file] : [];
  });
}

/** GSM-7's basic set (3GPP TS 23.038): a text of only these goes in 160-character segments, 153 when split. */
const GSM7 =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

describe('the catalogs the server words its messages with', () => {
  it('has every id the server asks for, in English and Spanish', () => {
    const en = catalog('en');
    const es = catalog('es');
    const asked = new Set(
      sourceFiles(new URL('../src', import.meta.url).pathname).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(CATALOG_ID)].map((match) => match[1]!),
      ),
    );
    assert.ok(asked.size > 50, `${asked.size} ids`);
    assert.deepEqual(
      [...asked].filter((id) => !(id in en) || !(id in es)),
      [],
    );
  });

  it('has the Spanish of every refusal the server words itself', () => {
    const messages = [
      LINK_NOT_VALID_MESSAGE,
      SERVICE_UNAVAILABLE_MESSAGE,
      FUNDRAISER_CLOSED,
      COVER_FEES_OFF,
      PAYMENT_IN_PROGRESS,
      TOO_MANY_LOOKUPS,
      TEXT_SEND_FAILED,
      PARENT_CONFIRMED_MESSAGE,
      REGISTER_FIRST,
      INVALID_IDEMPOTENCY_KEY,
      IDEMPOTENCY_KEY_REUSED,
      ...Object.values(PARENT_CONSENT_MESSAGES),
      ...Object.values(PHONE_CODE_MESSAGES),
      ...Object.values(TICKET_ACCESS_MESSAGES),
      ...Object.values(ACTIVATION_MESSAGES),
      ...Object.values(ERASURE_MESSAGES),
      ...Object.values(SCHOOL_ORGANIZATION_MESSAGES),
    ];
    assert.deepEqual(
      messages.filter((message) => localize('es', message) === message),
      [],
    );
    assert.deepEqual(
      messages.filter((message) => localize('en', message) !== message),
      [],
    );
  });

  it('words the messages with values exactly as before in English', () => {
    assert.equal(
      english(text('server.error.startUrl')),
      'start_url must be a path on this site, such as /MyOffers/{guid}/.',
    );
    assert.equal(
      english(text('server.cash.notRecordedSales', { count: 1, ids: '12', fundraiserId: 6 })),
      'Order 12 is not a cash or check sale a student recorded for fundraiser 6; nothing was confirmed.',
    );
    assert.equal(
      english(text('server.cash.notRecordedSales', { count: 2, ids: '12, 13', fundraiserId: 6 })),
      'Orders 12, 13 are not a cash or check sale a student recorded for fundraiser 6; nothing was confirmed.',
    );
    assert.equal(
      TOO_MANY_DECLINES,
      'This order has had too many declined cards. Please wait 30 minutes and try again, or contact your card issuer.',
    );
    assert.equal(
      COVER_FEES_OVER_CEILING,
      'An order can be at most $1,000,000 with the processing fee you cover. Please pay without covering the fee, or split it into smaller orders.',
    );
    assert.equal(OPT_OUT_FOOTER, 'Reply STOP to opt out');
    assert.equal(optOutFooter('es'), 'Responda STOP para cancelar');
  });
});

describe('answers in the language of the request', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const missingFundraiser = (headers: Record<string, string> = {}) =>
    t.inject({ url: '/api/Fundraisers/GetFundraiserDetails?fundraiserId=999999', headers });

  it('an error in English without Accept-Language, as it always was', async () => {
    const answer = await missingFundraiser();
    assert.equal(answer.statusCode, 404);
    assert.deepEqual(answer.json(), { message: 'Fundraiser not found.' });
    const english = await missingFundraiser({ 'accept-language': 'en-US,es;q=0.5' });
    assert.equal(english.json().message, 'Fundraiser not found.');
  });

  it('an error in Spanish for Accept-Language: es, and for the fu_lang cookie over the header', async () => {
    const answer = await missingFundraiser(SPANISH);
    assert.equal(answer.statusCode, 404);
    assert.deepEqual(answer.json(), { message: 'No se encontró la recaudación de fondos.' });
    const chosen = await missingFundraiser({ 'accept-language': 'en-US', cookie: 'fu_lang=es' });
    assert.equal(chosen.json().message, 'No se encontró la recaudación de fondos.');
    const back = await missingFundraiser({ ...SPANISH, cookie: 'fu_lang=en' });
    assert.equal(back.json().message, 'Fundraiser not found.');
  });

  it('validation, unknown endpoints and field errors in Spanish too', async () => {
    const link = await t.inject({ url: '/api/Fundraisers/GetFundraiserDetails?fundraiserId=abc', headers: SPANISH });
    assert.equal(link.statusCode, 400);
    assert.equal(link.json().message, 'Este enlace no es válido. Revíselo e inténtelo de nuevo.');

    const nowhere = await t.inject({ url: '/api/Nowhere', headers: SPANISH });
    assert.equal(nowhere.statusCode, 404);
    assert.equal(nowhere.json().message, 'No existe ese punto de acceso: GET /api/Nowhere');
    assert.equal((await t.inject({ url: '/api/Nowhere' })).json().message, 'No such endpoint: GET /api/Nowhere');

    const body = await t.inject({
      method: 'POST',
      url: '/api/Orders/CreateOrder',
      headers: SPANISH,
      payload: newOrderBody({ studentFirstName: 'Jor\u0000dan' }),
    });
    assert.equal(body.statusCode, 400);
    assert.deepEqual(body.json(), {
      message: 'Dato no válido en studentFirstName: no debe contener el carácter NUL (U+0000).',
      errors: [{ field: 'studentFirstName', message: 'no debe contener el carácter NUL (U+0000)' }],
    });
  });
});

describe('the language of what a person makes, and what is sent to them', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ gateway: approvingGateway });
  });
  after(() => t.close());

  /** An order of cookie dough and two digital discount cards, made on a page in `headers`' language. */
  async function orderWithTickets(headers: Record<string, string>) {
    const lines = [
      { itemId: 11, itemOptionId: 111, qty: 1 },
      { itemId: 43, itemOptionId: 431, qty: 2 },
    ];
    const made = await t.inject({
      method: 'POST',
      url: '/api/Orders/CreateOrder',
      headers,
      payload: newOrderBody({ fundraiserOrderItems: orderItems(lines) }),
    });
    assert.equal(made.statusCode, 200, made.body);
    const orderId = made.json() as number;
    const paid = await t.inject({
      method: 'POST',
      url: '/api/Orders/ProcessOrder',
      headers,
      payload: cardCheckout(orderId, 'tok_test', { amount: await shownTotal(t.inject, orderId) }),
    });
    assert.equal(paid.json(), 'success', paid.body);
    await t.app.backgroundIdle();
    return orderId;
  }

  const languageOf = async (orderId: number) =>
    (await t.database.db.select({ language: orders.language }).from(orders).where(eq(orders.id, orderId)))[0]?.language;
  const emailOf = async (orderId: number) =>
    (
      await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `receipt-order-${orderId}`))
    )[0];

  it('an English order stores en; its receipt e-mail and tickets text are English', async () => {
    await t.database.db.delete(smsOutbox);
    const orderId = await orderWithTickets({});
    assert.equal(await languageOf(orderId), 'en');
    assert.match((await emailOf(orderId))!.subject, new RegExp(`^Your receipt for order ${orderId}`));
    const [tickets] = await textsTo(t.database, BUYER_PHONE);
    assert.match(tickets!, /: your digital tickets are ready! Open them here: /);
  });

  it('an order made with Accept-Language: es stores es, and so do its ticket purchases; its e-mail and text are Spanish', async () => {
    await t.database.db.delete(smsOutbox);
    const orderId = await orderWithTickets(SPANISH);
    assert.equal(await languageOf(orderId), 'es');
    const purchases = await t.database.db
      .select({ language: ticketPurchases.language })
      .from(ticketPurchases)
      .where(eq(ticketPurchases.orderId, orderId));
    assert.ok(purchases.length > 0);
    assert.ok(purchases.every((purchase) => purchase.language === 'es'));

    const email = (await emailOf(orderId))!;
    assert.doesNotMatch(email.subject, /^Your receipt/);
    assert.match(email.subject, /recibo/i);
    assert.match(email.subject, new RegExp(String(orderId)));
    const [tickets] = await textsTo(t.database, BUYER_PHONE);
    assert.match(tickets!, /: ¡sus boletos digitales están listos! Ábralos aquí: https?:\/\/\S+\/ManageDiscounts\//);
  });

  it('a successful step’s sentence in Spanish, and in English without the header', async () => {
    const orderId = await orderWithTickets({});
    const [session] = await t.database.db
      .select({ purchase: ticketPurchases.guid, session: ticketPurchaseSessions.guid })
      .from(ticketPurchaseSessions)
      .innerJoin(ticketPurchases, eq(ticketPurchases.id, ticketPurchaseSessions.ticketPurchaseId))
      .where(eq(ticketPurchases.orderId, orderId));
    // Another browser than the buyer's: asked for the phone that will hold the ticket.
    const useHere = (headers: Record<string, string> = {}) =>
      t.newBrowser()({
        method: 'POST',
        url: '/api/Tickets/UseTicketHere',
        headers,
        payload: { ticketPurchaseGuid: session!.purchase, ticketPurchaseSessionGuid: session!.session },
      });
    const english = await useHere();
    assert.equal(english.statusCode, 200, english.body);
    assert.equal(
      english.json().message,
      'Enter the phone number that will hold this ticket. We will text it a link to finish registering.',
    );
    assert.equal(
      (await useHere(SPANISH)).json().message,
      'Ingrese el número de teléfono que tendrá este boleto. Le enviaremos un enlace por mensaje de texto para terminar el registro.',
    );
  });

  it('a ticket link texted from a Spanish page is Spanish, and so is the answer', async () => {
    const orderId = await orderWithTickets({});
    const [purchase] = await t.database.db
      .select({ guid: ticketPurchases.guid })
      .from(ticketPurchases)
      .where(eq(ticketPurchases.orderId, orderId));
    const shared = await t.inject({
      url: `/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${purchase!.guid}&phoneNumber=5125550177`,
      headers: SPANISH,
    });
    assert.equal(shared.statusCode, 200, shared.body);
    assert.equal(shared.json().message, 'El boleto 1 de 2 se envió al (512) 555-0177.');
    const [link] = await textsTo(t.database, '5125550177');
    assert.match(link!, /: ¡tiene un boleto digital .*! Abra este enlace .* durante \d+ días\): https?:\/\/\S+\?code=/);

    const english = await t.inject({
      url: `/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${purchase!.guid}&phoneNumber=5125550178`,
    });
    assert.equal(english.json().message, 'Ticket 1 of 2 was sent to (512) 555-0178.');
    assert.match((await textsTo(t.database, '5125550178'))[0]!, /: you have a .*digital ticket! Open this link/);
  });

  it('a student page made in Spanish stores es; turning reminders on in a language makes them come in it', async () => {
    const made = await t.inject({
      method: 'POST',
      url: '/api/Orders/NewFundraiserDevice',
      headers: SPANISH,
      payload: {
        fundraiserId: 1,
        phone: '5125550166',
        studentFirstName: 'Ana',
        studentLastName: 'Flores',
        studentIs13OrOlder: true,
      },
    });
    assert.equal(made.statusCode, 200, made.body);
    const pageLanguage = async (guid: string) =>
      (
        await t.database.db
          .select({ language: fundraiserDevices.language })
          .from(fundraiserDevices)
          .where(eq(fundraiserDevices.guid, guid))
      )[0]?.language;
    assert.equal(await pageLanguage(made.json() as string), 'es');

    // The demo page was made in English; its student turns reminders on from the page in Spanish.
    assert.equal(await pageLanguage(DEVICE), 'en');
    const on = await t.inject({
      method: 'POST',
      url: '/api/Students/UpdateOptInStatus',
      headers: SPANISH,
      payload: { phone: DEVICE_PHONE, status: true, fundraiserDeviceGuid: DEVICE },
    });
    assert.equal(on.statusCode, 200, on.body);
    assert.equal(await pageLanguage(DEVICE), 'es');
    // The confirmation link texted then was Spanish.
    assert.match((await textsTo(t.database, DEVICE_PHONE)).at(-1)!, /para recibir en este teléfono los recordatorios/);
    await confirmPhone(t, DEVICE, DEVICE_PHONE);

    const db = t.database.db;
    await db.update(fundraisers).set({ startDate: '2027-01-10', endDate: '2027-02-10' }).where(eq(fundraisers.id, 1));
    await db.delete(reminderSends);
    await db.delete(smsOutbox);
    const sent = await sendDueReminders(t.app.repositories.reminders, outboxSmsProvider(t.app.repositories.smsOutbox), {
      publicUrl: 'https://fu.example',
      now: new Date('2027-01-12T15:00:00Z'),
    });
    assert.ok(sent >= 1);
    const reminders = await db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.toPhone, DEVICE_PHONE))
      .orderBy(asc(smsOutbox.id));
    assert.equal(reminders.length, 1);
    assert.match(
      reminders[0]!.body,
      /: ¡Hola, Jordan! Su campaña lleva 48 horas\. .*https:\/\/fu\.example\/Fundraiser\/11111111-.* Responda STOP para cancelar$/,
    );
  });
});

describe('Spanish reminders keep to the texts’ rules', () => {
  it('end with the carriers’ Spanish opt-out, and fit two GSM-7 segments with the longest names', () => {
    const sender = textSender({ schoolName: 'A'.repeat(40), teamName: 'B'.repeat(40) });
    const link = `https://fundraising.lincoln-high-boosterclub.example.com/Fundraiser/${'0'.repeat(36)}`;
    for (const to of ['student', 'parent'] as const) {
      for (const kind of ['after_kickoff', 'two_days_left'] as const) {
        const spanish = reminderText(kind, sender, 'C'.repeat(30), link, to, 'es');
        assert.ok(spanish.endsWith(' Responda STOP para cancelar'), spanish);
        assert.deepEqual(
          [...spanish].filter((character) => !GSM7.includes(character)),
          [],
          spanish,
        );
        assert.ok(spanish.length <= 306, `${spanish.length} characters: ${spanish}`);
        assert.equal(
          reminderText(kind, sender, 'C'.repeat(30), link, to),
          reminderText(kind, sender, 'C'.repeat(30), link, to, 'en'),
        );
      }
    }
  });
});

describe('STOP, START and HELP answered in the language they were written in', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ demo: false });
  });
  after(() => t.close());

  const reply = async (from: string, body: string) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/dev/sms-outbox/reply',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: new URLSearchParams({ from, body }).toString(),
    });
    return answer.json<{ action: string }>().action;
  };

  it('"PARA" and "ALTO" get the Spanish confirmation, "STOP" the English one, whatever the request says', async () => {
    assert.equal(await reply('5125550901', 'PARA'), 'opted_out');
    assert.equal(await reply('5125550902', '¡Alto!'), 'opted_out');
    assert.equal(await reply('5125550903', 'STOP'), 'opted_out');
    assert.match((await textsTo(t.database, '5125550901'))[0]!, /^Fundraising University: Ya no recibirá más mensajes/);
    assert.match((await textsTo(t.database, '5125550902'))[0]!, /^Fundraising University: Ya no recibirá más mensajes/);
    assert.match((await textsTo(t.database, '5125550903'))[0]!, /^Fundraising University: You are unsubscribed/);
    assert.equal(await reply('5125550901', 'SI'), 'opted_in');
    assert.match((await textsTo(t.database, '5125550901'))[1]!, /^Fundraising University: Volverá a recibir/);
    assert.equal(await reply('5125550904', 'AYUDA'), 'help');
    assert.match((await textsTo(t.database, '5125550904'))[0]!, /Responda STOP para cancelar\.$/);
    assert.equal(await reply('5125550905', 'HELP'), 'help');
    assert.match((await textsTo(t.database, '5125550905'))[0]!, /Reply STOP to opt out\.$/);
  });
});
