// Ticket activation (docs/tickets-api.md): the single-use codes texted to a ticket's phone, and the
// device a ticket is bound to. The rules (newest code only, single use, expiry, one device) live in
// tickets/services/ticketActivationCodes.ts; these are its statements, each on the database or transaction given.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { ticketActivationCodes, ticketPurchaseSessions } from '../../platform/db/schema';

export type ActivationCodeRow = typeof ticketActivationCodes.$inferSelect;
/**
 * 'activate' binds a ticket no device holds (texted by AddPhone, or handed to the buyer's browser by
 * UseTicketHere); 'share' does the same from the link its buyer texted (ShareTicketPurchase, valid
 * for days); 'reactivate' moves the ticket to the device that opens it.
 */
export type ActivationKind = 'activate' | 'reactivate' | 'share';

/** What binding a device sets on a session: the device token's hash, when, and the phone it came through. */
export interface DeviceBinding {
  deviceTokenHash: string;
  keyActivatedAt: Date;
  phone: string;
}

/** Marks the session's unused codes used, so only a newer one works. */
export async function retireCodesOfSession(tx: Executor, sessionId: number, now: Date): Promise<void> {
  await tx
    .update(ticketActivationCodes)
    .set({ usedAt: now })
    .where(and(eq(ticketActivationCodes.ticketPurchaseSessionId, sessionId), isNull(ticketActivationCodes.usedAt)));
}

export async function insertCode(
  tx: Executor,
  values: { ticketPurchaseSessionId: number; codeHash: string; kind: ActivationKind; phone: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(ticketActivationCodes).values(values);
}

/** The session's code with this hash, if any. */
export async function codeOfSession(
  tx: Executor,
  codeHash: string,
  sessionId: number,
): Promise<ActivationCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(ticketActivationCodes)
    .where(
      and(eq(ticketActivationCodes.codeHash, codeHash), eq(ticketActivationCodes.ticketPurchaseSessionId, sessionId)),
    );
  return row;
}

/** Uses the code if it is still unused and unexpired (one conditional UPDATE: works once under a race). */
export async function claimCode(tx: Executor, codeId: number, now: Date): Promise<boolean> {
  const [claimed] = await tx
    .update(ticketActivationCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(ticketActivationCodes.id, codeId),
        isNull(ticketActivationCodes.usedAt),
        gt(ticketActivationCodes.expiresAt, now),
      ),
    )
    .returning({ id: ticketActivationCodes.id });
  return claimed !== undefined;
}

/** Binds the session to a device whatever device held it: the ticket moves. */
export async function moveSessionToDevice(tx: Executor, sessionId: number, binding: DeviceBinding): Promise<void> {
  await tx.update(ticketPurchaseSessions).set(binding).where(eq(ticketPurchaseSessions.id, sessionId));
}

/**
 * Binds the session only if no device holds it (`… AND device_token_hash IS NULL`): of two devices
 * racing, exactly one gets true.
 */
export async function bindUnboundSession(tx: Executor, sessionId: number, binding: DeviceBinding): Promise<boolean> {
  const [bound] = await tx
    .update(ticketPurchaseSessions)
    .set(binding)
    .where(and(eq(ticketPurchaseSessions.id, sessionId), isNull(ticketPurchaseSessions.deviceTokenHash)))
    .returning({ id: ticketPurchaseSessions.id });
  return bound !== undefined;
}

/** The hash of the device token the session is bound to now, if any. */
export async function deviceOfSession(tx: Executor, sessionId: number): Promise<string | null | undefined> {
  const [current] = await tx
    .select({ hash: ticketPurchaseSessions.deviceTokenHash })
    .from(ticketPurchaseSessions)
    .where(eq(ticketPurchaseSessions.id, sessionId));
  return current?.hash;
}
