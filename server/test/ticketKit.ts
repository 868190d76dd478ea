import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { smsOutbox, ticketPurchaseSessions, ticketPurchases } from '../src/platform/db/schema';
import { DEVICE_COOKIE } from '../src/tickets/deviceCookie';
import type { TestApp } from './helpers';

export const TEST_PHONE = '5125550142';

/** The device cookie a response set, as a Cookie header value. */
export const deviceCookie = (response: LightMyRequestResponse) => {
  const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE);
  return cookie ? `${DEVICE_COOKIE}=${cookie.value}` : undefined;
};

/**
 * What ticket tests do again and again, on the app a test file opened in `before` (hence the getter):
 * new purchases of demo ticket 1, the texted activation link, a device bound to a ticket.
 */
export function ticketKit(app: () => TestApp) {
  const post = (url: string, payload?: object, cookie?: string) =>
    app().inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

  /** A fresh purchase of the demo ticket with `qty` unactivated tickets. */
  async function newPurchase(qty = 1): Promise<{ purchaseGuid: string; sessions: string[] }> {
    const db = app().database.db;
    const purchaseGuid = randomUUID();
    const [purchase] = await db
      .insert(ticketPurchases)
      .values({ guid: purchaseGuid, ticketId: 1, orderId: 0 })
      .returning({ id: ticketPurchases.id });
    const sessions = Array.from({ length: qty }, () => randomUUID());
    await db.insert(ticketPurchaseSessions).values(sessions.map((guid) => ({ guid, ticketPurchaseId: purchase!.id })));
    return { purchaseGuid, sessions };
  }

  async function lastTextTo(phone: string) {
    const [text] = await app()
      .database.db.select()
      .from(smsOutbox)
      .where(eq(smsOutbox.toPhone, phone))
      .orderBy(desc(smsOutbox.id))
      .limit(1);
    return text;
  }

  async function codeTexted(phone: string): Promise<string> {
    const text = await lastTextTo(phone);
    const code = /\?code=([A-Za-z0-9_-]+)/.exec(text?.body ?? '')?.[1];
    assert.ok(code, `no activation link in ${text?.body}`);
    return code;
  }

  /** Registers the phone on the session, opens the texted link and binds a device; returns its cookie. */
  async function activate(session: string, phone = TEST_PHONE, cookie?: string): Promise<string> {
    const added = await post(
      '/api/Tickets/AddPhone',
      { phoneNumber: phone, ticketPurchaseSessionGuid: session },
      cookie,
    );
    assert.equal(added.statusCode, 200, added.body);
    const code = await codeTexted(phone);
    const bound = await post('/api/Tickets/RedeemLink', { ticketPurchaseSessionGuid: session, code }, cookie);
    assert.equal(bound.statusCode, 200, bound.body);
    const set = deviceCookie(bound);
    assert.ok(set);
    return set;
  }

  return { newPurchase, lastTextTo, codeTexted, activate };
}
