import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { hasInvisibleCharacter, hasLinkOrDomain } from '@fu/shared/rules';
import { fundraisers, reminderSends, schools, teams, ticketPurchases } from '../src/platform/db/schema';
import { testConfig } from '../src/platform/config/config';
import { sendDueReminders } from '../src/students/services/reminders';
import { outboxSmsProvider } from '../src/messaging/sms/outboxProvider';
import { approvingGateway, confirmPhone, createTestApp, shownTotal, textsTo, type TestApp } from './helpers';
import { ticketKit } from './ticketKit';
import { cardCheckout, newOrderBody, orderItems } from './fixtures';

// Issue 31: every text names its sender, the school and team ("Lincoln High School Varsity Football:
// your digital tickets are ready…"), so a text is known before its link is opened; the names were
// typed by someone, so they reach a text only as textSafeName lets them (no link, no number).

const LINCOLN_FOOTBALL = 'Lincoln High School Varsity Football: ';
const DEMO_DEVICE = '11111111-1111-4111-8111-111111111111';
const DEMO_DEVICE_PHONE = '5125550101';

let t: TestApp;
before(async () => {
  t = await createTestApp({ gateway: approvingGateway });
});
after(() => t.close());

const { newPurchase, activate } = ticketKit(() => t);

const lastText = async (phone: string) => (await textsTo(t.database, phone)).at(-1) ?? '';
const get = (url: string) => t.inject({ method: 'GET', url });
const post = (url: string, payload: object) => t.inject({ method: 'POST', url, payload });

describe('every text names its sender', () => {
  it('the ticket link a buyer texts (ShareTicketPurchase)', async () => {
    const { purchaseGuid } = await newPurchase(1);
    const shared = await get(
      `/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${purchaseGuid}&phoneNumber=5125550121`,
    );
    assert.equal(shared.statusCode, 200, shared.body);
    const text = await lastText('5125550121');
    assert.ok(text.startsWith(`${LINCOLN_FOOTBALL}you have a Lincoln Lions Discount Card digital ticket!`), text);
  });

  it('the activation link (AddPhone) and the reactivation link (CreateAccessLink)', async () => {
    const {
      sessions: [session],
    } = await newPurchase(1);
    await activate(session!, '5125550122');
    assert.ok((await lastText('5125550122')).startsWith(`${LINCOLN_FOOTBALL}open this link on the phone`));
    const moved = await get(
      `/api/Tickets/CreateAccessLink?phoneNumber=5125550122&ticketPurchaseSessionGuid=${session}`,
    );
    assert.equal(moved.statusCode, 200, moved.body);
    const texts = await textsTo(t.database, '5125550122');
    assert.equal(texts.length, 2);
    assert.ok(texts[1]!.startsWith(`${LINCOLN_FOOTBALL}open this link on the phone`), texts[1]);
    assert.match(texts[1]!, /finish registering your Lincoln Lions Discount Card \(valid 30 minutes\)/);
  });

  it("the buyer's tickets text after payment", async () => {
    const created = await post(
      '/api/Orders/CreateOrder',
      newOrderBody({ fundraiserOrderItems: orderItems([{ itemId: 43, itemOptionId: 431, qty: 1 }]) }),
    );
    const orderId = created.json() as number;
    const paid = await post(
      '/api/Orders/ProcessOrder',
      cardCheckout(orderId, 'tok_test', {
        supporterPhoneNumber: '5125550123',
        amount: await shownTotal(t.inject, orderId),
      }),
    );
    assert.equal(paid.json(), 'success', paid.body);
    await t.app.backgroundIdle();
    const [purchase] = await t.database.db.select().from(ticketPurchases).where(eq(ticketPurchases.orderId, orderId));
    assert.equal(
      await lastText('5125550123'),
      `${LINCOLN_FOOTBALL}your digital tickets are ready! Open them here: ${testConfig().publicUrl.replace(/\/$/, '')}/ManageDiscounts/${purchase!.guid}`,
    );
  });

  it("a student page's phone confirmation, under that page's school and team", async () => {
    const page = (
      await post('/api/Orders/NewFundraiserDevice', {
        fundraiserId: 5,
        phone: '5125550124',
        studentFirstName: 'Ada',
        studentLastName: 'Byron',
        studentIs13OrOlder: true,
      })
    ).json() as string;
    const sent = await post('/api/Students/SendPhoneConfirmation', { fundraiserDeviceGuid: page });
    assert.equal(sent.statusCode, 200, sent.body);
    const text = await lastText('5125550124');
    assert.ok(
      text.startsWith('Columbus East High School Boys Soccer: to get Fundraising University reminder texts'),
      text,
    );
    assert.match(text, /\?confirm=/);
  });

  it('the reminders', async () => {
    const db = t.database.db;
    await db.update(fundraisers).set({ startDate: '2027-01-10', endDate: '2027-02-10' }).where(eq(fundraisers.id, 1));
    await post('/api/Students/UpdateOptInStatus', {
      phone: DEMO_DEVICE_PHONE,
      status: true,
      fundraiserDeviceGuid: DEMO_DEVICE,
    });
    await confirmPhone(t, DEMO_DEVICE, DEMO_DEVICE_PHONE);
    await db.delete(reminderSends);
    const run = (iso: string) =>
      sendDueReminders(t.app.repositories.reminders, outboxSmsProvider(t.app.repositories.smsOutbox), {
        publicUrl: 'https://fu.example',
        now: new Date(`${iso}T15:00:00Z`),
      });
    assert.equal(await run('2027-01-12'), 1);
    assert.ok(
      (await lastText(DEMO_DEVICE_PHONE)).startsWith(`${LINCOLN_FOOTBALL}Hi Jordan! Your fundraiser kicked off`),
    );
    assert.equal(await run('2027-02-09'), 1);
    assert.ok((await lastText(DEMO_DEVICE_PHONE)).startsWith(`${LINCOLN_FOOTBALL}Hi Jordan! Two days left`));
  });
});

describe('typed names in a sender', () => {
  it('carry no link, domain, number or invisible character into a text', async () => {
    const db = t.database.db;
    await db
      .update(teams)
      .set({ name: 'Varsity\u202E Football www.win-prizes.example 512-555-0100' })
      .where(eq(teams.id, 1));
    await db.update(schools).set({ name: 'Lincoln High School https://evil.example' }).where(eq(schools.id, 1));
    const { purchaseGuid, sessions } = await newPurchase(1);
    await get(`/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${purchaseGuid}&phoneNumber=5125550125`);
    const text = await lastText('5125550125');
    const sender = text.slice(0, text.indexOf(': '));
    assert.ok(sender.startsWith('Lincoln High School'), text);
    assert.ok(sender.includes('Varsity'), text);
    assert.equal(hasLinkOrDomain(sender), false, sender);
    assert.equal(hasInvisibleCharacter(sender), false, sender);
    assert.doesNotMatch(sender, /\d/);
    // The only link in the text is ours.
    assert.deepEqual(
      text.match(/https?:\/\/\S+/g)?.map((url) => new URL(url).pathname),
      [`/activateticket/${sessions[0]}`],
    );
  });
});
