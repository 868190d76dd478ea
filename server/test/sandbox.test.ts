import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sandboxGateway } from '../src/payments/gateway/sandboxGateway';
import { GatewayUnavailableError } from '../src/payments/gateway/gateway';
import { buildSandbox } from '../src/payments/sandbox/app';
import { luhnValid, validateCard } from '../src/payments/sandbox/cards';

const SECRET = 'sk_test_secret';
let sandbox: FastifyInstance;
let baseUrl: string;
before(async () => {
  sandbox = await buildSandbox({ secretKey: SECRET, now: () => Date.parse('2026-11-22T12:00:00Z') });
  baseUrl = await sandbox.listen({ port: 0, host: '127.0.0.1' });
});
after(() => sandbox.close());

const card = (overrides: Record<string, string> = {}) => ({
  holderName: 'Casey Morgan',
  cardNumber: '4111111111111111',
  cvv: '123',
  expiryMonth: '12',
  expiryYear: '2030',
  billingAddress: { addressLine1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
  ...overrides,
});

async function tokenize(body: object) {
  const response = await fetch(`${baseUrl}/v1/card/tokenize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:8080' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { token?: string; errors?: { field: string }[] },
    response,
  };
}

const gateway = () => sandboxGateway({ baseUrl, secretKey: SECRET });

describe('payment sandbox', () => {
  it('checks Luhn, expiry and CVV', () => {
    assert.equal(luhnValid('4111111111111111'), true);
    assert.equal(luhnValid('4111111111111112'), false);
    const now = new Date('2026-11-22T00:00:00Z');
    assert.deepEqual(validateCard(card({ expiryMonth: '11', expiryYear: '2026' }), now), []);
    assert.deepEqual(
      validateCard(card({ expiryMonth: '10', expiryYear: '2026' }), now).map((e) => e.field),
      ['expiryYear'],
    );
    assert.deepEqual(
      validateCard(card({ cvv: '12' }), now).map((e) => e.field),
      ['cvv'],
    );
  });

  it('tokenises a good card for a browser on another origin', async () => {
    const { status, body, response } = await tokenize(card());
    assert.equal(status, 200);
    assert.match(body.token ?? '', /^tok_[0-9a-f]{32}$/);
    assert.equal(response.headers.get('access-control-allow-origin'), 'http://localhost:8080');
  });

  it('answers field errors for a bad card', async () => {
    const { status, body } = await tokenize(card({ cardNumber: '1234', cvv: 'x' }));
    assert.equal(status, 400);
    assert.deepEqual(
      body.errors?.map((e) => e.field),
      ['cardNumber', 'cvv'],
    );
  });

  it('charges a token once per idempotency key, and never reuses a token for another charge', async () => {
    const { body } = await tokenize(card());
    const first = await gateway().charge({
      token: body.token!,
      amount: 5000,
      idempotencyKey: 'order-1',
      description: 'Order 1',
    });
    assert.equal(first.status, 'approved');
    assert.ok(first.status === 'approved' && first.last4 === '1111' && first.brand === 'visa' && first.amount === 5000);
    const replay = await gateway().charge({
      token: body.token!,
      amount: 5000,
      idempotencyKey: 'order-1',
      description: 'Order 1',
    });
    assert.deepEqual(replay, first);
    const reuse = await gateway().charge({
      token: body.token!,
      amount: 5000,
      idempotencyKey: 'order-2',
      description: 'Order 2',
    });
    assert.equal(reuse.status, 'declined');
  });

  it('declines the decline test card and unknown tokens', async () => {
    const { body } = await tokenize(card({ cardNumber: '4000000000000002' }));
    const declined = await gateway().charge({
      token: body.token!,
      amount: 100,
      idempotencyKey: 'k3',
      description: 'x',
    });
    assert.deepEqual(declined, { status: 'declined', message: 'Your card was declined.' });
    const unknown = await gateway().charge({ token: 'tok_nope', amount: 100, idempotencyKey: 'k4', description: 'x' });
    assert.equal(unknown.status, 'declined');
  });

  it('refuses charges without the secret key', async () => {
    const response = await fetch(`${baseUrl}/v1/charges`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'k5', authorization: 'Bearer wrong' },
      body: JSON.stringify({ token: 'x', amount: 1 }),
    });
    assert.equal(response.status, 401);
  });

  it('changes how late charges are answered only for the secret key, and only to a sane value', async () => {
    const put = (ms: unknown, key = SECRET) =>
      fetch(`${baseUrl}/v1/test/charge-latency`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ ms }),
      });
    assert.equal((await put(5, 'wrong')).status, 401);
    assert.equal((await put(-1)).status, 400);
    assert.equal((await put('soon')).status, 400);
    assert.deepEqual(await (await put(0)).json(), { chargeLatencyMs: 0 });
  });

  it('reports an unreachable gateway as unavailable, not declined', async () => {
    const down = sandboxGateway({ baseUrl: 'http://127.0.0.1:1', secretKey: SECRET, timeoutMs: 2000 });
    await assert.rejects(
      () => down.charge({ token: 't', amount: 1, idempotencyKey: 'k6', description: 'x' }),
      GatewayUnavailableError,
    );
  });
});
