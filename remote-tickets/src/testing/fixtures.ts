import type { TicketOffer, TicketSession } from '@fu/shared';

export const SESSION = '22222222-2222-4222-8222-222222222222';
export const PURCHASE = '33333333-3333-4333-8333-333333333333';

export function testSession(overrides: Partial<TicketSession> = {}): TicketSession {
  return {
    guid: SESSION,
    isTicket: false,
    isSession: true,
    keyActivatedAt: '2026-11-20T10:00:00.000Z',
    phone: '5125550188',
    deviceBound: true,
    inactive: false,
    ticketPurchaseGuid: PURCHASE,
    repeatWarningMinutes: 30,
    ticket: {
      id: 1,
      guid: 'a1a1a1a1-0000-4000-8000-000000000001',
      name: 'Lincoln Lions Discount Card',
      photoUrls: ['/images/ticket-photo.svg'],
      fundraiserId: 1,
      fundraiserName: 'Lincoln Football 2026',
      schoolName: 'Lincoln High School',
      teamName: 'Varsity Football',
      team: {
        id: 1,
        name: 'Varsity Football',
        primaryColorHex: '112D48',
        secondaryColorHex: '26C6DA',
        photoUrl: null,
        useBackgroundPhoto: false,
        backgroundPhotoUrl: null,
      },
    },
    teamLinks: [
      { number: 2, name: 'Schedule', url: 'https://example.test/schedule' },
      { number: 3, name: 'Roster', url: 'https://example.test/roster' },
      { number: 1, name: 'Team site', url: 'https://example.test/' },
    ],
    ...overrides,
  };
}

export function testOffer(overrides: Partial<TicketOffer> = {}): TicketOffer {
  return {
    id: 3,
    ticketQty: 3,
    redeemedCount: 0,
    isRedeemed: false,
    lastRedeemedAt: null,
    vendorOffer: {
      id: 3,
      name: 'Free small fries',
      description: 'With any sandwich.',
      photoUrl: null,
      photoUrl2: null,
      offerTypeId: 1,
      vendor: { id: 1, name: 'Burger Barn', photoUrl: null },
    },
    purchaseGuid: PURCHASE,
    ...overrides,
  };
}

export const okStatus = { success: true, sample: false, redirect: null, inactive: false };
