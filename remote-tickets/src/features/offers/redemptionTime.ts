// How the wallet words the time of a redemption, in the phone's own time zone. Written out rather
// than through Intl: browsers put a narrow no-break space before "PM", which a cashier reads the
// same but a search for "3:42 PM" does not find.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** "3:42 PM", or with seconds "3:42:07 PM". */
export function clockTime(at: Date, withSeconds = false): string {
  const hours = at.getHours();
  const seconds = withSeconds ? `:${pad(at.getSeconds())}` : '';
  return `${hours % 12 || 12}:${pad(at.getMinutes())}${seconds} ${hours < 12 ? 'AM' : 'PM'}`;
}

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** "3:42 PM" today, "Nov 20 at 3:42 PM" on another day. */
function whenOn(at: Date, now: Date): string {
  return sameDay(at, now) ? clockTime(at) : `${MONTHS[at.getMonth()]} ${at.getDate()} at ${clockTime(at)}`;
}

/** "Redeemed at 3:42 PM" (today) or "Redeemed Nov 20 at 3:42 PM". */
export function redeemedAtLine(at: Date, now: Date): string {
  return sameDay(at, now) ? `Redeemed at ${clockTime(at)}` : `Redeemed ${whenOn(at, now)}`;
}

/** "less than a minute ago", "1 minute ago", "12 minutes ago". */
function minutesAgo(at: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return 'less than a minute ago';
  return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
}

/** The second confirmation of a multi-use offer used again soon (shared rule recentRedemption). */
export function usedAgainQuestion(lastUse: Date, now: Date): string {
  const when = sameDay(lastUse, now) ? `at ${clockTime(lastUse)}` : `on ${whenOn(lastUse, now)}`;
  return `This offer was last used ${when}, ${minutesAgo(lastUse, now)}. Redeem it again?`;
}

/** "4 uses left", "1 use left", "No uses left". */
export function usesLeftLine(left: number): string {
  if (left <= 0) return 'No uses left';
  return left === 1 ? '1 use left' : `${left} uses left`;
}
