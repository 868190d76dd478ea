// Offer redemptions (docs/offline-wallet.md): how often a ticket used an offer, and the idempotency
// keys of queued taps. The rules (at most ticketQty, one device, a key counts once) live in
// tickets/services/redeemOffer.ts; these are its statements, each on the database or transaction given.
import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { offerRedemptions, ticketOffers, ticketPurchaseSessions } from '../../platform/db/schema';

/**
 * Locks the session row (`SELECT … FOR UPDATE`) until the transaction ends, so one ticket's taps
 * are serialised; answers the device it is bound to (undefined for no such session).
 */
export async function lockSessionDevice(tx: Executor, sessionId: number): Promise<{ hash: string | null } | undefined> {
  const [session] = await tx
    .select({ hash: ticketPurchaseSessions.deviceTokenHash })
    .from(ticketPurchaseSessions)
    .where(eq(ticketPurchaseSessions.id, sessionId))
    .for('update');
  return session;
}

/** How often the ticket may use the offer, if the offer is on that ticket. */
export async function offerQtyOnTicket(
  tx: Executor,
  ticketOfferId: number,
  ticketId: number,
): Promise<number | undefined> {
  const [offer] = await tx
    .select({ ticketQty: ticketOffers.ticketQty })
    .from(ticketOffers)
    .where(and(eq(ticketOffers.id, ticketOfferId), eq(ticketOffers.ticketId, ticketId)));
  return offer?.ticketQty;
}

/** The ticket, offer and time a stored idempotency key redeemed, if it is stored. */
export async function redemptionOfKey(
  tx: Executor,
  key: string,
): Promise<{ sessionId: number; offerId: number; redeemedAt: Date } | undefined> {
  const [row] = await tx
    .select({
      sessionId: offerRedemptions.ticketPurchaseSessionId,
      offerId: offerRedemptions.ticketOfferId,
      redeemedAt: offerRedemptions.redeemedAt,
    })
    .from(offerRedemptions)
    .where(eq(offerRedemptions.idempotencyKey, key));
  return row;
}

/** How often the ticket has redeemed the offer. */
export async function redemptionCount(tx: Executor, sessionId: number, ticketOfferId: number): Promise<number> {
  const [used] = await tx
    .select({ n: count() })
    .from(offerRedemptions)
    .where(
      and(eq(offerRedemptions.ticketPurchaseSessionId, sessionId), eq(offerRedemptions.ticketOfferId, ticketOfferId)),
    );
  return Number(used?.n ?? 0);
}

/**
 * Records one redemption and answers when it was recorded; undefined when its idempotency key is
 * already stored (`ON CONFLICT DO NOTHING` on the unique key, so the transaction stays usable). A
 * null key never conflicts.
 */
export async function insertRedemption(
  tx: Executor,
  values: { sessionId: number; ticketOfferId: number; idempotencyKey: string | null },
): Promise<Date | undefined> {
  const inserted = await tx
    .insert(offerRedemptions)
    .values({
      ticketPurchaseSessionId: values.sessionId,
      ticketOfferId: values.ticketOfferId,
      idempotencyKey: values.idempotencyKey,
    })
    .onConflictDoNothing({ target: offerRedemptions.idempotencyKey })
    .returning({ redeemedAt: offerRedemptions.redeemedAt });
  return inserted[0]?.redeemedAt;
}
