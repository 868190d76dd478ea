import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { clearLookups } from '../src/cache/lookupCache';
import { ACCESS_MESSAGES, type OrderView } from '@fu/shared/contracts';
import { fundraiserDevices, fundraisers, orders, schools, teams, ticketPurchaseSessions } from '../src/db/schema';
import { BROWSER_KEY_COOKIE } from '../src/plugins/app/browserKey';
import { newToken, sha256 } from '../src/security/tokens';
import { DEVICE_COOKIE } from '../src/tickets/deviceCookie';
import { newOrderBody } from './fixtures';
import { createTestApp, type TestApp } from './helpers';
import { unescapeHtml } from '../src/html/escape';
import { BUILT_SHELL_PAGE, tagsOf } from './pageHtml';

// Demo data: fundraiser 1 is Varsity Football at Lincoln High School (Texas); Jordan Rivera's share
// links have these guids. Issue 20 item 4: the page as served shows its chrome, heading and first content.
const CONTACT = '66666666-6666-4666-8666-666666666666';
const SOCIAL = '77777777-7777-4777-8777-777777777777';

let t: TestApp;
before(async () => {
  const shellDist = mkdtempSync(path.join(tmpdir(), 'fu-shell-'));
  writeFileSync(path.join(shellDist, 'index.html'), BUILT_SHELL_PAGE);
  t = await createTestApp({ config: { shellDist } });
});
after(() => t.close());

/** The served first paint: the element the shell takes over from, and what the page has around it. */
async function firstPaintOf(link: string, browser = t.inject, cookie?: string) {
  const page = await browser(cookie ? { url: link, headers: { cookie } } : link);
  assert.equal(page.statusCode, 200, link);
  const body = page.body;
  const paint = /<body><div id="first-paint">([\s\S]*)<\/div><div id=root><\/div><\/body>/.exec(body)?.[1];
  assert.ok(paint, `${link}: the first paint opens the body, before an empty #root`);
  const links = tagsOf(paint, 'a').map((a) => a.href);
  const headings = [...paint.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => match[1]);
  // The words shown, tags dropped: what a reader of the served page gets.
  const text = unescapeHtml(paint.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return { response: page, body, paint, links, headings, text };
}

const setTeam = async (values: Partial<typeof teams.$inferInsert>) => {
  await t.database.db.update(teams).set(values).where(eq(teams.id, 1));
  clearLookups(t.database.db);
};

describe('the first paint', () => {
  it('inlines the shared global styles the app uses for the first screen', async () => {
    const { body } = await firstPaintOf('/');
    const style = /<style id="fu-global-styles">([\s\S]*?)<\/style>/.exec(body)?.[1] ?? '';
    assert.match(style, /--color-brand/, 'tokens.css');
    assert.match(style, /\.fp-header\s*\{/, 'firstPaint.css');
    assert.match(style, /\.link-list a\s*\{/);
    assert.ok(body.indexOf('<style id="fu-global-styles">') < body.indexOf('</head>'), 'in the head');
  });

  it("shows the state list's heading and its states as links, in each mode", async () => {
    for (const [link, texas] of [
      ['/', '/SelectSchool/Texas/0/0'],
      ['/SelectLocation', '/SelectSchool/Texas/0/0'],
      ['/Donate', '/SelectSchool/Texas/-1/0'],
      ['/give', '/SelectSchool/Texas/-2/0'],
      ['/Purchase/0/5551234567', '/SelectSchool/Texas/0/5551234567'],
      ['/Purchase/0/not-a-phone', '/SelectSchool/Texas/0/0'],
    ]) {
      const { paint, links, headings } = await firstPaintOf(link!);
      assert.deepEqual(headings, ['Select Fundraiser&#39;s State'], link);
      assert.ok(links.includes(texas!), `${link} links Texas to ${texas}`);
      // The chrome: skip link, the site's header, the footer's help link; no form fields.
      assert.deepEqual(links.slice(0, 2), ['#content', '/'], link);
      assert.equal(links.at(-1), '/Help');
      assert.match(paint, /<ul class="link-list" aria-label="States">/);
      assert.doesNotMatch(paint, /<(input|select|textarea|button|form)\b/);
    }
  });

  it("lists the same states as ListActiveStates, for a purchase item's filter too", async () => {
    for (const [link, call] of [
      ['/', '/api/Fundraisers/ListActiveStates?itemId=0'],
      ['/Purchase/2', '/api/Fundraisers/ListActiveStates?itemId=2'],
      ['/Purchase/999999', '/api/Fundraisers/ListActiveStates?itemId=999999'],
    ]) {
      const states = (await t.inject(call!)).json<string[]>();
      const { links } = await firstPaintOf(link!);
      const shown = links
        .filter((href) => href!.startsWith('/SelectSchool/'))
        .map((href) => decodeURIComponent(href!.split('/')[2]!));
      assert.deepEqual(shown, states, link);
    }
  });

  it("shows an order link's team header and heading, without the site's header", async () => {
    for (const link of ['/Order/1/0/0', `/Order/Contact/${CONTACT}`, `/order/social/${SOCIAL}`]) {
      const { paint, links, headings } = await firstPaintOf(link);
      assert.deepEqual(headings, ['Varsity Football'], link);
      assert.match(
        paint,
        /<header class="fp-team-header[^"]*"[^>]*>[\s\S]*<p class="fp-school-name">Lincoln High School<\/p>/,
      );
      assert.deepEqual(links, ['#content', '/Help'], `${link}: skip link and footer only`);
      // A share link's page is the team's: the student it is for is not named before the app asks.
      assert.doesNotMatch(paint, /Jordan|Rivera/);
      assert.doesNotMatch(paint, /<(input|select|textarea|button|form)\b/);
    }
  });

  it("draws the team's colours and photo as the app does, escaped", async () => {
    try {
      await setTeam({
        name: '<script>alert(1)</script> & "Co"',
        primaryColorHex: 'FFEE00',
        photoUrl: '/uploads/a"><img src=x onerror=alert(2)>.png',
        backgroundPhotoUrl: 'https://cdn.example.com/bg.jpg?a="x");background:red',
        useBackgroundPhoto: true,
      });
      const { paint, headings } = await firstPaintOf('/Order/1/0/0');
      assert.deepEqual(headings, ['&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;']);
      assert.doesNotMatch(paint, /<script|<img src=x/);
      const [header] = tagsOf(paint, 'header');
      assert.equal(header!.class, 'fp-team-header fp-team-header-photo');
      // Dark text on a light team colour, as teamColorVariables picks it; the photo's URL kept inside url("…").
      assert.match(header!.style!, /--team-primary:#FFEE00;--team-on-primary:#1B1F24;/);
      assert.match(
        header!.style!,
        /background-image:linear-gradient\(rgba\(0,0,0,0\.55\), rgba\(0,0,0,0\.55\)\), url\("https:\/\/cdn\.example\.com\/bg\.jpg\?a=%22x%22\);background:red"\)$/,
      );
      const logo = tagsOf(paint, 'img').find((img) => img.class === 'fp-team-logo');
      assert.equal(logo?.src, '/uploads/a"><img src=x onerror=alert(2)>.png');
      assert.equal(logo?.alt, '<script>alert(1)</script> & "Co" logo');
    } finally {
      await setTeam({
        name: 'Varsity Football',
        primaryColorHex: null,
        photoUrl: null,
        backgroundPhotoUrl: null,
        useBackgroundPhoto: false,
      });
    }
  });

  it('escapes user data in the state links', async () => {
    try {
      await t.database.db.update(schools).set({ state: 'A<b>&"c\'' }).where(eq(schools.id, 1));
      clearLookups(t.database.db);
      const { paint, links } = await firstPaintOf('/');
      assert.match(
        paint,
        /<li><a href="\/SelectSchool\/A%3Cb%3E%26%22c&#39;\/0\/0">A&lt;b&gt;&amp;&quot;c&#39;<\/a><\/li>/,
      );
      assert.ok(links.includes(`/SelectSchool/${encodeURIComponent('A<b>&"c\'')}/0/0`));
    } finally {
      await t.database.db.update(schools).set({ state: 'Texas' }).where(eq(schools.id, 1));
      clearLookups(t.database.db);
    }
  });

  it('gives other pages, and unknown or malformed ids, their chrome and a loading spinner only, never a 500', async () => {
    for (const link of [
      '/Order/999999/0/0',
      '/Order/99999999999999999999/0/0',
      '/Order/-1/0/0',
      '/Order/Social/77777777-7777-4777-8777-000000000000',
      '/Order/Contact/not-a-guid',
      '/Order/Edit/1',
      '/Fundraiser/11111111-1111-4111-8111-000000000000',
      '/Fundraiser/not-a-guid',
      '/MyTicket/a1a1a1a1-0000-4000-8000-000000000001',
      '/Help',
      '/nowhere/%3Cscript%3E',
    ]) {
      const { paint, headings } = await firstPaintOf(link);
      assert.deepEqual(headings, [], link);
      assert.match(paint, /^<div class="fp-frame"><a class="fp-skip-link" href="#content">Skip to content<\/a>/);
      assert.match(
        paint,
        /<div id="content" class="fp-content"><div class="fp-spinner" role="status" aria-live="polite"><span class="visually-hidden">Loading…<\/span><\/div><\/div><footer class="fp-footer">/,
        link,
      );
      assert.doesNotMatch(paint, /<script/);
    }
    // The site's header on every page but the order pages and Help.
    assert.match((await firstPaintOf('/Fundraiser/not-a-guid')).paint, /<header class="fp-header">/);
    assert.doesNotMatch((await firstPaintOf('/Help')).paint, /<header/);
  });

  // Issue 20's LCP: each page's largest first-screen text is served, in the app's markup, so the app's
  // own is no larger when it takes over.
  it("starts an order link's form: the team progress's place and the student question, no fields", async () => {
    for (const link of ['/Order/1/0/0', `/Order/Social/${SOCIAL}`]) {
      const { paint, text } = await firstPaintOf(link);
      assert.match(
        paint,
        /<\/header><section class="fp-progress-section" aria-label="Team progress"><div class="fp-progress"><p class="fp-progress-label" id="fp-team-progress">Team progress<\/p><p class="fp-progress-text">Loading progress…<\/p><div class="fp-progress-track" role="progressbar" aria-labelledby="fp-team-progress" aria-busy="true"><\/div><\/div><\/section><div class="page"><h2>Which student are you supporting\?<\/h2><div class="fp-spinner"/,
        link,
      );
      assert.match(
        text,
        /^Skip to content Varsity Football Lincoln High School Team progress Loading progress… Which student are you supporting\? Loading… Help & Support$/,
      );
      assert.doesNotMatch(paint, /<(input|select|textarea|button|form)\b/);
    }
  });

  it("keeps the team video's place above the question when the app will show one", async () => {
    const question = /<div class="page">(<div class="fp-video"><\/div>)?<h2>Which student/;
    try {
      for (const [videoUrl, place] of [
        ['https://www.youtube.com/embed/abc', true],
        ['https://player.vimeo.com/video/1', true],
        ['http://www.youtube.com/embed/abc', false],
        ['https://evil.example/embed', false],
        [null, false],
      ] as const) {
        await t.database.db.update(fundraisers).set({ videoUrl }).where(eq(fundraisers.id, 1));
        clearLookups(t.database.db);
        const { paint } = await firstPaintOf('/Order/1/0/0');
        assert.equal(question.exec(paint)?.[1] !== undefined, place, String(videoUrl));
        assert.doesNotMatch(paint, /<iframe|youtube|vimeo|evil/);
      }
    } finally {
      await t.database.db.update(fundraisers).set({ videoUrl: null }).where(eq(fundraisers.id, 1));
      clearLookups(t.database.db);
    }
  });

  it("gives an ended fundraiser's order link its team header only: the app shows no form there", async () => {
    try {
      await t.database.db.update(fundraisers).set({ isActive: false }).where(eq(fundraisers.id, 1));
      clearLookups(t.database.db);
      const { paint, headings } = await firstPaintOf('/Order/1/0/0');
      assert.deepEqual(headings, ['Varsity Football']);
      assert.doesNotMatch(paint, /Which student|fp-progress/);
    } finally {
      await t.database.db.update(fundraisers).set({ isActive: true }).where(eq(fundraisers.id, 1));
      clearLookups(t.database.db);
    }
  });

  it("shows the student's page to its guid as GetMyFundraiser does: fundraiser, student, team, progress and reminders", async () => {
    const guid = '11111111-1111-4111-8111-111111111111';
    const device = (await t.inject(`/api/Orders/GetMyFundraiser?fundraiserDeviceGuid=${guid}`)).json<{
      studentFirstName: string;
      studentLastName: string;
      fundraiser: { name: string; teamName: string; schoolName: string };
    }>();
    const { paint, headings, text } = await firstPaintOf(`/Fundraiser/${guid.toUpperCase()}`);
    assert.deepEqual(headings, [device.fundraiser.name]);
    assert.match(
      paint,
      /<main class="page"><h1>Lincoln Football 2026<\/h1><p class="fp-student-name">Jordan Rivera<\/p><p class="fp-student-team">Varsity Football · Lincoln High School<\/p><section aria-label="Your progress"><div class="fp-progress">/,
    );
    assert.ok(text.includes(`${device.studentFirstName} ${device.studentLastName}`));
    // Unanswered reminders: the card's invitation (the largest block at 360 px), its buttons left to the app.
    assert.match(
      paint,
      /<section class="fp-card" aria-labelledby="fp-reminders-heading"><h2 id="fp-reminders-heading">Text reminders<\/h2><p>We&#39;ll text you two days after kickoff and again when two days are left\. Students who get reminders raise up to 20% more\.<\/p><\/section>/,
    );
    assert.doesNotMatch(paint, /<(input|select|textarea|button|form)\b/);
    // Nothing the page's own calls keep to themselves: no phone.
    assert.doesNotMatch(paint, /5125550101|555-0101/);

    try {
      // On, the phone not confirmed yet: waiting, as the app says it; confirmed: on.
      await t.database.db.update(fundraiserDevices).set({ isOptedIn: true }).where(eq(fundraiserDevices.guid, guid));
      assert.match(
        (await firstPaintOf(`/Fundraiser/${guid}`)).paint,
        /<h2 id="fp-reminders-heading">Text reminders<\/h2><p role="status">Text reminders are waiting for your confirmation text\.<\/p><\/section>/,
      );
      await t.database.db
        .update(fundraiserDevices)
        .set({ phoneVerifiedAt: new Date() })
        .where(eq(fundraiserDevices.guid, guid));
      assert.match(
        (await firstPaintOf(`/Fundraiser/${guid}`)).paint,
        /<h2 id="fp-reminders-heading">Text reminders<\/h2><p role="status">Text reminders are on\.<\/p><\/section>/,
      );
    } finally {
      await t.database.db
        .update(fundraiserDevices)
        .set({ isOptedIn: null, phoneVerifiedAt: null })
        .where(eq(fundraiserDevices.guid, guid));
    }
  });

  it("keeps a student's page out of every cache, and leaves other pages private, no-cache", async () => {
    const student = await t.inject('/Fundraiser/11111111-1111-4111-8111-111111111111');
    assert.equal(student.headers['cache-control'], 'private, no-store');
    // Decided by the path, not by what was read: a page whose read found nothing (or failed) is
    // not stored either, so a later change that paints more there cannot make it cacheable.
    for (const link of [
      '/Fundraiser/11111111-1111-4111-8111-000000000000',
      '/Fundraiser/not-a-guid',
      '/Checkout/abc',
    ]) {
      assert.equal((await t.inject(link)).headers['cache-control'], 'private, no-store', link);
    }
    for (const link of [
      '/',
      '/Order/1/0/0',
      '/FundraiserOrders/11111111-1111-4111-8111-111111111111',
      '/CheckoutCashCheck/1',
    ]) {
      assert.equal((await t.inject(link)).headers['cache-control'], 'private, no-cache', link);
    }
  });

  it('names nobody on a page the app cannot show: a student page without its contact link (imported so)', async () => {
    const guid = '11111111-1111-4111-8111-111111111111';
    const [device] = await t.database.db.select().from(fundraiserDevices).where(eq(fundraiserDevices.guid, guid));
    try {
      await t.database.db.update(fundraiserDevices).set({ contactGuid: null }).where(eq(fundraiserDevices.guid, guid));
      assert.equal((await t.inject(`/api/Orders/GetQRCode?fdid=${guid}`)).statusCode, 404);
      const { text } = await firstPaintOf(`/Fundraiser/${guid}`);
      assert.equal(text, 'Skip to content Fueled by Fundraising University Loading… Help & Support');
    } finally {
      await t.database.db
        .update(fundraiserDevices)
        .set({ contactGuid: device!.contactGuid })
        .where(eq(fundraiserDevices.guid, guid));
    }
  });

  it("names no student nor fundraiser for a guid that is no student's page", async () => {
    for (const link of ['/Fundraiser/11111111-1111-4111-8111-000000000000', `/Fundraiser/${SOCIAL}`, '/Fundraiser/x']) {
      const { text } = await firstPaintOf(link);
      assert.equal(text, 'Skip to content Fueled by Fundraising University Loading… Help & Support', link);
    }
  });

  it("shows the sample ticket's wallet to anyone: heading, the ticket's line and the preview note", async () => {
    for (const link of [
      '/MyOffers/a1a1a1a1-0000-4000-8000-000000000001',
      '/myoffers/A1A1A1A1-0000-4000-8000-000000000001/',
    ]) {
      const { paint, headings } = await firstPaintOf(link, t.newBrowser());
      assert.deepEqual(headings, ['Offers'], link);
      assert.match(
        paint,
        /<main class="page"><h1>Offers<\/h1><div><p>Lincoln Lions Discount Card · Lincoln High School Varsity Football<\/p><p role="note">Preview: these offers can be redeemed with a purchased ticket\.<\/p><\/div><div class="fp-spinner"/,
        link,
      );
    }
  });

  it("gives a bought ticket's wallet its heading only, even on the device it is bound to", async () => {
    const session = '22222222-2222-4222-8222-222222222222';
    const token = newToken();
    await t.database.db
      .update(ticketPurchaseSessions)
      .set({ deviceTokenHash: sha256(token), keyActivatedAt: new Date() })
      .where(eq(ticketPurchaseSessions.guid, session));
    // The bound device's own wallet answers with the ticket (the API, with its device cookie)…
    const api = await t.newBrowser()({
      url: `/api/Tickets/GetSession?ticketPurchaseSessionGuid=${session}`,
      headers: { cookie: `${DEVICE_COOKIE}=${token}` },
    });
    assert.match(api.body, /Lincoln Lions Discount Card/);
    // …the served page does not, to that device or any other: a page request never carries the cookie.
    for (const cookie of [`${DEVICE_COOKIE}=${token}`, `${DEVICE_COOKIE}=${newToken()}`, undefined]) {
      const { text } = await firstPaintOf(`/MyOffers/${session}`, t.newBrowser(), cookie);
      assert.equal(text, 'Skip to content Fueled by Fundraising University Offers Loading… Help & Support');
    }
    for (const link of ['/MyOffers/22222222-2222-4222-8222-000000000000', '/MyOffers/not-a-guid']) {
      assert.equal(
        (await firstPaintOf(link)).text,
        'Skip to content Fueled by Fundraising University Offers Loading… Help & Support',
      );
    }
  });
});

describe("the checkout's first paint", () => {
  /** A new browser with an unpaid order of two tubs of cookie dough ($36.00); its id and GetOrder's answer. */
  async function ownerWithOrder() {
    const owner = t.newBrowser();
    const created = await owner({ method: 'POST', url: '/api/Orders/CreateOrder', payload: newOrderBody() });
    assert.equal(created.statusCode, 200);
    const id = created.json<number>();
    const order = await owner(`/api/Orders/GetOrder?orderId=${id}`);
    assert.equal(order.statusCode, 200, "the order is its maker's");
    return { owner, id, view: order.json<OrderView>() };
  }

  const setOrder = (id: number, values: Partial<typeof orders.$inferInsert>) =>
    t.database.db.update(orders).set(values).where(eq(orders.id, id));

  it("sets the browser key on the checkout page's path too: the same token, the same flags, not site-wide", async () => {
    const created = await t.newBrowser()({ method: 'POST', url: '/api/Orders/CreateOrder', payload: newOrderBody() });
    const keys = created.cookies.filter((cookie) => cookie.name === BROWSER_KEY_COOKIE);
    assert.deepEqual(
      keys.map((cookie) => cookie.path),
      ['/api', '/Checkout'],
    );
    for (const cookie of keys) {
      assert.equal(cookie.value, keys[0]!.value);
      assert.equal(cookie.httpOnly, true);
      assert.equal(cookie.sameSite, 'Lax');
      assert.equal(cookie.maxAge, 30 * 24 * 60 * 60);
    }
  });

  it("paints an unpaid order's summary and cover-fees words for its owner, as the app draws them", async () => {
    const { owner, id, view } = await ownerWithOrder();
    const item = view.fundraiserOrderItems.find((entry) => entry.itemId === 11)!;
    const option = item.fundraiserOrderItemOptions.find((entry) => entry.itemOptionId === 111)!;
    assert.ok(view.coverFeesAmount > 0, 'the test site offers covering the fee');
    const page = await firstPaintOf(`/Checkout/${id}`, owner);
    assert.deepEqual(page.headings, ['Checkout']);
    assert.match(page.paint, /<table class="fp-summary"><caption>Order summary<\/caption>/);
    assert.ok(
      page.text.includes(`${item.messageTextName}: ${option.name} 2 $36.00 Edit ${option.name} Total $36.00`),
      page.text,
    );
    assert.ok(page.links.includes(`/Order/Edit/${id}`));
    const fee = `$${(view.coverFeesAmount / 100).toFixed(2)}`;
    assert.ok(
      page.text.includes(`Add ${fee} to cover the card processing fee, so Varsity Football receives the full $36.00.`),
      page.text,
    );
    assert.match(page.paint, /<div class="fp-checkbox"><span class="fp-checkbox-place" aria-hidden="true"><\/span>/);
    // What a person types or ticks is the app's; nor is the student the order credits shown.
    assert.doesNotMatch(page.paint, /<(input|select|textarea|button|form)\b/);
    assert.doesNotMatch(page.paint, /Jordan|Rivera/);
    assert.equal(page.response.headers['cache-control'], 'private, no-store');
  });

  it('marks a test-mode order as the app does, and escapes the team in the cover-fees words', async () => {
    const { owner, id } = await ownerWithOrder();
    await setOrder(id, { testMode: true });
    try {
      await setTeam({ name: '<b>Lions</b> & "Co"' });
      const { headings, paint } = await firstPaintOf(`/Checkout/${id}`, owner);
      assert.deepEqual(headings, ['Checkout *TEST_MODE*']);
      assert.match(paint, /so &lt;b&gt;Lions&lt;\/b&gt; &amp; &quot;Co&quot; receives/);
    } finally {
      await setTeam({ name: 'Varsity Football' });
    }
  });

  it("paints a paid order's first line for its owner, and no summary", async () => {
    const { owner, id } = await ownerWithOrder();
    await setOrder(id, { status: 'paid' });
    const { text } = await firstPaintOf(`/Checkout/${id}`, owner);
    assert.equal(
      text,
      'Skip to content Fueled by Fundraising University Checkout This order has been paid. Thank you for your support! Help & Support',
    );
  });

  it("gives another browser's key, an unknown id and an id no order can have the app's not-found words alike", async () => {
    const { id } = await ownerWithOrder();
    const stranger = t.newBrowser();
    await stranger({ method: 'POST', url: '/api/Orders/CreateOrder', payload: newOrderBody() });
    const notFound = `Skip to content Fueled by Fundraising University Checkout ${ACCESS_MESSAGES.orderNotFound} Help & Support`;
    const pages = [];
    for (const link of [`/Checkout/${id}`, '/Checkout/999999', '/Checkout/abc', '/Checkout/0']) {
      const page = await firstPaintOf(link, stranger);
      assert.equal(page.text, notFound, link);
      assert.equal(page.response.headers['cache-control'], 'private, no-store', link);
      pages.push(page.paint);
    }
    // The same markup whether the order exists or not: the page is no oracle for ids.
    assert.equal(new Set(pages).size, 1);
    assert.doesNotMatch(pages[0]!, /\$|Varsity|Lincoln|Jordan|Rivera|Cookie/);
  });

  it("paints no order without a key on the page's path: the app may still find it through the API", async () => {
    const { owner, id } = await ownerWithOrder();
    const heading = 'Skip to content Fueled by Fundraising University Checkout Loading… Help & Support';
    // No key at all, and the owner's own link in lower case, which the cookie's path does not match.
    for (const [link, browser] of [
      [`/Checkout/${id}`, t.newBrowser()],
      [`/checkout/${id}`, owner],
    ] as const) {
      const page = await firstPaintOf(link, browser);
      assert.equal(page.text, heading, link);
      assert.equal(page.response.headers['cache-control'], 'private, no-store', link);
    }
  });

  it("gives a browser that holds the API's cookie alone the page's with its next order", async () => {
    const { owner } = await ownerWithOrder();
    const token = (
      await owner({ method: 'POST', url: '/api/Orders/CreateOrder', payload: newOrderBody() })
    ).cookies.find((cookie) => cookie.name === BROWSER_KEY_COOKIE)!.value;
    // As a browser sends it that was given the /api cookie before there was a second one.
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/Orders/CreateOrder',
      payload: newOrderBody(),
      headers: { cookie: `${BROWSER_KEY_COOKIE}=${token}` },
    });
    assert.equal(next.statusCode, 200);
    const page = next.cookies.find((cookie) => cookie.name === BROWSER_KEY_COOKIE && cookie.path === '/Checkout');
    assert.equal(page?.value, token);
    const { headings, text } = await firstPaintOf(
      `/Checkout/${next.json<number>()}`,
      t.newBrowser(),
      `${BROWSER_KEY_COOKIE}=${token}`,
    );
    assert.deepEqual(headings, ['Checkout']);
    assert.match(text, /Order summary/);
  });
});
