// Issue 21: the release registry. Promote, canary, roll back and the compatibility gate through the
// admin routes, seen in the runtime config and the served page; the releases' files come from a real
// HTTP server, as a remote's origin or a CDN serves them. On PGlite, and on PostgreSQL with DATABASE_URL.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { after, before, beforeEach, describe, it } from 'node:test';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ReleaseList, RemoteReleases } from '@fu/shared/contracts';
import { clearLookups } from '../src/platform/cache/lookupCache';
import { buildApp } from '../src/app';
import { TEST_ADMIN_TOKEN, testConfig, type Config } from '../src/platform/config/config';
import { openDatabase } from '../src/platform/db/client';
import { releaseEvents } from '../src/platform/db/schema';
import { CANARY_COOKIE } from '../src/releases/plugins/releases';
import { unmetRequirements } from '../src/releases/services/releaseGate';
import { releaseState, type ReleaseEvent } from '../src/releases/services/releaseState';
import { inCanary, releaseRegistry } from '../src/releases/services/releases';
import { RELEASES_LOCK, releaseRepository } from '../src/releases/repositories/releases';
import { eventually, multiInstanceSkip } from './multiInstance';
import { BUILT_SHELL_PAGE, inlineConfigOf } from './pageHtml';
import { createTestApp, freshDatabase, type TestApp } from './helpers';

const SHELL_PROVIDES = {
  '@fu/shared': '1.2.0',
  react: '19.2.0',
  'react-dom': '19.2.0',
  zustand: '5.0.8',
  'react-router-dom': '7.9.4',
  '@module-federation/runtime': '2.9.2',
};
const REQUIRES = {
  '@fu/shared': '^1.0.0',
  react: '^19.2.0',
  'react-dom': '^19.2.0',
  zustand: '^5.0.8',
  'react-router-dom': '^7.9.0',
  '@module-federation/runtime': '^2.0.0',
};

const multiSkip = await multiInstanceSkip();

// ---- the pure rules ---------------------------------------------------------------------------

const event = (action: ReleaseEvent['action'], version: string | null = null, share: number | null = null) => ({
  action,
  version,
  share,
  // Each release's server build pinned as promoted (a made-up digest naming it).
  serverBuildSha256: version && `sha-of-${version}`,
  actor: 'team',
  at: new Date(0),
});

describe('what a release history means', () => {
  it('a rollback returns to the release before, again and again, down to the configured build', () => {
    const events = [event('promote', 'a'), event('promote', 'b'), event('promote', 'c')];
    assert.deepEqual([releaseState(events).live, releaseState(events).rollbackTo], ['c', 'b']);
    const once = [...events, event('rollback')];
    assert.deepEqual([releaseState(once).live, releaseState(once).rollbackTo], ['b', 'a']);
    const twice = [...once, event('rollback')];
    assert.deepEqual([releaseState(twice).live, releaseState(twice).rollbackTo], ['a', null]);
    const thrice = [...twice, event('rollback')];
    assert.deepEqual([releaseState(thrice).live, releaseState(thrice).rollbackTo], [null, undefined]);
  });

  it('a canary runs beside the live release until promoted or rolled back', () => {
    const canary = [event('promote', 'a'), event('canary', 'b', 10)];
    assert.equal(releaseState(canary).live, 'a');
    assert.deepEqual(releaseState(canary).canary?.version, 'b');
    assert.equal(releaseState(canary).rollbackTo, 'a', 'a rollback only ends the canary');
    const ended = releaseState([...canary, event('rollback')]);
    assert.deepEqual([ended.live, ended.canary, ended.rollbackTo], ['a', null, null]);
    const promoted = releaseState([...canary, event('promote', 'b')]);
    assert.deepEqual([promoted.live, promoted.canary, promoted.rollbackTo], ['b', null, 'a']);
  });

  it("keeps each release's server build pin with it: the live one's, a canary's own, and the earlier one's after a rollback", () => {
    const canary = releaseState([event('promote', 'a'), event('promote', 'b'), event('canary', 'c', 10)]);
    assert.deepEqual([canary.liveServerBuildSha256, canary.canary?.serverBuildSha256], ['sha-of-b', 'sha-of-c']);
    const back = releaseState([event('promote', 'a'), event('promote', 'b'), event('rollback')]);
    assert.equal(back.liveServerBuildSha256, 'sha-of-a');
    const configured = releaseState([event('promote', 'a'), event('rollback')]);
    assert.equal(configured.liveServerBuildSha256, null, 'the configured build has none');
  });
});

describe('the compatibility gate', () => {
  it('says which requirement the shell does not meet, one sentence each', () => {
    assert.deepEqual(unmetRequirements('checkout 2.0.0-x', { requires: REQUIRES }, { provides: SHELL_PROVIDES }), []);
    assert.deepEqual(
      unmetRequirements(
        'checkout 2.0.0-x',
        { requires: { ...REQUIRES, '@fu/shared': '^1.3.0', 'left-pad': '^1.0.0' } },
        { provides: SHELL_PROVIDES },
      ),
      [
        'checkout 2.0.0-x needs @fu/shared ^1.3.0, but the live shell provides 1.2.0.',
        'checkout 2.0.0-x needs left-pad ^1.0.0, but the live shell provides none.',
      ],
    );
  });
});

describe('canary buckets', () => {
  const seeds = Array.from({ length: 2000 }, (_, index) => `browser-${index}`);
  const share = (percent: number, version = 'v2') =>
    seeds.filter((seed) => inCanary(seed, 'checkout', version, percent)).length / seeds.length;

  it('put about the share of browsers in the canary, keeping a smaller share inside a larger one', () => {
    assert.ok(Math.abs(share(10) - 0.1) < 0.03, `10% gave ${share(10)}`);
    assert.ok(Math.abs(share(50) - 0.5) < 0.04, `50% gave ${share(50)}`);
    assert.equal(share(100), 1);
    for (const seed of seeds.filter((candidate) => inCanary(candidate, 'checkout', 'v2', 10))) {
      assert.ok(inCanary(seed, 'checkout', 'v2', 50), `${seed} left the canary when its share grew`);
    }
  });

  it('draw other browsers for another canary', () => {
    const first = seeds.filter((seed) => inCanary(seed, 'checkout', 'v2', 10));
    const second = seeds.filter((seed) => inCanary(seed, 'checkout', 'v3', 10));
    const both = first.filter((seed) => second.includes(seed)).length;
    assert.ok(both < first.length / 3, `${both} of ${first.length} browsers are in both canaries`);
  });
});

type ServedConfig = { remotes: Record<string, string>; releases: Record<string, string> };
const pageConfig = (html: string) => inlineConfigOf(html) as ServedConfig;

describe('pages while the registry cannot be read', () => {
  it('get the state last read at once, the outage is reported once, and the database is asked again later', async () => {
    const database = await freshDatabase();
    try {
      const real = releaseRepository(database.db);
      let down = false;
      let reads = 0;
      const repository = {
        ...real,
        events: async () => {
          reads++;
          if (down) throw new Error('connection refused');
          return real.events();
        },
      };
      await real.append('checkout', () => ({
        remote: 'checkout',
        action: 'promote',
        version: '1.0.0-aaaaaaa',
        actor: 't',
      }));
      let clock = 0;
      const errors: unknown[] = [];
      const registry = releaseRegistry({
        db: database.db,
        repository,
        remotes: {
          ordering: 'http://o/remoteEntry.js',
          checkout: 'http://c/remoteEntry.js',
          tickets: 'http://t/remoteEntry.js',
          fundraiser: 'http://f/remoteEntry.js',
        },
        shellManifestFile: '/nowhere/release.json',
        onReadError: (error) => errors.push(error),
        retryAfterMs: 5_000,
        now: () => clock,
      });
      clearLookups(database.db);
      assert.equal((await registry.served(undefined)).releases.checkout, '1.0.0-aaaaaaa');

      down = true;
      clearLookups(database.db);
      const before = reads;
      for (let page = 0; page < 3; page++) {
        const served = await registry.served(undefined);
        assert.equal(served.releases.checkout, '1.0.0-aaaaaaa', 'the state last read');
        assert.equal(served.remotes.checkout, 'http://c/releases/1.0.0-aaaaaaa/remoteEntry.js');
      }
      assert.equal(reads - before, 1, 'pages do not wait on the database again at once');
      assert.equal(errors.length, 1);

      clock += 5_000;
      down = false;
      assert.equal((await registry.served(undefined)).releases.checkout, '1.0.0-aaaaaaa');
      assert.equal(reads - before, 2, 'asked again once the wait is over');
    } finally {
      await database.drop();
    }
  });
});

// ---- the registry, through the admin routes ---------------------------------------------------

describe('the release registry', () => {
  let cdn: FastifyInstance;
  let cdnRoot: string;
  let origin: string;
  let shellDist: string;
  let t: TestApp;
  let remotes: Config['remotes'];
  const AUTH = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'x-admin-user': 'checkout team <ci>' };
  const configured = (remote: string) => `${origin}/${remote}/remoteEntry.js`;
  const released = (remote: string, version: string) => `${origin}/${remote}/releases/${version}/remoteEntry.js`;

  /** A release folder as `npm run release` leaves it, deployed on the CDN. */
  function deploy(remote: string, version: string, requires: Record<string, string> = REQUIRES, folder = remote) {
    const dir = path.join(cdnRoot, folder, 'releases', version);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${remote} ${version} */`);
    const manifest = {
      app: remote,
      requires,
      provides: {},
      version,
      commit: 'f'.repeat(40),
      builtAt: '2026-11-26T00:00:00Z',
    };
    writeFileSync(path.join(dir, 'release.json'), JSON.stringify(manifest));
  }

  const admin = (url: string, payload?: object) =>
    t.inject({ method: payload ? 'POST' : 'GET', url, headers: AUTH, ...(payload && { payload }) });
  const promote = (payload: { remote: string; version: string; share?: number }) =>
    admin('/api/Admin/PromoteRelease', payload);
  const rollback = (remote: string) => admin('/api/Admin/RollbackRelease', { remote });

  /** The runtime config a browser with `cookie` gets, and the canary cookie it is given. */
  async function configFor(cookie?: string) {
    const response = await t.app.inject({ url: '/runtime-config.json', headers: cookie ? { cookie } : {} });
    assert.equal(response.statusCode, 200, response.body);
    const set = response.cookies.find((candidate) => candidate.name === CANARY_COOKIE);
    return { config: response.json<ServedConfig>(), set };
  }

  before(async () => {
    cdnRoot = mkdtempSync(path.join(tmpdir(), 'fu-cdn-'));
    cdn = Fastify();
    // A release that is really somewhere else (a whole, valid one): its files answer with redirects.
    cdn.get('/checkout/releases/moved-1/*', (request, reply) =>
      reply.redirect(request.url.replace('/checkout/', '/elsewhere/'), 302),
    );
    await cdn.register(fastifyStatic, { root: cdnRoot });
    origin = (await cdn.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
    shellDist = mkdtempSync(path.join(tmpdir(), 'fu-shell-'));
    writeFileSync(path.join(shellDist, 'index.html'), BUILT_SHELL_PAGE);
    writeFileSync(
      path.join(shellDist, 'release.json'),
      JSON.stringify({ app: 'shell', requires: {}, provides: SHELL_PROVIDES }),
    );
    remotes = Object.fromEntries(
      ['ordering', 'checkout', 'tickets', 'fundraiser'].map((r) => [r, configured(r)]),
    ) as Config['remotes'];
    t = await createTestApp({ demo: false, config: { remotes, shellDist } });
    for (const version of ['1.0.0-aaaaaaa', '1.0.0-bbbbbbb', '1.1.0-ccccccc']) deploy('checkout', version);
    deploy('checkout', '1.2.0-ddddddd', { ...REQUIRES, '@fu/shared': '^1.3.0' });
    deploy('checkout', 'moved-1', REQUIRES, 'elsewhere');
  });
  beforeEach(async () => {
    await t.database.db.delete(releaseEvents);
    clearLookups(t.database.db);
  });
  after(async () => {
    await t?.close();
    await cdn?.close();
  });

  it('needs the admin token', async () => {
    for (const [method, url] of [
      ['GET', '/api/Admin/Releases'],
      ['POST', '/api/Admin/PromoteRelease'],
      ['POST', '/api/Admin/RollbackRelease'],
    ] as const) {
      const response = await t.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      assert.equal(response.statusCode, 401, `${method} ${url}`);
    }
  });

  it('serves each remote from its configured build before any release', async () => {
    const { config, set } = await configFor();
    assert.equal(config.remotes.checkout, configured('checkout'));
    assert.equal(config.releases.checkout, 'unreleased');
    assert.equal(set, undefined, 'no canary, no cookie');
    const list = (await admin('/api/Admin/Releases')).json<ReleaseList>();
    const checkout = list.remotes.find((remote) => remote.remote === 'checkout');
    assert.deepEqual(
      { live: checkout?.live, rollbackTo: checkout?.rollbackTo, history: checkout?.history },
      { live: null, rollbackTo: undefined, history: [] },
    );
  });

  it('promotes a release for the next page load, then rolls back step by step', async () => {
    assert.equal((await promote({ remote: 'checkout', version: '1.0.0-aaaaaaa' })).statusCode, 200);
    const second = await promote({ remote: 'checkout', version: '1.0.0-bbbbbbb' });
    assert.equal(second.statusCode, 200, second.body);
    assert.deepEqual(
      (({ live, rollbackTo, liveBy, liveEntry }) => ({ live, rollbackTo, liveBy, liveEntry }))(
        second.json<RemoteReleases>(),
      ),
      {
        live: '1.0.0-bbbbbbb',
        rollbackTo: '1.0.0-aaaaaaa',
        liveBy: 'checkout team ci',
        liveEntry: released('checkout', '1.0.0-bbbbbbb'),
      },
    );
    let { config } = await configFor();
    assert.equal(config.remotes.checkout, released('checkout', '1.0.0-bbbbbbb'));
    assert.equal(config.releases.checkout, '1.0.0-bbbbbbb');
    assert.equal(config.remotes.ordering, configured('ordering'), 'other remotes are untouched');

    // The served page carries the same config inline.
    const page = await t.inject('/Checkout/1');
    assert.equal(pageConfig(page.body).remotes.checkout, released('checkout', '1.0.0-bbbbbbb'));

    assert.equal((await rollback('checkout')).json<RemoteReleases>().live, '1.0.0-aaaaaaa');
    ({ config } = await configFor());
    assert.equal(config.remotes.checkout, released('checkout', '1.0.0-aaaaaaa'));
    assert.equal((await rollback('checkout')).json<RemoteReleases>().live, null);
    ({ config } = await configFor());
    assert.equal(config.remotes.checkout, configured('checkout'));
    const nothing = await rollback('checkout');
    assert.equal(nothing.statusCode, 409);
    assert.equal(nothing.json<{ message: string }>().message, 'checkout has no earlier release to roll back to.');

    const history = (await admin('/api/Admin/Releases'))
      .json<ReleaseList>()
      .remotes.find((r) => r.remote === 'checkout')!.history;
    assert.deepEqual(
      history.map((entry) => [entry.action, entry.version, entry.by]),
      [
        ['rollback', null, 'checkout team ci'],
        ['rollback', null, 'checkout team ci'],
        ['promote', '1.0.0-bbbbbbb', 'checkout team ci'],
        ['promote', '1.0.0-aaaaaaa', 'checkout team ci'],
      ],
    );
    assert.ok(history.every((entry) => !Number.isNaN(Date.parse(entry.at))));
  });

  it('refuses a release the live shell cannot run, saying which requirement fails, and records nothing', async () => {
    const refused = await promote({ remote: 'checkout', version: '1.2.0-ddddddd' });
    assert.equal(refused.statusCode, 409);
    assert.equal(
      refused.json<{ message: string }>().message,
      'checkout 1.2.0-ddddddd needs @fu/shared ^1.3.0, but the live shell provides 1.2.0.',
    );
    assert.equal((await t.database.db.select().from(releaseEvents)).length, 0);
    assert.equal((await configFor()).config.releases.checkout, 'unreleased');
  });

  it('refuses what it cannot find or name', async () => {
    const missing = await promote({ remote: 'checkout', version: '9.9.9-nothere' });
    assert.equal(missing.statusCode, 404);
    assert.match(missing.json<{ message: string }>().message, /^There is no release 9\.9\.9-nothere of checkout: /);
    const unknown = await promote({ remote: 'payroll', version: '1.0.0-aaaaaaa' });
    assert.equal(unknown.statusCode, 400);
    assert.match(unknown.json<{ message: string }>().message, /There is no remote called "payroll"/);
    for (const payload of [
      { remote: 'checkout', version: '../../etc' },
      { remote: 'checkout', version: '1.0.0-aaaaaaa', share: 0 },
      { remote: 'checkout', version: '1.0.0-aaaaaaa', share: 101 },
      { remote: 'checkout' },
    ]) {
      assert.equal((await promote(payload as never)).statusCode, 400, JSON.stringify(payload));
    }
    await promote({ remote: 'checkout', version: '1.0.0-aaaaaaa' });
    const again = await promote({ remote: 'checkout', version: '1.0.0-aaaaaaa' });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json<{ message: string }>().message, 'checkout 1.0.0-aaaaaaa is already live.');
  });

  it('refuses a release whose entry is not deployed yet, a reserved name, and a redirect elsewhere', async () => {
    deploy('checkout', '1.3.0-eeeeeee');
    rmSync(path.join(cdnRoot, 'checkout', 'releases', '1.3.0-eeeeeee', 'remoteEntry.js'));
    const partial = await promote({ remote: 'checkout', version: '1.3.0-eeeeeee' });
    assert.equal(partial.statusCode, 409);
    assert.match(
      partial.json<{ message: string }>().message,
      /^Release 1\.3\.0-eeeeeee of checkout is not completely deployed: .* answered 404\.$/,
    );
    for (const version of ['unreleased', 'other', 'none']) {
      const reserved = await promote({ remote: 'checkout', version });
      assert.equal(reserved.statusCode, 400, version);
      assert.equal(
        reserved.json<{ message: string }>().message,
        `"${version}" is a reserved word, not a release version.`,
      );
    }
    // The CDN answers the release's files with a redirect to somewhere else: not followed.
    const redirected = await promote({ remote: 'checkout', version: 'moved-1' });
    assert.equal(redirected.statusCode, 503);
    assert.match(
      redirected.json<{ message: string }>().message,
      /^Could not read .*moved-1\/release\.json to check the release/,
    );
    assert.equal((await t.database.db.select().from(releaseEvents)).length, 0);
  });

  it('names, at start, a live release a newly deployed shell cannot run', async () => {
    await promote({ remote: 'checkout', version: '1.1.0-ccccccc' });
    assert.deepEqual(await t.app.releases.incompatibleLive(), []);
    const shellFile = path.join(shellDist, 'release.json');
    const deployed = readFileSync(shellFile, 'utf8');
    writeFileSync(
      shellFile,
      JSON.stringify({ app: 'shell', requires: {}, provides: { ...SHELL_PROVIDES, react: '20.0.0' } }),
    );
    try {
      assert.deepEqual(await t.app.releases.incompatibleLive(), [
        'checkout 1.1.0-ccccccc is live: checkout 1.1.0-ccccccc needs react ^19.2.0, but the live shell provides 20.0.0.',
      ]);
    } finally {
      writeFileSync(shellFile, deployed);
    }
  });

  it('runs a canary for its share of browsers, each keeping its side, until it is rolled back or promoted', async () => {
    await promote({ remote: 'checkout', version: '1.0.0-aaaaaaa' });
    const canary = await promote({ remote: 'checkout', version: '1.1.0-ccccccc', share: 50 });
    assert.equal(canary.statusCode, 200, canary.body);
    assert.deepEqual(
      (({ live, canary }) => ({ live, version: canary?.version, share: canary?.share }))(canary.json<RemoteReleases>()),
      { live: '1.0.0-aaaaaaa', version: '1.1.0-ccccccc', share: 50 },
    );

    // Forty new browsers: each is given a cookie, both sides are drawn, and each keeps its side.
    const browsers: { cookie: string; version: string }[] = [];
    for (let index = 0; index < 40; index++) {
      const { config, set } = await configFor();
      assert.ok(set, 'a browser new to the canary is given its cookie');
      assert.equal(set.httpOnly, true);
      assert.equal(set.path, '/');
      const cookie = `${CANARY_COOKIE}=${set.value}`;
      const again = await configFor(cookie);
      assert.equal(again.set, undefined, 'a browser with its cookie keeps it');
      browsers.push({ cookie, version: again.config.releases.checkout! });
      assert.equal(config.releases.checkout, again.config.releases.checkout, 'the first page already had its side');
    }
    const versions = new Set(browsers.map((browser) => browser.version));
    assert.deepEqual([...versions].sort(), ['1.0.0-aaaaaaa', '1.1.0-ccccccc']);
    const inCanaryBrowser = browsers.find((browser) => browser.version === '1.1.0-ccccccc')!;
    assert.equal(
      (await configFor(inCanaryBrowser.cookie)).config.remotes.checkout,
      released('checkout', '1.1.0-ccccccc'),
    );
    const page = await t.app.inject({ url: '/Checkout/1', headers: { cookie: inCanaryBrowser.cookie } });
    assert.equal(pageConfig(page.body).releases.checkout, '1.1.0-ccccccc');

    // A rollback ends the canary: everyone is back on the live release.
    const ended = await rollback('checkout');
    assert.deepEqual([ended.json<RemoteReleases>().live, ended.json<RemoteReleases>().canary], ['1.0.0-aaaaaaa', null]);
    assert.equal((await configFor(inCanaryBrowser.cookie)).config.releases.checkout, '1.0.0-aaaaaaa');

    // Promoted to everyone: the canary's release is live, and a rollback returns to the one before.
    await promote({ remote: 'checkout', version: '1.1.0-ccccccc', share: 10 });
    const promoted = await promote({ remote: 'checkout', version: '1.1.0-ccccccc' });
    assert.deepEqual(
      [
        promoted.json<RemoteReleases>().live,
        promoted.json<RemoteReleases>().canary,
        promoted.json<RemoteReleases>().rollbackTo,
      ],
      ['1.1.0-ccccccc', null, '1.0.0-aaaaaaa'],
    );
    for (const browser of browsers) {
      assert.equal((await configFor(browser.cookie)).config.releases.checkout, '1.1.0-ccccccc');
    }
  });

  it(
    'shows a promotion on the next page load of another instance, told by PostgreSQL',
    { skip: multiSkip },
    async () => {
      // B caches for five minutes: only the notice of A's change can make its next answer fresh.
      const handle = await openDatabase({ databaseUrl: t.database.url!, dataDir: '' });
      const b = await buildApp({
        config: testConfig({ remotes, shellDist, lookupCacheSeconds: 300 }),
        database: handle,
      });
      await b.ready();
      try {
        const onB = async () => (await b.inject('/runtime-config.json')).json<ServedConfig>().releases.checkout;
        assert.equal(await onB(), 'unreleased');
        assert.equal((await promote({ remote: 'checkout', version: '1.0.0-aaaaaaa' })).statusCode, 200);
        assert.ok(
          await eventually(async () => (await onB()) === '1.0.0-aaaaaaa', 10_000),
          'B still serves the old release',
        );
        assert.equal((await rollback('checkout')).statusCode, 200);
        assert.ok(await eventually(async () => (await onB()) === 'unreleased', 10_000), 'B missed the rollback');
      } finally {
        await b.close(); // and its database handle
      }
    },
  );

  const onPostgres = process.env.DATABASE_URL
    ? false
    : 'PostgreSQL only: PGlite has one connection, its transactions cannot overlap';
  it(
    'takes changes at the same moment one after the other, each deciding on what the other wrote',
    { skip: onPostgres },
    async () => {
      const repository = releaseRepository(t.database.db);
      let open!: () => void;
      const held = new Promise<void>((resolve) => (open = resolve));
      let entered!: () => void;
      const firstInside = new Promise<void>((resolve) => (entered = resolve));
      const first = repository.append('checkout', async () => {
        entered();
        await held;
        return { remote: 'checkout', action: 'promote', version: '1.0.0-aaaaaaa', actor: 'first' };
      });
      await firstInside;
      let secondSaw: number | undefined;
      const second = repository.append('checkout', (events) => {
        secondSaw = events.length;
        return { remote: 'checkout', action: 'promote', version: '1.0.0-bbbbbbb', actor: 'second' };
      });
      // The second waits for the registry's lock (or, without one, has already read the history).
      const waiting = async () => {
        const { rows } = (await t.database.db.execute(
          sql`SELECT count(*)::int AS n FROM pg_locks
            WHERE locktype = 'advisory' AND NOT granted AND classid = ${RELEASES_LOCK[0]} AND objid = ${RELEASES_LOCK[1]}`,
        )) as unknown as { rows: { n: number }[] };
        return rows[0]!.n > 0 || secondSaw !== undefined;
      };
      assert.ok(await eventually(waiting, 10_000), 'the second change neither waited nor read');
      open();
      await Promise.all([first, second]);
      assert.equal(secondSaw, 1, "the second change decided without the first's event");
    },
  );
});
