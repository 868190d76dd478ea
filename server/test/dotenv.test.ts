// The .env file of the development commands (scripts/dotenv.cjs, docs/configuration.md#a-env-file):
// what it sets reaches the server's configuration, and a variable the environment has wins.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { loadDotEnv } from '../../scripts/dotenv.cjs';
import { loadConfig, repoRoot } from '../src/platform/config/config';

const dir = mkdtempSync(path.join(tmpdir(), 'fu-dotenv-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function envFile(text: string): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.env`);
  writeFileSync(file, text);
  return file;
}

const FILE = [
  '# a comment',
  'PORT=9123',
  'LOG_LEVEL=debug',
  'PUBLIC_URL="https://from-the-file.example.org"',
  'ORG_LEGAL_NAME=',
  '',
].join('\n');

describe('.env for the development commands', () => {
  it('fills in what the environment lacks, and the environment wins (even with an empty value)', () => {
    const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'warn', ORG_LEGAL_NAME: '' };
    const lines: string[] = [];
    const result = loadDotEnv({ file: envFile(FILE), env, log: (line) => lines.push(line) });

    assert.deepEqual(result, { set: ['PORT', 'PUBLIC_URL'], kept: ['LOG_LEVEL', 'ORG_LEGAL_NAME'] });
    const config = loadConfig(env);
    assert.equal(config.port, 9123);
    assert.equal(config.publicUrl, 'https://from-the-file.example.org');
    assert.equal(config.logLevel, 'warn');
    // One line naming the variables, never their values.
    assert.equal(lines.length, 1);
    const line = lines.join('\n');
    assert.match(line, /PORT, PUBLIC_URL; from the environment instead: LOG_LEVEL, ORG_LEGAL_NAME$/);
    assert.doesNotMatch(line, /9123|from-the-file/);
  });

  it('does nothing, and says nothing, without a file', () => {
    const env: NodeJS.ProcessEnv = {};
    const lines: string[] = [];
    assert.equal(loadDotEnv({ file: path.join(dir, 'none.env'), env, log: (line) => lines.push(line) }), undefined);
    assert.deepEqual(env, {});
    assert.deepEqual(lines, []);
  });

  it('reads the repository root .env when preloaded, as `npm run api` does, and an exported variable wins', () => {
    // The preload reads <repo>/.env, which a developer may have: a copy of the scripts in a
    // temporary folder stands in for the repository.
    const fakeRoot = mkdtempSync(path.join(dir, 'repo-'));
    const scripts = path.join(fakeRoot, 'scripts');
    mkdirSync(scripts);
    for (const name of ['dotenv.cjs', 'dotenv-preload.cjs']) {
      copyFileSync(path.join(repoRoot, 'scripts', name), path.join(scripts, name));
    }
    writeFileSync(path.join(fakeRoot, '.env'), FILE);
    const run = spawnSync(
      process.execPath,
      [
        '--require',
        path.join(scripts, 'dotenv-preload.cjs'),
        '-p',
        'JSON.stringify([process.env.PORT, process.env.LOG_LEVEL])',
      ],
      { env: { PATH: process.env.PATH, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
    );
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), ['9123', 'warn']);
  });
});
