import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MAX_ORDER_TOTAL_CENTS } from '@fu/shared/contracts';
import { ORDER_RULE_MESSAGES } from '@fu/shared/rules';
import { createTestApp, type TestApp } from './helpers';
import { newOrderBody, orderItems } from './fixtures';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const createOrder = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/Orders/CreateOrder', payload: newOrderBody(body) });

/** `rows` rows of cookie dough (option 111 of demo fundraiser 1), `qty` each. */
const cookieDoughRows = (rows: number, qty: number) =>
  orderItems(Array.from({ length: rows }, () => ({ itemId: 11, itemOptionId: 111, qty })));

describe('order bounds', () => {
  it('takes 99 of one option spread over rows', async () => {
    const response = await createOrder({ fundraiserOrderItems: cookieDoughRows(3, 33) });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(typeof response.json(), 'number');
  });

  it('refuses more than 99 of one option over all rows with a 400 naming the option', async () => {
    const response = await createOrder({ fundraiserOrderItems: cookieDoughRows(100, 99) });
    assert.equal(response.statusCode, 400, response.body);
    assert.deepEqual(response.json(), {
      message: ORDER_RULE_MESSAGES.optionQuantity,
      errors: [{ field: 'option-111', message: ORDER_RULE_MESSAGES.optionQuantity }],
    });
  });

  it('answers the largest request the schema allows with a 400, not a 500', async () => {
    const item = {
      itemId: 11,
      fundraiserOrderItemOptions: Array.from({ length: 200 }, () => ({ itemOptionId: 111, qty: 99 })),
    };
    const response = await createOrder({ fundraiserOrderItems: Array.from({ length: 100 }, () => item) });
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(response.json().message, ORDER_RULE_MESSAGES.optionQuantity);
  });

  it('refuses an order above the total ceiling with a 400', async () => {
    const response = await createOrder({
      donation: MAX_ORDER_TOTAL_CENTS,
      fundraiserOrderItems: cookieDoughRows(1, 1),
    });
    assert.equal(response.statusCode, 400, response.body);
    assert.deepEqual(response.json(), {
      message: ORDER_RULE_MESSAGES.orderTotal,
      errors: [{ field: 'orderTotal', message: ORDER_RULE_MESSAGES.orderTotal }],
    });
  });

  it('takes a donation of exactly the ceiling', async () => {
    const response = await createOrder({ donation: MAX_ORDER_TOTAL_CENTS, fundraiserOrderItems: [] });
    assert.equal(response.statusCode, 200, response.body);
  });
});
