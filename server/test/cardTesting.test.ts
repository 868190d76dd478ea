import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../src/payments/sandbox/app';
import { sandboxGateway } from '../src/payments/gateway/sandboxGateway';
import { testConfig } from '../src/platform/config/config';
import { DECLINE_LIMIT, TOO_MANY_DECLINES } from '../src/payments/services/processOrder';
import { createTestApp, type TestApp } from './helpers';
import { cardCheckout, cookieDough, DECLINED_CARD, newOrderBody, testCard, tokenizeCard } from './fixtures';

const SECRET = 'sk_test';

describe('card-testing defences', () => {
  let sandbox: FastifyInstance;
  let sandboxUrl: string;
  let t: TestApp;

  before(async () => {
    sandbox = await buildSandbox({ secretKey: SECRET, tokenizePerMinute: 10_000 });
    sandboxUrl = await sandbox.listen({ port: 0, host: '127.0.0.1' });
    t = await createTestApp({
      gateway: sandboxGateway({ baseUrl: sandboxUrl, secretKey: SECRET }),
      config: { rateLimits: { ...testConfig().rateLimits, processPerMinute: 12, logPerMinute: 3 } },
    });
  });
  after(async () => {
    await t.close();
    await sandbox.close();
  });

  const tokenize = (cardNumber?: string) => tokenizeCard(sandboxUrl, cardNumber);

  const newOrder = async () =>
    (
      await t.inject({
        method: 'POST',
        url: '/api/Orders/CreateOrder',
        payload: newOrderBody({ fundraiserOrderItems: cookieDough(1) }),
      })
    ).json() as number;

  const pay = (orderId: number, token: string, remoteAddress = '10.0.0.1') =>
    t.inject({
      method: 'POST',
      url: '/api/Orders/ProcessOrder',
      remoteAddress,
      payload: cardCheckout(orderId, token, { amount: 1800 }),
    });

  it(`pauses an order after ${DECLINE_LIMIT} declines, even for a good card`, async () => {
    const orderId = await newOrder();
    for (let i = 0; i < DECLINE_LIMIT; i++) {
      assert.equal((await pay(orderId, await tokenize(DECLINED_CARD), '10.0.0.2')).json(), 'Your card was declined.');
    }
    const refused = await pay(orderId, await tokenize(), '10.0.0.2');
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().message, TOO_MANY_DECLINES);
    // Another order from the same supporter is not affected.
    assert.equal((await pay(await newOrder(), await tokenize(), '10.0.0.2')).json(), 'success');
  });

  it('limits ProcessOrder per client address', async () => {
    const orderId = await newOrder();
    const answers = [];
    for (let i = 0; i < 13; i++) answers.push((await pay(orderId, 'tok_unknown', '10.0.0.3')).statusCode);
    assert.equal(answers.at(-1), 429);
    assert.ok(answers.slice(0, 12).every((status) => status !== 429));
    // A different client still gets through.
    assert.notEqual((await pay(orderId, 'tok_unknown', '10.0.0.4')).statusCode, 429);
  });

  it('limits browser logging per client address', async () => {
    const log = () =>
      t.inject({
        method: 'POST',
        url: '/api/Logger/Log/',
        remoteAddress: '10.0.0.5',
        payload: { message: 'x', level: 4 },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await log()).statusCode);
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    const big = await t.inject({
      method: 'POST',
      url: '/api/Logger/Log/',
      remoteAddress: '10.0.0.6',
      payload: { message: 'x'.repeat(20_000), level: 4 },
    });
    assert.equal(big.statusCode, 413);
  });
});

describe('sandbox tokenize limit', () => {
  it('refuses a burst of card attempts from one address with an errorMessage the page shows as is', async () => {
    const sandbox = await buildSandbox({ secretKey: SECRET, tokenizePerMinute: 3 });
    try {
      const statuses = [];
      let last: { errorMessage?: string } = {};
      for (let i = 0; i < 4; i++) {
        const response = await sandbox.inject({
          method: 'POST',
          url: '/v1/card/tokenize',
          payload: testCard(),
        });
        statuses.push(response.statusCode);
        last = response.json();
      }
      assert.deepEqual(statuses, [200, 200, 200, 429]);
      assert.match(last.errorMessage ?? '', /^Too many card attempts\. Please wait \d+ seconds and try again\.$/);
    } finally {
      await sandbox.close();
    }
  });
});
