import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { ACCESS_MESSAGES, type FundraiserDevice, type TextConsents } from '@fu/shared/contracts';
import { testConfig } from '../src/platform/config/config';
import {
  fundraiserDevices,
  fundraisers,
  orders,
  parentalConsentLinks,
  reminderSends,
  smsOptOuts,
  smsOutbox,
} from '../src/platform/db/schema';
import { sha256 } from '../src/platform/security/tokens';
import { OPT_OUT_FOOTER } from '../src/messaging/sms/keywords';
import { textSender } from '../src/messaging/sms/sender';
import { reminderText } from '../src/students/services/reminders';
import { PARENT_CONSENT_MESSAGES, PARENT_LINKS_PER_PAGE_PER_DAY } from '../src/students/services/parentalConsent';
import { createTestApp, textsTo, type Browser, type TestApp } from './helpers';
import { cookieDough } from './fixtures';
import { importData } from '../src/catalog/import/importData';

// Issue 34 item 2 (COPPA, as amended in 2025): a page for a student under 13, or one nobody said is
// 13 or older, is private until a parent confirms it from their own phone by a texted link: no share,
// QR or contact link that works, named nowhere public, no text to the phone it was made with. Then
// it works, and its texts go to the parent's phone. On PGlite and, with DATABASE_URL, PostgreSQL.

const LINCOLN = 1; // demo: Varsity Football at Lincoln High (Texas), Jordan Rivera's team
const ADMIN = { authorization: `Bearer ${testConfig().adminApiToken}` };
/** Demo fundraiser 1 kicks off January 10 (set below): its first reminder is due the 12th, 9 am Chicago. */
const REMINDER_DAY = new Date('2027-01-12T16:00:00Z');

let t: TestApp;
before(async () => {
  t = await createTestApp();
  await t.database.db
    .update(fundraisers)
    .set({ startDate: '2027-01-10', endDate: '2027-02-10', isActive: true })
    .where(eq(fundraisers.id, LINCOLN));
});
after(() => t.close());

const get = (url: string, browser: Browser = t.inject) => browser({ method: 'GET', url });
const post = (url: string, payload: object, browser: Browser = t.inject) => browser({ method: 'POST', url, payload });

let phoneSeq = 5125558100;
const freshPhone = () => String(phoneSeq++);

/** A student page as the signup makes one; the answer left out when `is13OrOlder` is undefined. */
async function newPage(is13OrOlder: boolean | undefined, firstName = 'Mia') {
  const phone = freshPhone();
  const made = await post('/api/Orders/NewFundraiserDevice', {
    fundraiserId: LINCOLN,
    phone,
    studentFirstName: firstName,
    studentLastName: 'Okafor',
    ...(is13OrOlder === undefined ? {} : { studentIs13OrOlder: is13OrOlder }),
  });
  assert.equal(made.statusCode, 200, made.body);
  const guid = made.json<string>();
  const [row] = await t.database.db.select().from(fundraiserDevices).where(eq(fundraiserDevices.guid, guid));
  return { guid, phone, row: row! };
}

const myPage = async (guid: string) => {
  const page = await get(`/api/Orders/GetMyFundraiser?fundraiserDeviceGuid=${guid}`);
  assert.equal(page.statusCode, 200, page.body);
  return page.json<FundraiserDevice>();
};

/** Asks for a parent's link; the token in the text the parent's phone got. */
async function parentLink(guid: string, parentPhone: string): Promise<string> {
  const sent = await post('/api/Students/RequestParentConsent', { fundraiserDeviceGuid: guid, parentPhone });
  assert.equal(sent.statusCode, 200, sent.body);
  const text = (await textsTo(t.database, parentPhone)).at(-1) ?? '';
  const token = /\/ParentConsent\/([\w-]+)/.exec(text)?.[1];
  assert.ok(token, text);
  return token;
}

/** Opted in, phone confirmed as far as the page's own phone goes: every reason to text, but the age. */
const optInDirectly = (id: number) =>
  t.database.db
    .update(fundraiserDevices)
    .set({ isOptedIn: true, phoneVerifiedAt: new Date() })
    .where(eq(fundraiserDevices.id, id));

describe('the age question', () => {
  it('NewFundraiserDevice records the answer and when; a page made without one is private until its holder answers', async () => {
    const older = await newPage(true);
    assert.equal(older.row.studentIs13OrOlder, true);
    assert.equal(older.row.ageAnsweredVia, 'new_page');
    assert.ok(older.row.ageAnsweredAt);
    assert.deepEqual((await myPage(older.guid)).privacy, {
      studentIs13OrOlder: true,
      parentConfirmed: false,
      isPrivate: false,
      textsPhone: older.phone,
    });

    const unanswered = await newPage(undefined);
    assert.equal(unanswered.row.studentIs13OrOlder, null);
    assert.equal(unanswered.row.ageAnsweredAt, null);
    const shown = await myPage(unanswered.guid);
    assert.deepEqual(shown.privacy, {
      studentIs13OrOlder: null,
      parentConfirmed: false,
      isPrivate: true,
      textsPhone: null,
    });
    assert.equal(shown.socialGuid, null, 'a private page has no link to share');
    assert.equal((await get(`/api/Orders/GetQRCode?fdid=${unanswered.guid}`)).statusCode, 403);

    // Answered on the page, once: a "no" cannot be changed to get past the parent.
    const answered = await post('/api/Students/AnswerStudentAge', {
      fundraiserDeviceGuid: unanswered.guid,
      studentIs13OrOlder: false,
    });
    assert.equal(answered.statusCode, 200, answered.body);
    assert.equal(answered.json<{ isPrivate: boolean }>().isPrivate, true);
    const again = await post('/api/Students/AnswerStudentAge', {
      fundraiserDeviceGuid: unanswered.guid,
      studentIs13OrOlder: true,
    });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json<{ message: string }>().message, PARENT_CONSENT_MESSAGES.answered);
    const [row] = await t.database.db
      .select()
      .from(fundraiserDevices)
      .where(eq(fundraiserDevices.guid, unanswered.guid));
    assert.equal(row!.studentIs13OrOlder, false);
    assert.equal(row!.ageAnsweredVia, 'student_page');
    assert.ok(row!.ageAnsweredAt);
    assert.equal(
      (await post('/api/Students/AnswerStudentAge', { fundraiserDeviceGuid: older.guid, studentIs13OrOlder: false }))
        .statusCode,
      409,
    );
  });
});

describe('a private page', () => {
  it('refuses every public path: QR code, contact, social and order links, sales, name match, leaderboard, link previews', async () => {
    for (const is13OrOlder of [false, undefined]) {
      const { guid, row } = await newPage(is13OrOlder, 'Zadie');
      const contact = row.contactGuid!;
      const social = row.socialGuid!;

      const qr = await get(`/api/Orders/GetQRCode?fdid=${guid}`);
      assert.equal(qr.statusCode, 403);
      assert.equal(qr.json<{ message: string }>().message, ACCESS_MESSAGES.privatePage);
      assert.doesNotMatch(qr.body, new RegExp(contact));

      // The links answer as an unknown link does: nothing says the page exists.
      for (const url of [
        `/api/Fundraisers/GetFundraiserDetailsForStudentContact?contactGuid=${contact}`,
        `/api/Fundraisers/GetFundraiserDetailsForSocialMedia?socialGuid=${social}`,
        `/api/Fundraisers/GetFundraiserDetailsForDevice?fdid=${guid}`,
      ]) {
        const answer = await get(url, t.newBrowser());
        assert.equal(answer.statusCode, 404, url);
        assert.doesNotMatch(answer.body, /Zadie/);
      }
      assert.equal((await post('/api/Orders/NewOrderWithFDID', { fundraiserDeviceGuid: guid })).statusCode, 403);

      // An order through its contact link, or with its name typed, credits and names no one.
      const stranger = t.newBrowser();
      for (const extra of [{ contactGuid: contact }, { socialGuid: social }, {}]) {
        const made = await post(
          '/api/Orders/CreateOrder',
          {
            fundraiserId: LINCOLN,
            studentFirstName: 'Zadie',
            studentLastName: 'Okafor',
            fundraiserOrderItems: cookieDough(1),
            ...extra,
          },
          stranger,
        );
        assert.equal(made.statusCode, 200, made.body);
        const [order] = await t.database.db.select().from(orders).where(eq(orders.id, made.json<number>()));
        assert.equal(order!.fundraiserDeviceId, null, JSON.stringify(extra));
        const view = await get(`/api/Orders/GetOrder?orderId=${order!.id}`, stranger);
        assert.doesNotMatch(JSON.stringify(view.json<{ creditedStudent?: unknown }>().creditedStudent ?? ''), /Zadie/);
      }
      const match = await get(`/api/Orders/MatchStudent?fundraiserId=${LINCOLN}&firstName=Zadie&lastName=Okafor`);
      assert.deepEqual(match.json(), { match: 'none' });

      // Link previews name no one.
      const { linkPreviews } = t.app.repositories;
      assert.equal(await linkPreviews.studentOfShareLink('contactGuid', contact), undefined);
      assert.equal(await linkPreviews.studentOfShareLink('socialGuid', social), undefined);

      // Even with a paid order credited to it (made before, or by hand), the leaderboard leaves it out.
      const [paid] = await t.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.fundraiserId, LINCOLN), eq(orders.status, 'paid'), isNotNull(orders.fundraiserDeviceId)))
        .limit(1);
      const [before] = await t.database.db.select().from(orders).where(eq(orders.id, paid!.id));
      await t.database.db.update(orders).set({ fundraiserDeviceId: row.id }).where(eq(orders.id, paid!.id));
      const older = await newPage(true);
      const board = await get(`/api/Students/GetTeamProgress?guid=${older.guid}`);
      assert.equal(board.statusCode, 200, board.body);
      assert.doesNotMatch(board.body, /Zadie/);
      await t.database.db
        .update(orders)
        .set({ fundraiserDeviceId: before!.fundraiserDeviceId })
        .where(eq(orders.id, paid!.id));
    }
  });

  it('texts nothing to the phone it was made with: no confirmation, no reminder, no page link', async () => {
    const { guid, phone, row } = await newPage(false, 'Theo');
    const optIn = await post('/api/Students/UpdateOptInStatus', { phone, status: true, fundraiserDeviceGuid: guid });
    assert.equal(optIn.statusCode, 403);
    assert.equal(optIn.json<{ message: string }>().message, ACCESS_MESSAGES.privatePage);
    assert.equal((await post('/api/Students/SendPhoneConfirmation', { fundraiserDeviceGuid: guid })).statusCode, 403);
    // Turning reminders off is always allowed.
    assert.equal(
      (await post('/api/Students/UpdateOptInStatus', { phone, status: false, fundraiserDeviceGuid: guid })).statusCode,
      200,
    );

    // Every other reason to text it: opted in and confirmed (as a browser that proved the phone on
    // another page would make it), then a reminder day and a phone lookup.
    await optInDirectly(row.id);
    await t.app.runReminderPass({ now: REMINDER_DAY });
    assert.equal((await get(`/api/Fundraisers/GetFundraiserDevice?phone=${phone}`)).statusCode, 200);
    await t.app.backgroundIdle();
    assert.deepEqual(await textsTo(t.database, phone), []);
    // Another page of the same phone, answered 13 or older, is texted as ever (its own link only).
    const sibling = await post('/api/Orders/NewFundraiserDevice', {
      fundraiserId: LINCOLN,
      phone,
      studentFirstName: 'Theo',
      studentLastName: 'Okafor',
      studentIs13OrOlder: true,
    });
    assert.equal((await get(`/api/Orders/ListActiveFundraisersByPhone?phone=${phone}`)).statusCode, 200);
    await t.app.backgroundIdle();
    const texts = await textsTo(t.database, phone);
    assert.equal(texts.length, 1);
    assert.match(texts[0]!, new RegExp(sibling.json<string>()));
    assert.doesNotMatch(texts[0]!, new RegExp(guid));
  });
});

describe("a parent's texted link", () => {
  it("is asked for only on a younger student's page, never to the page's own phone", async () => {
    const older = await newPage(true);
    const unanswered = await newPage(undefined);
    const younger = await newPage(false);
    const ask = (guid: string, parentPhone: string) =>
      post('/api/Students/RequestParentConsent', { fundraiserDeviceGuid: guid, parentPhone });
    assert.equal((await ask(older.guid, freshPhone())).statusCode, 409);
    assert.equal((await ask(unanswered.guid, freshPhone())).statusCode, 409);
    const same = await ask(younger.guid, younger.phone);
    assert.equal(same.statusCode, 400);
    assert.equal(same.json<{ message: string }>().message, PARENT_CONSENT_MESSAGES.samePhone);
    assert.equal((await ask(younger.guid, '12')).statusCode, 400);
    assert.equal((await ask(younger.guid, '8765550100')).statusCode, 400, 'a Caribbean number is not texted');
    assert.deepEqual(await textsTo(t.database, younger.phone), []);
  });

  it('is single use, expiring, only the newest works, limited per page and per client; its token is kept hashed', async () => {
    const { guid, row } = await newPage(false);
    const parent = freshPhone();
    const first = await parentLink(guid, parent);
    const links = await t.database.db
      .select()
      .from(parentalConsentLinks)
      .where(eq(parentalConsentLinks.fundraiserDeviceId, row.id));
    assert.equal(links.length, 1);
    assert.equal(links[0]!.tokenHash, sha256(first));
    assert.doesNotMatch(JSON.stringify(links), new RegExp(first));

    // Reading it changes nothing and shows what the parent agrees to.
    const view = await post('/api/Students/GetParentConsent', { token: first }, t.newBrowser());
    assert.equal(view.statusCode, 200, view.body);
    assert.deepEqual(
      { ...view.json<Record<string, unknown>>(), expiresAt: undefined },
      {
        studentFirstName: 'Mia',
        // Under 13: only the last name's initial is kept.
        studentLastName: 'O.',
        fundraiserName: view.json<{ fundraiserName: string }>().fundraiserName,
        teamName: 'Varsity Football',
        schoolName: 'Lincoln High School',
        parentPhone: parent,
        // The page's own phone, masked: the parent sees which number the page holds, not the number.
        pagePhone: `***-***-${row.phone.slice(-4)}`,
        ordersSoFar: 0,
        expiresAt: undefined,
      },
    );
    assert.equal((await post('/api/Students/GetParentConsent', { token: first })).statusCode, 200);

    // A newer link retires the older one.
    const second = await parentLink(guid, parent);
    assert.equal((await post('/api/Students/GetParentConsent', { token: first })).statusCode, 409);
    assert.equal((await post('/api/Students/ConfirmParentConsent', { token: first })).statusCode, 409);
    // A wrong token is a 404; an expired one a 410.
    assert.equal((await post('/api/Students/GetParentConsent', { token: 'x'.repeat(32) })).statusCode, 404);
    await t.database.db
      .update(parentalConsentLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(parentalConsentLinks.tokenHash, sha256(second)));
    assert.equal((await post('/api/Students/GetParentConsent', { token: second })).statusCode, 410);
    assert.equal((await post('/api/Students/ConfirmParentConsent', { token: second })).statusCode, 410);
    assert.equal((await myPage(guid)).privacy.isPrivate, true);

    // Three links a day per page, whoever asks and whatever phone.
    assert.equal(PARENT_LINKS_PER_PAGE_PER_DAY, 3);
    const third = await parentLink(guid, freshPhone());
    const fourth = await post('/api/Students/RequestParentConsent', {
      fundraiserDeviceGuid: guid,
      parentPhone: freshPhone(),
    });
    assert.equal(fourth.statusCode, 429);
    assert.equal(fourth.json<{ message: string }>().message, PARENT_CONSENT_MESSAGES.tooManyLinks);

    // Used once: the second confirmation of the same link is refused.
    assert.equal((await post('/api/Students/ConfirmParentConsent', { token: third })).statusCode, 200);
    assert.equal((await post('/api/Students/ConfirmParentConsent', { token: third })).statusCode, 409);

    // Per client: RATE_LIMIT_PHONE_CONFIRM a minute.
    const limited = await createTestApp({
      config: { rateLimits: { ...testConfig().rateLimits, phoneConfirmPerMinute: 2 } },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const answer = await limited.app.inject({
          method: 'POST',
          url: '/api/Students/GetParentConsent',
          payload: { token: `guess${i}`.padEnd(32, 'a') },
          remoteAddress: '10.9.9.9',
        });
        statuses.push(answer.statusCode);
      }
      assert.deepEqual(statuses, [404, 404, 429]);
    } finally {
      await limited.close();
    }

    // And RATE_LIMIT_PARENT_CONSENT links a day per client, whatever pages and phones it names.
    const daily = await createTestApp({
      config: { rateLimits: { ...testConfig().rateLimits, parentConsentLinksPerDay: 2 } },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const made = await daily.app.inject({
          method: 'POST',
          url: '/api/Orders/NewFundraiserDevice',
          payload: {
            fundraiserId: LINCOLN,
            phone: freshPhone(),
            studentFirstName: 'Ada',
            studentLastName: 'Lin',
            studentIs13OrOlder: false,
          },
        });
        const answer = await daily.app.inject({
          method: 'POST',
          url: '/api/Students/RequestParentConsent',
          payload: { fundraiserDeviceGuid: made.json<string>(), parentPhone: freshPhone() },
          remoteAddress: '10.9.9.8',
        });
        statuses.push(answer.statusCode);
      }
      assert.deepEqual(statuses, [200, 200, 429]);
    } finally {
      await daily.close();
    }
  });

  it("honours STOP: a parent's phone that replied STOP gets nothing, and is told so", async () => {
    const { guid } = await newPage(false);
    const parent = freshPhone();
    await t.database.db.insert(smsOptOuts).values({ phone: parent, keyword: 'STOP' });
    const sent = await post('/api/Students/RequestParentConsent', { fundraiserDeviceGuid: guid, parentPhone: parent });
    assert.equal(sent.statusCode, 409);
    assert.equal(sent.json<{ message: string }>().message, ACCESS_MESSAGES.optedOut);
    const kept = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, parent));
    assert.deepEqual(
      kept.map((text) => text.status),
      ['opted_out'],
    );
  });
});

describe('after the parent confirms', () => {
  it('the page works normally, the consent is recorded, and every text goes to the parent, none to the student', async () => {
    const { guid, phone, row } = await newPage(false, 'Ivy');
    const parent = freshPhone();
    const token = await parentLink(guid, parent);
    const confirmed = await post('/api/Students/ConfirmParentConsent', { token }, t.newBrowser());
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    assert.match(confirmed.json<{ message: string }>().message, /Ivy's page is confirmed/);

    // Recorded: on the page, and as a consent of the parent's phone.
    const [device] = await t.database.db.select().from(fundraiserDevices).where(eq(fundraiserDevices.id, row.id));
    assert.equal(device!.parentPhone, parent);
    assert.ok(device!.parentConsentedAt);
    const consents = await get(`/api/Admin/GetTextConsents?phone=${parent}`);
    assert.equal(consents.statusCode, 401, 'the admin call needs its token');
    const record = await t.app.inject({ url: `/api/Admin/GetTextConsents?phone=${parent}`, headers: ADMIN });
    assert.equal(record.statusCode, 200, record.body);
    assert.deepEqual(
      record
        .json<TextConsents>()
        .consents.map(({ scope, action, method, source }) => ({ scope, action, method, source })),
      [{ scope: 'parental_consent', action: 'given', method: 'confirmation_link', source: `/Fundraiser/${guid}` }],
    );
    // The "plus" step: one text to the parent saying what they agreed to and how to withdraw.
    const parentTexts = await textsTo(t.database, parent);
    assert.equal(parentTexts.length, 2);
    assert.match(parentTexts[1]!, /you agreed to Ivy's fundraising page/);
    assert.match(parentTexts[1]!, /Reply STOP to opt out/);

    // The page works: share link, QR code, contact link, a sale.
    const page = await myPage(guid);
    assert.deepEqual(page.privacy, {
      studentIs13OrOlder: false,
      parentConfirmed: true,
      isPrivate: false,
      textsPhone: parent,
    });
    assert.equal(page.socialGuid, row.socialGuid);
    assert.equal(page.phoneConfirmed, true);
    const qr = await get(`/api/Orders/GetQRCode?fdid=${guid}`);
    assert.equal(qr.statusCode, 200);
    assert.match(qr.json<{ url: string }>().url, new RegExp(`/Order/Contact/${row.contactGuid}$`));
    const contact = await get(
      `/api/Fundraisers/GetFundraiserDetailsForStudentContact?contactGuid=${row.contactGuid}`,
      t.newBrowser(),
    );
    assert.equal(contact.statusCode, 200);
    assert.equal(contact.json<{ studentFirstName: string }>().studentFirstName, 'Ivy');
    assert.equal((await post('/api/Orders/NewOrderWithFDID', { fundraiserDeviceGuid: guid })).statusCode, 200);

    // Reminders on: no confirmation text (the parent's phone is proven), and the reminder goes to the parent.
    const optIn = await post('/api/Students/UpdateOptInStatus', { phone, status: true, fundraiserDeviceGuid: guid });
    assert.equal(optIn.statusCode, 200, optIn.body);
    assert.equal(optIn.json<{ phoneConfirmed: boolean; message?: string }>().phoneConfirmed, true);
    assert.equal(optIn.json<{ message?: string }>().message, undefined);
    await t.app.runReminderPass({ now: REMINDER_DAY });
    const afterReminder = await textsTo(t.database, parent);
    assert.equal(afterReminder.length, 3, afterReminder.join('\n'));
    assert.match(
      afterReminder[2]!,
      new RegExp(`Ivy's fundraiser kicked off two days ago.*/Fundraiser/${guid} Reply STOP to opt out$`),
    );
    const [claim] = await t.database.db
      .select()
      .from(reminderSends)
      .where(eq(reminderSends.fundraiserDeviceId, row.id))
      .orderBy(asc(reminderSends.id));
    assert.equal(claim!.phone, parent);

    // A phone lookup: the parent's number gets the page's link, the student's gets nothing.
    await get(`/api/Fundraisers/GetFundraiserDevice?phone=${parent}`);
    await get(`/api/Fundraisers/GetFundraiserDevice?phone=${phone}`);
    await t.app.backgroundIdle();
    assert.match((await textsTo(t.database, parent)).at(-1)!, new RegExp(`/Fundraiser/${guid}`));
    assert.deepEqual(await textsTo(t.database, phone), []);

    // The page is confirmed once: no new link, and the answer cannot be changed.
    const again = await post('/api/Students/RequestParentConsent', {
      fundraiserDeviceGuid: guid,
      parentPhone: freshPhone(),
    });
    assert.equal(again.statusCode, 409);
    assert.equal(
      (await post('/api/Students/SendPhoneConfirmation', { fundraiserDeviceGuid: guid })).json<{ message: string }>()
        .message,
      "A parent confirmed this page: its texts go to the parent's phone.",
    );
    assert.deepEqual(await textsTo(t.database, phone), []);
  });
});

describe("a child's name", () => {
  const lastNameOf = async (guid: string) =>
    (await t.database.db.select().from(fundraiserDevices).where(eq(fundraiserDevices.guid, guid)))[0]!.studentLastName;

  it('keeps only the last initial once the page is answered "under 13", made so or answered on the page; "13 or older" keeps it whole', async () => {
    assert.equal((await newPage(false)).row.studentLastName, 'O.');
    assert.equal((await newPage(true)).row.studentLastName, 'Okafor');
    const unanswered = await newPage(undefined);
    assert.equal(unanswered.row.studentLastName, 'Okafor', 'unanswered: private, and not yet cut');
    const answered = await post('/api/Students/AnswerStudentAge', {
      fundraiserDeviceGuid: unanswered.guid,
      studentIs13OrOlder: false,
    });
    assert.equal(answered.statusCode, 200, answered.body);
    assert.equal(await lastNameOf(unanswered.guid), 'O.');
    assert.equal((await myPage(unanswered.guid)).studentLastName, 'O.');
  });

  it('shows no more than "first name and initial" anywhere once a parent confirmed: its order page and the leaderboard', async () => {
    const { guid, row } = await newPage(false, 'Zoe');
    const token = await parentLink(guid, freshPhone());
    assert.equal((await post('/api/Students/ConfirmParentConsent', { token }, t.newBrowser())).statusCode, 200);
    const supporter = t.newBrowser();
    const contact = await get(
      `/api/Fundraisers/GetFundraiserDetailsForStudentContact?contactGuid=${row.contactGuid}`,
      supporter,
    );
    assert.equal(contact.statusCode, 200, contact.body);
    const named = contact.json<{ studentFirstName: string; studentLastName: string }>();
    assert.deepEqual([named.studentFirstName, named.studentLastName], ['Zoe', 'O.']);
    assert.doesNotMatch(contact.body, /Okafor/);
    const team = await get(`/api/Students/GetTeamProgress?guid=${guid}`);
    assert.equal(team.statusCode, 200, team.body);
    assert.doesNotMatch(team.body, /Okafor/);
  });

  it('an import that answers "under 13" keeps only the initial, whatever last name the file gives', async () => {
    const { row } = await newPage(undefined, 'Lea');
    await importData(t.database.db, {
      devices: [
        {
          guid: row.guid,
          fundraiserId: LINCOLN,
          phone: row.phone,
          studentFirstName: 'Lea',
          studentLastName: 'Okafor',
          studentIs13OrOlder: false,
        },
      ],
    });
    assert.equal(await lastNameOf(row.guid), 'O.');
  });

  it('stays "under 13" when a later import says "13 or older"; an import may make an older page private', async () => {
    const importAnswer = (row: { guid: string; phone: string }, studentIs13OrOlder: boolean) =>
      importData(t.database.db, {
        devices: [
          {
            guid: row.guid,
            fundraiserId: LINCOLN,
            phone: row.phone,
            studentFirstName: 'Ben',
            studentLastName: 'Okafor',
            studentIs13OrOlder,
          },
        ],
      });
    const answerOf = async (guid: string) =>
      (await t.database.db.select().from(fundraiserDevices).where(eq(fundraiserDevices.guid, guid)))[0]!;
    const child = (await newPage(false, 'Ben')).row;
    await importAnswer(child, true);
    const kept = await answerOf(child.guid);
    assert.deepEqual([kept.studentIs13OrOlder, kept.ageAnsweredVia, kept.studentLastName], [false, 'new_page', 'O.']);
    assert.equal((await myPage(child.guid)).privacy.isPrivate, true, 'still waiting for a parent');

    const older = (await newPage(true, 'Ben')).row;
    await importAnswer(older, false);
    const changed = await answerOf(older.guid);
    assert.deepEqual(
      [changed.studentIs13OrOlder, changed.ageAnsweredVia, changed.studentLastName],
      [false, 'import', 'O.'],
    );
  });
});

describe("a parent's reminders", () => {
  it('say whose fundraiser it is, end with how to stop them, and fit two text segments', () => {
    const sender = textSender({ schoolName: 'A'.repeat(40), teamName: 'B'.repeat(40) });
    const link = `https://fundraising.lincoln-high-boosterclub.example.com/Fundraiser/${'0'.repeat(36)}`;
    for (const kind of ['after_kickoff', 'two_days_left'] as const) {
      const text = reminderText(kind, sender, 'C'.repeat(30), link, 'parent');
      assert.match(text, new RegExp(`${'C'.repeat(30)}'s fundraiser`));
      assert.ok(text.endsWith(` ${OPT_OUT_FOOTER}`), text);
      assert.ok(text.length <= 306, `${text.length} characters: ${text}`);
    }
  });
});
