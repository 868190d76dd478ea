import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../../scripts/precompress.cjs';
import { startRemoteServer } from '../src/serve-remote';
import { createTestApp, type TestApp } from './helpers';

/** Code-like text, varied enough that Brotli's highest quality and the on-the-fly level give different bytes. */
function script(name: string, lines: number): string {
  return Array.from(
    { length: lines },
    (_, i) => `function ${name}${i}(a,b){return a.map(x=>x*${(i * 7919) % 1000}+b["k${(i * 31) % 97}"]);}`,
  ).join('\n');
}

/** A production build as scripts/build.mjs leaves it: webpack's files and the pre-compressed copies. */
function builtApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fu-precompressed-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'main.js'), script('main', 300));
  writeFileSync(path.join(dir, 'remoteEntry.js'), script('entry', 200));
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ exposes: script('expose', 40).split('\n') }));
  writeFileSync(path.join(dir, '140.7c29b1a7.js'), script('chunk', 400));
  writeFileSync(path.join(dir, '540.9a9311fe.js'), script('tiny', 5));
  precompress(dir);
  return dir;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}
type Get = (url: string, headers?: Record<string, string>, method?: 'GET' | 'HEAD') => Promise<Answer>;

/** The bytes as they travelled (fetch would decode them). */
function rawGet(address: string): Get {
  return (url, headers = {}, method = 'GET') =>
    new Promise((resolve, reject) => {
      request(`${address}${url}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      })
        .on('error', reject)
        .end();
    });
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

let dist: string;
let api: TestApp;
let remote: Awaited<ReturnType<typeof startRemoteServer>>;
before(async () => {
  dist = builtApp();
  api = await createTestApp({ demo: false, config: { shellDist: dist, production: true } });
  remote = await startRemoteServer({ dir: dist, port: 0, host: '127.0.0.1', production: true });
});
after(async () => {
  await api.close();
  await remote.close();
  rmSync(dist, { recursive: true, force: true });
});

const hosts: { name: string; get: () => Get; cors: boolean }[] = [
  {
    name: 'the API host (the shell’s files)',
    get:
      () =>
      async (url, headers = {}, method = 'GET') => {
        const response = await api.app.inject({ method, url, headers });
        return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
      },
    cors: false,
  },
  { name: 'a remote’s file server', get: () => rawGet(remote.address), cors: true },
];

const file = (name: string) => readFileSync(path.join(dist, name));

for (const host of hosts) {
  describe(`pre-compressed files from ${host.name}`, () => {
    it('sends the Brotli copy to a browser that accepts br, as JavaScript, cached for a year', async () => {
      const answer = await host.get()('/140.7c29b1a7.js', BROWSER);
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-encoding'], 'br');
      assert.deepEqual(answer.body, file('140.7c29b1a7.js.br'), 'the build’s copy, not compressed again');
      assert.deepEqual(brotliDecompressSync(answer.body), file('140.7c29b1a7.js'));
      assert.equal(answer.headers['content-type'], 'application/javascript; charset=utf-8');
      assert.equal(Number(answer.headers['content-length']), file('140.7c29b1a7.js.br').length);
      assert.match(String(answer.headers.vary), /accept-encoding/i);
      assert.equal(answer.headers['cache-control'], IMMUTABLE);
      if (host.cors) assert.equal(answer.headers['access-control-allow-origin'], '*');
    });

    it('sends the gzip copy when only gzip is accepted', async () => {
      for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip']) {
        const answer = await host.get()('/140.7c29b1a7.js', { 'accept-encoding': accept });
        assert.equal(answer.headers['content-encoding'], 'gzip', accept);
        assert.deepEqual(answer.body, file('140.7c29b1a7.js.gz'), accept);
        assert.deepEqual(gunzipSync(answer.body), file('140.7c29b1a7.js'), accept);
        assert.equal(answer.headers['content-type'], 'application/javascript; charset=utf-8');
        assert.match(String(answer.headers.vary), /accept-encoding/i);
      }
    });

    it('sends the file itself to a browser that accepts no encoding, still saying it varies', async () => {
      for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
        const answer = await host.get()('/140.7c29b1a7.js', headers);
        assert.equal(answer.status, 200);
        assert.equal(answer.headers['content-encoding'], undefined);
        assert.deepEqual(answer.body, file('140.7c29b1a7.js'));
        assert.match(String(answer.headers.vary), /accept-encoding/i);
        assert.equal(answer.headers['cache-control'], IMMUTABLE);
      }
    });

    it('revalidates entries, sent pre-compressed with their own type', async () => {
      const entries = [
        ['/main.js', 'application/javascript; charset=utf-8'],
        ['/remoteEntry.js', 'application/javascript; charset=utf-8'],
        ['/mf-manifest.json', 'application/json; charset=utf-8'],
      ] as const;
      for (const [url, type] of entries) {
        const answer = await host.get()(url, BROWSER);
        assert.equal(answer.status, 200, url);
        assert.equal(answer.headers['content-encoding'], 'br', url);
        assert.deepEqual(answer.body, file(`${url.slice(1)}.br`), url);
        assert.deepEqual(brotliDecompressSync(answer.body), file(url.slice(1)), url);
        assert.equal(answer.headers['content-type'], type, url);
        assert.equal(answer.headers['cache-control'], 'no-cache', url);
        if (host.cors) assert.equal(answer.headers['access-control-allow-origin'], '*');
      }
    });

    it('sends a file too small to compress as it is', async () => {
      const answer = await host.get()('/540.9a9311fe.js', BROWSER);
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-encoding'], undefined);
      assert.deepEqual(answer.body, file('540.9a9311fe.js'));
      assert.equal(answer.headers['cache-control'], IMMUTABLE);
    });

    it('answers HEAD with the headers of the copy it would send', async () => {
      const answer = await host.get()('/140.7c29b1a7.js', BROWSER, 'HEAD');
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-encoding'], 'br');
      assert.equal(Number(answer.headers['content-length']), file('140.7c29b1a7.js.br').length);
      assert.equal(answer.headers['content-type'], 'application/javascript; charset=utf-8');
      assert.equal(answer.body.length, 0);
      const small = await host.get()('/540.9a9311fe.js', BROWSER, 'HEAD');
      assert.equal(small.headers['content-encoding'], undefined);
      assert.equal(Number(small.headers['content-length']), file('540.9a9311fe.js').length);
    });

    it('gives the copies no URL of their own', async () => {
      for (const url of ['/140.7c29b1a7.js.br', '/140.7c29b1a7.js.gz', '/main.js%2Ebr', '/remoteEntry.js.BR']) {
        const answer = await host.get()(url, BROWSER);
        assert.equal(answer.status, 404, url);
        assert.equal(answer.headers['content-type']?.toString().startsWith('application/javascript'), false, url);
      }
    });
  });
}

describe('on-the-fly compression beside the copies', () => {
  it('still compresses a JSON API answer', async () => {
    const answer = await api.app.inject({ url: '/api/docs/json', headers: BROWSER });
    assert.equal(answer.statusCode, 200);
    assert.equal(answer.headers['content-encoding'], 'br');
    assert.match(String(answer.headers['content-type']), /^application\/json/);
    assert.ok(
      JSON.parse(brotliDecompressSync(answer.rawPayload).toString()).paths['/api/Fundraisers/ListActiveStates'],
    );
    const gzip = await api.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.ok(JSON.parse(gunzipSync(gzip.rawPayload).toString()).openapi);
  });
});
