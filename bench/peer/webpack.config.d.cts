// Types of webpack.config.cjs (the one-app peer's build) for bench/src/peer.ts.
import type { Configuration } from 'webpack';

declare function peerConfig(env?: { outDir?: string }): Configuration;
export = peerConfig;
