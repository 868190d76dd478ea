// Test data made through the public API, for pages that need an order in a given state.
import { expect, type APIRequestContext } from '@playwright/test';

export const DEVICE = '11111111-1111-4111-8111-111111111111';

const student = { studentFirstName: 'Jordan', studentLastName: 'Rivera' };

const supporter = (orderId: number) => ({
  orderId,
  supporterFirstName: 'Casey',
  supporterLastName: 'Morgan',
  supporterPhoneNumber: '5125550188',
  donorEmail: 'casey@example.com',
  country: 'United States',
  shippingAddress: '1 Main St',
  shippingAddress2: null,
  shippingCity: 'Austin',
  shippingState: 'TX',
  shippingZip: '78701',
});

async function createOrder(request: APIRequestContext, body: Record<string, unknown>): Promise<number> {
  const response = await request.post('/api/Orders/CreateOrder', { data: { ...student, ...body } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as number;
}

/** An unpaid card order: a $50 donation plus a tub of cookie dough. */
export const unpaidCardOrder = (request: APIRequestContext, fundraiserId = 1) =>
  createOrder(request, {
    fundraiserId,
    donation: 5000,
    fundraiserOrderItems: [{ itemId: 11, fundraiserOrderItemOptions: [{ itemOptionId: 111, qty: 1 }] }],
  });

/** An unpaid cash/check order from the demo student's page: two tubs of cookie dough. */
export const unpaidCashCheckOrder = (request: APIRequestContext) =>
  createOrder(request, {
    fundraiserId: 1,
    fundraiserDeviceGuid: DEVICE,
    isCashCheck: true,
    fundraiserOrderItems: [{ itemId: 11, fundraiserOrderItemOptions: [{ itemOptionId: 111, qty: 2 }] }],
  });

/** A cash/check order recorded as paid in cash; resolves to its receipt's path and query. */
export async function paidCashReceipt(request: APIRequestContext): Promise<string> {
  const orderId = await unpaidCashCheckOrder(request);
  const paid = await request.post('/api/Orders/ProcessOrderCashCheck', {
    data: { ...supporter(orderId), paymentTypeId: 1, checkNumber: null },
  });
  expect(await paid.json()).toBe('success');
  const receipt = await request.post(`/api/donor/digitalReceipt/${orderId}`);
  const url = new URL((await receipt.json()) as string);
  return url.pathname + url.search;
}

let phones = 0;

/** A new student page on the demo fundraiser with its own phone, reminders unanswered or set. */
export async function newStudentPage(
  request: APIRequestContext,
  reminders: boolean | null = null,
): Promise<{ guid: string; phone: string }> {
  const phone = `512${String(Date.now() + phones++).slice(-7)}`;
  const response = await request.post('/api/Orders/NewFundraiserDevice', {
    data: { fundraiserId: 1, phone, studentFirstName: 'Avery', studentLastName: 'Quinn' },
  });
  expect(response.ok()).toBe(true);
  if (reminders !== null) {
    const saved = await request.post('/api/Students/UpdateOptInStatus', { data: { phone, status: reminders } });
    expect(saved.ok()).toBe(true);
  }
  return { guid: (await response.json()) as string, phone };
}
