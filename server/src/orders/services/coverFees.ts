// Issue 19 "Cover the fees": the amount a supporter may add at card checkout so that the team
// receives the whole order total after the card processor takes its rate (a percentage of the whole
// charge plus a fixed amount). Computed here only; the page shows OrderView.coverFeesAmount and
// ProcessOrder charges the same figure. docs/checkout.md#cover-the-fees.
import { MAX_ORDER_TOTAL_CENTS } from '@fu/shared/contracts';
import type { CoverFeeRate } from '../../platform/config/configType';
import { english, text } from '../../platform/i18n/text';

export type { CoverFeeRate };

const BASIS_POINTS = 10_000;

export const COVER_FEES_OFF = 'Covering the processing fee is not offered here. Please pay without it.';

/** Why the fee is refused on an order whose charge with it would pass the order ceiling (@fu/shared rules/orderRules.ts). */
export const COVER_FEES_OVER_CEILING_TEXT = text('server.payment.coverFeesOverCeiling', {
  max: `$${(MAX_ORDER_TOTAL_CENTS / 100).toLocaleString('en-US')}`,
});
export const COVER_FEES_OVER_CEILING = english(COVER_FEES_OVER_CEILING_TEXT);

/** Whether checkout offers the box at all: a rate of 0% + $0.00 turns it off. */
export const coverFeesOffered = (rate: CoverFeeRate) => rate.percentBasisPoints > 0 || rate.fixedCents > 0;

/**
 * The fee, in cents, that leaves the team the whole `orderTotal` once the processor has taken
 * rate × charge + fixed from the charge: charge = ceil((total + fixed) / (1 − rate)), fee = charge −
 * total. Rounded up, so the team never receives a cent less. 0 for nothing to pay or no offer.
 * Integer arithmetic only: (total + fixed) × 10000 / (10000 − basis points), ceiling by remainder.
 */
export function coverFeeCents(orderTotal: number, rate: CoverFeeRate): number {
  if (orderTotal <= 0 || !coverFeesOffered(rate)) return 0;
  const numerator = (orderTotal + rate.fixedCents) * BASIS_POINTS;
  const denominator = BASIS_POINTS - rate.percentBasisPoints;
  const charge = Math.floor(numerator / denominator) + (numerator % denominator === 0 ? 0 : 1);
  return charge - orderTotal;
}

/**
 * The fee checkout offers for `orderTotal`: coverFeeCents, or 0 (no box) where the charge with it,
 * order total plus fee, would pass the ceiling of one order (MAX_ORDER_TOTAL_CENTS, $1,000,000):
 * the ceiling bounds what a supporter is charged, not only the order total.
 */
export function offeredCoverFeeCents(orderTotal: number, rate: CoverFeeRate): number {
  const fee = coverFeeCents(orderTotal, rate);
  return orderTotal + fee > MAX_ORDER_TOTAL_CENTS ? 0 : fee;
}
