import { clockTime, redeemedAtLine, redemptionWords, usedAgainQuestion, usesLeftLine } from './redemptionTime';

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

describe('times written out, as Intl writes them for en-US and es-US', () => {
  const intlClock = (locale: string, date: Date, withSeconds: boolean) =>
    date
      .toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit', ...(withSeconds ? { second: '2-digit' } : {}) })
      .replace(/[\u00a0\u202f]/g, ' ');
  const intlDay = (locale: string, date: Date) => date.toLocaleDateString(locale, { month: 'short', day: 'numeric' });

  it.each(['en-US', 'es-US'])('%s: every hour, every month, and no date formatter made', (locale) => {
    // A translator that gives back the date it is handed: "Redeemed Nov 20 at …" is then "Nov 20".
    const t = (_id: string, values?: Record<string, unknown>) => String(values?.date);
    const hours = Array.from({ length: 24 }, (_, hour) => new Date(2026, 0, 5, hour, hour * 2, 59 - hour));
    const months = Array.from({ length: 12 }, (_, month) => new Date(2026, month, month + 9, 13, 5));
    const expected = {
      clocks: hours.map((date) => [intlClock(locale, date, false), intlClock(locale, date, true)]),
      days: months.map((date) => intlDay(locale, date)),
    };
    const spies = [
      jest.spyOn(Intl, 'DateTimeFormat'),
      jest.spyOn(Date.prototype, 'toLocaleTimeString'),
      jest.spyOn(Date.prototype, 'toLocaleDateString'),
      jest.spyOn(Date.prototype, 'toLocaleString'),
    ];
    try {
      const words = redemptionWords(t, locale);
      const got = {
        clocks: hours.map((date) => [words.clockTime(date), words.clockTime(date, true)]),
        days: months.map((date) => words.redeemedAtLine(date, new Date(2027, 0, 1))),
      };
      expect(spies.filter((spy) => spy.mock.calls.length > 0)).toEqual([]);
      expect(got).toEqual(expected);
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
  });
});
