// `npm run bench`: build what is stale, then run the benchmarks (see bench/src/index.ts).
import { spawnSync } from 'node:child_process';
import { build } from './build.mjs';

await build();
const { status } = spawnSync(process.execPath, ['--import', 'tsx', 'bench/src/index.ts'], { stdio: 'inherit' });
process.exit(status ?? 1);
