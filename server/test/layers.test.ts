import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { repoRoot } from '../src/platform/config/config';

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
    await refused('orders/repositories/orders.ts', '../services/cardAttempts', /never call a service/);
  });

  it('refuses a service or repository that imports a route or a plugin', async () => {
    await refused('orders/services/createOrder.ts', '../../students/routes/phoneLookup', /registers routes/);
    await refused('orders/services/createOrder.ts', '../../messaging/plugins/sms', /Plugins only wire/);
    await refused('students/repositories/devices.ts', '../../orders/routes/orders', /registers routes/);
    await refused('students/repositories/devices.ts', '../../platform/plugins/database', /Plugins only wire/);
  });

  it('keeps SQL in repositories: no drizzle or schema in services or routes', async () => {
    await refused('payments/services/processOrder.ts', 'drizzle-orm', /SQL lives in repositories/);
    await refused('browserLogs/routes/logger.ts', '../../platform/db/schema', /SQL lives in repositories/);
  });

  it('keeps HTTP errors out of repositories: the service decides what a missing row answers', async () => {
    await refused(
      'admin/repositories/adminTickets.ts',
      '../../platform/http/errors',
      /No HTTP errors below the services/,
    );
    await refused('platform/db/client.ts', '../http/errors', /No HTTP errors below the services/);
  });

  it('keeps HTTP out of services and adapters', async () => {
    await refused('students/services/phoneLookups.ts', 'fastify', /Only routes and plugins know HTTP/);
    await refused('messaging/sms/budget.ts', '../../students/services/reminders', /never call a service/);
    await refused('pages/render/firstScreens.ts', 'fastify', /Only routes and plugins know HTTP/);
  });

  it("keeps the domains' leaves, configuration and the sandbox off every layer", async () => {
    await refused('pages/runtimeConfig.ts', '../releases/services/releases', /never call a service/);
    await refused('tickets/texts.ts', './repositories/tickets', /A leaf reads no database/);
    await refused('platform/config/config.ts', '../repositories', /A leaf reads no database/);
    await refused('platform/http/phone.ts', '../../orders/repositories/orders', /A leaf reads no database/);
    await refused('platform/config/env/schema.ts', '../../plugins/database', /Plugins only wire/);
    await refused('payments/sandbox/app.ts', '../repositories/payments', /A leaf reads no database/);
    await refused('scripts/import.ts', '../orders/services/createOrder', /never call a service/);
    await allowed('scripts/import.ts', '../catalog/repositories/fundraisers');
    await allowed('app.ts', './payments/services/cardAttempts');
  });

  it('fails a file in no zone, so a new layer folder or root file cannot escape the rule', async () => {
    for (const file of ['thing.ts', 'orders/helpers/thing.ts', 'platform/newFolder/thing.ts']) {
      const [inNoZone] = await eslint.lintText('export const thing = 1;\n', {
        filePath: path.join(repoRoot, 'server', 'src', file),
      });
      const [problem, ...more] = inNoZone!.messages;
      assert.deepEqual(more, [], file);
      assert.equal(problem?.ruleId, 'no-restricted-syntax', file);
      assert.match(problem.message, /^This file is in no zone of the server layers/);
    }
    for (const file of [
      'platform/http/errors.ts',
      'app.ts',
      'pages/routes/runtimeConfig.ts',
      'tickets/texts.ts',
      'scripts/migrate.ts',
    ]) {
      const [result] = await eslint.lintText('export const thing = 1;\n', {
        filePath: path.join(repoRoot, 'server', 'src', file),
      });
      assert.deepEqual(result!.messages, [], file);
    }
  });

  it('lets each layer import the one below it', async () => {
    await allowed('orders/routes/orders.ts', '../services/createOrder');
    await allowed('orders/routes/orders.ts', '../repositories/orders');
    await allowed('orders/routes/orders.ts', '../../payments/services/processOrder');
    await allowed('orders/services/createOrder.ts', '../repositories/orders');
    await allowed('orders/repositories/orders.ts', '../../platform/db/schema');
    await allowed('admin/services/adminTickets.ts', '../../platform/http/errors');
    await allowed('payments/plugins/paymentRecovery.ts', '../services/cardAttempts');
  });
});
