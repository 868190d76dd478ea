import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ticketPurchaseSessions, ticketPurchases, offerRedemptions } from '../src/platform/db/schema';
import { TEST_ADMIN_TOKEN, testConfig } from '../src/platform/config/config';
import { bearerMatches } from '../src/admin/plugins/adminAuth';
import { createTestApp, type TestApp } from './helpers';

/** Every route of spec §7 "Admin (api/Admin/)" and api/AWSS3Controller, with a valid request. */
const ROUTES: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
  { method: 'GET', url: '/api/Admin/GetAvailableVendorOffers?fundraiserId=1&currentTicket=1&filterState=true' },
  { method: 'GET', url: '/api/Admin/GetThisVendorsOffers?vendorId=1' },
  { method: 'GET', url: '/api/Admin/GetTeam?ticketId=1' },
  { method: 'GET', url: '/api/Admin/GetBaseUrl' },
  { method: 'GET', url: '/api/Admin/Releases' },
  { method: 'POST', url: '/api/Admin/PromoteRelease', payload: { remote: 'checkout', version: '1.0.0-abc' } },
  { method: 'POST', url: '/api/Admin/RollbackRelease', payload: { remote: 'checkout' } },
  { method: 'GET', url: '/api/Admin/GetTicket?ticketId=1' },
  { method: 'GET', url: '/api/Admin/GetTicketByFundraiser?fundraiserId=1' },
  { method: 'GET', url: '/api/Admin/GetTickets' },
  { method: 'GET', url: '/api/Admin/GetVendor?vendorId=1' },
  { method: 'GET', url: '/api/Admin/GetVendorOffer?vendorOfferId=1&vendorId=1' },
  { method: 'GET', url: '/api/Admin/GetVendorOffers' },
  { method: 'GET', url: '/api/Admin/GetVendors' },
  { method: 'GET', url: '/api/Admin/CreateComplimentaryTicket?ticketId=1&qty=1' },
  { method: 'GET', url: '/api/Admin/GetCurrentComplimentaryTickets?ticketId=1' },
  { method: 'GET', url: '/api/Admin/RevokeComplimentaryTicket?ticketPurchaseId=2' },
  { method: 'GET', url: '/api/Admin/RevokeAllComplimentaryTickets?ticketId=1' },
  { method: 'GET', url: '/api/Admin/GetFundraiser?fundraiserId=1' },
  { method: 'GET', url: '/api/Admin/GetSchool?schoolId=1' },
  { method: 'POST', url: '/api/Admin/SaveVendor', payload: { id: 1, name: 'Hacked' } },
  { method: 'POST', url: '/api/Admin/SaveVendorOffer', payload: { id: 1, vendorId: 1, name: 'Hacked' } },
  { method: 'POST', url: '/api/Admin/SaveTicket', payload: { id: 1, fundraiserId: 1, name: 'Hacked', offers: [] } },
  { method: 'POST', url: '/api/Admin/SaveTeam', payload: { id: 1, name: 'Hacked' } },
  { method: 'POST', url: '/api/Admin/DeleteTicket', payload: { ticketId: 1 } },
  { method: 'POST', url: '/api/Admin/SaveFundraiser', payload: { id: 1, goalPerStudentCents: 1 } },
  {
    method: 'POST',
    url: '/api/Admin/SaveSchool',
    payload: { id: 1, organization: { legalName: 'Hacked', is501c3: false } },
  },
  { method: 'POST', url: '/api/AWSS3Controller/CreateBucketAsync', payload: { bucketName: 'hacked-bucket' } },
  { method: 'POST', url: '/api/AWSS3Controller/UploadFileAsync', payload: { fileName: 'x.png' } },
  { method: 'GET', url: '/api/Admin/CollectedCashOrders?fundraiserId=1' },
  { method: 'POST', url: '/api/Admin/ConfirmCashReceived', payload: { fundraiserId: 1, orderIds: [1] } },
  { method: 'GET', url: '/api/Admin/GetTextConsents?phone=5125550101' },
  { method: 'POST', url: '/api/Admin/OptOutPhone', payload: { phone: '5125550101' } },
  { method: 'POST', url: '/api/Admin/EraseStudent', payload: { phone: '5125550101' } },
  { method: 'POST', url: '/api/Admin/EraseSupporter', payload: { phone: '5125550188' } },
  { method: 'GET', url: '/api/Admin/GetErasures' },
];

const AUTH = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
let t: TestApp;

before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const get = (url: string) => t.inject({ method: 'GET', url, headers: AUTH });
const post = (url: string, payload: object) => t.inject({ method: 'POST', url, payload, headers: AUTH });
const ok = async (response: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
  const answer = await response;
  assert.equal(answer.statusCode, 200, answer.body);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return answer.json() as any;
};

describe('admin API authentication', () => {
  it('the route table lists every admin and storage route the server has', async () => {
    const paths = Object.keys((await t.inject({ url: '/api/docs/json' })).json().paths as object);
    const secured = paths.filter((path) => /^\/api\/(Admin|AWSS3Controller)\//.test(path)).sort();
    assert.deepEqual(secured, [...new Set(ROUTES.map((route) => route.url.split('?')[0]!))].sort());
    assert.equal(secured.length, 36);
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.url.split('?')[0]} answers 401 without the right token, and nothing else`, async () => {
      const attempts = [
        {},
        { authorization: 'Bearer wrong-token' },
        { authorization: `Bearer ${TEST_ADMIN_TOKEN}x` },
        { authorization: `Basic ${Buffer.from(`admin:${TEST_ADMIN_TOKEN}`).toString('base64')}` },
        { authorization: TEST_ADMIN_TOKEN },
        { authorization: 'Bearer ' },
      ];
      for (const headers of attempts) {
        const response = await t.inject({ method: route.method, url: route.url, payload: route.payload, headers });
        assert.equal(response.statusCode, 401, JSON.stringify(headers));
        assert.deepEqual(response.json(), { message: 'Unauthorized' });
      }
    });
  }

  it('the unauthorised calls above changed nothing', async () => {
    assert.equal((await ok(get('/api/Admin/GetVendor?vendorId=1'))).name, "Tony's Pizza Kitchen");
    assert.equal((await ok(get('/api/Admin/GetTicket?ticketId=1'))).name, 'Lincoln Lions Discount Card');
    assert.equal((await ok(get('/api/Admin/GetTeam?ticketId=1'))).name, 'Varsity Football');
    assert.equal((await ok(get('/api/Admin/GetFundraiser?fundraiserId=1'))).goalPerStudentCents, 50_000);
    assert.equal((await ok(get('/api/Admin/GetSchool?schoolId=1'))).organization, null);
    const current = await ok(get('/api/Admin/GetCurrentComplimentaryTickets?ticketId=1'));
    assert.deepEqual(
      current.map((purchase: { guid: string }) => purchase.guid),
      ['44444444-4444-4444-8444-444444444444'],
    );
  });

  it('the token is compared exactly, in any letter case of the scheme', () => {
    assert.equal(bearerMatches(`Bearer ${TEST_ADMIN_TOKEN}`, TEST_ADMIN_TOKEN), true);
    assert.equal(bearerMatches(`bearer ${TEST_ADMIN_TOKEN}`, TEST_ADMIN_TOKEN), true);
    assert.equal(bearerMatches(undefined, TEST_ADMIN_TOKEN), false);
    assert.equal(bearerMatches('Bearer', TEST_ADMIN_TOKEN), false);
    assert.equal(bearerMatches(`Bearer ${TEST_ADMIN_TOKEN.slice(0, -1)}`, TEST_ADMIN_TOKEN), false);
  });

  it("answers CORS for the admin app's origin only, on admin paths only, before the token check", async () => {
    const adminOrigin = new URL(testConfig().adminBaseUrl).origin;
    const preflight = await t.inject({
      method: 'OPTIONS',
      url: '/api/Admin/SaveTicket',
      headers: {
        origin: adminOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], adminOrigin);
    assert.match(String(preflight.headers['access-control-allow-headers']), /Authorization/);
    assert.match(
      String(preflight.headers['access-control-allow-headers']),
      /X-Admin-User/,
      'the app names who acts on releases',
    );

    const refused = await t.inject({ url: '/api/Admin/GetTickets', headers: { origin: adminOrigin } });
    assert.equal(refused.statusCode, 401);
    assert.equal(refused.headers['access-control-allow-origin'], adminOrigin, 'the admin app can read the 401');

    const publicCall = await t.inject({
      url: '/api/Fundraisers/ListActiveStates?itemId=0',
      headers: { origin: adminOrigin },
    });
    assert.equal(publicCall.headers['access-control-allow-origin'], undefined);
    const otherPreflight = await t.inject({
      method: 'OPTIONS',
      url: '/api/Orders/CreateOrder',
      headers: { origin: adminOrigin, 'access-control-request-method': 'POST' },
    });
    assert.equal(otherPreflight.headers['access-control-allow-origin'], undefined);
  });

  it('the public API stays open', async () => {
    const response = await t.inject({ url: '/api/Fundraisers/ListActiveStates?itemId=0' });
    assert.equal(response.statusCode, 200);
  });

  it('the OpenAPI document shows the admin routes under the bearer scheme', async () => {
    const doc = (await t.inject({ url: '/api/docs/json' })).json();
    assert.equal(doc.components.securitySchemes.adminToken.scheme, 'bearer');
    assert.deepEqual(doc.paths['/api/Admin/SaveTicket'].post.security, [{ adminToken: [] }]);
    assert.deepEqual(doc.paths['/api/Admin/GetTickets'].get.tags, ['Admin']);
    assert.deepEqual(doc.paths['/api/AWSS3Controller/UploadFileAsync'].post.security, [{ adminToken: [] }]);
    assert.equal(doc.paths['/api/Fundraisers/ListActiveStates'].get.security, undefined);
  });
});

describe('admin API without ADMIN_API_TOKEN', () => {
  let closed: TestApp;
  before(async () => {
    closed = await createTestApp({ demo: false, config: { adminApiToken: undefined } });
  });
  after(() => closed.close());

  it('answers 503 on every route, with or without a token', async () => {
    for (const route of ROUTES) {
      for (const headers of [{}, AUTH, { authorization: 'Bearer ' }]) {
        const response = await closed.app.inject({
          method: route.method,
          url: route.url,
          payload: route.payload,
          headers,
        });
        assert.equal(response.statusCode, 503, route.url);
        assert.deepEqual(response.json(), { message: 'The admin API is not configured.' });
      }
    }
  });
});

describe('vendors and offers', () => {
  it('SaveVendor inserts and updates; GetVendor and GetVendors show the saved vendor', async () => {
    const created = await ok(
      post('/api/Admin/SaveVendor', {
        name: '  Ohio Bagels ',
        photoUrl: 'https://cdn.example.com/b.png',
        state: 'Ohio',
      }),
    );
    assert.ok(created.id > 3);
    assert.deepEqual(created, {
      id: created.id,
      name: 'Ohio Bagels',
      photoUrl: 'https://cdn.example.com/b.png',
      state: 'Ohio',
    });
    assert.deepEqual(await ok(get(`/api/Admin/GetVendor?vendorId=${created.id}`)), created);

    const updated = await ok(post('/api/Admin/SaveVendor', { ...created, photoUrl: '', name: 'Ohio Bagel Co.' }));
    assert.deepEqual(updated, { ...created, photoUrl: null, name: 'Ohio Bagel Co.' });
    const list = await ok(get('/api/Admin/GetVendors'));
    assert.deepEqual(
      list.find((vendor: { id: number }) => vendor.id === created.id),
      updated,
    );
  });

  it('SaveVendorOffer inserts and updates; the offer shows in GetVendorOffer, GetThisVendorsOffers and GetVendorOffers', async () => {
    const vendor = await ok(post('/api/Admin/SaveVendor', { name: 'Tea House', state: 'Texas' }));
    const blank = await ok(get(`/api/Admin/GetVendorOffer?vendorOfferId=0&vendorId=${vendor.id}`));
    assert.equal(blank.id, 0);
    assert.equal(blank.vendorName, 'Tea House');

    const saved = await ok(
      post('/api/Admin/SaveVendorOffer', {
        ...blank,
        name: 'Free Refill',
        description: 'Any hot tea.',
        photoUrl: '/uploads/abc.png',
        offerTypeId: 2,
      }),
    );
    assert.ok(saved.id > 3);
    assert.deepEqual(saved, {
      id: saved.id,
      vendorId: vendor.id,
      vendorName: 'Tea House',
      vendorState: 'Texas',
      name: 'Free Refill',
      description: 'Any hot tea.',
      photoUrl: '/uploads/abc.png',
      photoUrl2: null,
      offerTypeId: 2,
    });
    assert.deepEqual(await ok(get(`/api/Admin/GetVendorOffer?vendorOfferId=${saved.id}&vendorId=${vendor.id}`)), saved);
    assert.deepEqual(await ok(get(`/api/Admin/GetThisVendorsOffers?vendorId=${vendor.id}`)), [saved]);

    const renamed = await ok(
      post('/api/Admin/SaveVendorOffer', { id: saved.id, vendorId: vendor.id, name: 'Two Free Refills' }),
    );
    assert.equal(renamed.name, 'Two Free Refills');
    assert.equal(renamed.offerTypeId, 1);
    const all = await ok(get('/api/Admin/GetVendorOffers'));
    assert.deepEqual(
      all.find((offer: { id: number }) => offer.id === saved.id),
      renamed,
    );
  });

  it('unknown ids answer 404 with a message', async () => {
    for (const url of [
      '/api/Admin/GetVendor?vendorId=9999',
      '/api/Admin/GetThisVendorsOffers?vendorId=9999',
      '/api/Admin/GetVendorOffer?vendorOfferId=9999&vendorId=1',
      '/api/Admin/GetVendorOffer?vendorOfferId=2&vendorId=1',
      '/api/Admin/GetVendorOffer?vendorOfferId=0&vendorId=9999',
      '/api/Admin/GetTicket?ticketId=9999',
      '/api/Admin/GetTicketByFundraiser?fundraiserId=9999',
      '/api/Admin/GetTicketByFundraiser?fundraiserId=6',
      '/api/Admin/GetTeam?ticketId=9999',
      '/api/Admin/GetAvailableVendorOffers?fundraiserId=9999',
      '/api/Admin/GetAvailableVendorOffers?fundraiserId=1&currentTicket=9999',
      '/api/Admin/CreateComplimentaryTicket?ticketId=9999&qty=1',
      '/api/Admin/GetCurrentComplimentaryTickets?ticketId=9999',
      '/api/Admin/RevokeComplimentaryTicket?ticketPurchaseId=9999',
      '/api/Admin/RevokeAllComplimentaryTickets?ticketId=9999',
    ]) {
      const response = await get(url);
      assert.equal(response.statusCode, 404, url);
      assert.match(response.json().message, /not found|no offer|no ticket/, url);
    }
    for (const [url, payload] of [
      ['/api/Admin/SaveVendor', { id: 9999, name: 'Nobody' }],
      ['/api/Admin/SaveVendorOffer', { vendorId: 9999, name: 'Nothing' }],
      ['/api/Admin/SaveVendorOffer', { id: 9999, vendorId: 1, name: 'Nothing' }],
      ['/api/Admin/SaveTicket', { fundraiserId: 9999, name: 'No one', offers: [] }],
      ['/api/Admin/SaveTicket', { id: 9999, fundraiserId: 2, name: 'No one', offers: [] }],
      ['/api/Admin/SaveTicket', { fundraiserId: 2, name: 'No offer', offers: [{ vendorOfferId: 9999, ticketQty: 1 }] }],
      ['/api/Admin/SaveTeam', { id: 9999, name: 'No team' }],
      ['/api/Admin/DeleteTicket', { ticketId: 9999 }],
    ] as const) {
      const response = await post(url, payload);
      assert.equal(response.statusCode, 404, `${url} ${JSON.stringify(payload)}`);
      assert.ok(response.json().message);
    }
  });

  it('rejects invalid input with 400: lengths, ids, URL schemes, colours', async () => {
    const bad: [string, object][] = [
      ['/api/Admin/SaveVendor', { name: '' }],
      ['/api/Admin/SaveVendor', { name: '   ' }],
      ['/api/Admin/SaveVendor', { name: 'x'.repeat(201) }],
      ['/api/Admin/SaveVendor', { name: 'Evil', photoUrl: 'javascript:alert(1)' }],
      ['/api/Admin/SaveVendor', { name: 'Evil', photoUrl: 'data:image/png;base64,AAAA' }],
      ['/api/Admin/SaveVendor', { name: 'Evil', photoUrl: '//evil.example.com/x.png' }],
      ['/api/Admin/SaveVendor', { name: 'Evil', photoUrl: 'ftp://example.com/x.png' }],
      ['/api/Admin/SaveVendor', { id: -1, name: 'Negative' }],
      ['/api/Admin/SaveVendor', { id: 1.5, name: 'Fraction' }],
      ['/api/Admin/SaveVendor', { id: '1', name: 'Text id' }],
      ['/api/Admin/SaveVendorOffer', { vendorId: 0, name: 'No vendor' }],
      ['/api/Admin/SaveVendorOffer', { vendorId: 1, name: 'Long', description: 'x'.repeat(2001) }],
      ['/api/Admin/SaveTicket', { fundraiserId: 1, name: 'No offers field' }],
      ['/api/Admin/SaveTicket', { fundraiserId: 1, name: 'Qty', offers: [{ vendorOfferId: 1, ticketQty: 0 }] }],
      ['/api/Admin/SaveTicket', { fundraiserId: 1, name: 'Photo', photoUrl3: 'javascript:x', offers: [] }],
      ['/api/Admin/SaveTeam', { id: 1, name: 'Team', primaryColorHex: 'red' }],
      ['/api/Admin/SaveTeam', { id: 1, name: 'Team', secondaryColorHex: '#12345' }],
      ['/api/Admin/SaveTeam', { id: 1, name: 'Team', link1Url: 'javascript:alert(1)' }],
      ['/api/Admin/DeleteTicket', { ticketId: 'one' }],
    ];
    for (const [url, payload] of bad) {
      const response = await post(url, payload);
      assert.equal(response.statusCode, 400, `${url} ${JSON.stringify(payload)}: ${response.body}`);
      assert.ok(response.json().message);
    }
    for (const url of [
      '/api/Admin/GetVendor?vendorId=abc',
      '/api/Admin/GetVendor?vendorId=0',
      '/api/Admin/GetVendor',
      '/api/Admin/CreateComplimentaryTicket?ticketId=1&qty=0',
      '/api/Admin/CreateComplimentaryTicket?ticketId=1&qty=101',
      '/api/Admin/GetAvailableVendorOffers?fundraiserId=1&filterState=maybe',
    ]) {
      assert.equal((await get(url)).statusCode, 400, url);
    }
  });
});

describe('tickets', () => {
  let ticketId: number;

  it('SaveTicket inserts a ticket with its offers; GetTicket and GetTicketByFundraiser return it', async () => {
    const saved = await ok(
      post('/api/Admin/SaveTicket', {
        id: 0,
        fundraiserId: 4,
        name: 'Westlake Card',
        photoUrl: 'https://cdn.example.com/1.png',
        photoUrl2: '',
        offers: [
          { vendorOfferId: 1, ticketQty: 2 },
          { vendorOfferId: 2, ticketQty: 4 },
        ],
      }),
    );
    ticketId = saved.id;
    assert.ok(ticketId > 1);
    assert.match(saved.guid, /^[0-9a-f-]{36}$/);
    assert.equal(saved.photoUrl2, null);
    assert.deepEqual(
      saved.offers.map((offer: { vendorOfferId: number; ticketQty: number; vendorName: string }) => [
        offer.vendorOfferId,
        offer.ticketQty,
        offer.vendorName,
      ]),
      [
        [1, 2, "Tony's Pizza Kitchen"],
        [2, 4, 'Daily Grind Coffee'],
      ],
    );
    assert.deepEqual(await ok(get(`/api/Admin/GetTicket?ticketId=${ticketId}`)), saved);
    assert.deepEqual(await ok(get('/api/Admin/GetTicketByFundraiser?fundraiserId=4')), saved);
    const list = await ok(get('/api/Admin/GetTickets'));
    assert.deepEqual(
      list.find((ticket: { id: number }) => ticket.id === ticketId),
      {
        id: ticketId,
        guid: saved.guid,
        fundraiserId: 4,
        fundraiserName: 'Westlake Band 2026',
        schoolName: 'Westlake Middle School',
        name: 'Westlake Card',
        offerCount: 2,
      },
    );
  });

  it('SaveTicket updates: quantities change, offers left out go, new ones come; the guid stays', async () => {
    const before = await ok(get(`/api/Admin/GetTicket?ticketId=${ticketId}`));
    const saved = await ok(
      // What GetTicket gave, edited, goes back as it is (read-only fields are ignored).
      post('/api/Admin/SaveTicket', {
        ...before,
        name: 'Westlake Card 2027',
        offers: [
          { ...before.offers[1], ticketQty: 9 },
          { vendorOfferId: 3, ticketQty: 1 },
        ],
      }),
    );
    assert.equal(saved.guid, before.guid);
    assert.equal(saved.name, 'Westlake Card 2027');
    assert.deepEqual(
      saved.offers.map((offer: { id: number; vendorOfferId: number; ticketQty: number }) => [
        offer.vendorOfferId,
        offer.ticketQty,
      ]),
      [
        [2, 9],
        [3, 1],
      ],
    );
    assert.equal(saved.offers[0].id, before.offers[1].id, 'a kept offer keeps its id (redemptions point at it)');
    assert.deepEqual(await ok(get(`/api/Admin/GetTicket?ticketId=${ticketId}`)), saved);
  });

  it('a fundraiser has one ticket: a second is refused with 409; the same offer twice is a 400', async () => {
    const second = await post('/api/Admin/SaveTicket', { fundraiserId: 4, name: 'Another', offers: [] });
    assert.equal(second.statusCode, 409);
    assert.match(second.json().message, /already has ticket/);
    const twice = await post('/api/Admin/SaveTicket', {
      fundraiserId: 3,
      name: 'Twice',
      offers: [
        { vendorOfferId: 1, ticketQty: 1 },
        { vendorOfferId: 1, ticketQty: 2 },
      ],
    });
    assert.equal(twice.statusCode, 400);
  });

  it("GetAvailableVendorOffers leaves out the ticket's offers and, with filterState, other states' vendors", async () => {
    const ohio = await ok(post('/api/Admin/SaveVendor', { name: 'Buckeye Burgers', state: 'Ohio' }));
    const ohioOffer = await ok(post('/api/Admin/SaveVendorOffer', { vendorId: ohio.id, name: 'Free Fries' }));
    const ids = (list: { id: number }[]) => list.map((offer) => offer.id);

    const all = ids(await ok(get(`/api/Admin/GetAvailableVendorOffers?fundraiserId=4&currentTicket=${ticketId}`)));
    assert.ok(all.includes(1) && all.includes(ohioOffer.id));
    assert.ok(!all.includes(2) && !all.includes(3), 'offers already on the ticket are left out');

    const texas = ids(
      await ok(get(`/api/Admin/GetAvailableVendorOffers?fundraiserId=4&currentTicket=${ticketId}&filterState=true`)),
    );
    assert.ok(texas.includes(1));
    assert.ok(!texas.includes(ohioOffer.id), 'Westlake is in Texas');

    // Columbus East (fundraiser 5's school) is in Ohio; no ticket yet.
    const columbus = ids(
      await ok(get('/api/Admin/GetAvailableVendorOffers?fundraiserId=5&currentTicket=0&filterState=true')),
    );
    assert.deepEqual(columbus, [ohioOffer.id]);

    const mismatch = await get(`/api/Admin/GetAvailableVendorOffers?fundraiserId=1&currentTicket=${ticketId}`);
    assert.equal(mismatch.statusCode, 400);
  });

  it('an offer already redeemed on the ticket cannot be removed (409)', async () => {
    const ticket = await ok(get('/api/Admin/GetTicket?ticketId=1'));
    const [session] = await t.database.db.select().from(ticketPurchaseSessions).limit(1);
    await t.database.db.insert(offerRedemptions).values({
      ticketPurchaseSessionId: session!.id,
      ticketOfferId: ticket.offers[0].id,
    });
    const response = await post('/api/Admin/SaveTicket', { ...ticket, offers: ticket.offers.slice(1) });
    assert.equal(response.statusCode, 409);
    assert.match(response.json().message, /has been redeemed/);
    assert.deepEqual(await ok(get('/api/Admin/GetTicket?ticketId=1')), ticket, 'nothing changed');
  });

  it('DeleteTicket refuses a ticket with purchases (409) and deletes one without', async () => {
    const held = await post('/api/Admin/DeleteTicket', { ticketId: 1 });
    assert.equal(held.statusCode, 409);
    assert.match(held.json().message, /has purchases/);
    assert.equal((await get('/api/Admin/GetTicket?ticketId=1')).statusCode, 200);

    assert.deepEqual(await ok(post('/api/Admin/DeleteTicket', { ticketId })), { ticketId, deleted: true });
    assert.equal((await get(`/api/Admin/GetTicket?ticketId=${ticketId}`)).statusCode, 404);
    // The fundraiser can have a ticket again.
    const again = await ok(post('/api/Admin/SaveTicket', { fundraiserId: 4, name: 'New card', offers: [] }));
    assert.deepEqual(again.offers, []);
  });
});

describe('teams', () => {
  it("GetTeam gives the team of the ticket's fundraiser; SaveTeam saves colours, photos and links", async () => {
    const team = await ok(get('/api/Admin/GetTeam?ticketId=1'));
    assert.equal(team.id, 1);
    assert.equal(team.link1Name, 'Game Schedule');

    const saved = await ok(
      post('/api/Admin/SaveTeam', {
        ...team,
        primaryColorHex: '#1a2b3c',
        secondaryColorHex: 'ffffff',
        photoUrl: 'https://cdn.example.com/logo.png',
        useBackgroundPhoto: false,
        link3Url: '',
        link3Name: null,
      }),
    );
    assert.deepEqual(saved, {
      ...team,
      primaryColorHex: '1A2B3C',
      secondaryColorHex: 'FFFFFF',
      photoUrl: 'https://cdn.example.com/logo.png',
      useBackgroundPhoto: false,
      link3Url: null,
      link3Name: null,
    });
    assert.deepEqual(await ok(get('/api/Admin/GetTeam?ticketId=1')), saved);
    // The public order page shows the new colour.
    const details = (await t.inject({ url: '/api/Fundraisers/GetFundraiserDetails?fundraiserId=1' })).json();
    assert.equal(details.teamPrimaryColorHex, '1A2B3C');
  });
});

describe('complimentary tickets', () => {
  it('create 3 → listed → revoke one → revoke all', async () => {
    const demoComplimentary = 2;
    const created = await ok(get('/api/Admin/CreateComplimentaryTicket?ticketId=1&qty=3'));
    assert.equal(created.orderId, 0);
    assert.equal(created.ticketId, 1);
    assert.equal(created.revokedAt, null);
    assert.equal(created.sessions.length, 3, 'one purchase holding three tickets (Ticket n of 3)');
    assert.equal(new Set(created.sessions.map((session: { guid: string }) => session.guid)).size, 3);

    const current = await ok(get('/api/Admin/GetCurrentComplimentaryTickets?ticketId=1'));
    assert.deepEqual(
      current.map((purchase: { id: number }) => purchase.id),
      [demoComplimentary, created.id],
    );
    assert.deepEqual(current[1], created);

    const revoked = await ok(get(`/api/Admin/RevokeComplimentaryTicket?ticketPurchaseId=${demoComplimentary}`));
    assert.ok(revoked.revokedAt);
    const again = await ok(get(`/api/Admin/RevokeComplimentaryTicket?ticketPurchaseId=${demoComplimentary}`));
    assert.equal(again.revokedAt, revoked.revokedAt, 'revoking twice keeps the first time');
    assert.deepEqual(
      (await ok(get('/api/Admin/GetCurrentComplimentaryTickets?ticketId=1'))).map((p: { id: number }) => p.id),
      [created.id],
    );

    await ok(get('/api/Admin/CreateComplimentaryTicket?ticketId=1&qty=1'));
    assert.deepEqual(await ok(get('/api/Admin/RevokeAllComplimentaryTickets?ticketId=1')), { ticketId: 1, revoked: 2 });
    assert.deepEqual(await ok(get('/api/Admin/GetCurrentComplimentaryTickets?ticketId=1')), []);

    // Paid purchases are untouched and cannot be revoked here.
    const paid = await get('/api/Admin/RevokeComplimentaryTicket?ticketPurchaseId=1');
    assert.equal(paid.statusCode, 409);
    const rows = await t.database.db.select().from(ticketPurchases);
    assert.equal(rows.find((row) => row.orderId !== 0)?.revokedAt, null);
  });
});

describe('complimentary tickets on /ManageDiscounts', () => {
  it("show as 'Complimentary' (order 0) with Ticket n of m, and revoking removes them and stops the wallet", async () => {
    const created = await ok(get('/api/Admin/CreateComplimentaryTicket?ticketId=1&qty=2'));
    const purchases = await t.inject({
      url: `/api/Tickets/GetTicketPurchases?ticketPurchaseGuid=${created.guid}`,
    });
    assert.equal(purchases.statusCode, 200);
    const body = purchases.json();
    assert.equal(body.orderId, 0);
    assert.equal(body.isComplimentary, true);
    assert.deepEqual(
      body.tickets.map((ticket: { number: number; of: number }) => `${ticket.number} of ${ticket.of}`),
      ['1 of 2', '2 of 2'],
    );

    await ok(get(`/api/Admin/RevokeComplimentaryTicket?ticketPurchaseId=${created.id}`));
    const gone = await t.inject({ url: `/api/Tickets/GetTicketPurchases?ticketPurchaseGuid=${created.guid}` });
    assert.equal(gone.statusCode, 404);
    const session = created.sessions[0].guid;
    const status = await t.inject({ url: `/api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=${session}` });
    assert.equal(status.json().inactive, true);
  });
});

describe('GetBaseUrl', () => {
  it('answers the configured admin app URL', async () => {
    const custom = await createTestApp({ demo: false, config: { adminBaseUrl: 'http://localhost:8090' } });
    try {
      const response = await custom.app.inject({ url: '/api/Admin/GetBaseUrl', headers: AUTH });
      assert.deepEqual(response.json(), { url: 'http://localhost:8090' });
    } finally {
      await custom.close();
    }
  });
});

describe('races', () => {
  it('DeleteTicket and CreateComplimentaryTicket at once: one wins cleanly, never a 500', async () => {
    for (const fundraiserId of [3, 5, 6]) {
      const ticket = await ok(post('/api/Admin/SaveTicket', { fundraiserId, name: 'Race', offers: [] }));
      const [deleted, created] = await Promise.all([
        post('/api/Admin/DeleteTicket', { ticketId: ticket.id }),
        get(`/api/Admin/CreateComplimentaryTicket?ticketId=${ticket.id}&qty=2`),
      ]);
      const outcome = [deleted.statusCode, created.statusCode];
      assert.ok(
        (outcome[0] === 200 && outcome[1] === 404) || (outcome[0] === 409 && outcome[1] === 200),
        `${outcome.join(' ')}: ${deleted.body} ${created.body}`,
      );
      const exists = (await get(`/api/Admin/GetTicket?ticketId=${ticket.id}`)).statusCode === 200;
      assert.equal(exists, outcome[1] === 200);
    }
  });
});
