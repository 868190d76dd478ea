// `npm start`: build what is missing or stale, then serve the API and shell on :8080 and each
// remote from its own port, as they are deployed. Ctrl-C stops everything.
import { build } from './build.mjs';
import { apps, portOf } from './apps.mjs';
import { demoLinks } from './demo-links.mjs';
import { startStack, stopAll, waitFor } from './processes.mjs';

await build();

const children = startStack();
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  await stopAll(children);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
for (const child of children) {
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${child.label} exited (code ${code}); stopping the rest.`);
      void stop(code || 1);
    }
  });
}

const shellPort = portOf(apps[0]);
const origin = `http://localhost:${shellPort}`;
try {
  await waitFor(`${origin}/api/health`);
  for (const app of apps.slice(1)) await waitFor(`http://localhost:${portOf(app)}/remoteEntry.js`);
} catch (error) {
  console.error(error.message);
  await stop(1);
}

console.log(`\nFundraising University is running at ${origin}\n`);
for (const app of apps.slice(1))
  console.log(`  remote ${app.name.padEnd(10)} http://localhost:${portOf(app)}/remoteEntry.js`);
console.log(
  `  payment sandbox   http://localhost:${process.env.GATEWAY_PORT || 8085} (test cards: 4111111111111111 approves, 4000000000000002 declines)`,
);
console.log('\nDemo links:');
for (const [label, url] of demoLinks(origin)) console.log(`  ${label.padEnd(28)} ${url}`);
console.log('\nPress Ctrl-C to stop.');
