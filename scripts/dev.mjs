// `npm run dev`: the API on :8080 plus a hot-reloading webpack dev server per app
// (shell on :3000, remotes on their usual ports). Open http://localhost:3000.
// A single remote alone: `npm run dev --workspace remote-ordering` (needs the API running).
import path from 'node:path';
import { apps } from './apps.mjs';
import { loadDotEnv } from './dotenv.cjs';
import { root, startServer, stopAll } from './stack.cjs';

loadDotEnv();

const webpackCli = path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
startServer('api', ['--watch', 'server/src/main.ts']);
for (const app of apps) {
  startServer(`${app.name} dev server`, [webpackCli, 'serve', '--mode', 'development'], {
    cwd: path.join(root, app.folder),
    tsx: false,
  });
}
const stop = async () => {
  await stopAll();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log('Dev servers starting: shell http://localhost:3000, API http://localhost:8080');
