import type { Language } from '@fu/shared/i18n/languages';
import type { EmailBudgetRepository } from '../../messaging/repositories/emailBudgets';
import type { PhoneBudgetRepository } from '../../messaging/repositories/phoneBudgets';
import type { ReminderKind, ReminderRepository } from '../repositories/reminders';
import { SmsOptedOutError, SmsOutsideUsCanadaError, SmsSendError, type SmsProvider } from '../../messaging/sms';
import { FALLBACK_TIME_ZONE } from '../../catalog/schoolTimeZones';
import { optOutFooter } from '../../messaging/sms/keywords';
import { textingWindow } from '../../messaging/sms/quietHours';
import { fromSender, textSender } from '../../messaging/sms/sender';
import { textSafeName } from '../../messaging/sms/textSafe';
import { translatorFor } from '../../platform/i18n/translate';

export type { ReminderKind };

/** Spec §9: one text two days after kickoff and one with two days left. */
export const REMINDER_DAYS = 2;
/** How long after its due day a reminder may still go out (a server down that day catches up). */
const CATCH_UP_DAYS = 2;
/** Spec §9: the share text's goal, used in reminders too. */
const GOAL_TEXT = '$500';

const DAY_MS = 86_400_000;
const dayOf = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);
const isoDay = (day: number) => new Date(day).toISOString().slice(0, 10);

/**
 * The texting window of a school's zone at `now`. A zone the runtime does not know (written around
 * the import's check) is the fallback's, and said in the log, rather than a pass that fails for all.
 */
function windowOf(timeZone: string, now: Date, log?: (message: string) => void) {
  try {
    return textingWindow(timeZone, now);
  } catch {
    log?.(`school time zone ${JSON.stringify(timeZone)} is unknown: reminders keep to ${FALLBACK_TIME_ZONE}`);
    return textingWindow(FALLBACK_TIME_ZONE, now);
  }
}

/**
 * Which reminder (if any) is due for a fundraiser on `today` (the school's date, as a UTC midnight),
 * by the spec's rule.
 */
export function dueReminder(startDate: string, endDate: string, today: number): ReminderKind | undefined {
  const start = dayOf(startDate);
  const end = dayOf(endDate);
  if (today > end || today < start) return undefined; // never after the end date
  const lastCall = end - REMINDER_DAYS * DAY_MS;
  if (today >= lastCall) return 'two_days_left';
  const kickoffReminder = start + REMINDER_DAYS * DAY_MS;
  if (today >= kickoffReminder && today < kickoffReminder + CATCH_UP_DAYS * DAY_MS) return 'after_kickoff';
  return undefined;
}

/** The catalog's reminders (server/src/i18n), by kind and reader. */
const REMINDER_TEXTS: Record<'student' | 'parent', Record<ReminderKind, string>> = {
  student: { after_kickoff: 'server.sms.reminderKickoff', two_days_left: 'server.sms.reminderTwoDaysLeft' },
  parent: {
    after_kickoff: 'server.sms.parentReminderKickoff',
    two_days_left: 'server.sms.parentReminderTwoDaysLeft',
  },
};

/**
 * A reminder under its sender, the school and team, in the page's language. Names go in only as
 * textSafeName lets them (`sender` is made by textSender); the fundraiser's own name stays out, the
 * sender says whose it is. A recurring text, so it ends with how to stop it (issue 34, CTIA): "…
 * Reply STOP to opt out". Both languages' words are GSM-7 characters only (no á, í, ó, ú), so a
 * reminder with the longest names still fits two segments (docs/i18n.md).
 */
export function reminderText(
  kind: ReminderKind,
  sender: string,
  firstName: string,
  link: string,
  // Issue 34 (COPPA): a younger student's reminders go to the parent who confirmed their page.
  to: 'student' | 'parent' = 'student',
  language: Language = 'en',
): string {
  const t = translatorFor(language);
  return fromSender(
    sender,
    t(REMINDER_TEXTS[to][kind], { firstName, goal: GOAL_TEXT, link, optOut: optOutFooter(language) }),
  );
}

/**
 * Sends every reminder due now to opted-in students of active fundraisers whose phone's owner
 * confirmed the page (a texted code: nobody gets reminders for a number someone else typed), and
 * whose phone never texted STOP (the outbox refuses those anyway, under the phone's lock). Days are
 * the school's (its time zone), and a reminder goes out only from 9 am to 8 pm there (issue 34,
 * messaging/sms/quietHours.ts): one due outside those hours is left unclaimed, and a later pass sends
 * it once the window opens. Each
 * text is first claimed by inserting its row, unique per (device, kind) and per (fundraiser,
 * phone, kind): a second run, a second server instance or a second page of the same phone finds
 * the claim taken, so a phone gets each reminder of a fundraiser once. A text the provider refused
 * keeps its claim when the text retry job will send it again (a refusal, or the site's daily cap)
 * and when it can never go (a number outside the US and Canada); otherwise a failed send (or a
 * phone whose daily text budget is used up) gives the claim back so a later run retries. A crash
 * between claim and send loses that one text rather than risking a duplicate.
 */
export async function sendDueReminders(
  reminders: ReminderRepository,
  sms: SmsProvider,
  options: { publicUrl: string; now?: Date; log?: (message: string) => void },
): Promise<number> {
  const now = options.now ?? new Date();
  const utcToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // Every school's date is the UTC date or a day either side of it.
  const candidates = await reminders.candidates(isoDay(utcToday - DAY_MS), isoDay(utcToday + DAY_MS));

  let sent = 0;
  for (const { device, fundraiser, sender, timeZone, textsPhone } of candidates) {
    const window = windowOf(timeZone, now, options.log);
    // Outside 9 am to 8 pm at the school nothing is claimed: the pass after the window opens sends it.
    if (!window.open) continue;
    const kind = dueReminder(fundraiser.startDate, fundraiser.endDate, dayOf(window.localDate));
    if (!kind) continue;
    const link = `${options.publicUrl.replace(/\/$/, '')}/Fundraiser/${device.guid}`;
    const claim = await reminders.claim({
      fundraiserDeviceId: device.id,
      kind,
      phone: textsPhone,
      fundraiserId: fundraiser.id,
    });
    if (claim === undefined) continue;
    try {
      await sms.send({
        to: textsPhone,
        body: reminderText(
          kind,
          textSender(sender),
          textSafeName(device.studentFirstName),
          link,
          device.studentIs13OrOlder === true ? 'student' : 'parent',
          device.language,
        ),
      });
      sent++;
    } catch (error) {
      // A text the retry job will send again keeps its claim; any other failure gives it back.
      if (error instanceof SmsSendError && error.retryScheduled) {
        options.log?.(`reminder to device ${device.id} failed, the text will be retried: ${(error as Error).message}`);
        continue;
      }
      // A number outside the US and Canada is never texted, and one that texted STOP gets no
      // reminder: the claim stays, so no run tries again.
      if (error instanceof SmsOutsideUsCanadaError || error instanceof SmsOptedOutError) {
        options.log?.(`reminder to device ${device.id} not sent: ${error.message}`);
        continue;
      }
      await reminders.release(claim);
      options.log?.(`reminder to device ${device.id} not sent, will retry: ${(error as Error).message}`);
    }
  }
  return sent;
}

/** One run of the reminder job: yesterday's text and e-mail budgets are forgotten, then the due reminders go out. */
export async function reminderJobPass(
  repositories: {
    reminders: ReminderRepository;
    phoneBudgets: PhoneBudgetRepository;
    emailBudgets: EmailBudgetRepository;
  },
  sms: SmsProvider,
  options: { publicUrl: string; now?: Date; log?: (message: string) => void },
): Promise<number> {
  await repositories.phoneBudgets.prune();
  await repositories.emailBudgets.prune();
  return sendDueReminders(repositories.reminders, sms, options);
}
