import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { precompress } from '../../scripts/precompress.cjs';
import { releasesDir, startRemoteServer } from '../src/serve-remote';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const VERSION = '1.0.0-abc1234';
const manifest = {
  app: 'checkout',
  version: VERSION,
  commit: 'abc1234'.padEnd(40, '0'),
  builtAt: '2025-01-01T00:00:00.000Z',
  requires: { react: '^19.2.0' },
  provides: {},
};

/** A release folder as scripts/release.mjs leaves it: a build, its compressed copies and its release.json. */
function makeRelease(releases: string, version: string, entry: string) {
  const dir = path.join(releases, version);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'remoteEntry.js'), entry);
  writeFileSync(path.join(dir, 'mf-manifest.json'), '{"name":"checkout"}');
  writeFileSync(path.join(dir, '815.3a5f161e.js'), 'x'.repeat(20_000));
  precompress(dir);
  writeFileSync(path.join(dir, 'release.json'), JSON.stringify({ ...manifest, version }));
}

let work: string;
let releases: string;
let server: Awaited<ReturnType<typeof startRemoteServer>>;
before(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'fu-releases-'));
  const dist = path.join(work, 'dist');
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'remoteEntry.js'), 'var checkout = "current build";');
  releases = path.join(work, 'releases', 'checkout');
  makeRelease(releases, VERSION, 'var checkout = "release 1";');
  server = await startRemoteServer({ dir: dist, releases, port: 0, host: '127.0.0.1', production: true });
});
after(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

const get = (url: string) => fetch(`${server.address}${url}`);

describe("a remote's releases on its file server", () => {
  it('serves a release’s entry at /releases/<version>/, revalidated, with CORS, beside the current build', async () => {
    const entry = await get(`/releases/${VERSION}/remoteEntry.js`);
    assert.equal(entry.status, 200);
    assert.equal(await entry.text(), 'var checkout = "release 1";');
    assert.equal(entry.headers.get('access-control-allow-origin'), '*');
    assert.equal(entry.headers.get('cache-control'), 'no-cache');
    assert.match(String(entry.headers.get('content-type')), /javascript/);
    assert.equal(await (await get('/remoteEntry.js')).text(), 'var checkout = "current build";');
  });

  it('caches a release’s hashed chunks for a year and sends their pre-compressed copy', async () => {
    const chunk = await get(`/releases/${VERSION}/815.3a5f161e.js`);
    assert.equal(chunk.status, 200);
    assert.equal(chunk.headers.get('cache-control'), IMMUTABLE);
    assert.equal(chunk.headers.get('access-control-allow-origin'), '*');
    // fetch sends Accept-Encoding and decodes the answer; the header says how it travelled.
    assert.match(chunk.headers.get('content-encoding') ?? '', /^(br|gzip)$/);
    assert.equal((await chunk.text()).length, 20_000);
  });

  it('revalidates release.json and mf-manifest.json', async () => {
    const release = await get(`/releases/${VERSION}/release.json`);
    assert.equal(release.status, 200);
    assert.equal(release.headers.get('cache-control'), 'no-cache');
    assert.equal(release.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(await release.json(), manifest);
    const federation = await get(`/releases/${VERSION}/mf-manifest.json`);
    assert.equal(federation.status, 200);
    assert.equal(federation.headers.get('cache-control'), 'no-cache');
  });

  it('serves a release made after it started', async () => {
    makeRelease(releases, '1.0.0-def5678', 'var checkout = "release 2";');
    const entry = await get('/releases/1.0.0-def5678/remoteEntry.js');
    assert.equal(entry.status, 200);
    assert.equal(await entry.text(), 'var checkout = "release 2";');
  });

  it('answers 404 with CORS for an unknown release, a compressed copy’s own URL and a folder being written', async () => {
    const hidden = path.join(releases, `.1.0.0-fff0000.123.tmp`);
    mkdirSync(hidden);
    writeFileSync(path.join(hidden, 'remoteEntry.js'), 'half-copied');
    for (const url of [
      '/releases/9.9.9-0000000/remoteEntry.js',
      `/releases/${VERSION}/815.3a5f161e.js.br`,
      '/releases/.1.0.0-fff0000.123.tmp/remoteEntry.js',
      '/releases/',
    ]) {
      const answer = await get(url);
      assert.equal(answer.status, 404, url);
      assert.equal(answer.headers.get('access-control-allow-origin'), '*', url);
    }
  });

  it('starts without a releases folder, and 404s under /releases/ until one exists', async () => {
    const dist = path.join(work, 'dist');
    const other = await startRemoteServer({
      dir: dist,
      releases: path.join(work, 'none', 'checkout'),
      port: 0,
      host: '127.0.0.1',
    });
    try {
      assert.equal((await fetch(`${other.address}/releases/${VERSION}/remoteEntry.js`)).status, 404);
      assert.equal((await fetch(`${other.address}/remoteEntry.js`)).status, 200);
    } finally {
      await other.close();
    }
  });

  it('keeps releases in RELEASES_DIR, else in the repository’s releases folder', () => {
    assert.equal(releasesDir({ RELEASES_DIR: '/srv/releases' }), '/srv/releases');
    assert.equal(releasesDir({}), path.resolve(import.meta.dirname, '..', '..', 'releases'));
  });
});
