// The first screens the server renders from the releases' own server builds (pages/render/firstScreens.ts,
// pages/render/renderWorker.ts, pages/plugins/shellPage.ts), as a browser gets them: each page of the demo data
// rendered into #root with the answers it was drawn from; the pages whose first calls the server must
// not read; and the plain first paint, never a 500, for every way a release can fail to render.
// The releases are served by a stand-in CDN: the remotes' real server builds (scripts/serverBuilds.cjs)
// and, for the failures, small ones written by hand.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { OrderView } from '@fu/shared/contracts';
import { clearLookups } from '../src/platform/cache/lookupCache';
import { TEST_ADMIN_TOKEN, type Config } from '../src/platform/config/config';
import { schools } from '../src/platform/db/schema';
import { importData } from '../src/catalog/import/importData';
import { readDemoData } from '../src/catalog/import/seed';
import { SERVER_BUILD_PATH } from '../src/pages/render/firstScreens';
import { BROWSER_KEY_COOKIE } from '../src/platform/plugins/browserKey';
import { newOrderBody } from './fixtures';
import { ticketKit } from './ticketKit';
import { createTestApp, freshDatabase, type Browser, type TestApp } from './helpers';
import {
  BUILT_SHELL_PAGE,
  eventually,
  handWrittenServerBuild,
  headingsOf,
  hintsOf,
  inlineConfigOf,
  manifestServer,
  isPlainPage,
  renderedRootOf,
  Script,
  servedAnswersOf,
  serverBuildAnswers,
  shellDistWithServerBuild,
  tagsOf,
  textOf,
} from './pageHtml';

// Demo data: fundraiser 1 is Varsity Football at Lincoln High School (Texas), "Lincoln Football 2026";
// Jordan Rivera's student page and contact link have these guids.
const STUDENT = '11111111-1111-4111-8111-111111111111';
const CONTACT = '66666666-6666-4666-8666-666666666666';
/** The demo's sample ticket: its wallet shows anyone the offers, with nothing to redeem. */
const SAMPLE_TICKET = 'a1a1a1a1-0000-4000-8000-000000000001';
/** A bought ticket's wallet. */
const WALLET = '22222222-2222-4222-8222-222222222222';
const STATE_HEADING = "Select Fundraiser's State";

type Cdn = Awaited<ReturnType<typeof manifestServer>>;
type Answers = Record<string, { status: number; data: unknown }>;

/** Each remote's entry on the stand-in CDN, at /<name>/ (its server build beside it, at /<name>/server/). */
function remotesOn(cdn: Cdn): Config['remotes'] {
  const names = ['ordering', 'checkout', 'tickets', 'fundraiser'] as const;
  return Object.fromEntries(
    names.map((name) => [name, `http://127.0.0.1:${cdn.port}/${name}/remoteEntry.js`]),
  ) as Config['remotes'];
}

const serverBuildOf = (remote: string) => `/${remote}/${SERVER_BUILD_PATH}`;

/** Every script of the page is a file or a JSON data block: nothing inline executes (the CSP allows none). */
function assertNoInlineScript(html: string, link: string) {
  const scripts = tagsOf(html, 'script');
  assert.equal(scripts.length, html.match(/<script\b/gi)?.length ?? 0, `${link}: every <script> has attributes`);
  for (const script of scripts) {
    const file = Boolean(script.src) && script.type === undefined;
    const data = script.type === 'application/json' && script.src === undefined;
    assert.ok(file || data, `${link}: ${JSON.stringify(script)}`);
  }
}

/** The page as served with its release's first screen: #root as React rendered it, and the answers it was drawn from. */
function renderedPage(response: LightMyRequestResponse, link: string) {
  assert.equal(response.statusCode, 200, link);
  const { body } = response;
  assertNoInlineScript(body, link);
  assert.doesNotMatch(body, /id="?first-paint/, `${link}: no plain first paint beside the rendered one`);
  const root = renderedRootOf(body);
  assert.ok(root, `${link}: #root holds the rendered first screen`);
  const answers = servedAnswersOf(body) as Answers | undefined;
  assert.ok(answers, `${link}: the page carries the answers it was rendered with`);
  return {
    body,
    root,
    answers,
    text: textOf(root),
    headings: headingsOf(root),
    links: tagsOf(root, 'a').map((a) => a.href!),
    hints: hintsOf(body),
    cacheControl: response.headers['cache-control'],
  };
}

/** The page as served without a render: the shell's plain page (an empty #root the app draws into), no answers. */
function plainPage(response: LightMyRequestResponse, link: string) {
  assert.equal(response.statusCode, 200, link);
  const { body } = response;
  assertNoInlineScript(body, link);
  assert.ok(isPlainPage(body), `${link}: the shell's plain page, its #root empty`);
  assert.doesNotMatch(body, /fu-served-answers/, `${link}: no answers`);
  return { body, hints: hintsOf(body) };
}

/** What the API answers `browser` to each of `calls` (each a success): what the page must carry, no more. */
async function apiAnswers(browser: Browser, calls: readonly string[]): Promise<Answers> {
  const answers: Answers = {};
  for (const call of calls) {
    const response = await browser(call);
    assert.equal(response.statusCode, 200, `${call}: ${response.body}`);
    answers[call] = { status: response.statusCode, data: response.json() };
  }
  return answers;
}

/** A new browser with an unpaid order of two tubs of cookie dough ($36.00): its id, its key and GetOrder's answer. */
async function ownerWithOrder(t: TestApp) {
  const owner = t.newBrowser();
  const created = await owner({ method: 'POST', url: '/api/Orders/CreateOrder', payload: newOrderBody() });
  assert.equal(created.statusCode, 200, created.body);
  const id = created.json<number>();
  const key = created.cookies.find((cookie) => cookie.name === BROWSER_KEY_COOKIE)!.value;
  const order = await owner(`/api/Orders/GetOrder?orderId=${id}`);
  assert.equal(order.statusCode, 200, "the order is its maker's");
  return { owner, id, key, view: order.json<OrderView>() };
}

/**
 * The demo data, in one database for each app of this file in turn: they add orders of their own, a
 * test that changes a row puts it back, and the releases test ends on the configured build.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
before(async () => {
  database = await freshDatabase();
  await importData(database.db, readDemoData());
});
after(async () => {
  await database?.close();
  await database?.drop();
});

/** The state list's page (its first call) in a release written by hand, drawn from the answer the server read. */
const RELEASE_B = '2.0.0-bbbbbbb';
const RELEASE_C = '3.0.0-ccccccc';
const RELEASE_D = '4.0.0-ddddddd';
const releaseB = handWrittenServerBuild(`
exports.pages = [{ path: '/', element: h('p'), firstCalls: () => [shared.firstCalls.states(0)] }];
exports.App = function App() {
  const served = shared.useServedAnswer(shared.firstCalls.states(0));
  const states = served && served.status === 'success' ? served.data : [];
  return h('main', { className: 'page' }, h('h1', null, 'Release B'), h('p', null, states.join(', ')));
};`);

describe('first screens rendered from the releases', () => {
  let cdn: Cdn;
  /** What the stand-in CDN serves, by path: a test may change a file on the release's origin. */
  let cdnFiles: Record<string, unknown>;
  let t: TestApp;

  before(async () => {
    cdnFiles = {
      ...(await serverBuildAnswers()),
      // Later releases of the ordering remote, deployed beside the configured build (see "releases"):
      // B and D with a server build (B's), C without one.
      [`/ordering/releases/${RELEASE_B}/remoteEntry.js`]: new Script('/* ordering 2.0.0 */'),
      [`/ordering/releases/${RELEASE_B}/release.json`]: { app: 'ordering', version: RELEASE_B, requires: {} },
      [`/ordering/releases/${RELEASE_B}/${SERVER_BUILD_PATH}`]: releaseB,
      [`/ordering/releases/${RELEASE_C}/remoteEntry.js`]: new Script('/* ordering 3.0.0 */'),
      [`/ordering/releases/${RELEASE_C}/release.json`]: { app: 'ordering', version: RELEASE_C, requires: {} },
      [`/ordering/releases/${RELEASE_D}/remoteEntry.js`]: new Script('/* ordering 4.0.0 */'),
      [`/ordering/releases/${RELEASE_D}/release.json`]: { app: 'ordering', version: RELEASE_D, requires: {} },
      [`/ordering/releases/${RELEASE_D}/${SERVER_BUILD_PATH}`]: releaseB,
    };
    cdn = await manifestServer(cdnFiles);
    const shellDist = await shellDistWithServerBuild();
    // The live shell's build manifest, which the registry checks a release against before promoting it.
    writeFileSync(path.join(shellDist, 'release.json'), JSON.stringify({ app: 'shell', requires: {}, provides: {} }));
    t = await createTestApp({
      database,
      config: {
        remotes: remotesOn(cdn),
        shellDist,
        // Long enough for any machine: a page here always has its release's answer.
        firstScreenBudgetMs: 10_000,
      },
    });
  });
  after(async () => {
    await t?.close();
    await cdn?.close();
  });

  describe('with the demo data', () => {
    it("renders the state lists' states as links, with the answer they were drawn from", async () => {
      for (const [link, itemId] of [
        ['/', 0],
        ['/Give', -2],
        ['/Donate', -1],
      ] as const) {
        const browser = t.newBrowser();
        const page = renderedPage(await browser(link), link);
        const call = `/api/Fundraisers/ListActiveStates?itemId=${itemId}`;
        const expected = await apiAnswers(browser, [call]);
        assert.deepEqual(page.answers, expected, link);
        const states = expected[call]!.data as string[];
        assert.deepEqual(states, ['Georgia', 'Ohio', 'Texas']);
        assert.deepEqual(page.headings, [STATE_HEADING], link);
        assert.deepEqual(
          page.links.filter((href) => href.startsWith('/SelectSchool/')),
          states.map((state) => `/SelectSchool/${state}/${itemId}/0`),
          link,
        );
        assert.deepEqual(
          page.hints.filter((hint) => hint.startsWith('preload fetch')),
          [],
          'its answer is in the page',
        );
        assert.equal(page.cacheControl, 'private, no-cache');
      }
    });

    it("renders a state's schools and a school's groups, each with its calls' answers", async () => {
      const browser = t.newBrowser();
      const schoolsPage = renderedPage(await browser('/SelectSchool/Texas/0/0'), 'schools');
      assert.deepEqual(
        schoolsPage.answers,
        await apiAnswers(browser, ['/api/Fundraisers/ListActiveSchools?location=Texas&itemId=0']),
      );
      assert.deepEqual(schoolsPage.headings, ["Select Fundraiser's School"]);
      assert.match(schoolsPage.text, /Texas Select Fundraiser's School Lincoln High School Westlake Middle School/);
      assert.ok(schoolsPage.links.includes('/SelectTeam/1/0/0') && schoolsPage.links.includes('/SelectTeam/2/0/0'));

      const groups = renderedPage(await browser('/SelectTeam/1/0/0'), 'groups');
      assert.deepEqual(
        groups.answers,
        await apiAnswers(browser, [
          '/api/Fundraisers/GetSchool?schoolId=1',
          '/api/Fundraisers/ListActiveFundraisers?schoolId=1&itemId=0',
        ]),
      );
      assert.deepEqual(groups.headings, ['Select Group']);
      assert.match(groups.text, /Texas › Lincoln High School Select Group Girls Volleyball Varsity Football/);
      assert.ok(groups.links.includes('/Order/1/0/0') && groups.links.includes('/Order/3/0/0'));
    });

    it("renders a student's share link without its answer, which names the student: no name in the served page", async () => {
      const link = `/Order/Contact/${CONTACT}`;
      const call = `/api/Fundraisers/GetFundraiserDetailsForStudentContact?contactGuid=${CONTACT}`;
      const browser = t.newBrowser();
      const response = await browser(link);
      const page = renderedPage(response, link);
      assert.deepEqual(page.answers, {});
      // The preview names the student as "Jordan R." (linkPreviews.test.ts); the full name is nowhere.
      assert.doesNotMatch(response.body, /Rivera/);
      // The page asks itself, its call preloaded.
      assert.ok(page.hints.includes(`preload fetch ${call} crossorigin=anonymous`), page.hints.join('\n'));
    });

    it("renders an order link's team header and the order form's first question", async () => {
      for (const [link, call] of [['/Order/1/0/0', '/api/Fundraisers/GetFundraiserDetails?fundraiserId=1']] as const) {
        const browser = t.newBrowser();
        const page = renderedPage(await browser(link), link);
        assert.deepEqual(page.answers, await apiAnswers(browser, [call]), link);
        assert.deepEqual(page.headings, ['Varsity Football'], link);
        assert.match(
          page.root,
          /<header class="fp-team-header[^"]*"[^>]*>[\s\S]*<p class="fp-school-name">Lincoln High School<\/p>/,
        );
        assert.equal(headingsOf(page.root, 2)[0], 'Which student are you supporting?', link);
        assert.match(page.root, /<form\b[\s\S]*<input\b/, `${link}: the form itself, not a placeholder`);
        assert.equal(page.cacheControl, 'private, no-cache', link);
      }
    });

    it("renders a student's page to its guid: the fundraiser, the student, and out of every cache", async () => {
      const link = `/Fundraiser/${STUDENT}`;
      const browser = t.newBrowser();
      const page = renderedPage(await browser(link), link);
      const expected = await apiAnswers(browser, [
        `/api/Orders/GetMyFundraiser?fundraiserDeviceGuid=${STUDENT}`,
        `/api/Orders/GetQRCode?fdid=${STUDENT}`,
      ]);
      assert.deepEqual(page.answers, expected);
      const device = expected[`/api/Orders/GetMyFundraiser?fundraiserDeviceGuid=${STUDENT}`]!.data as {
        studentFirstName: string;
        studentLastName: string;
        fundraiser: { name: string };
      };
      assert.deepEqual(page.headings, [device.fundraiser.name]);
      assert.equal(device.fundraiser.name, 'Lincoln Football 2026');
      assert.match(
        page.text,
        /^Skip to content .* Lincoln Football 2026 Jordan Rivera Varsity Football · Lincoln High School /,
      );
      assert.equal(page.cacheControl, 'private, no-store');
    });

    it("renders a checkout's order for the browser that made it, with GetOrder's answer", async () => {
      const { owner, id, view } = await ownerWithOrder(t);
      const link = `/Checkout/${id}`;
      const page = renderedPage(await owner(link), link);
      assert.deepEqual(page.answers, await apiAnswers(owner, [`/api/Orders/GetOrder?orderId=${id}`]));
      assert.deepEqual(page.headings, ['Checkout']);
      const item = view.fundraiserOrderItems.find((entry) => entry.itemId === 11)!;
      const option = item.fundraiserOrderItemOptions.find((entry) => entry.itemOptionId === 111)!;
      assert.ok(
        page.text.includes(`Order summary Item Qty Price Edit ${item.messageTextName}: ${option.name} 2 $36.00`),
        page.text,
      );
      assert.ok(page.text.includes('Total $36.00'), page.text);
      assert.ok(page.links.includes(`/Order/Edit/${id}`));
      assert.equal(page.cacheControl, 'private, no-store');
    });

    it('shows another browser, or one without a key, nothing of the order: no names, no amounts, no answer', async () => {
      const { id } = await ownerWithOrder(t);
      const { owner: stranger } = await ownerWithOrder(t);
      const call = `/api/Orders/GetOrder?orderId=${id}`;
      for (const [who, browser] of [
        ["another browser's key", stranger],
        ['no key', t.newBrowser()],
      ] as const) {
        assert.notEqual((await browser(call)).statusCode, 200, `${who}: the API does not give it the order`);
        const page = renderedPage(await browser(`/Checkout/${id}`), who);
        assert.deepEqual(page.headings, ['Checkout'], who);
        assert.deepEqual(page.answers, {}, `${who}: no answer in the page`);
        assert.doesNotMatch(page.body, /Jordan|Rivera|Cookie Dough|Chocolate Chip|Varsity|\$\d/, who);
        assert.equal(page.cacheControl, 'private, no-store', who);
      }
    });
  });

  describe("the wallet's offers, read for whoever holds the ticket", () => {
    const { newPurchase, activate } = ticketKit(() => t);
    const walletCalls = (guid: string) => [
      `/api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=${guid}`,
      `/api/Tickets/GetSession?ticketPurchaseSessionGuid=${guid}`,
      `/api/Tickets/GetOffers?ticketPurchaseSessionGuid=${guid}`,
    ];
    /** A browser sending `cookie` with every request, page and call alike (the device cookie is on both paths). */
    const sending =
      (cookie: string): Browser =>
      (request) =>
        t.app.inject({ ...(typeof request === 'string' ? { url: request } : request), headers: { cookie } });

    it("renders the sample ticket's offers for anyone, from the three answers it read, with nothing left to preload", async () => {
      const link = `/MyOffers/${SAMPLE_TICKET}`;
      const browser = t.newBrowser();
      const page = renderedPage(await browser(link), link);
      assert.deepEqual(page.answers, await apiAnswers(browser, walletCalls(SAMPLE_TICKET)));
      assert.deepEqual(page.headings, ['Offers']);
      assert.ok(page.text.includes('Preview: these offers'), page.text);
      assert.equal(tagsOf(page.root, 'div').filter((div) => div['data-testid'] === 'offer').length, 3, page.text);
      for (const call of walletCalls(SAMPLE_TICKET)) {
        assert.ok(!page.hints.some((hint) => hint.includes(call)), `${call} is in the page: no preload`);
      }
    });

    it("renders a bought ticket's wallet for the device it is bound to, whose cookie goes with the page too", async () => {
      const { sessions } = await newPurchase();
      const session = sessions[0]!;
      const holder = sending(await activate(session));
      const link = `/MyOffers/${session}`;
      const page = renderedPage(await holder(link), link);
      assert.deepEqual(page.answers, await apiAnswers(holder, walletCalls(session)));
      assert.equal((page.answers[walletCalls(session)[0]!]!.data as { success: boolean }).success, true);
      assert.ok(page.text.includes('Show an offer at the register'), page.text);
      assert.equal(page.cacheControl, 'private, no-store', "the holder's wallet is never stored");
    });

    it("renders another browser's view of a bought ticket as waiting, with nothing of the holder's in it", async () => {
      const { sessions } = await newPurchase();
      const session = sessions[0]!;
      await activate(session, '5125550177');
      const link = `/MyOffers/${session}`;
      const page = renderedPage(await t.newBrowser()(link), link);
      const status = page.answers[walletCalls(session)[0]!]?.data as { success: boolean; redirect: string };
      assert.deepEqual(status, {
        success: false,
        sample: false,
        inactive: false,
        redirect: `/ReactivateTicket/${session}`,
      });
      // The page asks again itself (its own cookie may predate the page's): it shows nothing until then.
      assert.doesNotMatch(page.text, /Show an offer|Redeem/, page.text);
      assert.doesNotMatch(page.body, /5125550177/, "not the holder's phone");
      assert.equal(page.cacheControl, 'private, no-store');
    });
  });

  describe('pages whose first calls answer a cookie the page request does not carry', () => {
    it("renders an order's edit link without reading the saved order, even when the owner's key comes with the page", async () => {
      const { id, key } = await ownerWithOrder(t);
      const link = `/Order/Edit/${id}`;
      const call = `/api/Orders/GetFundraiserOrder?orderId=${id}`;
      const cookie = `${BROWSER_KEY_COOKIE}=${key}`;
      const api = await t.app.inject({ url: call, headers: { cookie } });
      assert.equal(api.statusCode, 200, 'the call answers this key: a read would be in the page');
      const page = renderedPage(await t.app.inject({ url: link, headers: { cookie } }), link);
      assert.deepEqual(page.answers, {}, 'the server did not read it');
      assert.doesNotMatch(page.body, /Jordan|Rivera|Chocolate Chip|\$\d/);
      assert.ok(page.hints.includes(`preload fetch ${call} crossorigin=anonymous`), page.hints.join('\n'));
    });
  });

  describe('what a page can hold', () => {
    it('writes what a hostile path or query holds only as text: no element, attribute or script of its own', async () => {
      for (const link of ['/Order/Social/"><img src=x onerror=alert(1)>', '/?q=</script><script>alert(1)</script>']) {
        const page = renderedPage(await t.inject(link), link);
        assert.doesNotMatch(page.body, /<img\b(?![^>]*src="data:)/, `${link}: no <img> but the site's own logo`);
        assert.doesNotMatch(page.body, /<[a-z][^>]*\son[a-z]+\s*=/i, `${link}: no event handler attribute`);
        assert.doesNotMatch(page.body, /<script>alert/, link);
      }
    });

    it('writes what the data holds only as text and JSON: a school named like markup', async () => {
      const name = `</script><script>alert(1)</script><img src=x onerror=alert(2)> & "Co"`;
      try {
        await t.database.db.update(schools).set({ name }).where(eq(schools.id, 1));
        clearLookups(t.database.db);
        const browser = t.newBrowser();
        const page = renderedPage(await browser('/SelectSchool/Texas/0/0'), 'schools');
        assert.deepEqual(
          page.answers,
          await apiAnswers(browser, ['/api/Fundraisers/ListActiveSchools?location=Texas&itemId=0']),
          'the name read back from the data block as the API gave it',
        );
        assert.ok(page.text.includes(name), 'shown as the words it is');
        assert.doesNotMatch(page.body, /<script>alert|<img src=x/);
      } finally {
        await t.database.db.update(schools).set({ name: 'Lincoln High School' }).where(eq(schools.id, 1));
        clearLookups(t.database.db);
      }
    });
  });

  // Last: it changes which release of the ordering remote is live, and back.
  describe('releases', () => {
    const AUTH = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'x-admin-user': 'ordering team <ci>' };

    it("serves a promoted release's first screen on the next page, and the earlier one's after a rollback, without a restart", async () => {
      assert.deepEqual(renderedPage(await t.inject('/'), 'before').headings, [STATE_HEADING]);

      const promoted = await t.inject({
        method: 'POST',
        url: '/api/Admin/PromoteRelease',
        headers: AUTH,
        payload: { remote: 'ordering', version: RELEASE_B },
      });
      assert.equal(promoted.statusCode, 200, promoted.body);
      const browser = t.newBrowser();
      const response = await browser('/');
      const page = renderedPage(response, 'promoted');
      assert.deepEqual(page.headings, ['Release B']);
      assert.ok(page.text.includes('Release B Georgia, Ohio, Texas'), page.text);
      assert.deepEqual(page.answers, await apiAnswers(browser, ['/api/Fundraisers/ListActiveStates?itemId=0']));
      assert.equal(
        (inlineConfigOf(response.body) as { remotes: Record<string, string> }).remotes.ordering,
        `http://127.0.0.1:${cdn.port}/ordering/releases/${RELEASE_B}/remoteEntry.js`,
      );
      // Once to pin it as it was promoted, once by the render worker to run it.
      assert.equal(cdn.reads(`/ordering/releases/${RELEASE_B}/${SERVER_BUILD_PATH}`), 2);

      const rolledBack = await t.inject({
        method: 'POST',
        url: '/api/Admin/RollbackRelease',
        headers: AUTH,
        payload: { remote: 'ordering' },
      });
      assert.equal(rolledBack.statusCode, 200, rolledBack.body);
      assert.deepEqual(renderedPage(await t.inject('/'), 'rolled back').headings, [STATE_HEADING]);
    });

    /** Promotes (or rolls back) an ordering release as its team would, and expects it to be accepted. */
    async function registry(action: 'PromoteRelease' | 'RollbackRelease', version?: string) {
      const payload = version ? { remote: 'ordering', version } : { remote: 'ordering' };
      const response = await t.inject({ method: 'POST', url: `/api/Admin/${action}`, headers: AUTH, payload });
      assert.equal(response.statusCode, 200, response.body);
    }

    it('runs a promoted server build only as it was promoted: changed on its origin afterwards, the page is served plain', async () => {
      const file = `/ordering/releases/${RELEASE_D}/${SERVER_BUILD_PATH}`;
      const promoted = cdnFiles[file];
      try {
        await registry('PromoteRelease', RELEASE_D);
        // After the promotion, before any page ran it: the file on the release's origin is replaced.
        cdnFiles[file] = handWrittenServerBuild(`
exports.pages = [{ path: '/', element: h('p') }];
exports.App = function App() { return h('main', null, h('h1', null, 'Not what was promoted')); };`);
        const tampered = await t.inject('/');
        plainPage(tampered, 'a build changed after its promotion');
        assert.doesNotMatch(tampered.body, /Not what was promoted/);
        // The promoted bytes back on the origin: rendered again (a refused read is retried within seconds).
        cdnFiles[file] = promoted;
        await eventually(
          async () => headingsOf(renderedRootOf((await t.inject('/')).body) ?? '').includes('Release B'),
          'the promoted build rendered again',
          50,
        );
      } finally {
        cdnFiles[file] = promoted;
        await registry('RollbackRelease');
      }
    });

    it('runs no server build for a release promoted without one, even if one appears on its origin later', async () => {
      const file = `/ordering/releases/${RELEASE_C}/${SERVER_BUILD_PATH}`;
      try {
        await registry('PromoteRelease', RELEASE_C);
        // Looked for once, to pin it: there was none.
        assert.equal(cdn.reads(file), 1);
        cdnFiles[file] = handWrittenServerBuild(`
exports.pages = [{ path: '/', element: h('p') }];
exports.App = function App() { return h('main', null, h('h1', null, 'Added after the promotion')); };`);
        const page = await t.inject('/');
        plainPage(page, 'a build added after its release was promoted');
        assert.equal(cdn.reads(file), 1, 'never read to be run');
      } finally {
        delete cdnFiles[file];
        await registry('RollbackRelease');
      }
    });
  });
});

describe('the plain first paint, for a page its release cannot render', () => {
  let cdn: Cdn;
  let t: TestApp;
  const logs: string[] = [];

  before(async () => {
    const builds = await serverBuildAnswers();
    // The fundraiser remote's release has no server build (one made before there were any).
    delete builds[serverBuildOf('fundraiser')];
    cdn = await manifestServer({
      ...builds,
      // The checkout's page throws as it renders.
      [serverBuildOf('checkout')]: handWrittenServerBuild(`
exports.pages = [{ path: '/Checkout/:orderId', element: h('p'), firstCalls: (p) => [shared.firstCalls.order(Number(p.orderId))] }];
exports.App = function App() { throw new Error('boom'); };`),
      // The wallet's page ends the thread it renders in.
      [serverBuildOf('tickets')]: handWrittenServerBuild(`
exports.pages = [{ path: '/MyOffers/:sessionGuid', element: h('p') }];
exports.App = function App() { process.exit(1); };`),
    });
    t = await createTestApp({
      database,
      config: {
        remotes: remotesOn(cdn),
        shellDist: await shellDistWithServerBuild(),
        firstScreenBudgetMs: 10_000,
        logLevel: 'warn',
      },
      logStream: { write: (line) => void logs.push(String((JSON.parse(line) as { msg?: unknown }).msg)) },
    });
  });
  after(async () => {
    await t?.close();
    await cdn?.close();
  });

  it('renders the pages of the releases that can (the ordering remote)', async () => {
    assert.deepEqual(renderedPage(await t.inject('/'), '/').headings, [STATE_HEADING]);
  });

  it("serves a release without a server build the shell's plain page, and reads it once, not per page", async () => {
    for (let visit = 0; visit < 2; visit++) {
      const response = await t.inject(`/Fundraiser/${STUDENT}`);
      const page = plainPage(response, 'the student page');
      assert.doesNotMatch(page.body, /Jordan|Rivera/, 'the app reads the page itself');
    }
    assert.equal(cdn.reads(serverBuildOf('fundraiser')), 1);
    assert.ok(
      logs.some((line) => /^No pages from http:\/\/\S+\/fundraiser\/server\/first-screens\.cjs: .*404/.test(line)),
      logs.join('\n'),
    );
  });

  it("serves a page whose render throws the shell's plain page, without the answers read for it", async () => {
    const { owner, id } = await ownerWithOrder(t);
    const page = plainPage(await owner(`/Checkout/${id}`), 'the checkout');
    assert.doesNotMatch(page.body, /Cookie Dough|Order summary/, 'nothing of the order the render was given');
    // Its release's table was read: the page preloads the first call the app will make.
    assert.ok(page.hints.includes(`preload fetch /api/Orders/GetOrder?orderId=${id} crossorigin=anonymous`));
    assert.ok(
      logs.some((line) => line === `No first screen for /Checkout/${id}: boom`),
      logs.join('\n'),
    );
  });

  it(
    "serves the shell's plain page when a release ends the render worker, and renders again with a new one",
    { timeout: 60_000 },
    async () => {
      plainPage(await t.inject(`/MyOffers/${WALLET}`), 'the wallet');
      assert.ok(logs.includes('The render worker stopped'), logs.join('\n'));
      await eventually(async () => renderedRootOf((await t.inject('/')).body) !== undefined, 'the state list rendered');
    },
  );
});

describe('releases that misbehave in the render worker, under a 100 ms budget', () => {
  const BUDGET_MS = 100;
  let cdn: Cdn;
  let t: TestApp;
  const logs: string[] = [];
  const hostFolder = mkdtempSync(path.join(tmpdir(), 'fu-host-'));
  const secret = path.join(hostFolder, 'secret.txt');
  const written = path.join(hostFolder, 'written.txt');

  before(async () => {
    writeFileSync(secret, 'the-api-hosts-secret');
    cdn = await manifestServer({
      ...(await serverBuildAnswers()),
      // The wallet's page renders forever, in a loop that never gives the thread back.
      [serverBuildOf('tickets')]: handWrittenServerBuild(`
exports.pages = [{ path: '/MyOffers/:sessionGuid', element: h('p'), firstCalls: (p) => [shared.firstCalls.ticketSessionStatus(p.sessionGuid)] }];
exports.App = function App() { for (;;) {} };`),
      // The checkout's page tries to reach the API's host through Node's own modules (no module the
      // shell provides gives them): read a file, write one, start a process, read the environment.
      [serverBuildOf('checkout')]: handWrittenServerBuild(`
exports.pages = [{ path: '/Checkout/:orderId', element: h('p') }];
exports.App = function App() {
  const attempt = (what) => { try { return String(what()); } catch (error) { return error.code || String(error); } };
  const fs = process.getBuiltinModule('node:fs');
  const tried = {
    read: attempt(() => fs.readFileSync(${JSON.stringify(secret)}, 'utf8')),
    parentEnvironment: attempt(() => fs.readFileSync('/proc/' + process.ppid + '/environ', 'utf8').length),
    wrote: attempt(() => { fs.writeFileSync(${JSON.stringify(written)}, 'x'); return 'written'; }),
    spawned: attempt(() => process.getBuiltinModule('node:child_process').execFileSync('true') && 'spawned'),
    environment: Object.keys(process.env).join(',') || 'empty',
  };
  return h('main', { className: 'page' }, h('h1', null, 'Probe'), h('pre', null, JSON.stringify(tried)));
};`),
    });
    t = await createTestApp({
      database,
      config: {
        remotes: remotesOn(cdn),
        shellDist: await shellDistWithServerBuild(),
        firstScreenBudgetMs: BUDGET_MS,
        logLevel: 'warn',
      },
      logStream: { write: (line) => void logs.push(String((JSON.parse(line) as { msg?: unknown }).msg)) },
    });
  });
  after(async () => {
    await t?.close();
    await cdn?.close();
  });

  it("gives a release's server build none of the host: no file read or written, no process, no environment", async () => {
    let root = '';
    await eventually(async () => {
      root = renderedRootOf((await t.inject('/Checkout/1')).body) ?? '';
      return root.includes('Probe');
    }, 'the probe rendered');
    const tried = JSON.parse(textOf(/<pre>([\s\S]*?)<\/pre>/.exec(root)?.[1] ?? '')) as Record<string, string>;
    assert.deepEqual(tried, {
      read: 'ERR_ACCESS_DENIED',
      parentEnvironment: 'ERR_ACCESS_DENIED',
      wrote: 'ERR_ACCESS_DENIED',
      spawned: 'ERR_ACCESS_DENIED',
      environment: 'empty',
    });
    assert.equal(existsSync(written), false);
  });

  it(
    "serves the shell's plain page for a render that never ends within its budget; the API answers meanwhile and a new worker renders the next pages",
    { timeout: 60_000 },
    async () => {
      // The worker is up: a page of a good release is rendered.
      await eventually(async () => renderedRootOf((await t.inject('/')).body) !== undefined, 'the state list rendered');
      // Until the wallet's release is read (its first call hinted, from its table), then its render is asked and never ends.
      const hung = `/MyOffers/${WALLET}`;
      const hint = `preload fetch /api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=${WALLET} crossorigin=anonymous`;
      let response: LightMyRequestResponse | undefined;
      let tookMs = 0;
      await eventually(async () => {
        const started = performance.now();
        response = await t.inject(hung);
        tookMs = performance.now() - started;
        return hintsOf(response.body).includes(hint);
      }, "the wallet's release read");
      plainPage(response!, hung);
      // A few budgets (the release's page, its first call's read, the render's budget), and long before
      // the stuck worker is given up on (2 s without an answer).
      assert.ok(tookMs < 15 * BUDGET_MS, `served in ${Math.round(tookMs)} ms`);

      // The render runs off the API's event loop: the API answers while the worker is stuck.
      assert.deepEqual((await t.inject('/api/health')).json<{ status: string }>().status, 'ok');
      const states = await t.inject('/api/Fundraisers/ListActiveStates?itemId=0');
      assert.deepEqual(states.json(), ['Georgia', 'Ohio', 'Texas']);

      // The stuck worker is replaced, and a good release's page is rendered again.
      await eventually(
        async () => renderedRootOf((await t.inject('/')).body) !== undefined,
        'the state list rendered by a new worker',
      );
      assert.ok(logs.includes('The render worker did not answer for 2000 ms and was replaced'), logs.join('\n'));
    },
  );
});

/** The same pages, from an app whose pages are never rendered by the server, with `config`. */
/**
 * Pages served plain for `what`. `readsTables`: the releases' page tables are still read (rendering
 * is off, the releases are not), so each page keeps its first calls' preloads and its link preview.
 */
function describeUnrendered(what: string, readsTables: boolean, config: () => Promise<Partial<Config>>) {
  describe(`the shell's plain page for every page when ${what}`, () => {
    let cdn: Cdn;
    let t: TestApp;
    before(async () => {
      cdn = await manifestServer(await serverBuildAnswers());
      t = await createTestApp({
        database,
        config: { remotes: remotesOn(cdn), ...(await config()) },
      });
    });
    after(async () => {
      await t?.close();
      await cdn?.close();
    });

    it(`serves each page the shell's plain page${readsTables ? ", with its release's preloads and link preview" : ", and reads no release's server build"}`, async () => {
      for (const link of ['/', '/Order/1/0/0', `/Fundraiser/${STUDENT}`]) plainPage(await t.inject(link), link);
      if (!readsTables) {
        for (const remote of ['ordering', 'checkout', 'tickets', 'fundraiser']) {
          assert.equal(cdn.reads(serverBuildOf(remote)), 0, remote);
        }
        return;
      }
      let page = plainPage(await t.inject('/Order/1/0/0'), '/Order/1/0/0');
      await eventually(async () => {
        page = plainPage(await t.inject('/Order/1/0/0'), '/Order/1/0/0');
        return page.hints.some((hint) => hint.startsWith('preload fetch /api/Fundraisers/GetFundraiserDetails'));
      }, "the order page's first call preloaded");
      assert.ok(cdn.reads(serverBuildOf('ordering')) > 0);
      const title = /<title>([^<]*)<\/title>/.exec(page.body)?.[1];
      assert.match(title ?? '', /Lincoln High School/, 'the order link names its team and school');
    });
  });
}

describeUnrendered('the shell has no server build', false, async () => {
  const shellDist = mkdtempSync(path.join(tmpdir(), 'fu-shell-'));
  writeFileSync(path.join(shellDist, 'index.html'), BUILT_SHELL_PAGE);
  return { shellDist, firstScreenBudgetMs: 10_000 };
});

describeUnrendered('server rendering is off (FIRST_SCREEN_BUDGET_MS=0)', true, async () => ({
  shellDist: await shellDistWithServerBuild(),
  firstScreenBudgetMs: 0,
}));
