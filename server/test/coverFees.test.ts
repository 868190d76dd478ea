import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_ORDER_TOTAL_CENTS } from '@fu/shared/contracts';
import { coverFeeCents, coverFeesOffered, offeredCoverFeeCents } from '../src/orders/services/coverFees';

const STANDARD = { percentBasisPoints: 290, fixedCents: 30 };

/** What the team keeps of a charge once the processor has taken its rate: the check, in exact cents × 10000. */
const keptTimes10000 = (charge: number, rate = STANDARD) =>
  charge * (10_000 - rate.percentBasisPoints) - rate.fixedCents * 10_000;

describe('cover the fees: the amount added so the team receives the whole order total', () => {
  it('gives exact figures at 2.9% + $0.30', () => {
    // $126.00: ceil(12630 / 0.971) = 13008, so $4.08.
    assert.equal(coverFeeCents(12_600, STANDARD), 408);
    assert.equal(coverFeeCents(3_600, STANDARD), 139);
    assert.equal(coverFeeCents(5_000, STANDARD), 181);
    assert.equal(coverFeeCents(100, STANDARD), 34);
    assert.equal(coverFeeCents(1, STANDARD), 31);
    // 941 + 30 = 971 × 1: the charge is exactly $10.00, not rounded up a cent further.
    assert.equal(coverFeeCents(941, STANDARD), 59);
  });

  it('is the smallest fee that leaves the team at least the total, for every total up to $100', () => {
    for (let total = 1; total <= 10_000; total++) {
      const fee = coverFeeCents(total, STANDARD);
      assert.ok(keptTimes10000(total + fee) >= total * 10_000, `${total}: ${fee} is enough`);
      assert.ok(keptTimes10000(total + fee - 1) < total * 10_000, `${total}: ${fee - 1} is not`);
    }
  });

  it('takes a rate alone, a fixed amount alone, and the largest configurable rate', () => {
    assert.equal(coverFeeCents(12_600, { percentBasisPoints: 0, fixedCents: 30 }), 30);
    assert.equal(coverFeeCents(12_600, { percentBasisPoints: 290, fixedCents: 0 }), 377);
    assert.equal(coverFeeCents(12_600, { percentBasisPoints: 2000, fixedCents: 500 }), 3_775);
  });

  it('is 0 with nothing to pay or when the offer is off (0% + $0.00), in whole cents for large totals', () => {
    const off = { percentBasisPoints: 0, fixedCents: 0 };
    assert.equal(coverFeesOffered(off), false);
    assert.equal(coverFeesOffered(STANDARD), true);
    assert.equal(coverFeeCents(12_600, off), 0);
    assert.equal(coverFeeCents(0, STANDARD), 0);
    const fee = coverFeeCents(99_999_999, STANDARD);
    assert.ok(Number.isInteger(fee));
    assert.equal(fee, 2_986_643);
  });
});

describe('the order ceiling counts the covered fee', () => {
  /** The largest total whose charge with the fee is exactly $1,000,000 at 2.9% + $0.30: (T + 30) / 0.971 = 10^8. */
  const LARGEST = 97_099_970;

  it('offers the fee only while the order total plus the fee stays within $1,000,000', () => {
    assert.equal(offeredCoverFeeCents(LARGEST, STANDARD), 2_900_030);
    assert.equal(LARGEST + offeredCoverFeeCents(LARGEST, STANDARD), MAX_ORDER_TOTAL_CENTS);
    assert.equal(offeredCoverFeeCents(LARGEST + 1, STANDARD), 0);
    // A $1,000,000 order: the fee alone would have made a charge of $1,029,866.43.
    assert.equal(coverFeeCents(MAX_ORDER_TOTAL_CENTS, STANDARD), 2_986_643);
    assert.equal(offeredCoverFeeCents(MAX_ORDER_TOTAL_CENTS, STANDARD), 0);
  });

  it('is the fee itself below the ceiling, and 0 where the offer is off', () => {
    for (const total of [1, 3_600, 12_600, 50_000_000]) {
      assert.equal(offeredCoverFeeCents(total, STANDARD), coverFeeCents(total, STANDARD), String(total));
    }
    assert.equal(offeredCoverFeeCents(3_600, { percentBasisPoints: 0, fixedCents: 0 }), 0);
  });
});
