import { TICKET_MESSAGES, type TicketOffer } from '@fu/shared/contracts';
import type { Database } from '../../platform/db/client';
import { HttpError } from '../../platform/http/errors';
import {
  insertRedemption,
  lockSessionDevice,
  offerQtyOnTicket,
  redemptionCount,
  redemptionOfKey,
} from '../repositories/offerRedemptions';
import type { TicketRepository } from '../repositories/tickets';
import { purchaseGuidFor } from './purchaseVisibility';
import { ticketAccess } from './ticketAccess';

export const NOT_THIS_DEVICE =
  'This ticket is registered to another device. Offers can be redeemed only on the device that registered it.';
export const REGISTER_FIRST = 'Please register this ticket on your phone before redeeming offers.';
export const INVALID_IDEMPOTENCY_KEY = "Idempotency-Key must be 16–100 letters, digits, '-' or '_'.";
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for another redemption.';

export interface RedeemResult {
  redeemedCount: number;
  ticketQty: number;
  /** When this redemption was recorded (for a replay: when the key was first recorded). */
  redeemedAt: Date;
  /** True when the idempotency key had already redeemed this offer on this ticket: nothing new was recorded. */
  replayed: boolean;
}

/**
 * Records one redemption of an offer by a ticket, at most ticketQty in all. The session row is
 * locked (`SELECT … FOR UPDATE`) for the count and the insert, so concurrent taps are serialised:
 * 50 at once on an offer with ticketQty 3 give exactly 3 rows and 47 refusals. The device check is
 * repeated under the lock, so a ticket moved to another phone mid-request cannot be redeemed here.
 *
 * With an `idempotencyKey` (an offline wallet's queued tap, sent again until it gets an answer) the
 * redemption counts once: a key already stored for this ticket and offer is a replay (success,
 * nothing recorded, even when ticketQty is used up now — that row is one of them); stored for
 * another ticket or offer, a 422. The key is looked up under the lock, before the count, so
 * same-ticket retries are serialised like any tap. Two tickets racing with one key are not (the
 * lock is per ticket): the unique index decides, `ON CONFLICT DO NOTHING` keeps the loser's
 * transaction alive, and it reads the winner's row to answer 422 instead of failing with a 500.
 */
export async function redeemOffer(
  db: Database,
  options: { sessionId: number; ticketId: number; ticketOfferId: number; tokenHash: string; idempotencyKey?: string },
): Promise<RedeemResult> {
  const { sessionId, ticketOfferId } = options;
  return db.transaction(async (tx) => {
    const session = await lockSessionDevice(tx, sessionId);
    if (!session || session.hash !== options.tokenHash) throw new HttpError(403, NOT_THIS_DEVICE);
    const ticketQty = await offerQtyOnTicket(tx, ticketOfferId, options.ticketId);
    if (ticketQty === undefined) throw new HttpError(404, 'That offer is not on this ticket.');

    const key = options.idempotencyKey;
    /** What an already stored key means for this request: a replay (when it was recorded), or a 422. */
    const keyUsedBy = async (stored: string) => {
      const row = await redemptionOfKey(tx, stored);
      if (!row) return undefined;
      if (row.sessionId !== sessionId || row.offerId !== ticketOfferId) {
        throw new HttpError(422, IDEMPOTENCY_KEY_REUSED);
      }
      return { redeemedAt: row.redeemedAt };
    };
    const replay = key ? await keyUsedBy(key) : undefined;

    const redeemed = await redemptionCount(tx, sessionId, ticketOfferId);
    if (replay) return { redeemedCount: redeemed, ticketQty, redeemedAt: replay.redeemedAt, replayed: true };
    if (redeemed >= ticketQty) throw new HttpError(409, TICKET_MESSAGES.alreadyRedeemed);
    const redeemedAt = await insertRedemption(tx, { sessionId, ticketOfferId, idempotencyKey: key ?? null });
    if (!redeemedAt) {
      // Only a key conflicts (a null never does): another ticket's transaction stored it since our
      // look. Under READ COMMITTED this new statement sees that committed row.
      const raced = key ? await keyUsedBy(key) : undefined;
      if (raced) return { redeemedCount: redeemed, ticketQty, redeemedAt: raced.redeemedAt, replayed: true };
      throw new HttpError(422, IDEMPOTENCY_KEY_REUSED);
    }
    return { redeemedCount: redeemed + 1, ticketQty, redeemedAt, replayed: false };
  });
}

/**
 * RedeemTicketPurchaseOffer: an offer is redeemed only on the device that holds the ticket (its
 * cookie is required), once per idempotency key. Answers the offer as it is now (its purchaseGuid
 * as GetOffers shows it to this browser) and when this redemption was recorded.
 */
export async function redeemOnThisDevice(
  db: Database,
  tickets: TicketRepository,
  options: {
    guid: string;
    deviceCookie: string | undefined;
    browserKeyHash: string | undefined;
    ticketOfferId: number;
    idempotencyKey?: string;
  },
): Promise<{ offer: TicketOffer; redeemedAt: Date; replayed: boolean }> {
  const ticket = await ticketAccess(tickets).usableOrFail(options.guid, options.deviceCookie);
  if (ticket.state === 'unactivated') throw new HttpError(403, REGISTER_FIRST);
  if (ticket.state === 'boundElsewhere') throw new HttpError(403, NOT_THIS_DEVICE);
  const { session, purchase } = ticket;
  const { replayed, redeemedAt } = await redeemOffer(db, {
    sessionId: session.id,
    ticketId: ticket.ticket.id,
    ticketOfferId: options.ticketOfferId,
    tokenHash: ticket.tokenHash,
    idempotencyKey: options.idempotencyKey,
  });
  const purchaseGuid = (await purchaseGuidFor(tickets, purchase, options.browserKeyHash)) ?? session.guid;
  const [offer] = await tickets.offers(
    ticket.ticket.id,
    { id: session.id, purchaseGuid, withTimes: true },
    options.ticketOfferId,
  );
  return { offer: offer!, redeemedAt, replayed };
}
