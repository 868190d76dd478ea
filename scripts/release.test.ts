import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as shared from '@fu/shared/releases';
import type { ReleaseManifest } from '@fu/shared/releases';
import * as mirror from './releases.cjs';

const root = path.resolve(__dirname, '..');
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const listing = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();

/** The environment release.mjs runs in: releases kept in `releases`, no remote URL or port configured. */
function envWith(releases: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, RELEASES_DIR: releases, ...extra };
  if (!extra.REMOTE_CHECKOUT_URL) delete env.REMOTE_CHECKOUT_URL;
  if (!extra.CHECKOUT_PORT) delete env.CHECKOUT_PORT;
  return env;
}

function release(cwd: string, args: string[], env: NodeJS.ProcessEnv, script = path.join(cwd, 'scripts/release.mjs')) {
  const run = spawnSync(process.execPath, [script, ...args], { cwd, env, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

let releases: string;
beforeEach(() => {
  releases = mkdtempSync(path.join(tmpdir(), 'fu-releases-'));
});
afterEach(() => rmSync(releases, { recursive: true, force: true }));

describe('scripts/releases.cjs', () => {
  it('mirrors shared/src/releases.ts', () => {
    expect(mirror.RELEASE_FILE).toBe(shared.RELEASE_FILE);
    expect(mirror.RELEASES_PATH).toBe(shared.RELEASES_PATH);
    expect(mirror.RELEASE_VERSION.source).toBe(shared.RELEASE_VERSION.source);
    expect(mirror.RELEASE_VERSION.flags).toBe(shared.RELEASE_VERSION.flags);
    expect(mirror.RESERVED_VERSIONS).toEqual(shared.RESERVED_VERSIONS);
  });
});

describe('npm run release on the real checkout build', () => {
  const dist = path.join(root, 'remote-checkout', 'dist');

  beforeAll(() => {
    // The checkout build as the sources give it (a no-op when dist/ is up to date).
    execFileSync(
      process.execPath,
      ['--input-type=module', '-e', "await (await import('./scripts/build.mjs')).build({ only: ['checkout'] });"],
      { cwd: root, encoding: 'utf8' },
    );
  }, 300_000);

  it('copies dist/ into <RELEASES_DIR>/checkout/<version>/ with a ReleaseManifest, and says where it went', () => {
    const run = spawnSync(
      'npm',
      ['run', 'release', '--workspace', 'remote-checkout', '--', '--no-build', '--version', 'test-1'],
      {
        cwd: root,
        env: envWith(releases),
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(0);
    const folder = path.join(releases, 'checkout', 'test-1');
    expect(run.stdout).toContain(`to ${folder}`);
    expect(run.stdout).toContain('http://localhost:8082/releases/test-1/remoteEntry.js');
    // Everything the build wrote, but its build stamp; the release's own manifest has no compressed copies.
    expect(listing(folder)).toEqual(listing(dist).filter((file) => !file.startsWith('.build-stamp')));
    expect(readFileSync(path.join(folder, 'remoteEntry.js'))).toEqual(readFileSync(path.join(dist, 'remoteEntry.js')));
    const built = json(path.join(dist, 'release.json'));
    const manifest: ReleaseManifest = json(path.join(folder, 'release.json'));
    expect(manifest).toEqual({
      ...built,
      version: 'test-1',
      commit: execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim(),
      builtAt: statSync(path.join(dist, 'release.json')).mtime.toISOString(),
    });
    expect(manifest.app).toBe('checkout');
    expect(manifest.requires.react).toBe(json(path.join(root, 'remote-checkout', 'package.json')).dependencies.react);
    expect(readdirSync(path.join(releases, 'checkout'))).toEqual(['test-1']);
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim() !== '';
    expect(run.stderr.includes('is not reproducible from its commit')).toBe(dirty);
  });

  it('refuses to write a version twice, leaving the first untouched', () => {
    const args = ['--remote', 'checkout', '--no-build', '--version', 'test-1'];
    expect(release(root, args, envWith(releases)).code).toBe(0);
    const file = path.join(releases, 'checkout', 'test-1', 'release.json');
    writeFileSync(file, 'the first release');
    const again = release(root, args, envWith(releases));
    expect(again.code).toBe(2);
    expect(again.stderr.trim()).toMatch(/^Release test-1 of checkout already exists at .*: a release is never changed/);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    expect(readFileSync(file, 'utf8')).toBe('the first release');
  });

  it('refuses a version that is not one URL path segment, writing nothing', () => {
    for (const version of ['../x', 'a/b', '-lead', 'x'.repeat(65), '']) {
      const run = release(root, ['--remote', 'checkout', '--no-build', `--version=${version}`], envWith(releases));
      expect([version, run.code]).toEqual([version, 2]);
      expect(run.stderr).toMatch(/is not a release name/);
    }
    expect(readdirSync(releases)).toEqual([]);
  });

  it('refuses the words that name no release', () => {
    for (const version of ['unreleased', 'other', 'none']) {
      const run = release(root, ['--remote', 'checkout', '--no-build', `--version=${version}`], envWith(releases));
      expect([version, run.code, run.stderr.trim()]).toEqual([
        version,
        2,
        `"${version}" is a reserved word, not a release version.`,
      ]);
    }
    expect(readdirSync(releases)).toEqual([]);
  });

  it('refuses an unknown remote or none', () => {
    expect(release(root, ['--remote', 'nope', '--no-build'], envWith(releases)).code).toBe(2);
    expect(release(root, ['--no-build'], envWith(releases)).stderr).toMatch(/^Usage:/);
  });
});

describe('release.mjs in a repository of its own', () => {
  let repo: string;
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: repo,
      encoding: 'utf8',
    }).trim();
  const distOf = () => path.join(repo, 'remote-checkout', 'dist');

  function writeDist(app = 'checkout') {
    mkdirSync(distOf(), { recursive: true });
    writeFileSync(path.join(distOf(), 'remoteEntry.js'), 'var checkout;');
    writeFileSync(path.join(distOf(), '140.7c29b1a7.js'), 'chunk');
    writeFileSync(path.join(distOf(), '.build-stamp'), 'hash');
    writeFileSync(
      path.join(distOf(), 'release.json'),
      JSON.stringify({ app, requires: { react: '^19.2.0' }, provides: {} }),
    );
    writeFileSync(path.join(distOf(), 'release.json.gz'), 'a stale copy');
  }

  beforeEach(() => {
    repo = mkdtempSync(path.join(tmpdir(), 'fu-release-repo-'));
    mkdirSync(path.join(repo, 'scripts'));
    for (const file of ['release.mjs', 'releases.cjs']) {
      copyFileSync(path.join(root, 'scripts', file), path.join(repo, 'scripts', file));
    }
    symlinkSync(path.join(root, 'node_modules'), path.join(repo, 'node_modules'));
    mkdirSync(path.join(repo, 'remote-checkout'));
    writeFileSync(path.join(repo, 'remote-checkout', 'package.json'), '{ "version": "2.3.4" }\n');
    writeFileSync(path.join(repo, '.gitignore'), '/node_modules\ndist/\n');
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'first');
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('names a release <package version>-<7-character commit>, from the remote folder npm runs it in', () => {
    writeDist();
    const run = release(
      path.join(repo, 'remote-checkout'),
      ['--no-build'],
      envWith(releases),
      path.join(repo, 'scripts/release.mjs'),
    );
    const version = `2.3.4-${git('rev-parse', '--short=7', 'HEAD')}`;
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const folder = path.join(releases, 'checkout', version);
    expect(listing(folder)).toEqual(['140.7c29b1a7.js', 'release.json', 'remoteEntry.js']);
    expect(json(path.join(folder, 'release.json'))).toMatchObject({
      app: 'checkout',
      version,
      commit: git('rev-parse', 'HEAD'),
      requires: { react: '^19.2.0' },
      provides: {},
    });
    expect(run.stdout).toContain(`http://localhost:8082/releases/${version}/remoteEntry.js`);
  });

  it('warns that a release from a dirty tree is not reproducible, and names it the same', () => {
    writeDist();
    writeFileSync(path.join(repo, 'remote-checkout', 'package.json'), '{ "version": "2.3.4", "x": 1 }\n');
    const run = release(repo, ['--remote', 'checkout', '--no-build'], envWith(releases));
    const short = git('rev-parse', '--short=7', 'HEAD');
    expect(run.code).toBe(0);
    expect(run.stderr.trim()).toBe(
      `Warning: the working tree has uncommitted changes, so release 2.3.4-${short} is not reproducible from its commit ${short}.`,
    );
    expect(readdirSync(path.join(releases, 'checkout'))).toEqual([`2.3.4-${short}`]);
  });

  it("gives the release's URL beside the remote's configured entry, or on its port", () => {
    writeDist();
    const cdn = release(
      repo,
      ['--remote', 'checkout', '--no-build', '--version', 'cdn-1'],
      envWith(releases, { REMOTE_CHECKOUT_URL: 'https://cdn.example.com/checkout/remoteEntry.js' }),
    );
    expect(cdn.stdout).toContain('https://cdn.example.com/checkout/releases/cdn-1/remoteEntry.js');
    const port = release(
      repo,
      ['--remote', 'checkout', '--no-build', '--version', 'port-1'],
      envWith(releases, { CHECKOUT_PORT: '9182' }),
    );
    expect(port.stdout).toContain('http://localhost:9182/releases/port-1/remoteEntry.js');
  });

  it('makes a release any user can read, folders 0755 and files 0644, whatever the umask and the build had', () => {
    writeDist();
    mkdirSync(path.join(distOf(), 'assets'));
    writeFileSync(path.join(distOf(), 'assets', 'logo.svg'), '<svg/>');
    for (const file of ['remoteEntry.js', '140.7c29b1a7.js', 'release.json', 'assets/logo.svg']) {
      chmodSync(path.join(distOf(), file), 0o600);
    }
    for (const folder of [path.join(distOf(), 'assets'), distOf()]) chmodSync(folder, 0o700);
    // A deploy user's umask of 077: everything it creates is its own alone unless the script says otherwise.
    const script = path.join(repo, 'scripts/release.mjs');
    const run = spawnSync(
      'sh',
      [
        '-c',
        'umask 077 && exec "$0" "$@"',
        process.execPath,
        script,
        '--remote',
        'checkout',
        '--no-build',
        '--version',
        'modes-1',
      ],
      { cwd: repo, env: envWith(releases), encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    const modeOf = (file: string) => statSync(file).mode & 0o777;
    const folder = path.join(releases, 'checkout', 'modes-1');
    const modes = [folder, ...listing(folder).map((file) => path.join(folder, file))].map((file) => [
      path.relative(releases, file),
      modeOf(file).toString(8),
    ]);
    expect(modes).toEqual([
      ['checkout/modes-1', '755'],
      ['checkout/modes-1/140.7c29b1a7.js', '644'],
      ['checkout/modes-1/assets', '755'],
      ['checkout/modes-1/assets/logo.svg', '644'],
      ['checkout/modes-1/release.json', '644'],
      ['checkout/modes-1/remoteEntry.js', '644'],
    ]);
    expect(modeOf(path.join(releases, 'checkout')).toString(8)).toBe('755');
    // Readable by all, and still never written twice.
    const again = release(repo, ['--remote', 'checkout', '--no-build', '--version', 'modes-1'], envWith(releases));
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/^Release modes-1 of checkout already exists/);
  });

  it('refuses a missing dist, or one built for another app, writing nothing', () => {
    const missing = release(repo, ['--remote', 'checkout', '--no-build'], envWith(releases));
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toMatch(
      /^remote-checkout\/dist has no remoteEntry\.js and release\.json: build it first/,
    );
    writeDist('tickets');
    const other = release(repo, ['--remote', 'checkout', '--no-build'], envWith(releases));
    expect(other.code).toBe(2);
    expect(other.stderr.trim()).toMatch(/describes a build of tickets, not of checkout/);
    expect(existsSync(path.join(releases, 'checkout')) ? readdirSync(path.join(releases, 'checkout')) : []).toEqual([]);
  });
});
