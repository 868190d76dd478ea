import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { contentSecurityPolicy, remoteOrigins } from '../src/platform/http/csp';
import { cacheControlFor, remotePagePrefixes } from '../src/platform/plugins/static';
import { startRemoteServer } from '../src/serve-remote';
import { createTestApp, type TestApp } from './helpers';

const remotes = {
  ordering: 'http://localhost:9181/remoteEntry.js',
  checkout: 'https://cdn.example.com/checkout/1.4.0/remoteEntry.js',
  tickets: 'http://localhost:9183/remoteEntry.js',
  fundraiser: 'http://localhost:9184/remoteEntry.js',
};

/** The build stamp's content: the hash of a build's inputs. */
const BUILD_STAMP = 'f3a1c0ffee0123456789abcdef0123456789abcdef0123456789abcdef012345';

let t: TestApp;
let shellDist: string;
before(async () => {
  shellDist = mkdtempSync(path.join(tmpdir(), 'fu-shell-'));
  writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
  writeFileSync(path.join(shellDist, '815.3a5f161e.js'), 'console.log(1)');
  // What scripts/build.mjs leaves in every build folder: its cache key, not part of the site.
  writeFileSync(path.join(shellDist, '.build-stamp'), BUILD_STAMP);
  mkdirSync(path.join(shellDist, '.cache'));
  writeFileSync(path.join(shellDist, '.cache', 'state.json'), '{"secret":true}');
  t = await createTestApp({ demo: false, config: { remotes, shellDist, adminBaseUrl: 'https://admin.example.com' } });
});
after(() => t.close());

describe('runtime config and security headers', () => {
  it('serves the remotes from configuration, never cached', async () => {
    const response = await t.inject('/runtime-config.json');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-store');
    const releases = {
      ordering: 'unreleased',
      checkout: 'unreleased',
      tickets: 'unreleased',
      fundraiser: 'unreleased',
    };
    assert.deepEqual(response.json(), { apiBaseUrl: '', remotes, releases, adminBaseUrl: 'https://admin.example.com' });
  });

  it('names every remote origin in the CSP script-src and connect-src', async () => {
    const csp = String((await t.inject('/runtime-config.json')).headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src')) ?? '';
    for (const origin of ['http://localhost:9181', 'https://cdn.example.com', 'http://localhost:9183']) {
      assert.ok(scriptSrc.includes(origin), `${origin} missing from ${scriptSrc}`);
      assert.ok(csp.includes(`connect-src 'self' `) && csp.includes(origin));
    }
    assert.ok(!csp.includes('unsafe-eval'));
    assert.ok(!csp.includes('upgrade-insecure-requests'), 'would break http remotes on localhost');
  });

  it('echoes a given request id and makes one otherwise', async () => {
    const given = await t.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    assert.equal(given.headers['x-request-id'], 'abc-123');
    const made = await t.inject('/api/health');
    assert.match(String(made.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });
});

describe('shell hosting', () => {
  it('answers deep links with the shell page', async () => {
    for (const url of ['/', '/Order/1/0/0', '/checkout/5', '/Help']) {
      const response = await t.inject(url);
      assert.equal(response.statusCode, 200, url);
      assert.match(response.body, /<div id="root">/);
      assert.equal(response.headers['cache-control'], 'private, no-cache');
    }
  });

  it('caches hashed chunks for a year and 404s missing files', async () => {
    const chunk = await t.inject('/815.3a5f161e.js');
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal((await t.inject('/missing.js')).statusCode, 404);
  });

  it("a remote's page link with a dot in it is a page, not a missing file: the shell answers it", async () => {
    for (const url of ['/Receipt/1.5?key=abc', '/Fundraiser/jordan.rivera', '/Order/1.0/0/0']) {
      const page = await t.inject(url);
      assert.equal(page.statusCode, 200, url);
      assert.match(page.headers['content-type'] as string, /^text\/html/, url);
    }
    assert.equal((await t.inject('/no-remote/file.js')).statusCode, 404);
  });

  it("a page address with a broken %-escape goes to the shell's 'Page not found', never a JSON error", async () => {
    // A broken %-escape is no URL at all: sent to the shell's "Page not found".
    for (const url of ['/Fundraiser/%E0%A4%A', '/MyOffers/%ff']) {
      const response = await t.inject(url);
      assert.equal(response.statusCode, 302, url);
      assert.equal(response.headers.location, '/not-found');
    }
    // The API keeps its own answers.
    assert.equal((await t.inject('/api/Orders/GetOrder?orderId=%E0%A4%A')).statusCode, 400);
    assert.equal((await t.inject('/api/Orders/GetOrder/%ff')).statusCode, 400);
  });

  it("a remote's page is a route of its own, so no file is looked up for it; its dotfiles still answer 404", async () => {
    const prefixes = remotePagePrefixes();
    assert.ok(prefixes.includes('/Order') && prefixes.includes('/Checkout') && !prefixes.includes('/'));
    for (const prefix of prefixes) {
      for (const url of [prefix, `${prefix}/*`, `${prefix.toLowerCase()}/*`]) {
        assert.ok(t.app.hasRoute({ method: 'GET', url }), url);
      }
    }
    for (const url of ['/Order/.build-stamp', '/checkout/.cache/state.json']) {
      assert.equal((await t.inject(url)).statusCode, 404, url);
    }
    // Another spelling is no route of its own: it reaches the page through the file lookup.
    assert.equal((await t.inject('/CHECKOUT/5')).statusCode, 200);
  });

  it('serves no dotfile of the build: /.build-stamp and the like answer 404', async () => {
    for (const url of ['/.build-stamp', '/.cache/state.json', '/.build-stamp?x=1', '/%2Ebuild-stamp']) {
      const response = await t.inject(url);
      assert.equal(response.statusCode, 404, `${url}: ${response.body.slice(0, 80)}`);
      assert.ok(!response.body.includes(BUILD_STAMP) && !response.body.includes('secret'), url);
    }
    assert.equal((await t.inject('/815.3a5f161e.js')).statusCode, 200, 'the build itself is served');
  });

  it('serves OpenAPI at /api/docs', async () => {
    const json = await t.inject('/api/docs/json');
    assert.equal(json.statusCode, 200);
    assert.ok(json.json().paths['/api/Fundraisers/ListActiveStates']);
  });
});

/** Every page route of spec §2, as a supporter, student, ticket holder or staff member opens it. */
const SPEC_PAGES = [
  '/',
  '/SelectLocation',
  '/Give',
  '/Donate',
  '/Purchase',
  '/SelectSchool/TX',
  '/SelectTeam/1',
  '/Order/1/0/0',
  '/Order/11111111-1111-4111-8111-111111111111',
  '/Order/11111111-1111-4111-8111-111111111111/7',
  '/Order/Edit/1',
  '/Order/Contact/66666666-6666-4666-8666-666666666666',
  '/Order/Social/77777777-7777-4777-8777-777777777777',
  '/Checkout/1',
  '/CheckoutCashCheck/1/1',
  '/Receipt/1?key=x',
  '/Fundraiser/11111111-1111-4111-8111-111111111111',
  '/FundraiserOrders/11111111-1111-4111-8111-111111111111',
  '/Fundraisers/11111111-1111-4111-8111-111111111111',
  '/MyOffers/22222222-2222-4222-8222-222222222222',
  '/MyOffers/22222222-2222-4222-8222-222222222222/Redeem/1',
  '/TicketPreview/1',
  '/ActivateTicket/22222222-2222-4222-8222-222222222222',
  '/ActivateTicket/22222222-2222-4222-8222-222222222222/Confirmation/5125550188',
  '/ActivateTicket/22222222-2222-4222-8222-222222222222/RegisterDevice/5125550188?code=abc',
  '/ReactivateTicket/22222222-2222-4222-8222-222222222222',
  '/MyTicket/22222222-2222-4222-8222-222222222222',
  '/MyTeam/22222222-2222-4222-8222-222222222222',
  '/ManageDiscounts/33333333-3333-4333-8333-333333333333',
  '/Team/1',
  '/Help',
  '/Admin/Vendors',
];

describe('security headers on every page', () => {
  for (const page of SPEC_PAGES) {
    it(`${page} has the CSP and hardening headers`, async () => {
      const response = await t.inject(page);
      assert.equal(response.statusCode, 200);
      const csp = String(response.headers['content-security-policy']);
      assert.match(csp, /default-src 'self'/);
      assert.match(csp, /frame-ancestors '(self|none)'/, 'no other site may frame the pages');
      assert.match(csp, /object-src 'none'/);
      assert.doesNotMatch(
        csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '',
        /unsafe-inline|unsafe-eval/,
      );
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.ok(response.headers['referrer-policy'], 'a referrer policy');
    });
  }
});

describe('csp helpers', () => {
  it('ignores malformed remote URLs', () => {
    assert.deepEqual(remoteOrigins(['not a url', 'http://a.test:1/x.js', 'http://a.test:1/y.js']), ['http://a.test:1']);
    assert.deepEqual(contentSecurityPolicy([]).scriptSrc, ["'self'"]);
  });

  it('revalidates entry files and caches hashed chunks', () => {
    assert.equal(cacheControlFor('/x/remoteEntry.js'), 'no-cache');
    assert.equal(cacheControlFor('/x/main.js'), 'no-cache');
    assert.equal(cacheControlFor('/x/140.7c29b1a7.js'), 'public, max-age=31536000, immutable');
    assert.equal(cacheControlFor('/x/140.7c29b1a7e0c3d2f1.js'), 'public, max-age=31536000, immutable');
    assert.equal(cacheControlFor('/x/styles.0a1b2c3d.css'), 'public, max-age=31536000, immutable');
  });
});

describe('compression', () => {
  it('sends larger files compressed to a browser that accepts it, small answers as they are', async () => {
    writeFileSync(path.join(shellDist, '999.0badc0de.js'), `console.log(${JSON.stringify('x'.repeat(20_000))});`);
    const br = await t.inject({ url: '/999.0badc0de.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(br.statusCode, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.ok(br.rawPayload.length < 1000, `${br.rawPayload.length} bytes`);
    const gzip = await t.inject({ url: '/999.0badc0de.js', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    const plain = await t.inject({ url: '/999.0badc0de.js' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body.length, 20_016);
    const tiny = await t.inject({ url: '/runtime-config.json', headers: { 'accept-encoding': 'br' } });
    assert.equal(tiny.headers['content-encoding'], undefined);
  });
});

describe('remote server', () => {
  it('serves a remote build with CORS and revalidated entries', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fu-remote-'));
    writeFileSync(path.join(dir, 'remoteEntry.js'), 'var ordering;');
    writeFileSync(path.join(dir, '140.7c29b1a7.js'), 'chunk');
    writeFileSync(path.join(dir, '815.3a5f161e.js'), 'x'.repeat(20_000));
    const server = await startRemoteServer({ dir, port: 0, host: '127.0.0.1' });
    try {
      const entry = await fetch(`${server.address}/remoteEntry.js`);
      assert.equal(entry.status, 200);
      assert.equal(entry.headers.get('access-control-allow-origin'), '*');
      assert.equal(entry.headers.get('cache-control'), 'no-cache');
      const chunk = await fetch(`${server.address}/140.7c29b1a7.js`);
      assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      // fetch sends Accept-Encoding and decodes the answer; the header says how it travelled.
      const big = await fetch(`${server.address}/815.3a5f161e.js`);
      assert.match(big.headers.get('content-encoding') ?? '', /^(br|gzip)$/);
      assert.equal((await big.text()).length, 20_000);
      const missing = await fetch(`${server.address}/nope.js`);
      assert.equal(missing.status, 404);
      assert.equal(missing.headers.get('access-control-allow-origin'), '*');
    } finally {
      await server.close();
    }
  });

  it('serves no dotfile of the build: /.build-stamp and the like answer 404', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fu-remote-'));
    writeFileSync(path.join(dir, 'remoteEntry.js'), 'var ordering;');
    writeFileSync(path.join(dir, '.build-stamp'), BUILD_STAMP);
    mkdirSync(path.join(dir, '.cache'));
    writeFileSync(path.join(dir, '.cache', 'state.json'), '{"secret":true}');
    for (const production of [true, false]) {
      const server = await startRemoteServer({ dir, port: 0, host: '127.0.0.1', production });
      try {
        for (const url of ['/.build-stamp', '/.cache/state.json', '/%2Ebuild-stamp']) {
          const response = await fetch(`${server.address}${url}`);
          const body = await response.text();
          assert.equal(response.status, 404, `${url}: ${body}`);
          assert.ok(!body.includes(BUILD_STAMP) && !body.includes('secret'), url);
        }
        assert.equal((await fetch(`${server.address}/remoteEntry.js`)).status, 200);
      } finally {
        await server.close();
      }
    }
  });
});
