import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { engagementCounters, orders } from '../src/platform/db/schema';
import { ACCESS_MESSAGES } from '@fu/shared/contracts';
import { createTestApp, textsTo, type TestApp } from './helpers';
import { cardCheckout } from './fixtures';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const DEVICE = '11111111-1111-4111-8111-111111111111';
const CONTACT = '66666666-6666-4666-8666-666666666666';
const SOCIAL = '77777777-7777-4777-8777-777777777777';

function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    fundraiserId: 1,
    studentFirstName: 'Jordan',
    studentLastName: 'Rivera',
    donation: 0,
    fundraiserOrderItems: [
      {
        itemId: 10,
        fundraiserOrderItemOptions: [
          { itemOptionId: 102, qty: 2, price: 2000 },
          { itemOptionId: 103, qty: 1, price: 2200 },
        ],
      },
    ],
    ...overrides,
  };
}

const post = (url: string, payload: unknown) => t.inject({ method: 'POST', url, payload: payload as object });
const get = (url: string) => t.inject({ method: 'GET', url });

describe('CreateOrder', () => {
  it('returns the new order id and prices every line from the database', async () => {
    const response = await post('/api/Orders/CreateOrder', orderBody());
    assert.equal(response.statusCode, 200, response.body);
    const orderId = response.json();
    assert.equal(typeof orderId, 'number');
    const order = (await get(`/api/Orders/GetOrder?orderId=${orderId}`)).json();
    assert.equal(order.orderTotal, 2 * 2000 + 2200);
    assert.equal(order.status, 'unpaid');
    const shirts = order.fundraiserOrderItems.find((item: { itemId: number }) => item.itemId === 10);
    assert.deepEqual(
      shirts.fundraiserOrderItemOptions.map((o: { qty: number }) => o.qty),
      [0, 2, 1, 0],
    );
  });

  it('ignores a tampered price', async () => {
    const body = orderBody({
      fundraiserOrderItems: [{ itemId: 10, fundraiserOrderItemOptions: [{ itemOptionId: 102, qty: 1, price: 1 }] }],
    });
    const orderId = (await post('/api/Orders/CreateOrder', body)).json();
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    assert.equal(row?.orderTotal, 2000);
  });

  it('accepts a donation alone of at least $35', async () => {
    const response = await post('/api/Orders/CreateOrder', orderBody({ donation: 5000, fundraiserOrderItems: [] }));
    assert.equal(response.statusCode, 200);
    const order = (await get(`/api/Orders/GetOrder?orderId=${response.json()}`)).json();
    assert.equal(order.orderTotal, 5000);
    assert.equal(order.isDonate, true);
  });

  for (const [name, body, status, message] of [
    [
      'a donation of $34.99',
      orderBody({ donation: 3499, fundraiserOrderItems: [] }),
      400,
      'Donation must be at least $35.00.',
    ],
    ['no item and no donation', orderBody({ fundraiserOrderItems: [] }), 400, 'Please select an item.'],
    ['a missing first name', orderBody({ studentFirstName: '  ' }), 400, 'Please enter a first name for the student.'],
    ['a missing last name', orderBody({ studentLastName: '' }), 400, 'Please enter a last name for the student.'],
    [
      'an option of another fundraiser',
      orderBody({
        fundraiserId: 4,
        fundraiserOrderItems: [{ itemId: 10, fundraiserOrderItemOptions: [{ itemOptionId: 102, qty: 1 }] }],
      }),
      400,
      'That item is not part of this fundraiser.',
    ],
    [
      'an option under the wrong item',
      orderBody({
        fundraiserOrderItems: [{ itemId: 11, fundraiserOrderItemOptions: [{ itemOptionId: 102, qty: 1 }] }],
      }),
      400,
      'That item is not part of this fundraiser.',
    ],
    [
      'a ticket in cash/check mode',
      orderBody({
        isCashCheck: true,
        fundraiserOrderItems: [{ itemId: 43, fundraiserOrderItemOptions: [{ itemOptionId: 431, qty: 1 }] }],
      }),
      400,
      'That item cannot be paid by cash or check.',
    ],
    [
      'an inactive fundraiser',
      orderBody({ fundraiserId: 2, fundraiserOrderItems: [], donation: 5000 }),
      409,
      'This fundraiser is no longer active. Thank you for your support.',
    ],
    ['an unknown fundraiser', orderBody({ fundraiserId: 999 }), 404, 'Fundraiser not found.'],
  ] as const) {
    it(`refuses ${name}`, async () => {
      const response = await post('/api/Orders/CreateOrder', body);
      assert.equal(response.statusCode, status, response.body);
      assert.equal(response.json().message, message);
    });
  }

  it("answers every problem the order rules find (the page's own check, @fu/shared checkOrder), the first as the message", async () => {
    const body = orderBody({ studentFirstName: '', studentLastName: 'see example.com', donation: 3499 });
    const response = await post('/api/Orders/CreateOrder', body);
    assert.equal(response.statusCode, 400, response.body);
    assert.deepEqual(response.json(), {
      message: 'Please enter a first name for the student.',
      errors: [
        { field: 'studentFirstName', message: 'Please enter a first name for the student.' },
        { field: 'studentLastName', message: 'Please enter a name without a web address.' },
        { field: 'donation', message: 'Donation must be at least $35.00.' },
      ],
    });
  });

  for (const [name, qty] of [
    ['a negative quantity', -1],
    ['a fractional quantity', 1.5],
    ['an absurd quantity', 100000],
  ] as const) {
    it(`refuses ${name} with a 400`, async () => {
      const body = orderBody({
        fundraiserOrderItems: [{ itemId: 10, fundraiserOrderItemOptions: [{ itemOptionId: 102, qty }] }],
      });
      const response = await post('/api/Orders/CreateOrder', body);
      assert.equal(response.statusCode, 400);
      assert.ok(response.json().errors.length > 0);
    });
  }

  it('refuses text holding the NUL character with a 400 naming the field (PostgreSQL cannot store it)', async () => {
    // Found by the fuzz test: a name with U+0000 reached the database and failed there (500).
    const named = await post('/api/Orders/CreateOrder', orderBody({ studentFirstName: 'Jor\u0000dan' }));
    assert.equal(named.statusCode, 400);
    assert.deepEqual(named.json(), {
      message: 'Invalid studentFirstName: must not contain the NUL character (U+0000).',
      errors: [{ field: 'studentFirstName', message: 'must not contain the NUL character (U+0000)' }],
    });
    const nested = await post(
      '/api/Orders/ProcessOrder',
      cardCheckout(1, 'tok_x', { payment: { token: 'tok_x', address1: '1 Main St\u0000' } }),
    );
    assert.equal(nested.statusCode, 400);
    assert.equal(nested.json().errors[0].field, 'payment.address1');
    const query = await get('/api/Orders/ListActiveFundraisersByPhone?phone=512555%000101');
    assert.equal(query.statusCode, 400);
    assert.equal(query.json().errors[0].field, 'phone');
  });

  it('refuses malformed bodies with a 400, never a 500', async () => {
    for (const payload of ['not json', '{"fundraiserId":"x"}', '[]', '{}']) {
      const response = await t.inject({
        method: 'POST',
        url: '/api/Orders/CreateOrder',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(response.statusCode, 400, payload);
      assert.equal(typeof response.json().message, 'string');
    }
  });

  it('edits an unpaid order in place, and refuses to edit a paid one', async () => {
    const orderId = (await post('/api/Orders/CreateOrder', orderBody())).json();
    const edited = await post(
      '/api/Orders/CreateOrder',
      orderBody({
        orderId,
        fundraiserOrderItems: [{ itemId: 11, fundraiserOrderItemOptions: [{ itemOptionId: 111, qty: 3 }] }],
      }),
    );
    assert.equal(edited.json(), orderId);
    assert.equal((await get(`/api/Orders/GetFundraiserOrder?orderId=${orderId}`)).json().orderTotal, 3 * 1800);

    await t.database.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, orderId));
    const paid = await post('/api/Orders/CreateOrder', orderBody({ orderId }));
    assert.equal(paid.statusCode, 409);
    assert.equal(paid.json().message, 'This order has already been paid and can no longer be changed.');
    // Someone else's order (the demo's, made by no browser of this test): as if there were none.
    const foreign = await post('/api/Orders/CreateOrder', orderBody({ orderId: 1 }));
    assert.equal(foreign.statusCode, 404);
    assert.equal(foreign.json().message, ACCESS_MESSAGES.orderNotFound);
  });

  it('checks a chosen bundle is complete, with extras or a pricier option allowed', async () => {
    const withBundle = (options: { itemOptionId: number; qty: number }[], optionBundleId = 1) =>
      orderBody({ fundraiserOrderItems: [{ itemId: 10, optionBundleId, fundraiserOrderItemOptions: options }] });
    // Fan Pack: 2 × Adult Medium ($20).
    assert.equal((await post('/api/Orders/CreateOrder', withBundle([{ itemOptionId: 102, qty: 2 }]))).statusCode, 200);
    const extras = withBundle([
      { itemOptionId: 102, qty: 3 },
      { itemOptionId: 101, qty: 1 },
    ]);
    assert.equal((await post('/api/Orders/CreateOrder', extras)).statusCode, 200);
    const pricier = withBundle([
      { itemOptionId: 102, qty: 1 },
      { itemOptionId: 104, qty: 1 },
    ]);
    assert.equal((await post('/api/Orders/CreateOrder', pricier)).statusCode, 200);

    const short = await post('/api/Orders/CreateOrder', withBundle([{ itemOptionId: 102, qty: 1 }]));
    assert.equal(short.statusCode, 400);
    assert.match(short.json().message, /bundle is incomplete/);
    const foreign = await post('/api/Orders/CreateOrder', withBundle([{ itemOptionId: 102, qty: 2 }], 999));
    assert.equal(foreign.statusCode, 400);
    assert.equal(foreign.json().message, 'That bundle is not part of this item.');
  });

  it('links an order placed from a student link to that student', async () => {
    const orderId = (await post('/api/Orders/CreateOrder', orderBody({ fundraiserDeviceGuid: DEVICE }))).json();
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    assert.ok(row?.fundraiserDeviceId);
  });
});

describe('order page lookups', () => {
  it('GetOrder of an unknown order is a 404', async () => {
    assert.equal((await get('/api/Orders/GetOrder?orderId=99999')).statusCode, 404);
  });

  it('device, contact and social links prefill the student', async () => {
    for (const url of [
      `/api/Fundraisers/GetFundraiserDetailsForDevice?fdid=${DEVICE}`,
      `/api/Fundraisers/GetFundraiserDetailsForStudentContact?contactGuid=${CONTACT}`,
      `/api/Fundraisers/GetFundraiserDetailsForSocialMedia?socialGuid=${SOCIAL}`,
    ]) {
      const response = await get(url);
      assert.equal(response.statusCode, 200, url);
      const order = response.json();
      assert.equal(order.fundraiserId, 1);
      assert.equal(order.studentFirstName, 'Jordan');
      assert.equal(order.studentLastName, 'Rivera');
    }
    assert.equal((await get('/api/Fundraisers/GetFundraiserDetailsForDevice?fdid=not-a-guid')).statusCode, 400);
    const unknown = await get(
      '/api/Fundraisers/GetFundraiserDetailsForDevice?fdid=99999999-9999-4999-8999-999999999999',
    );
    assert.equal(unknown.statusCode, 404);
  });

  it('GetOptionBundlesForItem returns bundles with entry prices', async () => {
    const bundles = (await get('/api/Fundraisers/GetOptionBundlesForItem?itemId=10')).json();
    assert.equal(bundles.length, 2);
    assert.deepEqual(bundles[1].optionBundleEntries, [
      { itemsOptionId: 101, quantity: 2, itemsOption: { price: 2000 } },
      { itemsOptionId: 103, quantity: 2, itemsOption: { price: 2200 } },
    ]);
    assert.deepEqual((await get('/api/Fundraisers/GetOptionBundlesForItem?itemId=11')).json(), []);
  });

  it("GetOptionBundlesForFundraiser answers every item's bundles at once, as GetOptionBundlesForItem does per item", async () => {
    const answer = await get('/api/Fundraisers/GetOptionBundlesForFundraiser?fundraiserId=1');
    assert.equal(answer.statusCode, 200, answer.body);
    const byItem: { itemId: number; optionBundles: unknown[] }[] = answer.json();
    const details = (await get('/api/Fundraisers/GetFundraiserDetails?fundraiserId=1')).json();
    // The order page's items, in its order, each with what the per-item call answers.
    assert.deepEqual(
      byItem.map((entry) => entry.itemId),
      details.fundraiserOrderItems.map((item: { itemId: number }) => item.itemId),
    );
    for (const { itemId, optionBundles } of byItem) {
      assert.deepEqual(
        optionBundles,
        (await get(`/api/Fundraisers/GetOptionBundlesForItem?itemId=${itemId}`)).json(),
        `item ${itemId}`,
      );
    }
    assert.deepEqual(
      byItem.find((entry) => entry.itemId === 10)?.optionBundles.map((bundle) => (bundle as { id: number }).id),
      [1, 2],
    );
    assert.deepEqual(byItem.find((entry) => entry.itemId === 11)?.optionBundles, []);

    assert.equal((await get('/api/Fundraisers/GetOptionBundlesForFundraiser?fundraiserId=9999')).statusCode, 404);
    assert.equal((await get('/api/Fundraisers/GetOptionBundlesForFundraiser?fundraiserId=abc')).statusCode, 400);
  });

  it('GetItems lists the fundraiser items', async () => {
    const itemsList = (await get('/api/Orders/GetItems?fundraiserId=1')).json();
    assert.equal(itemsList.length, 5);
  });
});

describe('phone lookups (docs/security.md: they text the phone, and show nothing)', () => {
  const STUDENT_PHONE = '5125550101';

  it('GetFundraiserDevice, ListActiveFundraisers and ListActiveFundraisersByPhone text the pages to the phone', async () => {
    for (const url of [
      '/api/Fundraisers/GetFundraiserDevice?phone=5125550101',
      '/api/Fundraisers/ListActiveFundraisers?phone=(512)%20555-0101',
      '/api/Orders/ListActiveFundraisersByPhone?phone=15125550101',
    ]) {
      const before = (await textsTo(t.database, STUDENT_PHONE)).length;
      const answer = await get(url);
      assert.equal(answer.statusCode, 200, url);
      assert.deepEqual(answer.json(), { message: ACCESS_MESSAGES.phoneLinksSent });
      assert.ok(!answer.body.includes(DEVICE) && !answer.body.includes('Jordan'), url);
      await t.app.backgroundIdle();
      const texts = await textsTo(t.database, STUDENT_PHONE);
      assert.equal(texts.length, before + 1, url);
      assert.match(texts.at(-1)!, /Lincoln Football 2026: http/);
      assert.match(texts.at(-1)!, new RegExp(`http://localhost:\\d+/Fundraiser/${DEVICE}`));
    }
    // An unknown number: the same answer, and nothing sent.
    const unknown = await get('/api/Fundraisers/GetFundraiserDevice?phone=5125550000');
    assert.deepEqual(unknown.json(), { message: ACCESS_MESSAGES.phoneLinksSent });
    await t.app.backgroundIdle();
    assert.deepEqual(await textsTo(t.database, '5125550000'), []);
    assert.equal((await get('/api/Fundraisers/GetFundraiserDevice?phone=123')).statusCode, 400);
    assert.equal((await get('/api/Orders/ListActiveFundraisersByPhone?phone=abc')).statusCode, 400);
  });

  it('ListOrders texts a supporter the receipt links of their paid orders', async () => {
    const answer = await get('/api/Fundraisers/ListOrders?phone=5125550188');
    assert.deepEqual(answer.json(), { message: ACCESS_MESSAGES.phoneReceiptsSent });
    await t.app.backgroundIdle();
    const [text] = await textsTo(t.database, '5125550188');
    assert.match(text!, /order 1 \(\$50\.00\): http:\/\/localhost:\d+\/Receipt\/1\?key=[\w-]{32}/);
    const none = await get('/api/Fundraisers/ListOrders?phone=5125550000');
    assert.deepEqual(none.json(), answer.json());
    await t.app.backgroundIdle();
    assert.deepEqual(await textsTo(t.database, '5125550000'), []);
  });
});

describe('engagement counters', () => {
  it('counts 36-character guids and ignores anything else', async () => {
    assert.deepEqual((await post('/api/Orders/IncrementPageVisits', { fundraiserDeviceGuid: DEVICE })).json(), {
      counted: true,
    });
    assert.deepEqual((await post('/api/Orders/IncrementPageVisits', { fundraiserDeviceGuid: DEVICE })).json(), {
      counted: true,
    });
    assert.deepEqual((await post('/api/Orders/IncrementPageVisits', { fundraiserDeviceGuid: 'short' })).json(), {
      counted: false,
    });
    await post('/api/Orders/IncrementStudentContactEngagement', { studentContactGuid: CONTACT });
    await post('/api/Orders/IncrementSocialMediaEngagement', { socialGuid: SOCIAL });
    const rows = await t.database.db.select().from(engagementCounters);
    const byKind = Object.fromEntries(rows.map((row) => [row.kind, row.count]));
    assert.deepEqual(byKind, { page_visits: 2, student_contact: 1, social_media: 1 });
  });
});

describe('JSON bodies are not coerced', () => {
  it('keeps a null bundle or device as none', async () => {
    const body = orderBody({
      fundraiserDeviceGuid: null,
      fundraiserOrderItems: [
        { itemId: 11, optionBundleId: null, fundraiserOrderItemOptions: [{ itemOptionId: 111, qty: 1 }] },
      ],
    });
    const response = await post('/api/Orders/CreateOrder', body);
    assert.equal(response.statusCode, 200, response.body);
  });

  it('refuses a quantity sent as text', async () => {
    const body = orderBody({
      fundraiserOrderItems: [{ itemId: 11, fundraiserOrderItemOptions: [{ itemOptionId: 111, qty: '1' }] }],
    });
    assert.equal((await post('/api/Orders/CreateOrder', body)).statusCode, 400);
  });
});
