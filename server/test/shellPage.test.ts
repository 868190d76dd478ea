import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { escapeHtml, jsonForScript } from '../src/pages/html/escape';
import { remoteManifests } from '../src/pages/html/remoteManifests';
import { pageHints } from '../src/pages/html/pageHints';
import { parseShellTemplate } from '../src/pages/html/shellTemplate';
import { createTestApp, type TestApp } from './helpers';
import {
  BUILT_SHELL_PAGE,
  eventually,
  hintsOf,
  inlineConfigOf,
  manifest,
  manifestServer,
  servedAnswersOf,
  serverBuildAnswers,
  shellDistWithServerBuild,
  tagsOf,
} from './pageHtml';

const ORDERING = manifest({
  './App': ['__federation_expose_App.1a2b3c4d.js'],
  // A manifest names files beside itself; anything else is not ours to hint.
  './OrderPage': ['__federation_expose_OrderPage.5e6f7a8b.js', 'https://evil.example/x.js', '../../secret.js'],
});
const FUNDRAISER = manifest({ './App': ['__federation_expose_App.0f0f0f0f.js'] });

let cdn: Awaited<ReturnType<typeof manifestServer>>;
let t: TestApp;
let remotes: Record<'ordering' | 'checkout' | 'tickets' | 'fundraiser', string>;
const ADMIN = 'https://admin.example.com/</script><script>alert(1)</script><!--';

before(async () => {
  cdn = await manifestServer({
    // The remotes' releases, each with its server build (its page table) beside its entry.
    ...(await serverBuildAnswers()),
    '/ordering/mf-manifest.json': ORDERING,
    '/fundraiser/mf-manifest.json': FUNDRAISER,
    '/tickets/mf-manifest.json': 500,
    '/checkout/mf-manifest.json': 'hold',
  });
  // Two origins on one server: the ordering remote's and the others'.
  remotes = {
    ordering: `http://127.0.0.1:${cdn.port}/ordering/remoteEntry.js`,
    checkout: `http://localhost:${cdn.port}/checkout/remoteEntry.js`,
    tickets: `http://localhost:${cdn.port}/tickets/remoteEntry.js`,
    fundraiser: `http://localhost:${cdn.port}/fundraiser/remoteEntry.js`,
  };
  t = await createTestApp({
    demo: false,
    config: {
      remotes,
      shellDist: await shellDistWithServerBuild(),
      adminBaseUrl: ADMIN,
      publicUrl: 'https://fundraise.example.org',
      // Long enough for any machine: a page here always has its release's answer.
      firstScreenBudgetMs: 10_000,
    },
  });
});
after(async () => {
  await t.close();
  await cdn.close();
});

const orderingChunk = (file: string) =>
  `preload script http://127.0.0.1:${cdn.port}/ordering/${file} crossorigin=anonymous`;

describe('the shell page, written per request', () => {
  it('carries the runtime config as a JSON data block, the same as /runtime-config.json', async () => {
    const page = await t.inject('/');
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    const config = (await t.inject('/runtime-config.json')).json();
    assert.deepEqual(inlineConfigOf(page.body), config);
    // The admin URL's '</script>' and '<!--' cannot end or confuse the block.
    assert.equal(
      page.body.match(/<\/script>/gi)?.length,
      3,
      "main.js and the data blocks (config, the first call's answer) only",
    );
    assert.doesNotMatch(page.body, /<script>alert/);
    const block = /id="fu-runtime-config">([\s\S]*?)<\/script>/.exec(page.body)![1]!;
    assert.doesNotMatch(
      block,
      /</,
      'nothing in the block reads as markup (React marks its Suspense parts with comments outside it)',
    );
  });

  it("hints the state list's remote, its App and its first call on /", async () => {
    const page = await t.inject('/');
    assert.deepEqual(hintsOf(page.body), [
      `preconnect http://127.0.0.1:${cdn.port}`,
      `preconnect http://127.0.0.1:${cdn.port} crossorigin=anonymous`,
      // The entry without crossorigin: the federation runtime adds it as a plain script.
      `preload script ${remotes.ordering}`,
      orderingChunk('__federation_expose_App.1a2b3c4d.js'),
      // No preload of its first call: the page carries the answer, which the server read for its first screen.
    ]);
    assert.deepEqual(servedAnswersOf(page.body), {
      '/api/Fundraisers/ListActiveStates?itemId=0': { status: 200, data: [] },
    });
  });

  it("hints an order link's lazy order page and its own first call", async () => {
    for (const [link, call] of [
      ['/Order/1/0/0', '/api/Fundraisers/GetFundraiserDetails?fundraiserId=1'],
      [
        '/order/social/77777777-7777-4777-8777-777777777777?utm=x',
        '/api/Fundraisers/GetFundraiserDetailsForSocialMedia?socialGuid=77777777-7777-4777-8777-777777777777',
      ],
    ] as const) {
      const hints = hintsOf((await t.inject(link)).body);
      assert.deepEqual(hints.slice(2), [
        `preload script ${remotes.ordering}`,
        orderingChunk('__federation_expose_App.1a2b3c4d.js'),
        orderingChunk('__federation_expose_OrderPage.5e6f7a8b.js'),
        `preload fetch ${call} crossorigin=anonymous`,
      ]);
    }
  });

  it("hints the student page's remote and both of its first calls", async () => {
    const guid = '11111111-1111-4111-8111-111111111111';
    const hints = hintsOf((await t.inject(`/Fundraiser/${guid}`)).body);
    assert.deepEqual(hints, [
      `preconnect http://localhost:${cdn.port}`,
      `preconnect http://localhost:${cdn.port} crossorigin=anonymous`,
      `preload script ${remotes.fundraiser}`,
      `preload script http://localhost:${cdn.port}/fundraiser/__federation_expose_App.0f0f0f0f.js crossorigin=anonymous`,
      `preload fetch /api/Orders/GetMyFundraiser?fundraiserDeviceGuid=${guid} crossorigin=anonymous`,
      `preload fetch /api/Orders/GetQRCode?fdid=${guid} crossorigin=anonymous`,
    ]);
  });

  it("hints only the entry and the wallet's first calls when the remote's manifest cannot be read", async () => {
    const hints = hintsOf((await t.inject('/MyOffers/22222222-2222-4222-8222-222222222222')).body);
    // The status, the session and the offers: the wallet asks for them one after another, and all three
    // are preloaded at once.
    assert.deepEqual(hints, [
      `preconnect http://localhost:${cdn.port}`,
      `preconnect http://localhost:${cdn.port} crossorigin=anonymous`,
      `preload script ${remotes.tickets}`,
      'preload fetch /api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=22222222-2222-4222-8222-222222222222 crossorigin=anonymous',
      'preload fetch /api/Tickets/GetSession?ticketPurchaseSessionGuid=22222222-2222-4222-8222-222222222222 crossorigin=anonymous',
      'preload fetch /api/Tickets/GetOffers?ticketPurchaseSessionGuid=22222222-2222-4222-8222-222222222222 crossorigin=anonymous',
    ]);
  });

  it('does not wait long for a manifest that is slow to come, and hints its chunks once it is read', async () => {
    const page = await t.inject('/Checkout/7');
    assert.equal(page.statusCode, 200);
    assert.equal(cdn.held.length, 1, 'the manifest read is still waiting…');
    assert.equal(cdn.held[0]!.request.destroyed, false, '…not given up: the page did not wait for it');
    // The checkout's first call too: the browser sends its own key with it, as with the page's call.
    assert.deepEqual(hintsOf(page.body).slice(2), [
      `preload script ${remotes.checkout}`,
      'preload fetch /api/Orders/GetOrder?orderId=7 crossorigin=anonymous',
    ]);

    cdn.release(manifest({ './App': ['__federation_expose_App.c0ffee00.js'] }));
    const chunk = `preload script http://localhost:${cdn.port}/checkout/__federation_expose_App.c0ffee00.js crossorigin=anonymous`;
    await eventually(async () => hintsOf((await t.inject('/Checkout/7')).body).includes(chunk), 'the chunk hinted', 5);
    assert.equal(cdn.reads('/checkout/mf-manifest.json'), 1);
  });

  it("reads each remote's manifest once for many pages", async () => {
    for (const link of ['/', '/Give', '/Order/1/0/0', '/SelectTeam/1/0/0']) await t.inject(link);
    assert.equal(cdn.reads('/ordering/mf-manifest.json'), 1);
  });

  it('answers pages no remote draws with the generic page: config, no hints', async () => {
    for (const link of ['/Help', '/nowhere/at/all', '/Admin/Vendors']) {
      const page = await t.inject(link);
      assert.equal(page.statusCode, 200, link);
      assert.deepEqual(hintsOf(page.body), [], link);
      assert.deepEqual(inlineConfigOf(page.body), (await t.inject('/runtime-config.json')).json());
      assert.deepEqual(page.body.match(/<title>[^<]*<\/title>/g), ['<title>Fundraising University</title>'], link);
    }
  });

  it('answers HEAD with the headers of the page and no body', async () => {
    for (const link of ['/', '/Order/1/0/0']) {
      const head = await t.inject({ method: 'HEAD', url: link });
      assert.equal(head.statusCode, 200, link);
      assert.match(String(head.headers['content-type']), /^text\/html/);
      assert.equal(head.headers['cache-control'], 'private, no-cache');
      assert.equal(head.body, '');
    }
  });

  it('is revalidated on every visit (no-cache), and carries the CSP with no inline script allowed', async () => {
    const page = await t.inject('/Order/1/0/0');
    assert.equal(page.headers['cache-control'], 'private, no-cache');
    const scriptSrc = String(page.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'));
    assert.doesNotMatch(scriptSrc ?? '', /unsafe-inline|nonce-|sha256-/);
    // Every script of the page is a file from 'self' or a JSON data block.
    for (const script of tagsOf(page.body, 'script')) {
      assert.ok(script.src?.startsWith('/') || script.type === 'application/json', JSON.stringify(script));
    }
  });

  it('writes what a hostile path holds only as escaped text', async () => {
    const page = await t.inject('/Order/Social/"><img src=x onerror=alert(1)>');
    assert.equal(page.statusCode, 200);
    assert.doesNotMatch(page.body, /<img/);
    assert.ok(
      hintsOf(page.body).includes(
        'preload fetch /api/Fundraisers/GetFundraiserDetailsForSocialMedia?socialGuid=%22%3E%3Cimg+src%3Dx+onerror%3Dalert%281%29%3E crossorigin=anonymous',
      ),
      hintsOf(page.body).join('\n'),
    );
  });
});

describe('API answers', () => {
  it('are not stored unless the route says otherwise', async () => {
    const states = await t.inject('/api/Fundraisers/ListActiveStates?itemId=0');
    assert.equal(states.statusCode, 200);
    assert.equal(states.headers['cache-control'], 'no-store');
    const failed = await t.inject('/api/Fundraisers/GetFundraiserDetails?fundraiserId=abc');
    assert.equal(failed.statusCode, 400);
    assert.equal(failed.headers['cache-control'], 'no-store');
    assert.equal((await t.inject('/api/nowhere')).headers['cache-control'], 'no-store');
    // The wallet's web manifest sets its own rule.
    const own = await t.inject('/api/Tickets/GetManifest?start_url=%2FMyOffers%2Fx%2F');
    assert.equal(own.statusCode, 200);
    assert.equal(own.headers['cache-control'], 'no-cache');
  });

  it('are the API however the path is spelled: an encoded prefix is not stored, and no page', async () => {
    // The router decodes the path: /%61pi/… reaches the same route as /api/….
    const encoded = await t.inject('/%61pi/Fundraisers/ListActiveStates?itemId=0');
    assert.equal(encoded.statusCode, 200);
    assert.equal(encoded.headers['cache-control'], 'no-store');
    const unknown = await t.inject('/%61pi/Nope');
    assert.equal(unknown.statusCode, 404);
    assert.match(String(unknown.headers['content-type']), /application\/json/);
    assert.equal(unknown.headers['cache-control'], 'no-store');
  });
});

describe("the remotes' manifests, kept briefly", () => {
  const answers: Record<string, unknown> = {};
  let server: Awaited<ReturnType<typeof manifestServer>>;
  let clock = 0;
  const entry = () => `http://127.0.0.1:${server.port}/r/remoteEntry.js`;
  const app = (version: string) => manifest({ './App': [`__federation_expose_App.${version}.js`] });
  const appScripts = async (cache: ReturnType<typeof remoteManifests>) =>
    (await cache.scriptsOf(entry()))?.get('./App');
  before(async () => {
    server = await manifestServer(answers);
  });
  after(() => server.close());

  it('reads once, answers from memory while fresh, then answers stale at once while reading again', async () => {
    answers['/r/mf-manifest.json'] = app('aaaaaaaa');
    const cache = remoteManifests({ now: () => clock });
    const first = [`http://127.0.0.1:${server.port}/r/__federation_expose_App.aaaaaaaa.js`];
    assert.deepEqual(await appScripts(cache), first);
    clock += 29_999;
    assert.deepEqual(await appScripts(cache), first);
    assert.equal(server.reads('/r/mf-manifest.json'), 1);

    answers['/r/mf-manifest.json'] = 'hold';
    clock += 1;
    assert.deepEqual(await appScripts(cache), first, 'stale, without waiting for the new read');
    await eventually(async () => server.held.length === 1, 'the new read', 5);
    assert.deepEqual(await appScripts(cache), first, 'one read at a time');
    assert.equal(server.reads('/r/mf-manifest.json'), 2);
    server.release(app('bbbbbbbb'));
    await eventually(async () => (await appScripts(cache))?.[0]?.endsWith('.bbbbbbbb.js') ?? false, 'the new read', 5);
  });

  it('keeps the last answer when a read fails, and tries again only once that is stale', async () => {
    answers['/r/mf-manifest.json'] = app('cccccccc');
    const cache = remoteManifests({ now: () => clock });
    const scripts = await appScripts(cache);
    assert.ok(scripts?.[0]?.endsWith('.cccccccc.js'));
    answers['/r/mf-manifest.json'] = 500;
    const before = server.reads('/r/mf-manifest.json');
    clock += 30_000;
    assert.deepEqual(await appScripts(cache), scripts);
    await eventually(async () => server.reads('/r/mf-manifest.json') === before + 1, 'the failed read', 5);
    assert.deepEqual(await appScripts(cache), scripts, 'still the last good answer');
    assert.equal(server.reads('/r/mf-manifest.json'), before + 1, 'not read again while the failure is fresh');
  });

  it('reports a remote that stops answering once, not on every retry, and once when it is back', async () => {
    const reports: string[] = [];
    let answer: number | object = app('dddddddd');
    // Answers without I/O, so each read has settled once the microtasks it queued have run.
    const fetch = (async () => ({
      ok: typeof answer !== 'number',
      status: typeof answer === 'number' ? answer : 200,
      json: async () => answer,
    })) as unknown as typeof globalThis.fetch;
    const settled = () => new Promise((resolve) => setImmediate(resolve));
    const cache = remoteManifests({
      fetch,
      now: () => clock,
      onError: (_url, error) => reports.push(`down: ${(error as Error).message.replace(/^.*answered /, '')}`),
      onRecovered: () => reports.push('back'),
    });
    await appScripts(cache);
    for (const next of [500, 500, 500, 503, 503, app('eeeeeeee'), app('ffffffff')]) {
      answer = next;
      clock += 30_000;
      await appScripts(cache);
      await settled();
    }
    assert.deepEqual(reports, ['down: 500', 'down: 503', 'back']);
    assert.ok((await appScripts(cache))?.[0]?.endsWith('.ffffffff.js'));
  });

  it('has nothing for a remote whose first read fails, or whose answer is not a manifest', async () => {
    for (const answer of [404, { exposes: 'none' }, 'not json']) {
      answers['/r/mf-manifest.json'] = answer;
      assert.equal(await remoteManifests({ now: () => clock }).scriptsOf(entry()), undefined, String(answer));
    }
    assert.equal(await remoteManifests().scriptsOf('not a url'), undefined);
  });
});

describe('page html helpers', () => {
  it('escapes text for HTML and JSON for a data block', () => {
    assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const hostile = { a: '</script><!-- <SCRIPT> & \u2028\u2029' };
    const json = jsonForScript(hostile);
    assert.doesNotMatch(json, /[<>&\u2028\u2029]/);
    assert.deepEqual(JSON.parse(json), hostile);
  });

  it('cuts a page at its head, keeping its title and description as defaults', () => {
    for (const html of [
      BUILT_SHELL_PAGE,
      `<!doctype html><html><head>\n<meta name="description" content="Support a school &amp; team" />\n<title>Fundraising University</title>\n</head><body></body></html>`,
    ]) {
      const template = parseShellTemplate(html)!;
      assert.equal(template.title, 'Fundraising University');
      assert.match(template.description, /^Support a school (or|&) team/);
      assert.doesNotMatch(template.head, /<title>|description/);
      assert.match(template.rest, /^<\/head>/);
    }
    assert.equal(parseShellTemplate('<!doctype html><title>x</title><div id="root"></div>'), undefined);
  });

  it('hints nothing of a remote to a page built as one app, only its first calls', async () => {
    const oneApp = BUILT_SHELL_PAGE.replace('<title>', '<meta name="fu-loads-remotes" content="no"><title>');
    assert.equal(parseShellTemplate(BUILT_SHELL_PAGE)!.loadsRemotes, true);
    assert.equal(parseShellTemplate(oneApp)!.loadsRemotes, false);
    assert.equal(parseShellTemplate(oneApp.replace(/"/g, ''))!.loadsRemotes, false);
    const hints = await pageHints('/Order/1/0/0', {
      remotes: {},
      apiBaseUrl: '',
      ownOrigin: 'https://fundraise.example.org',
      scriptsOf: async () => assert.fail('no manifest is read for a page that loads no remotes'),
      calls: ['/api/Fundraisers/GetFundraiserDetails?fundraiserId=1'],
    });
    assert.deepEqual(hints.preconnect, []);
    assert.equal(hints.entry, undefined);
    assert.deepEqual(hints.chunks, []);
    assert.deepEqual(
      hints.calls,
      ['/api/Fundraisers/GetFundraiserDetails?fundraiserId=1'],
      'the first calls are still preloaded',
    );
  });
});
