import {
  type PagePrivacy,
  type ParentConsentView,
  type PhoneMessage,
  type RequestParentConsentRequest,
} from '@fu/shared/contracts';
import type { Language } from '@fu/shared/i18n/languages';
import { formatPhone, maskPhone } from '@fu/shared/rules';
import type { Database } from '../../platform/db/client';
import { HttpError, pageNotFound } from '../../platform/http/errors';
import { requirePhone, requireTextable } from '../../platform/http/phone';
import { newCode, sha256 } from '../../platform/security/tokens';
import type { DeviceRepository } from '../repositories/devices';
import {
  answerAge,
  claimLink,
  insertLink,
  linkByHash,
  linksOfPageSince,
  markParentConsented,
} from '../repositories/parentalConsent';
import { privacyOf } from '../repositories/pagePrivacy';
import { recordConsent } from '../../messaging/repositories/textConsents';
import type { TextSenderRepository } from '../../messaging/repositories/textSenders';
import type { SmsProvider } from '../../messaging/sms';
import { textRefusalError } from '../../messaging/sms/refusal';
import { optOutFooter } from '../../messaging/sms/keywords';
import { fromSender, textSender } from '../../messaging/sms/sender';
import { textSafeName } from '../../messaging/sms/textSafe';
import { translatorFor } from '../../platform/i18n/translate';

/** A parent's link works this long: a parent may read the text the next evening. */
export const PARENT_LINK_HOURS = 48;
/** At most this many parent's links for one page in 24 hours, whoever asks (besides each phone's text budget). */
export const PARENT_LINKS_PER_PAGE_PER_DAY = 3;

export const PARENT_CONSENT_MESSAGES = {
  answered: "This page's answer is already recorded.",
  notUnder13: 'Only the page of a student under 13 needs a parent to confirm it.',
  unanswered: 'Please answer whether the student is 13 or older first.',
  alreadyConfirmed: 'A parent has already confirmed this page.',
  samePhone: "Please enter a parent's mobile number, not the number this page was made with.",
  tooManyLinks: 'We have texted as many links for this page as we can today. Please try again tomorrow.',
  wrong: 'This link is not valid. Please open the newest link we texted you.',
  expired: 'This link has expired. Please ask the student to send a new one from their page.',
  used: 'This link has already been used or replaced by a newer one.',
  sendFailed: 'We could not send the text just now. Please try again in a few minutes.',
} as const;

/** The page whose privacy is asked about, as text_consents.source names pages. */
const studentPage = (guid: string) => `/Fundraiser/${guid}`;

/**
 * Issue 34 (COPPA): a page's answer to "Is the student 13 or older?", and a parent's confirmation of
 * a younger student's page from their own phone (verifiable parental consent by a texted link, then
 * a confirming text: the "text plus" method). Until then the page is private (pagePrivacy.ts); from
 * then its texts go to the parent's phone. Each consent is recorded (text_consents).
 */
export function parentalConsent(
  db: Database,
  { devices, textSenders }: { devices: DeviceRepository; textSenders: TextSenderRepository },
  sms: SmsProvider,
  options: { publicUrl: string; log?: (message: string) => void },
) {
  const site = options.publicUrl.replace(/\/$/, '');
  const pageOrFail = async (guid: string) => {
    const device = await devices.byGuid(guid);
    if (!device) throw pageNotFound();
    return device;
  };

  /** The link's row, its page and what the parent agrees to; the 4xx for a wrong, used or expired one. */
  async function liveLink(token: string, now: Date) {
    const found = await linkByHash(db, sha256(token));
    if (!found) throw new HttpError(404, PARENT_CONSENT_MESSAGES.wrong);
    if (found.link.usedAt || found.device.parentConsentedAt) throw new HttpError(409, PARENT_CONSENT_MESSAGES.used);
    if (found.link.expiresAt.getTime() <= now.getTime()) throw new HttpError(410, PARENT_CONSENT_MESSAGES.expired);
    return found;
  }

  return {
    /**
     * The page's answer to "Is the student 13 or older?", given once (409 after: a student cannot
     * change a "no" to get past the parent). Recorded with when, and that it was given on the page.
     */
    async answerAge(guid: string, studentIs13OrOlder: boolean): Promise<PagePrivacy> {
      const device = await pageOrFail(guid);
      const now = new Date();
      if (!(await answerAge(db, device.id, studentIs13OrOlder, 'student_page', now))) {
        throw new HttpError(409, PARENT_CONSENT_MESSAGES.answered);
      }
      return privacyOf({ ...device, studentIs13OrOlder });
    },

    /**
     * Texts a parent's phone a single-use link (/ParentConsent/{token}, PARENT_LINK_HOURS) that
     * confirms a younger student's page; a newer link retires the older. Limited per page
     * (PARENT_LINKS_PER_PAGE_PER_DAY), per client (the route) and by the phone's text budget; a phone
     * that replied STOP gets nothing (409). The text and the answer are in `language`, the page's.
     */
    async requestConsent(request: RequestParentConsentRequest, language: Language = 'en'): Promise<PhoneMessage> {
      const device = await pageOrFail(request.fundraiserDeviceGuid);
      if (device.studentIs13OrOlder === null) throw new HttpError(409, PARENT_CONSENT_MESSAGES.unanswered);
      if (device.studentIs13OrOlder) throw new HttpError(409, PARENT_CONSENT_MESSAGES.notUnder13);
      if (device.parentConsentedAt) throw new HttpError(409, PARENT_CONSENT_MESSAGES.alreadyConfirmed);
      const parentPhone = requireTextable(requirePhone(request.parentPhone, 'parentPhone'), 'parentPhone');
      if (parentPhone === device.phone) {
        throw new HttpError(400, PARENT_CONSENT_MESSAGES.samePhone, [
          { field: 'parentPhone', message: PARENT_CONSENT_MESSAGES.samePhone },
        ]);
      }
      const now = new Date();
      if (
        (await linksOfPageSince(db, device.id, new Date(now.getTime() - 86_400_000))) >= PARENT_LINKS_PER_PAGE_PER_DAY
      ) {
        throw new HttpError(429, PARENT_CONSENT_MESSAGES.tooManyLinks);
      }
      const token = newCode();
      await db.transaction((tx) =>
        insertLink(
          tx,
          {
            fundraiserDeviceId: device.id,
            tokenHash: sha256(token),
            parentPhone,
            expiresAt: new Date(now.getTime() + PARENT_LINK_HOURS * 3_600_000),
          },
          now,
        ),
      );
      const sender = textSender(await textSenders.ofFundraiser(device.fundraiserId));
      const firstName = textSafeName(device.studentFirstName);
      const t = translatorFor(language);
      try {
        // Not retried later: a failure asks for a new link, which retires this one.
        await sms.send({
          to: parentPhone,
          retry: false,
          body: fromSender(
            sender,
            t('server.sms.parentConsentLink', {
              firstName,
              hours: PARENT_LINK_HOURS,
              link: `${site}/ParentConsent/${token}`,
            }),
          ),
        });
      } catch (error) {
        throw textRefusalError(error, { sendFailed: PARENT_CONSENT_MESSAGES.sendFailed });
      }
      return { message: t('server.answer.parentTexted', { phone: formatPhone(parentPhone) }) };
    },

    /** What the parent is asked to agree to, for the holder of a live link; reading it changes nothing. */
    async view(token: string): Promise<ParentConsentView> {
      const { link, device, fundraiserName, teamName, schoolName } = await liveLink(token, new Date());
      const orders = await devices.paidOrdersOfPage(device.guid);
      return {
        studentFirstName: device.studentFirstName,
        studentLastName: device.studentLastName,
        fundraiserName,
        teamName,
        schoolName,
        parentPhone: link.parentPhone,
        // Masked: the link's holder learns which number the page holds, not the number.
        pagePhone: maskPhone(device.phone),
        ordersSoFar: orders?.length ?? 0,
        expiresAt: link.expiresAt.toISOString(),
      };
    },

    /**
     * The parent confirms: in one transaction the link is used (a conditional UPDATE: once, under a
     * race too), the page records the parent's phone and when, and the consent is recorded. Then the
     * parent's phone gets one text saying what they agreed to and how to withdraw (the "plus" step).
     * `language` is the page's the parent confirmed on: that text's, and from then on the page's
     * (its reminders go to the parent).
     */
    async confirm(token: string, language: Language = 'en'): Promise<PhoneMessage> {
      const now = new Date();
      const { link, device } = await liveLink(token, now);
      await db.transaction(async (tx) => {
        if (!(await claimLink(tx, link.id, now))) throw new HttpError(409, PARENT_CONSENT_MESSAGES.used);
        if (!(await markParentConsented(tx, device.id, link.parentPhone, now, language))) {
          throw new HttpError(409, PARENT_CONSENT_MESSAGES.used);
        }
        await recordConsent(tx, {
          phone: link.parentPhone,
          scope: 'parental_consent',
          action: 'given',
          method: 'confirmation_link',
          source: studentPage(device.guid),
        });
      });
      const firstName = textSafeName(device.studentFirstName);
      const t = translatorFor(language);
      try {
        const sender = textSender(await textSenders.ofFundraiser(device.fundraiserId));
        await sms.send({
          to: link.parentPhone,
          body: fromSender(
            sender,
            t('server.sms.parentConsentConfirmed', { firstName, optOut: optOutFooter(language) }),
          ),
        });
      } catch (error) {
        // The consent stands; the page says so. The confirming text is logged when it cannot go.
        options.log?.(
          `parental consent confirmation text for device ${device.id} not sent: ${(error as Error).message}`,
        );
      }
      return { message: t('server.answer.parentConfirmed', { firstName: device.studentFirstName }) };
    },
  };
}
