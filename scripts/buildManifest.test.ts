import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import type { BuildManifest } from '@fu/shared/releases';
import { BuildManifestPlugin } from '../webpack.common';

const root = path.resolve(__dirname, '..');

interface Plugin {
  constructor: { name: string };
  manifest?: BuildManifest;
  /** enhanced's ModuleFederationPlugin keeps the options it was given here. */
  _options?: { shared: Record<string, { requiredVersion: string; singleton: boolean; strictVersion?: boolean }> };
}

/** The webpack config an app's folder builds with, in production unless said otherwise. */
function configOf(folder: string, mode = 'production'): { plugins: Plugin[] } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const factory = require(path.join(root, folder, 'webpack.config.js'));
  return factory({}, { mode });
}

const pluginOf = (config: { plugins: Plugin[] }, name: string) =>
  config.plugins.find((plugin) => plugin.constructor.name === name);

const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const installed = (name: string) => json(path.join(root, 'node_modules', name, 'package.json')).version as string;
const runtimeVersion = installed('@module-federation/runtime');

describe("a build's release.json (BuildManifest)", () => {
  it("a remote requires exactly its federation shared ranges, its router's range and the runtime's major", () => {
    for (const folder of ['remote-ordering', 'remote-checkout', 'remote-tickets', 'remote-fundraiser']) {
      const config = configOf(folder);
      const shared = pluginOf(config, 'ModuleFederationPlugin')?._options?.shared ?? {};
      const manifest = pluginOf(config, 'BuildManifestPlugin')?.manifest;
      const deps = json(path.join(root, folder, 'package.json')).dependencies;
      expect(Object.keys(shared).sort()).toEqual(['@fu/shared', 'react', 'react-dom', 'zustand']);
      expect(manifest).toEqual({
        app: folder.replace('remote-', ''),
        requires: {
          ...Object.fromEntries(Object.entries(shared).map(([name, config]) => [name, config.requiredVersion])),
          'react-router-dom': deps['react-router-dom'],
          '@module-federation/runtime': `^${runtimeVersion.split('.')[0]}.0.0`,
        },
        provides: {},
      });
      expect(manifest?.requires).toMatchObject({
        react: deps.react,
        'react-dom': deps['react-dom'],
        zustand: deps.zustand,
        '@fu/shared': `^${json(path.join(root, 'shared', 'package.json')).version}`,
      });
    }
  });

  it("a remote's singletons are strict (an unmet range throws, so the shell shows its fallback); the shell's are not", () => {
    const remote = pluginOf(configOf('remote-checkout'), 'ModuleFederationPlugin')?._options?.shared;
    expect(Object.keys(remote ?? {}).sort()).toEqual(['@fu/shared', 'react', 'react-dom', 'zustand']);
    for (const [name, config] of Object.entries(remote!)) {
      expect([name, config.singleton, config.strictVersion]).toEqual([name, true, true]);
    }
    const shell = pluginOf(configOf('shell'), 'ModuleFederationPlugin')?._options?.shared;
    expect(Object.keys(shell ?? {}).sort()).toEqual(['@fu/shared', 'react', 'react-dom', 'zustand']);
    for (const [name, config] of Object.entries(shell!)) {
      expect([name, config.singleton, config.strictVersion]).toEqual([name, true, undefined]);
    }
  });

  it('the shell provides the installed versions of the same libraries', () => {
    expect(pluginOf(configOf('shell'), 'BuildManifestPlugin')?.manifest).toEqual({
      app: 'shell',
      requires: {},
      provides: {
        react: installed('react'),
        'react-dom': installed('react-dom'),
        zustand: installed('zustand'),
        '@fu/shared': json(path.join(root, 'shared', 'package.json')).version,
        'react-router-dom': installed('react-router-dom'),
        '@module-federation/runtime': runtimeVersion,
      },
    });
  });

  it('the shell provides every library a remote requires', () => {
    const provides = pluginOf(configOf('shell'), 'BuildManifestPlugin')?.manifest?.provides;
    const requires = pluginOf(configOf('remote-ordering'), 'BuildManifestPlugin')?.manifest?.requires;
    expect(Object.keys(requires ?? {})).toHaveLength(6);
    expect(Object.keys(requires ?? {}).sort()).toEqual(Object.keys(provides ?? {}).sort());
  });

  it('only production builds write it', () => {
    expect(pluginOf(configOf('remote-checkout', 'development'), 'BuildManifestPlugin')).toBeUndefined();
    expect(pluginOf(configOf('shell', 'development'), 'BuildManifestPlugin')).toBeUndefined();
  });

  it('the plugin writes the manifest as release.json beside the entry', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fu-build-manifest-'));
    try {
      writeFileSync(path.join(dir, 'index.js'), 'console.log(1);');
      const manifest: BuildManifest = { app: 'checkout', requires: { react: '^19.2.0' }, provides: {} };
      const stats = await new Promise<webpack.Stats | undefined>((resolve, reject) =>
        webpack(
          {
            mode: 'production',
            context: dir,
            entry: './index.js',
            output: { path: path.join(dir, 'dist') },
            plugins: [new BuildManifestPlugin(manifest)],
          },
          (error, result) => (error ? reject(error) : resolve(result)),
        ),
      );
      expect(stats?.hasErrors()).toBe(false);
      expect(json(path.join(dir, 'dist', 'release.json'))).toEqual(manifest);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
