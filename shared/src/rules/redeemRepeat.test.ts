import { recentRedemption } from './redeemRepeat';

const NOW = Date.parse('2026-11-20T15:42:00Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const fiveUses = { ticketQty: 5 };

describe('recentRedemption (issue 31: a multi-use offer used again soon asks twice)', () => {
  it('answers the last use when it is inside the window', () => {
    expect(recentRedemption(fiveUses, [minutesAgo(2)], 30, NOW)).toEqual(new Date(minutesAgo(2)));
  });

  it('takes the latest of the server time and the uses saved on the phone', () => {
    const savedOffline = NOW - 60_000;
    expect(recentRedemption(fiveUses, [minutesAgo(20), savedOffline, null], 30, NOW)).toEqual(new Date(savedOffline));
  });

  it('asks nothing once the window has passed, exactly at its end included', () => {
    expect(recentRedemption(fiveUses, [minutesAgo(30)], 30, NOW)).toBeUndefined();
    expect(recentRedemption(fiveUses, [minutesAgo(29.9)], 30, NOW)).toBeDefined();
  });

  it('asks nothing for a single-use offer, a window of 0 or none, or an offer never used', () => {
    expect(recentRedemption({ ticketQty: 1 }, [minutesAgo(1)], 30, NOW)).toBeUndefined();
    expect(recentRedemption(fiveUses, [minutesAgo(1)], 0, NOW)).toBeUndefined();
    expect(recentRedemption(fiveUses, [minutesAgo(1)], undefined, NOW)).toBeUndefined();
    expect(recentRedemption(fiveUses, [null, undefined, 'not a time'], 30, NOW)).toBeUndefined();
  });

  it("counts a use after now (the phone's clock behind the server's) as recent", () => {
    expect(recentRedemption(fiveUses, [minutesAgo(-3)], 30, NOW)).toEqual(new Date(minutesAgo(-3)));
  });
});
