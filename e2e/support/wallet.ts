import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_TOKEN } from './stack';

interface OutboxText {
  toPhone: string;
  body: string;
}

/** The texts sent to a phone, newest first, read from the development outbox (its latest 100 texts). */
export async function textsTo(request: APIRequestContext, phone: string): Promise<string[]> {
  const response = await request.get('/dev/sms-outbox', { headers: { accept: 'application/json' } });
  const texts = (await response.json()) as OutboxText[];
  return texts.filter((row) => row.toPhone.replace(/\D/g, '').endsWith(phone)).map((row) => row.body);
}

/** The newest text sent to a phone, read from the development outbox. */
export async function lastTextTo(request: APIRequestContext, phone: string): Promise<string> {
  const [text] = await textsTo(request, phone);
  expect(text, `a text to ${phone}`).toBeDefined();
  return text!;
}

export const linkIn = (text: string) => new URL(text.match(/https?:\/\/\S+/)![0]);

/** A complimentary purchase of the demo's ticket 1 with one ticket: its guid and the ticket's. */
export async function newComplimentaryPurchase(
  request: APIRequestContext,
): Promise<{ purchase: string; session: string }> {
  const created = await request.get('/api/Admin/CreateComplimentaryTicket?ticketId=1&qty=1', {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(created.ok()).toBe(true);
  const purchase = (await created.json()) as { guid: string; sessions: { guid: string }[] };
  return { purchase: purchase.guid, session: purchase.sessions[0]!.guid };
}

/** A complimentary ticket of the demo's ticket 1, so a journey does not change the demo tickets. */
export async function newComplimentaryTicket(request: APIRequestContext): Promise<string> {
  return (await newComplimentaryPurchase(request)).session;
}

/** Registers the ticket on this browser as its holder does: the phone typed, the texted link opened. */
export async function activateOnThisPhone(page: Page, request: APIRequestContext, session: string, phone: string) {
  await page.goto(`/ActivateTicket/${session}`);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/Confirmation/);
  await registerFromText(page, request, phone);
  await page.getByTestId('offer').first().waitFor();
}

/** Opens the texted activation link and registers this browser as the ticket's device. */
export async function registerFromText(
  page: Page,
  request: APIRequestContext,
  phone: string,
  button = 'Register This Device',
) {
  const link = linkIn(await lastTextTo(request, phone));
  await page.goto(link.pathname + link.search);
  await page.getByRole('button', { name: button }).click();
}
