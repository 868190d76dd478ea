// Issue 34: texts nobody asked for just now (reminders) go out only in daytime where the school is.
// The TCPA forbids telemarketing texts before 8 am and after 9 pm at the called party's location
// (47 CFR 64.1200(c)(1)) and SMS vendors keep to it for every bulk text; we keep an hour inside it
// each side, as the issue asks: 9 am to 8 pm in the school's time zone. Pure functions over Intl
// (the runtime's time zone data), no dependency.

/** The local hours texts may go out in: from `opens`:00 up to, not including, `closes`:00. */
export const TEXTING_HOURS = { opens: 9, closes: 20 } as const;

/** A wall-clock time in some zone: month 1-12, hour 0-23. */
interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (making one is the slow part); throws RangeError for a zone Intl does not know. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time in `timeZone` at the instant `ms`. */
function wallTime(timeZone: string, ms: number): WallTime {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far `timeZone`'s clock is ahead of UTC at the instant `ms`, in ms (-5 h in New York in winter). */
function offsetMs(timeZone: string, ms: number): number {
  const wall = wallTime(timeZone, ms);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The instant the clocks of `timeZone` show `hour`:00 on the given day (month 1-12; a day past the
 * month's end rolls over). Two passes settle the zone's offset on that day, daylight saving or not.
 * An hour a clock skips (2 am on a spring-forward night) gives the instant an hour later; 9 am, the
 * hour asked for here, is never skipped in any US zone.
 */
function instantOf(timeZone: string, day: { year: number; month: number; day: number }, hour: number): number {
  const asUtc = Date.UTC(day.year, day.month - 1, day.day, hour);
  const first = asUtc - offsetMs(timeZone, asUtc);
  return asUtc - offsetMs(timeZone, first);
}

export interface TextingWindow {
  /** Whether a text may go out at the instant asked about. */
  open: boolean;
  /** When the window next opens: the instant asked about when it is open, otherwise the next 9 am there. */
  opensAt: Date;
  /** When the window that is open, or that opens next, closes: 8 pm there. */
  closesAt: Date;
  /** The school's date at the instant asked about (YYYY-MM-DD): which day a reminder is due on. */
  localDate: string;
}

/**
 * Whether a text may go out at `at` to a school in `timeZone` (an IANA name, "America/Chicago"):
 * from 9:00 up to 20:00 on its clocks, daylight saving as it is that day. Throws RangeError for a zone
 * the runtime does not know (catalog/schoolTimeZones.ts isTimeZone keeps them out of the data).
 */
export function textingWindow(timeZone: string, at: Date): TextingWindow {
  const now = at.getTime();
  const wall = wallTime(timeZone, now);
  const localDate = `${String(wall.year).padStart(4, '0')}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
  const today = { year: wall.year, month: wall.month, day: wall.day };
  const tomorrow = { ...today, day: today.day + 1 };
  const open = wall.hour >= TEXTING_HOURS.opens && wall.hour < TEXTING_HOURS.closes;
  // Before 9 am the window opens today; from 8 pm, tomorrow.
  const windowDay = wall.hour >= TEXTING_HOURS.closes ? tomorrow : today;
  return {
    open,
    opensAt: open ? new Date(now) : new Date(instantOf(timeZone, windowDay, TEXTING_HOURS.opens)),
    closesAt: new Date(instantOf(timeZone, windowDay, TEXTING_HOURS.closes)),
    localDate,
  };
}
