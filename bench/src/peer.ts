// The one-app peer (bench/peer): the same pages as the federated site, built as one ordinary webpack
// app in this run, so the federated site is measured against it with the same code of the same day.
import path from 'node:path';
import webpack from 'webpack';
import { bundledModuleNames, duplicateModules } from '../../scripts/bundleDuplicates.cjs';
import { precompress } from '../../scripts/precompress.cjs';
import peerConfig from '../peer/webpack.config.cjs';

/** Where the peer is built: a dist folder of the bench's own (gitignored), served by a second API. */
export const PEER_DIST = path.join(import.meta.dirname, '..', 'peer', 'dist');

/**
 * Builds the peer into PEER_DIST and writes its .br/.gz copies, as scripts/build.mjs does for the
 * federated apps (so both are served on the same footing); fails, like it, on a library bundled twice.
 */
export async function buildPeer(outDir = PEER_DIST): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    webpack(peerConfig({ outDir }), (error, stats) => {
      if (error || !stats) return reject(error ?? new Error('webpack gave no stats'));
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      const names = bundledModuleNames(stats);
      const twice = duplicateModules(names);
      if (twice.length) return reject(new Error(`The peer bundles a library twice: ${twice.join('; ')}`));
      // The shell's loader reached the real runtime by a name the stand-in's alias misses: the peer
      // would then fail to load any page ("call createInstance first"), not measure one app.
      const federation = names.filter((name) => name.includes('node_modules/@module-federation/'));
      if (federation.length) {
        return reject(
          new Error(
            `The peer bundles the federation runtime (${federation[0]}…): alias what imports it to bench/peer/runtime.ts`,
          ),
        );
      }
      resolve();
    });
  });
  precompress(outDir);
  return outDir;
}
