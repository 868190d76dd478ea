import type { Receipt } from '../contracts/orders';

/**
 * A paid card order's receipt as GetReceipt answers it: two tubs of cookie dough, no donation,
 * shipping or covered fee, no issuer configured. Tests override what they are about.
 */
export const testReceipt = (overrides: Partial<Receipt> = {}): Receipt => ({
  orderId: 1042,
  teamName: 'Varsity Football',
  schoolName: 'Lincoln High School',
  studentFirstName: 'Jordan',
  studentLastName: 'Rivera',
  supporterFirstName: 'Casey',
  supporterLastName: 'Morgan',
  donorEmail: 'casey@example.com',
  paidAt: '2026-03-01T15:04:00.000Z',
  lines: [{ name: 'Cookie Dough: Chocolate Chip', quantity: 2, unitPrice: 1800, lineTotal: 3600 }],
  donation: 0,
  shippingTotal: 0,
  coveredFee: 0,
  orderTotal: 3600,
  organization: { legalName: '', address: '', taxId: '' },
  payment: { paymentTypeId: 2, brand: 'visa', last4: '1111', reference: 'ch_1', checkNumber: null },
  ...overrides,
});
