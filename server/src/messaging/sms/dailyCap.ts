import { recordDailyCapReached } from '../../platform/http/metrics';
import { DailyCapReachedError } from '../outbox/sender';
import type { SmsDailyCountRepository } from '../repositories/smsDailyCounts';

/** Today's UTC date by this process's clock: which day's warning was logged. */
const utcDay = () => new Date().toISOString().slice(0, 10);

/**
 * The site-wide daily text cap (SMS_DAILY_CAP): however many phones ask, the site hands the SMS
 * provider at most `cap` texts a UTC day, all instances together (counted in the database), so a
 * flood of sign-ups, a bug or an abuse of many numbers cannot send texts by the thousand under our
 * sender number: carriers block a sender that texts in bulk (CTIA messaging principles, a 10DLC
 * number's daily limit), and under the TCPA every unwanted text is a cost. Returns the check to run
 * before each try of a text: it counts the try, or throws DailyCapReachedError, counted in
 * sms_daily_cap_reached_total and warned of once a day per instance, naming the cap.
 */
export function smsDailyCap(
  counts: SmsDailyCountRepository,
  options: { cap: number; warn: (message: string) => void },
) {
  let warnedOn: string | undefined;
  return async function takeTodaysText(): Promise<void> {
    if (await counts.take(options.cap)) return;
    recordDailyCapReached();
    if (warnedOn !== utcDay()) {
      warnedOn = utcDay();
      options.warn(
        `SMS daily cap reached: ${options.cap} texts were handed to the SMS provider today (SMS_DAILY_CAP); ` +
          'further texts are held until the next UTC day, ticket links and phone confirmations withheld',
      );
    }
    throw new DailyCapReachedError(`the site's daily text cap (SMS_DAILY_CAP ${options.cap}) is reached`);
  };
}
