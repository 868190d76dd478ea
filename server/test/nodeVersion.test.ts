import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '../src/platform/config/config';
import { SUPPORTED_NODE, unsupportedNodeMessage } from '../src/platform/config/nodeVersion';

const engines = (folder: string) =>
  JSON.parse(readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8')).engines.node;

describe('the supported Node.js versions', () => {
  it('are the ones package.json declares, in the root and the server', () => {
    assert.equal(engines('.'), SUPPORTED_NODE);
    assert.equal(engines('server'), SUPPORTED_NODE);
  });

  it('take 22.13 and later 22s, 24 and newer', () => {
    for (const version of ['22.13.0', 'v22.20.1', '24.0.0', '24.21.0', '26.1.0']) {
      assert.equal(unsupportedNodeMessage(version), undefined, version);
    }
  });

  it('refuse 20, 21, 22 before 22.13 and 23 with a sentence naming the supported versions', () => {
    for (const version of ['20.20.2', 'v21.7.3', '22.12.0', '23.11.1', '18.20.8']) {
      const message = unsupportedNodeMessage(version);
      assert.match(message ?? '', /runs on Node\.js 22 \(22\.13 or later\) or 24; this is Node\.js \d/, version);
      assert.ok(message?.includes(version.replace(/^v/, '')), version);
    }
  });

  it('is the Node.js the tests run on', () => {
    assert.equal(unsupportedNodeMessage(process.versions.node), undefined);
  });
});
