import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { offerRedemptions, ticketPurchaseSessions } from '../src/platform/db/schema';
import { TEST_ADMIN_TOKEN } from '../src/platform/config/config';
import { createTestApp, type TestApp } from './helpers';

// Every refusal of the admin API (spec §7 "Admin (api/Admin/)"), with its status and whole answer: the
// admin app shows these sentences, so they stay word for word. Demo data: ticket 1 is fundraiser 1's, with
// vendor offers 1–3 (one per vendor); ticket purchase 1 was paid for (order 1), purchase 2 is complimentary.

const AUTH = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
let t: TestApp;

before(async () => {
  t = await createTestApp();
});
after(() => t.close());

type Refusal = [call: string, payload: object | undefined, status: number, answer: object];

const notFound = (message: string) => [404, { message }] as const;

/** Asks each call and compares its status and JSON answer with the expected ones. */
async function expectRefusals(refusals: Refusal[]) {
  for (const [call, payload, status, answer] of refusals) {
    const [method, url] = call.split(' ') as ['GET' | 'POST', string];
    const response = await t.inject({ method, url, payload, headers: AUTH });
    assert.deepEqual({ call, status: response.statusCode, answer: response.json() }, { call, status, answer });
  }
}

describe('admin refusals, word for word', () => {
  it('vendors and their offers', async () => {
    await expectRefusals([
      ['GET /api/Admin/GetVendor?vendorId=9999', undefined, ...notFound('Vendor 9999 not found.')],
      ['GET /api/Admin/GetThisVendorsOffers?vendorId=9999', undefined, ...notFound('Vendor 9999 not found.')],
      [
        'GET /api/Admin/GetVendorOffer?vendorOfferId=9999&vendorId=1',
        undefined,
        ...notFound('Vendor offer 9999 not found.'),
      ],
      ['GET /api/Admin/GetVendorOffer?vendorOfferId=2&vendorId=1', undefined, ...notFound('Vendor 1 has no offer 2.')],
      ['GET /api/Admin/GetVendorOffer?vendorOfferId=0&vendorId=9999', undefined, ...notFound('Vendor 9999 not found.')],
      ['POST /api/Admin/SaveVendor', { id: 9999, name: 'Nobody' }, ...notFound('Vendor 9999 not found.')],
      ['POST /api/Admin/SaveVendorOffer', { vendorId: 9999, name: 'Nothing' }, ...notFound('Vendor 9999 not found.')],
      [
        'POST /api/Admin/SaveVendorOffer',
        { id: 9999, vendorId: 1, name: 'Nothing' },
        ...notFound('Vendor offer 9999 not found.'),
      ],
      [
        'GET /api/Admin/GetAvailableVendorOffers?fundraiserId=9999',
        undefined,
        ...notFound('Fundraiser 9999 not found.'),
      ],
      [
        'GET /api/Admin/GetAvailableVendorOffers?fundraiserId=1&currentTicket=9999',
        undefined,
        ...notFound('Ticket 9999 not found.'),
      ],
      [
        'GET /api/Admin/GetAvailableVendorOffers?fundraiserId=2&currentTicket=1',
        undefined,
        400,
        { message: 'Ticket 1 belongs to another fundraiser.' },
      ],
    ]);
  });

  it('reading tickets, teams and fundraisers', async () => {
    await expectRefusals([
      ['GET /api/Admin/GetTicket?ticketId=9999', undefined, ...notFound('Ticket 9999 not found.')],
      ['GET /api/Admin/GetTicketByFundraiser?fundraiserId=9999', undefined, ...notFound('Fundraiser 9999 not found.')],
      [
        'GET /api/Admin/GetTicketByFundraiser?fundraiserId=6',
        undefined,
        ...notFound('Fundraiser 6 has no ticket yet.'),
      ],
      ['GET /api/Admin/GetTeam?ticketId=9999', undefined, ...notFound('Ticket 9999 not found.')],
      ['POST /api/Admin/SaveTeam', { id: 9999, name: 'No team' }, ...notFound('Team 9999 not found.')],
      ['GET /api/Admin/GetFundraiser?fundraiserId=9999', undefined, ...notFound('Fundraiser 9999 not found.')],
      [
        'POST /api/Admin/SaveFundraiser',
        { id: 9999, goalPerStudentCents: 100 },
        ...notFound('Fundraiser 9999 not found.'),
      ],
      ['POST /api/Admin/SaveFundraiser', { id: 9999 }, ...notFound('Fundraiser 9999 not found.')],
    ]);
  });

  it('schools and who issues their receipts (issue 34): clear 400s for what cannot be kept, never a 500', async () => {
    const boosters = { legalName: 'Lincoln Boosters Inc.', is501c3: true };
    await expectRefusals([
      ['GET /api/Admin/GetSchool?schoolId=9999', undefined, ...notFound('School 9999 not found.')],
      ['POST /api/Admin/SaveSchool', { id: 9999 }, ...notFound('School 9999 not found.')],
      ['POST /api/Admin/SaveSchool', { id: 9999, organization: boosters }, ...notFound('School 9999 not found.')],
      [
        'POST /api/Admin/SaveSchool',
        { id: 1, organization: { ...boosters, legalName: '   ' } },
        400,
        {
          message: "Please give the organisation's legal name, as its receipts must name it.",
          errors: [
            {
              field: 'organization.legalName',
              message: "Please give the organisation's legal name, as its receipts must name it.",
            },
          ],
        },
      ],
      [
        'POST /api/Admin/SaveSchool',
        { id: 1, organization: { ...boosters, taxId: '12-345678' } },
        400,
        {
          message: 'A tax id (EIN) is nine digits, written 12-3456789.',
          errors: [{ field: 'organization.taxId', message: 'A tax id (EIN) is nine digits, written 12-3456789.' }],
        },
      ],
    ]);
    // What the schema refuses: each names its field, none reaches the database.
    for (const [payload, field] of [
      [{ id: 1, organization: { legalName: 'Lincoln Boosters Inc.' } }, 'organization.is501c3'],
      [{ id: 1, organization: { ...boosters, is501c3: 'yes' } }, 'organization.is501c3'],
      [{ id: 1, organization: 'Lincoln Boosters Inc.' }, 'organization'],
      [{ id: 1, organization: { ...boosters, legalName: 'x'.repeat(201) } }, 'organization.legalName'],
      [{ id: 1, organization: { ...boosters, taxId: 123456789 } }, 'organization.taxId'],
      [{ id: 0, organization: null }, 'id'],
      [{ organization: null }, 'id'],
    ] as const) {
      const response = await t.inject({ method: 'POST', url: '/api/Admin/SaveSchool', payload, headers: AUTH });
      assert.equal(response.statusCode, 400, `${JSON.stringify(payload)}: ${response.body}`);
      const answer = response.json<{ message: string; errors: { field: string }[] }>();
      assert.equal(answer.errors[0]?.field, field, response.body);
      assert.match(answer.message, new RegExp(`^Invalid ${field.replace('.', '\\.')}: `), response.body);
    }
    for (const url of [
      '/api/Admin/GetSchool?schoolId=0',
      '/api/Admin/GetSchool?schoolId=one',
      '/api/Admin/GetSchool',
    ]) {
      assert.equal((await t.inject({ url, headers: AUTH })).statusCode, 400, url);
    }
    const school = await t.inject({ url: '/api/Admin/GetSchool?schoolId=1', headers: AUTH });
    assert.equal(school.json<{ organization: unknown }>().organization, null, 'nothing refused was kept');
  });

  it('saving and deleting tickets', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/api/Admin/SaveTicket',
      payload: { fundraiserId: 4, name: 'Band card', offers: [] },
      headers: AUTH,
    });
    assert.equal(created.statusCode, 200, created.body);
    const bandTicket = created.json<{ id: number }>().id;
    const ticket1 = { id: 1, fundraiserId: 1, name: 'Lincoln Lions Discount Card' };
    await expectRefusals([
      [
        'POST /api/Admin/SaveTicket',
        {
          fundraiserId: 3,
          name: 'Twice',
          offers: [
            { vendorOfferId: 1, ticketQty: 1 },
            { vendorOfferId: 1, ticketQty: 2 },
          ],
        },
        400,
        {
          message: 'Vendor offer 1 is on the ticket twice.',
          errors: [{ field: 'offers', message: 'Vendor offer 1 is listed more than once.' }],
        },
      ],
      [
        'POST /api/Admin/SaveTicket',
        { fundraiserId: 9999, name: 'No one', offers: [] },
        ...notFound('Fundraiser 9999 not found.'),
      ],
      [
        'POST /api/Admin/SaveTicket',
        { fundraiserId: 2, name: 'No offer', offers: [{ vendorOfferId: 9999, ticketQty: 1 }] },
        ...notFound('Vendor offer 9999 not found.'),
      ],
      [
        'POST /api/Admin/SaveTicket',
        { id: 9999, fundraiserId: 2, name: 'No one', offers: [] },
        ...notFound('Ticket 9999 not found.'),
      ],
      [
        'POST /api/Admin/SaveTicket',
        { fundraiserId: 1, name: 'A second', offers: [] },
        409,
        { message: 'Fundraiser 1 already has ticket 1.' },
      ],
      [
        'POST /api/Admin/SaveTicket',
        { id: bandTicket, fundraiserId: 1, name: 'Moved', offers: [] },
        409,
        { message: 'Fundraiser 1 already has ticket 1.' },
      ],
      [
        'POST /api/Admin/DeleteTicket',
        { ticketId: 1 },
        409,
        {
          message:
            'Ticket 1 has purchases (paid or complimentary), so it cannot be deleted. Revoke complimentary tickets instead.',
        },
      ],
      ['POST /api/Admin/DeleteTicket', { ticketId: 9999 }, ...notFound('Ticket 9999 not found.')],
    ]);

    const [session] = await t.database.db.select().from(ticketPurchaseSessions).limit(1);
    await t.database.db.insert(offerRedemptions).values({ ticketPurchaseSessionId: session!.id, ticketOfferId: 1 });
    const keptOffers = [
      { vendorOfferId: 2, ticketQty: 5 },
      { vendorOfferId: 3, ticketQty: 3 },
    ];
    await expectRefusals([
      [
        'POST /api/Admin/SaveTicket',
        { ...ticket1, offers: keptOffers },
        409,
        { message: 'Vendor offer 1 has been redeemed on this ticket, so it cannot be removed.' },
      ],
    ]);
  });

  it('complimentary tickets', async () => {
    await expectRefusals([
      [
        'GET /api/Admin/CreateComplimentaryTicket?ticketId=9999&qty=1',
        undefined,
        ...notFound('Ticket 9999 not found.'),
      ],
      ['GET /api/Admin/GetCurrentComplimentaryTickets?ticketId=9999', undefined, ...notFound('Ticket 9999 not found.')],
      ['GET /api/Admin/RevokeAllComplimentaryTickets?ticketId=9999', undefined, ...notFound('Ticket 9999 not found.')],
      [
        'GET /api/Admin/RevokeComplimentaryTicket?ticketPurchaseId=9999',
        undefined,
        ...notFound('Ticket purchase 9999 not found.'),
      ],
      [
        'GET /api/Admin/RevokeComplimentaryTicket?ticketPurchaseId=1',
        undefined,
        409,
        { message: 'Ticket purchase 1 was paid for; only complimentary tickets can be revoked.' },
      ],
    ]);
  });
});
