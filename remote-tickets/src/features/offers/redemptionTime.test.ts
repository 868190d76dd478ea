import { clockTime, redeemedAtLine, usedAgainQuestion, usesLeftLine } from './redemptionTime';

const at = (day: number, hours: number, minutes: number, seconds = 0) =>
  new Date(2026, 10, day, hours, minutes, seconds);

describe('how the wallet words a redemption time', () => {
  it("a clock in the phone's time, with a plain space before AM or PM", () => {
    expect(clockTime(at(20, 15, 42))).toBe('3:42 PM');
    expect(clockTime(at(20, 0, 5, 9), true)).toBe('12:05:09 AM');
    expect(clockTime(at(20, 12, 0))).toBe('12:00 PM');
  });

  it('"Redeemed at" today, with the date on another day', () => {
    expect(redeemedAtLine(at(20, 15, 42), at(20, 18, 0))).toBe('Redeemed at 3:42 PM');
    expect(redeemedAtLine(at(19, 15, 42), at(20, 9, 0))).toBe('Redeemed Nov 19 at 3:42 PM');
  });

  it('the second question says when and how long ago', () => {
    expect(usedAgainQuestion(at(20, 15, 42), at(20, 15, 42, 40))).toBe(
      'This offer was last used at 3:42 PM, less than a minute ago. Redeem it again?',
    );
    expect(usedAgainQuestion(at(20, 15, 42), at(20, 15, 43, 10))).toBe(
      'This offer was last used at 3:42 PM, 1 minute ago. Redeem it again?',
    );
    expect(usedAgainQuestion(at(19, 23, 50), at(20, 0, 10))).toBe(
      'This offer was last used on Nov 19 at 11:50 PM, 20 minutes ago. Redeem it again?',
    );
  });

  it('uses left', () => {
    expect([4, 1, 0, -1].map(usesLeftLine)).toEqual(['4 uses left', '1 use left', 'No uses left', 'No uses left']);
  });
});
