import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { repoRoot } from '../src/config';

// The server's layering rule (docs/server-layers.md) is kept by ESLint: these lint small sources as
// if they were files of a layer, so the rule is shown to refuse what it forbids and allow the rest.
let eslint: ESLint;
before(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The layer messages ESLint gives `source` as the file `file` (under server/src). */
async function layerProblems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(repoRoot, 'server', 'src', file) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const refused = async (file: string, importPath: string, because: RegExp) => {
  const problems = await layerProblems(file, `import { thing } from '${importPath}';\nexport const used = thing;\n`);
  assert.equal(problems.length, 1, `${file} importing ${importPath}: ${problems.join('; ')}`);
  assert.match(problems[0]!, because);
  assert.match(problems[0]!, /docs\/server-layers\.md/);
};

const allowed = async (file: string, importPath: string) => {
  const problems = await layerProblems(file, `import { thing } from '${importPath}';\nexport const used = thing;\n`);
  assert.deepEqual(problems, [], `${file} importing ${importPath}`);
};

describe('server layers lint rule', () => {
  it('refuses a repository that imports a service', async () => {
    await refused('repositories/orders.ts', '../services/cardAttempts', /never call a service/);
  });

  it('refuses a service or repository that imports a route or a plugin', async () => {
    await refused('services/createOrder.ts', '../routes/phoneLookup', /registers routes/);
    await refused('services/createOrder.ts', '../plugins/app/sms', /Plugins only wire/);
    await refused('repositories/devices.ts', '../routes/api/orders/index', /registers routes/);
    await refused('repositories/devices.ts', '../plugins/app/database', /Plugins only wire/);
  });

  it('keeps SQL in repositories: no drizzle or schema in services or routes', async () => {
    await refused('services/processOrder.ts', 'drizzle-orm', /SQL lives in repositories/);
    await refused('routes/api/logger/index.ts', '../../../db/schema', /SQL lives in repositories/);
  });

  it('keeps HTTP errors out of repositories: the service decides what a missing row answers', async () => {
    await refused('repositories/adminTickets.ts', '../errors', /No HTTP errors below the services/);
    await refused('db/client.ts', '../errors', /No HTTP errors below the services/);
  });

  it('keeps HTTP out of services and adapters', async () => {
    await refused('services/phoneLookups.ts', 'fastify', /Only routes and plugins know HTTP/);
    await refused('sms/budget.ts', '../services/reminders', /never call a service/);
  });

  it("keeps the root's leaves, env/ and the sandbox off every layer", async () => {
    await refused('runtimeConfig.ts', './services/releases', /never call a service/);
    await refused('config.ts', './repositories', /A leaf reads no database/);
    await refused('env/schema.ts', '../plugins/app/database', /Plugins only wire/);
    await refused('sandbox/app.ts', '../repositories/orders', /A leaf reads no database/);
    await refused('scripts/import.ts', '../services/createOrder', /never call a service/);
    await allowed('app.ts', './services/cardAttempts');
  });

  it('fails a file in no zone, so a new folder or root file cannot escape the rule', async () => {
    const [inNoZone] = await eslint.lintText('export const thing = 1;\n', {
      filePath: path.join(repoRoot, 'server', 'src', 'newFolder', 'thing.ts'),
    });
    const [problem, ...more] = inNoZone!.messages;
    assert.deepEqual(more, []);
    assert.equal(problem?.ruleId, 'no-restricted-syntax');
    assert.match(problem.message, /^This file is in no zone of the server layers/);
    for (const file of ['errors.ts', 'app.ts', 'routes/runtimeConfig/index.ts', 'scripts/migrate.ts']) {
      const [result] = await eslint.lintText('export const thing = 1;\n', {
        filePath: path.join(repoRoot, 'server', 'src', file),
      });
      assert.deepEqual(result!.messages, [], file);
    }
  });

  it('lets each layer import the one below it', async () => {
    await allowed('routes/api/orders/index.ts', '../../../services/createOrder');
    await allowed('routes/api/orders/index.ts', '../../../repositories/orders');
    await allowed('services/createOrder.ts', '../repositories/orders');
    await allowed('repositories/orders.ts', '../db/schema');
    await allowed('services/adminTickets.ts', '../errors');
    await allowed('plugins/app/paymentRecovery.ts', '../../services/cardAttempts');
  });
});
