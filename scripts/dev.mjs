// `npm run dev`: the API on :8080 plus a hot-reloading webpack dev server per app
// (shell on :3000, remotes on their usual ports). Open http://localhost:3000.
// A single remote alone: `npm run dev --workspace remote-ordering` (needs the API running).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { apps } from './apps.mjs';
import { root, stopAll } from './processes.mjs';

const webpackCli = path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  ...apps.map((app) =>
    spawn(process.execPath, [webpackCli, 'serve', '--mode', 'development'], {
      cwd: path.join(root, app.dir),
      stdio: 'inherit',
    }),
  ),
];
const stop = async () => {
  await stopAll(children);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log('Dev servers starting: shell http://localhost:3000, API http://localhost:8080');
