// Test data made through the public API, for pages that need an order in a given state.
//
// An order belongs to the browser that made it (the httpOnly fu_browser cookie, docs/security.md):
// only that browser can open, edit, pay it or get its receipt link. So the request context passed
// here must be the page's own (page.request or context.request, which share the page's cookies),
// never the test's separate `request` fixture, whose orders no page could open.
import { expect, type APIRequestContext } from '@playwright/test';
import { lastTextTo, linkIn } from './wallet';

export const DEVICE = '11111111-1111-4111-8111-111111111111';

const student = { studentFirstName: 'Jordan', studentLastName: 'Rivera' };

/** The supporter's details a checkout sends with an order (ProcessOrder, ProcessOrderCashCheck). */
export const supporterDetails = (orderId: number) => ({
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

/** A card order's lines: a $50 donation plus `tubs` tubs of cookie dough ($18.00 each). */
const cardOrder = (fundraiserId: number, tubs: number) => ({
  fundraiserId,
  donation: 5000,
  fundraiserOrderItems: [{ itemId: 11, fundraiserOrderItemOptions: [{ itemOptionId: 111, qty: tubs }] }],
});

/** An unpaid card order: a $50 donation plus a tub of cookie dough ($68.00). */
export const unpaidCardOrder = (request: APIRequestContext, fundraiserId = 1) =>
  createOrder(request, cardOrder(fundraiserId, 1));

/**
 * Changes an unpaid card order of fundraiser 1 to `tubs` tubs of cookie dough and the $50
 * donation, as its Edit page would (CreateOrder with its orderId), from the browser that owns it.
 */
export const changeCardOrder = (request: APIRequestContext, orderId: number, tubs: number) =>
  createOrder(request, { orderId, ...cardOrder(1, tubs) });

/**
 * An unpaid cash/check order: two tubs of cookie dough, a student's own sale, made with the demo
 * student's page guid (the only kind of order cash or a check may pay).
 */
export const unpaidCashCheckOrder = (request: APIRequestContext) =>
  createOrder(request, {
    fundraiserId: 1,
    fundraiserDeviceGuid: DEVICE,
    isCashCheck: true,
    fundraiserOrderItems: [{ itemId: 11, fundraiserOrderItemOptions: [{ itemOptionId: 111, qty: 2 }] }],
  });

/** A cash/check order of this browser recorded as paid in cash; resolves to its id. */
export async function paidCashOrder(request: APIRequestContext): Promise<number> {
  const orderId = await unpaidCashCheckOrder(request);
  const paid = await request.post('/api/Orders/ProcessOrderCashCheck', {
    // Two tubs at $18.00: the total the cash/check page shows, and so what the student collected.
    data: { ...supporterDetails(orderId), paymentTypeId: 1, checkNumber: null, payment: { amount: 3600 } },
  });
  expect(await paid.json()).toBe('success');
  return orderId;
}

/** A cash/check order of this browser recorded as paid in cash; resolves to its receipt's path and query. */
export async function paidCashReceipt(request: APIRequestContext): Promise<string> {
  const orderId = await paidCashOrder(request);
  const receipt = await request.post(`/api/donor/digitalReceipt/${orderId}`);
  expect(receipt.ok(), await receipt.text()).toBe(true);
  const url = new URL((await receipt.json()) as string);
  return url.pathname + url.search;
}

let phones = 0;

/**
 * A phone number no other page or order of recent runs has: area code 512, an exchange of 520-529
 * (never a service code such as 511, which the phone rule refuses) and five digits of the clock.
 */
export const freshPhone = (): string => `51252${String(Date.now() + phones++).slice(-5)}`;

/**
 * A new student page on the demo fundraiser with its own phone, reminders unanswered or set. Set
 * on, they wait for the phone to confirm the page: the server texts it a confirmation link
 * (confirmPhoneByText opens it).
 */
export async function newStudentPage(
  request: APIRequestContext,
  reminders: boolean | null = null,
): Promise<{ guid: string; phone: string }> {
  const phone = freshPhone();
  const response = await request.post('/api/Orders/NewFundraiserDevice', {
    data: { fundraiserId: 1, phone, studentFirstName: 'Avery', studentLastName: 'Quinn', studentIs13OrOlder: true },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const guid = (await response.json()) as string;
  if (reminders !== null) {
    const saved = await request.post('/api/Students/UpdateOptInStatus', {
      data: { phone, status: reminders, fundraiserDeviceGuid: guid },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    expect(await saved.json()).toMatchObject({ isOptedIn: reminders, phoneConfirmed: false });
  }
  return { guid, phone };
}

/**
 * Issue 34 (COPPA): a student page that is private: answered under 13, or made the spec's way,
 * without the age answer.
 */
export async function newPrivateStudentPage(
  request: APIRequestContext,
  age: 'under 13' | 'unanswered' = 'under 13',
): Promise<{ guid: string; phone: string }> {
  const phone = freshPhone();
  const answer = age === 'under 13' ? { studentIs13OrOlder: false } : {};
  const response = await request.post('/api/Orders/NewFundraiserDevice', {
    data: { fundraiserId: 1, phone, studentFirstName: 'Mia', studentLastName: 'Okafor', ...answer },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return { guid: (await response.json()) as string, phone };
}

/** Asks for a parent's link for a private page (as its card does); the link texted to the parent's phone. */
export async function parentConsentLink(request: APIRequestContext, guid: string): Promise<URL> {
  const parentPhone = freshPhone();
  const sent = await request.post('/api/Students/RequestParentConsent', {
    data: { fundraiserDeviceGuid: guid, parentPhone },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const link = linkIn(await lastTextTo(request, parentPhone));
  expect(link.pathname).toMatch(/^\/ParentConsent\/[\w-]+$/);
  return link;
}

/** The link of the newest text to the page's phone: its confirmation link, /Fundraiser/{guid}?confirm={code}. */
export async function confirmationLink(request: APIRequestContext, page: { guid: string; phone: string }) {
  const link = linkIn(await lastTextTo(request, page.phone));
  expect(link.pathname).toBe(`/Fundraiser/${page.guid}`);
  expect(link.searchParams.get('confirm')).toBeTruthy();
  return link;
}

/**
 * Confirms the page's phone with the code texted to it, as the Confirm button on the texted link
 * does: the page's reminders may go out, and this request's browser sees every page of the phone.
 */
export async function confirmPhoneByText(request: APIRequestContext, page: { guid: string; phone: string }) {
  const link = await confirmationLink(request, page);
  const confirmed = await request.post('/api/Students/ConfirmPhone', {
    data: { fundraiserDeviceGuid: page.guid, code: link.searchParams.get('confirm') },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}
