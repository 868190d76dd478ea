import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../src/app';
import { testConfig } from '../src/platform/config/config';
import { fundraiserDevices, fundraisers } from '../src/platform/db/schema';
import { importData } from '../src/catalog/import/importData';
import { readDemoData } from '../src/catalog/import/seed';
import { freshDatabase } from './helpers';
import { eventually } from './multiInstance';

// Two days after the kickoff of a fundraiser running 2027-01-10 → 2027-02-10: one reminder is due.
const NOW = new Date('2027-01-12T15:00:00Z');
const PHONE = '5125550163';

describe('closing the server', () => {
  let arrived!: () => void;
  const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requests = 0;
  // The SMS provider takes its time: the reminder pass is running until the test lets it answer.
  const provider = createServer(async (request, response) => {
    for await (const chunk of request) void chunk;
    requests++;
    arrived();
    await released;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"slow-1"}');
  });

  before(() => new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve)));
  after(() => new Promise<void>((resolve) => provider.close(() => resolve())));

  it('waits for a running reminder pass, and starts none once closing', async () => {
    const database = await freshDatabase();
    const events: string[] = [];
    try {
      await importData(database.db, readDemoData());
      await database.db.update(fundraisers).set({ startDate: '2027-01-10', endDate: '2027-02-10', isActive: true });
      await database.db.insert(fundraiserDevices).values({
        guid: randomUUID(),
        fundraiserId: 1,
        phone: PHONE,
        isOptedIn: true,
        studentIs13OrOlder: true,
        phoneVerifiedAt: new Date(),
        studentFirstName: 'Ada',
        studentLastName: 'Closing',
      });
      const app = await buildApp({
        config: testConfig({ sms: { httpUrl: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/send` } }),
        database: {
          ...database,
          close: async () => {
            events.push('database closed');
            await database.close();
          },
        },
      });
      await app.ready();

      const pass = app.runReminderPass({ now: NOW });
      await requestArrived;
      const closed = app.close().then(() => events.push('app closed'));
      // Were the pass not awaited, the database would close now, under the text being sent.
      assert.equal(await eventually(async () => events.length > 0, 300), false, events.join(', '));
      const late = app.runReminderPass({ now: NOW });
      release();
      assert.equal(await pass, 1);
      assert.equal(await late, undefined);
      await closed;
      assert.deepEqual(events, ['database closed', 'app closed']);
      assert.equal(requests, 1);
      assert.equal(await app.runReminderPass({ now: NOW }), undefined);
    } finally {
      await database.drop();
    }
  });
});
