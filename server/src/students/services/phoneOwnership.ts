import {
  ACCESS_MESSAGES,
  type DeviceInfo,
  type PhoneMessage,
  type UpdateOptInRequest,
  type UpdateOptInResponse,
} from '@fu/shared/contracts';
import type { Language } from '@fu/shared/i18n/languages';
import { formatPhone } from '@fu/shared/rules';
import type { Database } from '../../platform/db/client';
import { HttpError, pageNotFound } from '../../platform/http/errors';
import { requirePhone, requireTextable } from '../../platform/http/phone';
import type { DeviceRepository, DeviceRow } from '../repositories/devices';
import {
  browserHasPhone,
  claimCode,
  codeOfPage,
  insertCode,
  markPagePhoneVerified,
  rememberBrowserPhone,
  retireCodesOfPage,
} from '../repositories/phoneCodes';
import { newCode, sha256 } from '../../platform/security/tokens';
import { recordConsent, type TextConsentRepository } from '../../messaging/repositories/textConsents';
import type { TextSenderRepository } from '../../messaging/repositories/textSenders';
import type { SmsProvider } from '../../messaging/sms';
import { textRefusal } from '../../messaging/sms/refusal';
import { fromSender, SITE_SENDER, textSender } from '../../messaging/sms/sender';
import { privacyOf } from '../repositories/pagePrivacy';
import { translatorFor } from '../../platform/i18n/translate';

/** Issue 34 (COPPA): a younger student's page texts only the parent who confirmed it. */
export const PARENT_CONFIRMED_MESSAGE = "A parent confirmed this page: its texts go to the parent's phone.";

/** A private page (issue 34, COPPA) asks for nothing to be texted: 403 with the sentence to show. */
const privatePage = () => new HttpError(403, ACCESS_MESSAGES.privatePage);

/** A texted confirmation link works this long: students open texts later in the day. */
export const PHONE_CODE_HOURS = 24;

export const PHONE_CODE_MESSAGES = {
  wrong: 'This confirmation link is not valid. Please open the newest link we texted you, or ask for a new one.',
  expired: 'This confirmation link has expired. Please ask for a new one.',
  used: 'This confirmation link has already been used or replaced by a newer one.',
  confirmed: 'Your phone is confirmed. Text reminders will come to it.',
} as const;

/** Whether this browser confirmed a code texted to the phone (docs/security.md). */
export async function browserOwnsPhone(db: Database, browserKeyHash: string | undefined, phone: string) {
  return browserKeyHash ? browserHasPhone(db, browserKeyHash, phone) : false;
}

/** The student page a consent was given or revoked on (text_consents.source). */
const studentPage = (guid: string) => `/Fundraiser/${guid}`;

/**
 * Spec §7 Students: a page's phone and its reminders. Reminders go out only for a phone whose owner
 * opened a texted confirmation link; a browser that did so speaks for every page of that phone.
 * Each choice and each confirmation is recorded as a consent (issue 34, text_consents).
 */
export function phoneOwnership(
  db: Database,
  {
    devices,
    textSenders,
    textConsents,
  }: { devices: DeviceRepository; textSenders: TextSenderRepository; textConsents: TextConsentRepository },
  sms: SmsProvider,
  options: { publicUrl: string },
) {
  const pageOrFail = async (guid: string) => {
    const device = await devices.byGuid(guid);
    if (!device) throw pageNotFound();
    return device;
  };

  /**
   * Texts the page's phone a single-use link that confirms it (earlier unused codes of the page are
   * retired, so only the newest link works). The text draws on the phone's daily budget; its errors
   * (budget used up, provider down) reach the caller. In `language`, the page's.
   */
  async function textPhoneCode(device: DeviceRow, language: Language): Promise<void> {
    const code = newCode();
    const now = new Date();
    await db.transaction(async (tx) => {
      await retireCodesOfPage(tx, device.id, now);
      await insertCode(tx, {
        fundraiserDeviceId: device.id,
        codeHash: sha256(code),
        phone: device.phone,
        expiresAt: new Date(now.getTime() + PHONE_CODE_HOURS * 3_600_000),
      });
    });
    const sender = textSender(await textSenders.ofFundraiser(device.fundraiserId));
    const link = `${options.publicUrl.replace(/\/$/, '')}/Fundraiser/${device.guid}?confirm=${code}`;
    // Failure asks the owner to try again, which retires this code: a late retried copy would carry a dead link.
    await sms.send({
      to: device.phone,
      retry: false,
      body: fromSender(
        sender,
        translatorFor(language)('server.sms.phoneCode', { site: SITE_SENDER, hours: PHONE_CODE_HOURS, link }),
      ),
    });
  }

  /** Texts the page's phone its confirmation link; the sentence to show, whatever happened (a refusal's in English). */
  async function sendConfirmation(device: DeviceRow, language: Language): Promise<string> {
    try {
      await textPhoneCode(device, language);
      return translatorFor(language)('server.answer.phoneTexted', { phone: formatPhone(device.phone) });
    } catch (error) {
      return textRefusal(error).message;
    }
  }

  return {
    /** The page's student and reminders choice, and whether this browser confirmed its phone. */
    async deviceInfo(guid: string, browserKeyHash: string | undefined): Promise<DeviceInfo> {
      const device = await pageOrFail(guid);
      const { phone, isOptedIn, studentFirstName, studentLastName } = device;
      return {
        guid: device.guid,
        phone,
        isOptedIn,
        phoneConfirmed: device.phoneVerifiedAt !== null || privacyOf(device).parentConfirmed,
        phoneConfirmedHere: await browserOwnsPhone(db, browserKeyHash, phone),
        studentFirstName,
        studentLastName,
      };
    },

    /**
     * Reminders on or off for the page, or for every page of the phone from a browser that confirmed
     * it (its "on" is then consent). Turning them on for an unconfirmed phone texts it a link. Turning
     * them on makes `language` (the page's) the language the reminders come in: the person just chose it.
     */
    async updateOptIn(
      request: UpdateOptInRequest,
      browserKeyHash: string | undefined,
      language: Language = 'en',
    ): Promise<UpdateOptInResponse> {
      const device = await pageOrFail(request.fundraiserDeviceGuid);
      const phone = requirePhone(request.phone);
      if (phone !== device.phone) throw new HttpError(403, 'That is not the phone number of this fundraiser page.');
      const { status } = request;
      // Issue 34 (COPPA): a private page texts no one, so its reminders cannot be turned on.
      const privacy = privacyOf(device);
      if (status && privacy.isPrivate) throw privatePage();
      // Reminders are texts: a page whose phone is outside the US and Canada keeps them off.
      if (status) requireTextable(privacy.textsPhone ?? phone);
      const ownsPhone = await browserOwnsPhone(db, browserKeyHash, phone);
      const updated = await devices.setOptIn(device, status, ownsPhone, language);
      await textConsents.record({
        // The phone the reminders go to: the parent's on a younger student's page.
        phone: privacy.textsPhone ?? phone,
        scope: 'reminders',
        action: status ? 'given' : 'revoked',
        method: 'web_form',
        source: studentPage(device.guid),
      });
      const phoneConfirmed = device.phoneVerifiedAt !== null || privacy.parentConfirmed || (ownsPhone && status);
      const message = status && !phoneConfirmed ? await sendConfirmation(device, language) : undefined;
      return { phone, isOptedIn: status, updated, phoneConfirmed, message };
    },

    /** Texts the page's phone a new confirmation link (only the newest works), in `language`. */
    async sendConfirmation(guid: string, language: Language = 'en'): Promise<PhoneMessage> {
      const device = await pageOrFail(guid);
      const privacy = privacyOf(device);
      if (privacy.isPrivate) throw privatePage();
      if (privacy.parentConfirmed) return { message: PARENT_CONFIRMED_MESSAGE };
      return { message: await sendConfirmation(device, language) };
    },

    /**
     * Uses a texted code on its page: the page's phone is confirmed (reminders may go out) and this
     * browser (`browserKey`, made on first use) is remembered as the phone's owner. The code is
     * claimed by a conditional UPDATE, so it works once even under a race; a wrong, used or expired
     * code changes nothing.
     */
    async confirm(guid: string, code: string, browserKey: () => string): Promise<PhoneMessage> {
      const device = await pageOrFail(guid);
      const browserKeyHash = browserKey();
      await db.transaction(async (tx) => {
        const now = new Date();
        const row = await codeOfPage(tx, sha256(code), device.id);
        // A code texted to the page's earlier phone (an import changed it) confirms nothing.
        if (!row || row.phone !== device.phone) throw new HttpError(400, PHONE_CODE_MESSAGES.wrong);
        if (row.usedAt) throw new HttpError(409, PHONE_CODE_MESSAGES.used);
        if (row.expiresAt.getTime() <= now.getTime()) throw new HttpError(410, PHONE_CODE_MESSAGES.expired);
        if (!(await claimCode(tx, row.id, now))) throw new HttpError(409, PHONE_CODE_MESSAGES.used);
        await markPagePhoneVerified(tx, device.id, now);
        await rememberBrowserPhone(tx, browserKeyHash, device.phone, now);
        await recordConsent(tx, {
          phone: device.phone,
          scope: 'reminders',
          action: 'given',
          method: 'confirmation_link',
          source: studentPage(device.guid),
        });
      });
      return { message: PHONE_CODE_MESSAGES.confirmed };
    },
  };
}
