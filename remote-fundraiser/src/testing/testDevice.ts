import type { FundraiserDevice } from '@fu/shared';

/** A student's page as GetMyFundraiser returns it, for component tests. */
export function testDevice(overrides: Partial<FundraiserDevice> = {}): FundraiserDevice {
  return {
    guid: '11111111-1111-4111-8111-111111111111',
    socialGuid: '33333333-3333-4333-8333-333333333333',
    phone: '5125550100',
    isOptedIn: null,
    phoneConfirmed: false,
    privacy: { studentIs13OrOlder: true, parentConfirmed: false, isPrivate: false, textsPhone: '5125550100' },
    studentFirstName: 'Jordan',
    studentLastName: 'Rivera',
    fundraiser: {
      id: 1,
      name: 'Varsity Football Fall Fundraiser',
      startDate: '2026-11-01',
      endDate: '2026-12-31',
      isActive: true,
      goal: 50000,
      teamName: 'Varsity Football',
      schoolName: 'Lincoln High School',
      fundraiserItems: [
        {
          item: {
            itemId: 11,
            messageTextName: 'Cookie Dough',
            itemsOptions: [{ itemOptionId: 111, itemOptionTypeId: 0, name: 'Chocolate Chip', price: 1800 }],
          },
        },
      ],
      ticket: { guid: '22222222-2222-4222-8222-222222222222' },
    },
    orders: [],
    ordersQty: 2,
    ordersTotal: 8600,
    ...overrides,
  };
}
