import { and, count, eq } from 'drizzle-orm';
import { TICKET_MESSAGES } from '@fu/shared/contracts';
import type { Database } from '../db/client';
import { offerRedemptions, ticketOffers, ticketPurchaseSessions } from '../db/schema';
import { HttpError } from '../plugins/app/errors';

export const NOT_THIS_DEVICE =
  'This ticket is registered to another device. Offers can be redeemed only on the device that registered it.';

/**
 * Records one redemption of an offer by a ticket, at most ticketQty in all. The session row is
 * locked (`SELECT … FOR UPDATE`) for the count and the insert, so concurrent taps are serialised:
 * 50 at once on an offer with ticketQty 3 give exactly 3 rows and 47 refusals. The device check is
 * repeated under the lock, so a ticket moved to another phone mid-request cannot be redeemed here.
 */
export async function redeemOffer(
  db: Database,
  options: { sessionId: number; ticketId: number; ticketOfferId: number; tokenHash: string },
): Promise<{ redeemedCount: number; ticketQty: number }> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select({ hash: ticketPurchaseSessions.deviceTokenHash })
      .from(ticketPurchaseSessions)
      .where(eq(ticketPurchaseSessions.id, options.sessionId))
      .for('update');
    if (!session || session.hash !== options.tokenHash) throw new HttpError(403, NOT_THIS_DEVICE);
    const [offer] = await tx
      .select({ ticketQty: ticketOffers.ticketQty })
      .from(ticketOffers)
      .where(and(eq(ticketOffers.id, options.ticketOfferId), eq(ticketOffers.ticketId, options.ticketId)));
    if (!offer) throw new HttpError(404, 'That offer is not on this ticket.');
    const [used] = await tx
      .select({ n: count() })
      .from(offerRedemptions)
      .where(
        and(
          eq(offerRedemptions.ticketPurchaseSessionId, options.sessionId),
          eq(offerRedemptions.ticketOfferId, options.ticketOfferId),
        ),
      );
    const redeemed = Number(used?.n ?? 0);
    if (redeemed >= offer.ticketQty) throw new HttpError(409, TICKET_MESSAGES.alreadyRedeemed);
    await tx
      .insert(offerRedemptions)
      .values({ ticketPurchaseSessionId: options.sessionId, ticketOfferId: options.ticketOfferId });
    return { redeemedCount: redeemed + 1, ticketQty: offer.ticketQty };
  });
}
