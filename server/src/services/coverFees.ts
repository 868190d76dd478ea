// Issue 19 "Cover the fees": the amount a supporter may add at card checkout so that the team
// receives the whole order total after the card processor takes its rate (a percentage of the whole
// charge plus a fixed amount). Computed here only; the page shows OrderView.coverFeesAmount and
// ProcessOrder charges the same figure. docs/checkout.md#cover-the-fees.

/** The processor's rate the fee makes up for (COVER_FEES_PERCENT_BASIS_POINTS, COVER_FEES_FIXED_CENTS). */
export interface CoverFeeRate {
  /** Hundredths of a percent of the charge: 290 = 2.9%. */
  percentBasisPoints: number;
  fixedCents: number;
}

const BASIS_POINTS = 10_000;

export const COVER_FEES_OFF = 'Covering the processing fee is not offered here. Please pay without it.';

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
