import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../src/platform/plugins/jsonBody';
import { nulCharacterAt } from '../src/platform/plugins/textInput';
import { createTestApp, type TestApp } from './helpers';
import { newOrderBody } from './fixtures';

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const DEPTH_MESSAGE = `Invalid body: must not nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`;

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, and stops at the limit', () => {
    assert.equal(nestsDeeperThan(deepArray(32), 32), false);
    assert.equal(nestsDeeperThan(deepArray(33), 32), true);
    assert.equal(nestsDeeperThan(deepObject(32), 32), false);
    assert.equal(nestsDeeperThan(deepObject(33), 32), true);
    assert.equal(nestsDeeperThan('[{"a":[{}]}, [], {"b":[]}]', 4), false);
    assert.equal(nestsDeeperThan('[{"a":[{}]}, [], {"b":[]}]', 3), true);
    assert.equal(nestsDeeperThan(deepArray(1_000_000), 32), true);
  });

  it('skips brackets inside strings, escaped quotes and backslashes included', () => {
    assert.equal(nestsDeeperThan(JSON.stringify({ a: '[[[[{{{{' }), 1), false);
    assert.equal(nestsDeeperThan(JSON.stringify({ a: 'say "[[[[" \\ and \\"{{' }), 1), false);
    assert.equal(nestsDeeperThan(JSON.stringify(['\\', ['x']]), 1), true);
    assert.equal(nestsDeeperThan(JSON.stringify(['\\"', '[[[']), 1), false);
    assert.equal(nestsDeeperThan(JSON.stringify({ '[[': '\u005b\u005b' }), 1), false);
  });
});

describe('nulCharacterAt', () => {
  it('reports the first string with U+0000, in order', () => {
    assert.equal(nulCharacterAt({ a: 'x', b: 'y\u0000', c: { d: '\u0000' } }), 'b');
    assert.equal(nulCharacterAt({ a: [{ b: 'ok' }, { c: '\u0000' }] }), 'a.1.c');
    assert.equal(nulCharacterAt('\u0000'), '');
    assert.equal(nulCharacterAt({ a: ['ok', 1, null, true] }), undefined);
  });

  it('walks any depth without overflowing the stack', () => {
    let value: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) value = [value];
    assert.equal(nulCharacterAt(value), Array.from({ length: 100_000 }, () => '0').join('.'));
  });
});

describe('deeply nested JSON bodies', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const post = (url: string, payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  for (const depth of [5_000, 100_000]) {
    for (const [shape, body] of [
      ['array', deepArray(depth)],
      ['object', deepObject(depth)],
    ] as const) {
      it(`refuses a ${depth.toLocaleString('en-US')}-deep ${shape} with a 400`, async () => {
        for (const url of ['/api/Orders/CreateOrder', '/api/Orders/IncrementPageVisits']) {
          const response = await post(url, body);
          assert.equal(response.statusCode, 400, `${url}: ${response.body.slice(0, 200)}`);
          assert.deepEqual(response.json(), {
            message: DEPTH_MESSAGE,
            errors: [{ field: 'body', message: DEPTH_MESSAGE.replace(/^Invalid body: (.*)\.$/, '$1') }],
          });
        }
      });
    }
  }

  it('refuses deep bodies within the logger’s 8 KB limit and with a charset', async () => {
    assert.equal((await post('/api/Logger/Log/', deepArray(1_000))).json().message, DEPTH_MESSAGE);
    const response = await post('/api/Orders/CreateOrder', deepObject(5_000), 'application/json; charset=utf-8');
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().message, DEPTH_MESSAGE);
  });

  it('leaves bodies up to the limit to validation', async () => {
    const response = await post('/api/Orders/CreateOrder', deepObject(MAX_JSON_DEPTH));
    assert.equal(response.statusCode, 400);
    assert.notEqual(response.json().message, DEPTH_MESSAGE);
  });

  it('still takes normal bodies', async () => {
    const order = await post('/api/Orders/CreateOrder', JSON.stringify(newOrderBody()));
    assert.equal(order.statusCode, 200, order.body);
    assert.equal(typeof order.json(), 'number');
    const log = await post('/api/Logger/Log/', JSON.stringify({ message: 'a [bracket] "quoted" {brace}', level: 4 }));
    assert.deepEqual(log.json(), { logged: true });
  });

  it('still refuses malformed JSON and prototype poisoning as before', async () => {
    const malformed = await post('/api/Orders/CreateOrder', '{"fundraiserId": ');
    assert.equal(malformed.statusCode, 400);
    assert.match(malformed.json().message, /JSON/);
    const poisoned = await post('/api/Orders/CreateOrder', '{"__proto__": {"polluted": true}, "fundraiserId": 1}');
    assert.equal(poisoned.statusCode, 400);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    const empty = await post('/api/Orders/CreateOrder', '');
    assert.equal(empty.statusCode, 400);
  });
});
