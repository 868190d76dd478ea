// `npm start`: build what is missing or stale, then serve the API and shell on :8080 and each
// remote from its own port, as they are deployed (scripts/stack.cjs). Ctrl-C stops everything.
import { build } from './build.mjs';
import { demoLinks } from './demo-links.mjs';
import { loadDotEnv } from './dotenv.cjs';
import { portsFromEnv, remoteEntryUrl, remotes, startStack } from './stack.cjs';

// Before anything reads the environment: the ports below and every server of the stack.
loadDotEnv();
console.log(`Running on Node.js ${process.versions.node} (${process.execPath}).`);
await build();

const ports = portsFromEnv();
const stack = startStack({ ports });
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  await stack.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
for (const server of stack.servers) {
  server.child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${server.name} exited (code ${code}); stopping the rest.`);
      void stop(code || 1);
    }
  });
}

try {
  await stack.ready();
} catch (error) {
  console.error(error.message);
  await stop(1);
}

const origin = `http://localhost:${ports.api}`;
console.log(`\nFundraising University is running at ${origin}\n`);
for (const remote of remotes) console.log(`  remote ${remote.name.padEnd(10)} ${remoteEntryUrl(ports[remote.name])}`);
console.log(
  `  payment sandbox   http://localhost:${ports.gateway} (test cards: 4111111111111111 approves, 4000000000000002 declines)`,
);
console.log('\nDemo links:');
for (const [label, url] of demoLinks(origin)) console.log(`  ${label.padEnd(28)} ${url}`);
console.log('\nPress Ctrl-C to stop.');
