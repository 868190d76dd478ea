import { useMemo } from 'react';
import { currentPageLanguage, INTL_LOCALES, pageMessage, useIntlLocale, useT, type Translate } from '@fu/shared';

// How the wallet words the time of a redemption, in the phone's own time zone and the page's
// language (docs/i18n.md: en-US "3:42 PM", es-US "3:42 p.m."). Some browsers put a narrow no-break
// space before "PM", which a cashier reads the same but a search for "3:42 PM" does not find: the
// wallet writes a plain space.

const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/**
 * How the wallet's two languages write a time and a short date, as `Intl` does for en-US and es-US
 * ("3:42 PM", "3:42 p.m.", "Nov 20", "20 nov"; redemptionTime.test.ts holds the two to each other
 * for every month and hour). Written out, as money is (shared/src/tokens/money.ts): a page's first
 * date formatter loads the locale's date data, 30-75 ms of main thread in Chromium here, and the
 * proof of a redemption, drawn while a cashier waits, was where a wallet made its first.
 */
const WRITTEN: Readonly<
  Record<string, { dayPeriods: readonly [string, string]; months: readonly string[]; dayFirst: boolean }>
> = {
  'en-US': {
    dayPeriods: ['AM', 'PM'],
    months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    dayFirst: false,
  },
  'es-US': {
    dayPeriods: ['a.m.', 'p.m.'],
    months: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
    dayFirst: true,
  },
};

const twoDigits = (value: number) => String(value).padStart(2, '0');

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** A redemption's times and uses, worded with `t` and formatted in `locale`. */
export function redemptionWords(t: Translate, locale: string) {
  const written = WRITTEN[locale];
  /** "3:42 PM", or with seconds "3:42:07 PM". */
  const clockTime = (at: Date, withSeconds = false) => {
    if (!written) {
      const seconds = withSeconds ? { second: '2-digit' as const } : {};
      return plainSpaces(at.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit', ...seconds }));
    }
    const hours = at.getHours();
    const clock = `${hours % 12 || 12}:${twoDigits(at.getMinutes())}`;
    return `${withSeconds ? `${clock}:${twoDigits(at.getSeconds())}` : clock} ${written.dayPeriods[hours < 12 ? 0 : 1]}`;
  };
  /** "Nov 20". */
  const day = (at: Date) => {
    if (!written) return plainSpaces(at.toLocaleDateString(locale, { month: 'short', day: 'numeric' }));
    const month = written.months[at.getMonth()]!;
    return written.dayFirst ? `${at.getDate()} ${month}` : `${month} ${at.getDate()}`;
  };
  /** Whole minutes between them; a phone's clock a little behind counts as none. */
  const minutesAgo = (at: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - at.getTime()) / 60_000));

  return {
    clockTime,

    /** "Redeemed at 3:42 PM" (today) or "Redeemed Nov 20 at 3:42 PM". */
    redeemedAtLine: (at: Date, now: Date) =>
      sameDay(at, now)
        ? t('tickets.time.redeemedToday', { time: clockTime(at) })
        : t('tickets.time.redeemedOn', { date: day(at), time: clockTime(at) }),

    /** The second confirmation of a multi-use offer used again soon (shared rule recentRedemption). */
    usedAgainQuestion: (lastUse: Date, now: Date) =>
      sameDay(lastUse, now)
        ? t('tickets.time.usedAgainToday', { time: clockTime(lastUse), minutes: minutesAgo(lastUse, now) })
        : t('tickets.time.usedAgainOn', {
            date: day(lastUse),
            time: clockTime(lastUse),
            minutes: minutesAgo(lastUse, now),
          }),

    /** "4 uses left", "1 use left", "No uses left". */
    usesLeftLine: (left: number) => t('tickets.time.usesLeft', { count: Math.max(0, left) }),

    /** The history's "Used 2 of 5", with "· last at 3:42 PM" once it has a time. */
    usedLine: (used: number, of: number, last: Date | undefined, now: Date) => {
      if (!last) return t('tickets.history.used', { used, total: of });
      return sameDay(last, now)
        ? t('tickets.history.usedLastToday', { used, total: of, time: clockTime(last) })
        : t('tickets.history.usedLastOn', { used, total: of, date: day(last), time: clockTime(last) });
    },

    /** The history's line of a redemption saved on the phone: "Redemption pending: tapped at 3:42 PM". */
    tappedLine: (at: Date, now: Date) =>
      sameDay(at, now)
        ? t('tickets.history.tappedToday', { time: clockTime(at) })
        : t('tickets.history.tappedOn', { date: day(at), time: clockTime(at) }),
  };
}

export type RedemptionWords = ReturnType<typeof redemptionWords>;

/** A component's wording: the language of the LanguageProvider it is drawn in. */
export function useRedemptionWords(): RedemptionWords {
  const t = useT();
  const locale = useIntlLocale();
  return useMemo(() => redemptionWords(t, locale), [t, locale]);
}

/** Outside a component: the browser page's language. */
const inPageLanguage = () => redemptionWords(pageMessage, INTL_LOCALES[currentPageLanguage()]);

export const clockTime = (at: Date, withSeconds = false) => inPageLanguage().clockTime(at, withSeconds);
export const redeemedAtLine = (at: Date, now: Date) => inPageLanguage().redeemedAtLine(at, now);
export const usedAgainQuestion = (lastUse: Date, now: Date) => inPageLanguage().usedAgainQuestion(lastUse, now);
export const usesLeftLine = (left: number) => inPageLanguage().usesLeftLine(left);
