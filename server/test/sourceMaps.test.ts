import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startRemoteServer } from '../src/serve-remote';
import { createTestApp, type TestApp } from './helpers';

/** A build directory as webpack left it before production stopped emitting maps. */
function buildWithMaps(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fu-maps-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'main.js'), 'console.log(1)\n//# sourceMappingURL=main.js.map');
  writeFileSync(path.join(dir, 'main.js.map'), '{"version":3,"sources":["webpack://src/secret.ts"]}');
  writeFileSync(path.join(dir, 'remoteEntry.js'), 'console.log(2)');
  writeFileSync(path.join(dir, '815.3a5f161e.js.map'), '{"version":3}');
  return dir;
}

const MAP_URLS = ['/main.js.map', '/main.js.map?v=1', '/main.js%2Emap', '/815.3a5f161e.js.map', '/./main.js.map'];

describe('source maps on the API’s static hosting', () => {
  let dist: string;
  let production: TestApp;
  let development: TestApp;
  before(async () => {
    dist = buildWithMaps();
    production = await createTestApp({ demo: false, config: { shellDist: dist, production: true } });
    development = await createTestApp({ demo: false, config: { shellDist: dist, production: false } });
  });
  after(async () => {
    await production.close();
    await development.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers 404 for every .map in production and still serves the code and the page', async () => {
    for (const url of MAP_URLS) {
      const response = await production.app.inject(url);
      assert.equal(response.statusCode, 404, url);
      assert.doesNotMatch(response.body, /secret\.ts/, url);
    }
    const code = await production.app.inject('/main.js');
    assert.equal(code.statusCode, 200);
    assert.equal(code.body, 'console.log(1)\n//# sourceMappingURL=main.js.map');
    const page = await production.app.inject('/Order/1/0/0');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<div id="root">/);
  });

  it('still serves maps in development, by every spelling production refuses', async () => {
    for (const url of MAP_URLS) {
      const response = await development.app.inject(url);
      assert.equal(response.statusCode, 200, url);
      assert.match(response.body, /"version":3/, url);
    }
  });
});

describe('source maps on a remote’s file server', () => {
  let dist: string;
  before(() => {
    dist = buildWithMaps();
  });
  after(() => rmSync(dist, { recursive: true, force: true }));

  it('answers 404 for every .map in production, with CORS, and serves the entry', async () => {
    const server = await startRemoteServer({ dir: dist, port: 0, host: '127.0.0.1', production: true });
    try {
      for (const url of MAP_URLS) {
        const response = await fetch(`${server.address}${url}`);
        assert.equal(response.status, 404, url);
        assert.equal(response.headers.get('access-control-allow-origin'), '*');
        assert.doesNotMatch(await response.text(), /secret\.ts/, url);
      }
      const entry = await fetch(`${server.address}/remoteEntry.js`);
      assert.equal(entry.status, 200);
      assert.equal(await entry.text(), 'console.log(2)');
    } finally {
      await server.close();
    }
  });

  it('still serves maps in development', async () => {
    const server = await startRemoteServer({ dir: dist, port: 0, host: '127.0.0.1', production: false });
    try {
      const response = await fetch(`${server.address}/main.js.map`);
      assert.equal(response.status, 200);
      assert.match(await response.text(), /secret\.ts/);
    } finally {
      await server.close();
    }
  });
});
