// The rush alone (bench/src/rush.ts), without the rest of `npm run bench`; needs a build (the pages
// are rendered from it) and PostgreSQL (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test):
//   npx tsx bench/src/rushMain.ts [--supporters 2000] [--redemptions 500] [--seconds 60] [--instances 1,2]
// Prints the markdown tables; writes nothing.
import { parseArgs } from 'node:util';
import { stopAll } from '../../scripts/stack.cjs';
import { postgresReachable, BENCH_POSTGRES_URL } from './postgres';
import { rushMarkdown, runRush } from './rush';

const { values } = parseArgs({
  options: {
    supporters: { type: 'string', default: '2000' },
    redemptions: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '60' },
    instances: { type: 'string', default: '1,2' },
  },
});

const count = (name: string, text: string) => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number ≥ 0, not ${text}`);
  return value;
};

async function main() {
  const reachable = await postgresReachable();
  if (!reachable.ok) throw new Error(`no PostgreSQL answers at ${BENCH_POSTGRES_URL}: ${reachable.why}`);
  const instances = values.instances.split(',').map((n) => count('instances', n.trim()));
  if (instances.some((n) => n < 1 || n > 2)) throw new Error('--instances takes 1 and/or 2');
  const results = await runRush({
    supporters: count('supporters', values.supporters),
    redemptions: count('redemptions', values.redemptions),
    seconds: Math.max(1, count('seconds', values.seconds)),
    instances,
  });
  console.log(`\n${rushMarkdown(results)}`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
