// Several instances deploying at once: real API processes started together on an empty database
// all come up, the schema is migrated exactly once (advisory lock) and the demo data loaded once;
// two `npm run migrate` runs at once both succeed. Needs PostgreSQL (skips without).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { migrationsFolder } from '../src/platform/db/migrate';
import { readDemoData } from '../src/catalog/import/seed';
import { emptyDatabase, eventually, multiInstanceSkip } from './multiInstance';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const migrationCount = readMigrationFiles({ migrationsFolder }).length;
const skip = await multiInstanceSkip();

/** A port free a moment ago: the OS picks one for a listener we close again. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Run {
  output: () => string;
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

function start(script: string, env: NodeJS.ProcessEnv): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      REDIS_URL: '',
      PAYMENT_RECOVERY_SECONDS: '0',
      REMINDER_INTERVAL_MINUTES: '0',
      SMS_RETRY_INTERVAL_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    output: () => output,
    exited,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

async function healthy(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    return response.ok;
  } catch {
    return false;
  }
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const applied = (output: string) => Number(/Applied (\d+) (?:database )?migrations?/.exec(output)?.[1] ?? 0);

for (const round of [1, 2, 3]) {
  test(
    `two API processes started together on an empty database both come up, migrated once (round ${round})`,
    { skip },
    async () => {
      const database = await emptyDatabase();
      const ports = [await freePort(), await freePort()];
      const servers = ports.map((port) =>
        start('src/main.ts', { DATABASE_URL: database.url, PORT: String(port), SEED_DEMO: 'true' }),
      );
      try {
        for (const [index, port] of ports.entries()) {
          const up = await Promise.race([
            // Two cold starts of the TypeScript source at once: on a loaded 2-core machine that has
            // taken over 30 s (CI, with nothing printed yet), on an idle one about 9 s.
            eventually(() => healthy(port), 120_000, 50),
            servers[index]!.exited.then(() => false),
          ]);
          assert.ok(up, `instance ${index + 1} did not come up:\n${servers[index]!.output()}`);
        }
        const counts = servers.map((server) => applied(server.output()));
        assert.deepEqual(
          [...counts].sort((a, b) => a - b),
          [0, migrationCount],
          `exactly one instance applies the ${migrationCount} migrations; logs:\n${servers.map((s) => s.output()).join('\n---\n')}`,
        );
        const [rows] = await query<{ n: string }>(
          database.url,
          'SELECT count(*)::text AS n FROM drizzle.__drizzle_migrations',
        );
        assert.equal(Number(rows!.n), migrationCount);
        const seeded = servers.filter((server) => server.output().includes('Loaded the demo data')).length;
        assert.equal(seeded, 1, 'one instance loads the demo data, the other finds it there');
        const [schools] = await query<{ n: string }>(database.url, 'SELECT count(*)::text AS n FROM schools');
        assert.equal(Number(schools!.n), (readDemoData() as { schools: unknown[] }).schools.length);

        // Graceful shutdown: SIGTERM lets each finish and exit 0.
        assert.deepEqual(await Promise.all(servers.map((server) => server.stop())), [0, 0]);
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
        await database.drop();
      }
    },
  );
}

test(
  'two `npm run migrate` runs at once both succeed; one applies, the other finds the schema current',
  { skip },
  async () => {
    const database = await emptyDatabase();
    try {
      const runs = [0, 1].map(() => start('src/scripts/migrate.ts', { DATABASE_URL: database.url }));
      const codes = await Promise.all(runs.map((run) => run.exited));
      const outputs = runs.map((run) => run.output());
      assert.deepEqual(codes, [0, 0], outputs.join('\n---\n'));
      assert.deepEqual(
        outputs.map(applied).sort((a, b) => a - b),
        [0, migrationCount],
        outputs.join('\n---\n'),
      );
      const [rows] = await query<{ n: string }>(
        database.url,
        'SELECT count(*)::text AS n FROM drizzle.__drizzle_migrations',
      );
      assert.equal(Number(rows!.n), migrationCount);
    } finally {
      await database.drop();
    }
  },
);
