import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { exposedModule, remotes } from './remotes';

const root = path.resolve(__dirname, '..', '..');
const workspaces: string[] = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
/** The browser apps are the folders webpack builds; every one but the shell is a remote. */
const remoteFolders = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shell' && entry.name !== 'node_modules')
  .map((entry) => entry.name)
  .filter((folder) => existsSync(path.join(root, folder, 'webpack.config.js')));

describe('the remote list (remotes.json)', () => {
  it('names every remote folder, and only those', () => {
    expect(remotes.map((remote) => remote.folder).sort()).toEqual(remoteFolders.sort());
  });

  it('names npm workspaces only', () => {
    for (const remote of remotes) expect(workspaces).toContain(remote.folder);
  });

  it.each(remotes.map((remote) => [remote.name, remote] as const))(
    '%s exposes a file its folder has',
    (_name, remote) => {
      expect(existsSync(path.join(root, remote.folder, remote.exposedFile))).toBe(true);
    },
  );

  it('gives each remote its own port and its own variables', () => {
    for (const key of ['port', 'portEnv', 'urlEnv'] as const) {
      expect(new Set(remotes.map((remote) => remote[key])).size).toBe(remotes.length);
    }
  });

  it('asks the federation runtime for the exposed module by the remote name', () => {
    expect(exposedModule('checkout')).toBe('checkout/App');
  });
});
