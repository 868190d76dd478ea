// Issue 31: a multi-use offer ("one free coffee per visit", five uses) tapped again seconds after its
// last use is most likely a second tap for the same visit, or a ticket passed along the queue. The
// page asks once more, saying when it was last used. The server supplies the times (each offer's
// lastRedeemedAt) and the window (TicketSession.repeatWarningMinutes, REDEEM_REPEAT_WARNING_MINUTES);
// this is the one rule that joins them.

/** A time as the wallet holds one: an ISO string from the server, or epoch milliseconds from the phone. */
export type UseTime = string | number | Date | null | undefined;

const millis = (time: UseTime): number => {
  if (time === null || time === undefined) return Number.NaN;
  return time instanceof Date ? time.getTime() : typeof time === 'number' ? time : Date.parse(time);
};

/**
 * When a multi-use offer was last used, if that was less than `windowMinutes` before `now`: the page
 * then asks for a second confirmation. `uses` are the offer's known uses (the server's
 * lastRedeemedAt and the redemptions saved on the phone but not yet sent); unknown times are ignored.
 * Undefined for a single-use offer (it cannot be used twice), a window of 0 (or none), or no recent
 * use. A use "in the future" (the phone's clock behind the server's) counts as recent.
 */
export function recentRedemption(
  offer: { ticketQty: number },
  uses: readonly UseTime[],
  windowMinutes: number | undefined,
  now: number,
): Date | undefined {
  if (offer.ticketQty <= 1 || !windowMinutes || !(windowMinutes > 0)) return undefined;
  const times = uses.map(millis).filter(Number.isFinite);
  if (times.length === 0) return undefined;
  const last = Math.max(...times);
  return now - last < windowMinutes * 60_000 ? new Date(last) : undefined;
}
