import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { AdminFundraiser, FundraiserOrder, OrderView, Receipt, TeamStandings } from '@fu/shared/contracts';
import { testConfig } from '../src/platform/config/config';
import { emailOutbox, fundraisers, reminderSends } from '../src/platform/db/schema';
import { importData } from '../src/catalog/import/importData';
import { ImportError } from '../src/catalog/import/validate';
import { sendDueReminders } from '../src/students/services/reminders';
import { outboxSmsProvider } from '../src/messaging/sms/outboxProvider';
import { approvingGateway, confirmPhone, createTestApp, textsTo, type Browser, type TestApp } from './helpers';
import { cardCheckout, cookieDough } from './fixtures';
import { eventually, releasedRemotes } from './pageHtml';
import { pdfText } from './pdfText';

// Issue 34 item 2, privacy mode per fundraiser: no leaderboard, students named by first name only
// wherever anyone but the admin app sees them, link previews that name no student. Demo data:
// fundraiser 1 (Varsity Football, Lincoln High School) and its student Jordan Rivera.

const LINCOLN = 1;
const PAGE = '11111111-1111-4111-8111-111111111111';
const CONTACT = '66666666-6666-4666-8666-666666666666';
const SOCIAL = '77777777-7777-4777-8777-777777777777';
const PHONE = '5125550101';
const SITE = 'https://fundraise.example.org';
const AUTH = { authorization: `Bearer ${testConfig().adminApiToken}` };
const LAST_NAME = /Rivera/i;

let t: TestApp;
let released: Awaited<ReturnType<typeof releasedRemotes>>;
before(async () => {
  released = await releasedRemotes();
  const { remotes, shellDist, firstScreenBudgetMs } = released;
  t = await createTestApp({
    gateway: approvingGateway,
    config: { remotes, shellDist, firstScreenBudgetMs, publicUrl: SITE },
  });
});
after(async () => {
  await t.close();
  await released.cdn.close();
});

const get = (url: string, browser: Browser = t.inject) => browser({ method: 'GET', url });
const post = (url: string, payload: object, browser: Browser = t.inject) => browser({ method: 'POST', url, payload });
async function json<T>(response: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> {
  const answer = await response;
  assert.equal(answer.statusCode, 200, answer.body);
  return answer.json() as T;
}
const admin = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = AUTH) =>
  t.inject({ method, url, headers, ...(payload && { payload }) });
const savePrivacy = (privacyMode: unknown, id = LINCOLN) =>
  admin('POST', '/api/Admin/SaveFundraiser', { id, privacyMode });
async function setPrivacy(on: boolean) {
  const saved = await savePrivacy(on);
  assert.equal(saved.statusCode, 200, saved.body);
}

/** A paid card order of one tub of cookie dough from a new browser, with the extra CreateOrder fields given. */
async function paidOrder(extra: Record<string, unknown>) {
  const browser = t.newBrowser();
  const orderId = await json<number>(
    post(
      '/api/Orders/CreateOrder',
      { fundraiserId: LINCOLN, studentFirstName: 'Jordan', fundraiserOrderItems: cookieDough(1), ...extra },
      browser,
    ),
  );
  const paid = await json<string>(
    post(
      '/api/Orders/ProcessOrder',
      cardCheckout(orderId, `tok_privacy_${orderId}`, { amount: 1800, donorEmail: `supporter${orderId}@example.com` }),
      browser,
    ),
  );
  assert.equal(paid, 'success');
  return { orderId, browser };
}

const teamProgress = () => json<TeamStandings>(get(`/api/Students/GetTeamProgress?guid=${PAGE}`));

describe('privacy mode: the admin API', () => {
  it('GetFundraiser gives it, SaveFundraiser sets it; a save without it, or with the goal only, keeps it', async () => {
    const read = () => json<AdminFundraiser>(admin('GET', `/api/Admin/GetFundraiser?fundraiserId=${LINCOLN}`));
    assert.equal((await read()).privacyMode, false);
    assert.equal((await json<AdminFundraiser>(savePrivacy(true))).privacyMode, true);
    assert.equal((await read()).privacyMode, true);
    const kept = await json<AdminFundraiser>(admin('POST', '/api/Admin/SaveFundraiser', { id: LINCOLN }));
    assert.equal(kept.privacyMode, true);
    const goal = await json<AdminFundraiser>(
      admin('POST', '/api/Admin/SaveFundraiser', { id: LINCOLN, goalPerStudentCents: 60_000 }),
    );
    assert.deepEqual([goal.privacyMode, goal.goalPerStudentCents], [true, 60_000]);
    assert.equal((await json<AdminFundraiser>(savePrivacy(false))).privacyMode, false);
    assert.equal((await read()).privacyMode, false);
  });

  it('refuses what is not true or false on its field, an unknown fundraiser, and a caller without the token', async () => {
    for (const value of ['yes', 'true', 1, 0, null, {}]) {
      const response = await savePrivacy(value);
      assert.equal(response.statusCode, 400, `${JSON.stringify(value)}: ${response.body}`);
      assert.equal(response.json().errors[0].field, 'privacyMode');
    }
    assert.equal((await savePrivacy(true, 9999)).statusCode, 404);
    assert.equal(
      (await admin('POST', '/api/Admin/SaveFundraiser', { id: LINCOLN, privacyMode: true }, {})).statusCode,
      401,
    );
    const [row] = await t.database.db.select().from(fundraisers).where(eq(fundraisers.id, LINCOLN));
    assert.equal(row!.privacyMode, false);
  });
});

describe('privacy mode: the import', () => {
  const fundraiser = (extra: object) => ({
    fundraisers: [
      {
        id: 4,
        schoolId: 2,
        teamId: 4,
        name: 'Westlake Band 2026',
        isActive: true,
        startDate: '2026-10-01',
        endDate: '2027-04-30',
        itemIds: [11],
        ...extra,
      },
    ],
  });
  const privacyOf = async () =>
    (await t.database.db.select().from(fundraisers).where(eq(fundraisers.id, 4)))[0]!.privacyMode;

  it('takes privacyMode; a file without it keeps what the fundraiser has', async () => {
    await importData(t.database.db, fundraiser({ privacyMode: true }));
    assert.equal(await privacyOf(), true);
    await importData(t.database.db, fundraiser({}));
    assert.equal(await privacyOf(), true);
    await importData(t.database.db, fundraiser({ privacyMode: false }));
    assert.equal(await privacyOf(), false);
  });

  it('refuses a value that is not true or false, naming the entry, and writes nothing', async () => {
    for (const value of ['yes', 1, null]) {
      await assert.rejects(
        () => importData(t.database.db, fundraiser({ privacyMode: value, name: 'Renamed' })),
        (error: unknown) => {
          assert.ok(error instanceof ImportError);
          assert.deepEqual(error.problems, [
            'fundraisers[0].privacyMode: must be true (privacy mode on: no leaderboard, students by first name only) or false (off)',
          ]);
          return true;
        },
      );
    }
    const [row] = await t.database.db.select().from(fundraisers).where(eq(fundraisers.id, 4));
    assert.equal(row!.name, 'Westlake Band 2026');
  });
});

describe('privacy mode: what goes out about a student', () => {
  let linkOrder: Awaited<ReturnType<typeof paidOrder>>;
  let teamPageOrder: Awaited<ReturnType<typeof paidOrder>>;

  before(async () => {
    await setPrivacy(true);
    // A supporter's order from Jordan's contact link, as the page sends it in privacy mode: the
    // link's answer has no last name, and none is asked for.
    linkOrder = await paidOrder({ contactGuid: CONTACT, studentLastName: '' });
    // One from the team's page, whose supporter typed Jordan's full name.
    teamPageOrder = await paidOrder({ studentLastName: 'Rivera' });
  });
  after(() => setPrivacy(false));

  it('GetTeamProgress sends no leaderboard, only the team figures; off, the leaderboard is back', async () => {
    const team = await teamProgress();
    assert.deepEqual(team.leaderboard, []);
    assert.equal(team.privacyMode, true);
    assert.ok(team.raisedCents >= 3600, 'the team figures stay');
    assert.doesNotMatch(JSON.stringify(team), /Jordan|Rivera/);
    await setPrivacy(false);
    const open = await teamProgress();
    assert.ok(open.leaderboard.some((entry) => entry.name === 'Jordan R.'));
    assert.equal(open.privacyMode, undefined);
    await setPrivacy(true);
  });

  it("a student's links and page give the order page the first name only", async () => {
    for (const url of [
      `/api/Fundraisers/GetFundraiserDetailsForStudentContact?contactGuid=${CONTACT}`,
      `/api/Fundraisers/GetFundraiserDetailsForSocialMedia?socialGuid=${SOCIAL}`,
      `/api/Fundraisers/GetFundraiserDetailsForDevice?fdid=${PAGE}`,
    ]) {
      const details = await json<FundraiserOrder>(get(url, t.newBrowser()));
      assert.deepEqual([details.studentFirstName, details.studentLastName, details.privacyMode], ['Jordan', '', true]);
      assert.doesNotMatch(JSON.stringify(details), LAST_NAME, url);
    }
  });

  it('MatchStudent answers with the first name only', async () => {
    const answer = await json<{ match: string; displayName: string }>(
      get(`/api/Orders/MatchStudent?fundraiserId=${LINCOLN}&firstName=Jordan&lastName=Rivera`, t.newBrowser()),
    );
    assert.deepEqual(answer, { match: 'one', displayName: 'Jordan' });
  });

  it('an order from a link needs no last name, and its view names the student by first name', async () => {
    const browser = t.newBrowser();
    const orderId = await json<number>(
      post(
        '/api/Orders/CreateOrder',
        {
          fundraiserId: LINCOLN,
          socialGuid: SOCIAL,
          studentFirstName: 'Jordan',
          studentLastName: '',
          fundraiserOrderItems: cookieDough(1),
        },
        browser,
      ),
    );
    const view = await json<OrderView>(get(`/api/Orders/GetOrder?orderId=${orderId}`, browser));
    assert.deepEqual([view.studentLastName, view.creditedStudent, view.privacyMode], ['', 'Jordan', true]);
    // Without a student's link the last name is still asked for.
    const typed = await post('/api/Orders/CreateOrder', {
      fundraiserId: LINCOLN,
      studentFirstName: 'Jordan',
      studentLastName: '',
      fundraiserOrderItems: cookieDough(1),
    });
    assert.equal(typed.statusCode, 400);
    assert.equal(typed.json().errors[0].field, 'studentLastName');
  });

  it('a cash sale recorded on the page is shown with the first name only, though the page keeps the full name', async () => {
    const browser = t.newBrowser();
    const orderId = await json<number>(post('/api/Orders/NewOrderWithFDID', { fundraiserDeviceGuid: PAGE }, browser));
    const view = await json<OrderView>(get(`/api/Orders/GetFundraiserOrder?orderId=${orderId}`, browser));
    assert.deepEqual([view.studentFirstName, view.studentLastName, view.creditedStudent], ['Jordan', '', 'Jordan']);
  });

  it('the receipt, its PDF and its e-mail name the student by first name, whoever typed the name', async () => {
    for (const { orderId, browser } of [linkOrder, teamPageOrder]) {
      const link = new URL(await json<string>(post(`/api/donor/digitalReceipt/${orderId}`, {}, browser)));
      const key = link.searchParams.get('key')!;
      const receipt = await json<Receipt>(get(`/api/Orders/GetReceipt?orderId=${orderId}&key=${key}`, t.newBrowser()));
      assert.deepEqual([receipt.studentFirstName, receipt.studentLastName], ['Jordan', '']);
      assert.equal(receipt.creditedStudent, 'Jordan');
      assert.doesNotMatch(JSON.stringify(receipt), LAST_NAME);
      const pdf = await get(`/api/Orders/GetReceiptPdf?orderId=${orderId}&key=${key}`, t.newBrowser());
      assert.equal(pdf.statusCode, 200);
      const text = await pdfText(pdf.rawPayload);
      assert.match(text, /Jordan/);
      assert.doesNotMatch(text, LAST_NAME);
      let email: typeof emailOutbox.$inferSelect | undefined;
      await eventually(async () => {
        [email] = await t.database.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.dedupeKey, `receipt-order-${orderId}`));
        return email !== undefined;
      }, `the receipt e-mail of order ${orderId}`);
      assert.match(email!.textBody, /Jordan/);
      assert.doesNotMatch(email!.subject + email!.textBody + email!.htmlBody, LAST_NAME);
    }
  });

  it("a share link's preview and its page's HTML name no student; the team's preview instead", async () => {
    for (const link of [`/Order/Contact/${CONTACT}`, `/Order/Social/${SOCIAL}`]) {
      const page = await get(link, t.newBrowser());
      assert.equal(page.statusCode, 200);
      assert.match(
        page.body,
        /<title>Support Varsity Football at Lincoln High School \| Fundraising University<\/title>/,
      );
      assert.doesNotMatch(page.body, /Jordan|Rivera/, link);
    }
    await setPrivacy(false);
    const open = await get(`/Order/Contact/${CONTACT}`, t.newBrowser());
    assert.match(open.body, /<title>Help Jordan R\. reach \$\d+ for Varsity Football/);
    await setPrivacy(true);
  });

  it("the student page's heading, as its first screen is rendered, names the student by first name", async () => {
    const page = await get(`/Fundraiser/${PAGE}`, t.newBrowser());
    assert.equal(page.statusCode, 200);
    const heading = /<p class="fp-student-name">([^<]*)<\/p>/.exec(page.body)?.[1];
    assert.equal(heading, 'Jordan');
  });

  it('a reminder text greets the student by first name only', async () => {
    await t.database.db
      .update(fundraisers)
      .set({ startDate: '2027-01-10', endDate: '2027-02-10' })
      .where(eq(fundraisers.id, LINCOLN));
    await post('/api/Students/UpdateOptInStatus', { phone: PHONE, status: true, fundraiserDeviceGuid: PAGE });
    await confirmPhone(t, PAGE, PHONE);
    await t.database.db.delete(reminderSends);
    const sent = await sendDueReminders(t.app.repositories.reminders, outboxSmsProvider(t.app.repositories.smsOutbox), {
      publicUrl: SITE,
      now: new Date('2027-01-12T15:00:00Z'),
    });
    assert.equal(sent, 1);
    const text = (await textsTo(t.database, PHONE)).at(-1) ?? '';
    assert.match(text, /Hi Jordan!/);
    assert.doesNotMatch(text, LAST_NAME);
  });
});
