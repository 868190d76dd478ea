import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { exposedModule, exposedModulesFor, remoteForPath, remotes } from './remotes';

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

  it.each(
    remotes.flatMap((remote) =>
      Object.entries(remote.lazyPages ?? {}).map(([name, page]) => [name, remote, page] as const),
    ),
  )('%s, a lazy page, is a file its folder has, on routes of its remote', (_name, remote, page) => {
    expect(existsSync(path.join(root, remote.folder, page.file))).toBe(true);
    for (const route of page.routes) expect(remoteForPath(route)).toBe(remote.name);
  });

  it("names the modules a path's page loads: its remote's App, then the path's lazy page", () => {
    expect(exposedModulesFor('/')).toEqual({ remote: 'ordering', modules: ['./App'] });
    expect(exposedModulesFor('/SelectTeam/1/0/0')).toEqual({ remote: 'ordering', modules: ['./App'] });
    expect(exposedModulesFor('/order/1/0/0')).toEqual({ remote: 'ordering', modules: ['./App', './OrderPage'] });
    expect(exposedModulesFor('/Fundraiser/x')).toEqual({ remote: 'fundraiser', modules: ['./App'] });
    expect(exposedModulesFor('/Help')).toBeUndefined();
    expect(exposedModulesFor('/nowhere')).toBeUndefined();
  });

  it('gives each remote its own port and its own variables', () => {
    for (const key of ['port', 'portEnv', 'urlEnv'] as const) {
      expect(new Set(remotes.map((remote) => remote[key])).size).toBe(remotes.length);
    }
  });

  it('asks the federation runtime for the exposed module by the remote name', () => {
    expect(exposedModule('checkout')).toBe('checkout/App');
  });
});
