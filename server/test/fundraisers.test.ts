import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ACCESS_MESSAGES } from '@fu/shared/contracts';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const get = (url: string) => t.inject({ method: 'GET', url });

describe('api/Fundraisers lookups', () => {
  it('health says which database answers', async () => {
    const response = await get('/api/health');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('ListActiveStates returns the states with an active fundraiser', async () => {
    const response = await get('/api/Fundraisers/ListActiveStates?itemId=0');
    assert.equal(response.statusCode, 200);
    // Ohio's only other school has an inactive fundraiser; Columbus East keeps Ohio listed.
    assert.deepEqual(response.json(), ['Georgia', 'Ohio', 'Texas']);
  });

  it('filters states by the item a fundraiser sells', async () => {
    assert.deepEqual((await get('/api/Fundraisers/ListActiveStates?itemId=10')).json(), ['Ohio', 'Texas']);
    assert.deepEqual((await get('/api/Fundraisers/ListActiveStates?itemId=44')).json(), ['Texas']);
    assert.deepEqual((await get('/api/Fundraisers/ListActiveStates?itemId=999')).json(), []);
    // Donate (-1) and give (-2) keep every active fundraiser.
    assert.deepEqual((await get('/api/Fundraisers/ListActiveStates?itemId=-1')).json(), ['Georgia', 'Ohio', 'Texas']);
    assert.deepEqual((await get('/api/Fundraisers/ListActiveStates?itemId=-2')).json(), ['Georgia', 'Ohio', 'Texas']);
  });

  it('ListActiveSchools returns id and name of the schools in a state', async () => {
    const response = await get('/api/Fundraisers/ListActiveSchools?location=Texas&itemId=0');
    assert.deepEqual(response.json(), [
      { id: 1, name: 'Lincoln High School' },
      { id: 2, name: 'Westlake Middle School' },
    ]);
    const ohio = await get('/api/Fundraisers/ListActiveSchools?location=Ohio&itemId=0');
    assert.deepEqual(ohio.json(), [{ id: 3, name: 'Columbus East High School' }]);
    const bySelling = await get('/api/Fundraisers/ListActiveSchools?location=Texas&itemId=10');
    assert.deepEqual(bySelling.json(), [{ id: 1, name: 'Lincoln High School' }]);
  });

  it('GetSchool returns name and state, or 404', async () => {
    assert.deepEqual((await get('/api/Fundraisers/GetSchool?schoolId=1')).json(), {
      name: 'Lincoln High School',
      state: 'Texas',
    });
    const missing = await get('/api/Fundraisers/GetSchool?schoolId=9999');
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(missing.json(), { message: 'School not found.' });
  });

  it('ListActiveFundraisers returns id and teamName of active groups only', async () => {
    assert.deepEqual((await get('/api/Fundraisers/ListActiveFundraisers?schoolId=1&itemId=0')).json(), [
      { id: 3, teamName: 'Girls Volleyball' },
      { id: 1, teamName: 'Varsity Football' },
    ]);
    assert.deepEqual((await get('/api/Fundraisers/ListActiveFundraisers?schoolId=5&itemId=0')).json(), []);
    assert.deepEqual((await get('/api/Fundraisers/ListActiveFundraisers?schoolId=1&itemId=43')).json(), [
      { id: 1, teamName: 'Varsity Football' },
    ]);
  });

  it('ListActiveFundraisers by phone texts the phone its pages and shows nothing (docs/security.md)', async () => {
    for (const phone of ['5125550101', '1-512-555-0101', '5125550999']) {
      assert.deepEqual((await get(`/api/Fundraisers/ListActiveFundraisers?phone=${phone}`)).json(), {
        message: ACCESS_MESSAGES.phoneLinksSent,
      });
    }
    const bad = await get('/api/Fundraisers/ListActiveFundraisers?phone=12345');
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().message, 'Please enter a valid 10-digit phone number.');
  });

  it('GetFundraiserDetails returns a blank fundraiser order with the spec field names, prices in cents', async () => {
    const response = await get('/api/Fundraisers/GetFundraiserDetails?fundraiserId=1');
    assert.equal(response.statusCode, 200);
    const order = response.json();
    assert.equal(order.orderId, 0);
    assert.equal(order.fundraiserId, 1);
    assert.equal(order.teamName, 'Varsity Football');
    assert.equal(order.schoolName, 'Lincoln High School');
    assert.equal(order.isActive, true);
    assert.equal(order.teamPrimaryColorHex, '8B0000');
    assert.equal(order.useTeamBackgroundPhoto, true);
    assert.deepEqual(
      order.fundraiserOrderItems.map((item: { itemId: number }) => item.itemId),
      [10, 11, 43, 44, 46],
    );
    const shirt = order.fundraiserOrderItems[0];
    assert.equal(shirt.messageTextName, 'Team T-Shirt');
    assert.deepEqual(shirt.fundraiserOrderItemOptions[0], {
      itemOptionId: 101,
      itemOptionTypeId: 0,
      name: 'Youth Medium',
      price: 2000,
      qty: 0,
      imgUrl: '/images/tshirt.svg',
    });
    const ticket = order.fundraiserOrderItems[2].fundraiserOrderItemOptions[0];
    assert.equal(ticket.itemOptionTypeId, 1);
  });

  it('an inactive fundraiser says so and carries its team video', async () => {
    const order = (await get('/api/Fundraisers/GetFundraiserDetails?fundraiserId=2')).json();
    assert.equal(order.isActive, false);
    assert.match(order.videoUrl, /^https:\/\/www\.youtube\.com\/embed\//);
  });

  describe('bad input gets a 4xx with a clear message, never a 500', () => {
    for (const [url, field] of [
      ['/api/Fundraisers/GetSchool?schoolId=abc', 'schoolId'],
      ['/api/Fundraisers/GetSchool', 'schoolId'],
      ['/api/Fundraisers/GetSchool?schoolId=1.5', 'schoolId'],
      ['/api/Fundraisers/GetSchool?schoolId=99999999999999999999', 'schoolId'],
      ['/api/Fundraisers/ListActiveStates?itemId=x', 'itemId'],
      ['/api/Fundraisers/ListActiveSchools?itemId=0', 'location'],
      [`/api/Fundraisers/ListActiveSchools?location=${'x'.repeat(500)}`, 'location'],
      ['/api/Fundraisers/GetFundraiserDetails?fundraiserId=%27%3B%20drop%20table', 'fundraiserId'],
      ['/api/Fundraisers/ListActiveFundraisers', 'schoolId'],
      // Found by the fuzz test: both reached PostgreSQL and failed there (500).
      ['/api/Fundraisers/ListActiveSchools?location=%00', 'location'],
      ['/api/Fundraisers/GetFundraiserDetailsForDevice?fdid=AA--0AAa0-aa0A0-AaaA-A00A--0aA0aA0aa', 'fdid'],
    ] as const) {
      it(`${url.slice(0, 70)} → 400 naming ${field}`, async () => {
        const response = await get(url);
        assert.equal(response.statusCode, 400);
        const body = response.json();
        assert.equal(typeof body.message, 'string');
        assert.ok(
          body.errors.some((error: { field: string }) => error.field === field),
          JSON.stringify(body),
        );
      });
    }

    it('an unknown fundraiser is a 404', async () => {
      const response = await get('/api/Fundraisers/GetFundraiserDetails?fundraiserId=424242');
      assert.equal(response.statusCode, 404);
      assert.deepEqual(response.json(), { message: 'Fundraiser not found.' });
    });

    it('an unknown API path is a JSON 404, not the shell page', async () => {
      const response = await get('/api/Nope');
      assert.equal(response.statusCode, 404);
      assert.match(response.json().message, /No such endpoint/);
    });
  });
});
