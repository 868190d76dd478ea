import { ACCESS_MESSAGES, PAGE_DELETION_MESSAGES, type PhoneMessage } from '@fu/shared/contracts';
import type { Language } from '@fu/shared/i18n/languages';
import { formatPhone } from '@fu/shared/rules';
import type { Database } from '../../platform/db/client';
import { HttpError, pageNotFound } from '../../platform/http/errors';
import { newCode, sha256 } from '../../platform/security/tokens';
import type { DeviceRepository } from '../repositories/devices';
import { textsPhoneOf } from '../repositories/pagePrivacy';
import {
  claimDeletionCode,
  deletionCodeOfPage,
  insertDeletionCode,
  retireDeletionCodesOfPage,
} from '../repositories/pageDeletionCodes';
import { erasePages, recordErasure } from '../../privacy/repositories/erasure';
import type { TextSenderRepository } from '../../messaging/repositories/textSenders';
import type { SmsProvider } from '../../messaging/sms';
import { textRefusal } from '../../messaging/sms/refusal';
import { fromSender, textSender } from '../../messaging/sms/sender';
import { translatorFor } from '../../platform/i18n/translate';

/** A texted delete link works this long: long enough to open a text, short for a link that erases. */
export const PAGE_DELETION_CODE_MINUTES = 60;

/**
 * Issue 34 (docs/privacy.md): a family leaves the directory. Whoever holds a student page's guid asks
 * for a link texted to the page's phone (so the phone's owner agrees); opening it on the page and
 * tapping Delete erases the student's page: name, phone, links, reminders, codes, the browsers' proof
 * of the phone, and the student on the orders credited to it, whose amounts stay for the team's totals
 * and the supporters' receipts. The code is random (24 bytes), single use, expiring, kept as its
 * SHA-256; texts honour the phone's STOP and its daily budget like every other text.
 */
export function pageDeletion(
  db: Database,
  { devices, textSenders }: { devices: DeviceRepository; textSenders: TextSenderRepository },
  sms: SmsProvider,
  options: { publicUrl: string },
) {
  const pageOrFail = async (guid: string) => {
    const device = await devices.byGuid(guid);
    if (!device) throw pageNotFound();
    return device;
  };

  return {
    /**
     * Texts the page's phone a link that deletes the page (only the newest works); the sentence to
     * show. The text and the sentence in `language`, the page's (a refusal's sentence in English).
     */
    async request(guid: string, language: Language = 'en'): Promise<PhoneMessage> {
      const device = await pageOrFail(guid);
      // Issue 34 (COPPA): to the phone the page's texts go to, the parent's for a younger student; a
      // private page texts no one (its student's phone never gets a text).
      const to = textsPhoneOf(device);
      if (!to) throw new HttpError(403, ACCESS_MESSAGES.privatePage);
      const code = newCode();
      const now = new Date();
      await db.transaction(async (tx) => {
        await retireDeletionCodesOfPage(tx, device.id, now);
        await insertDeletionCode(tx, {
          fundraiserDeviceId: device.id,
          codeHash: sha256(code),
          phone: to,
          expiresAt: new Date(now.getTime() + PAGE_DELETION_CODE_MINUTES * 60_000),
        });
      });
      const sender = textSender(await textSenders.ofFundraiser(device.fundraiserId));
      const link = `${options.publicUrl.replace(/\/$/, '')}/Fundraiser/${device.guid}?delete=${code}`;
      const t = translatorFor(language);
      try {
        // Never retried: a late copy would carry a dead link (a new request retires this code).
        await sms.send({
          to,
          retry: false,
          body: fromSender(sender, t('server.sms.deletionLink', { minutes: PAGE_DELETION_CODE_MINUTES, link })),
        });
        // PAGE_DELETION_MESSAGES.texted in the page's language.
        return { message: t('server.answer.deletionTexted', { phone: formatPhone(to) }) };
      } catch (error) {
        return { message: textRefusal(error, { optedOut: PAGE_DELETION_MESSAGES.optedOut }).message };
      }
    },

    /**
     * Uses a texted code on its page: the page is erased in the same transaction that claims the code
     * (a conditional UPDATE, so it works once under a race), and the erasure is recorded. A wrong, used
     * or expired code, or one texted to the page's earlier phone, changes nothing.
     */
    async confirm(guid: string, code: string): Promise<PhoneMessage> {
      const device = await pageOrFail(guid);
      await db.transaction(async (tx) => {
        const now = new Date();
        const row = await deletionCodeOfPage(tx, sha256(code), device.id);
        if (!row || row.phone !== textsPhoneOf(device)) throw new HttpError(400, PAGE_DELETION_MESSAGES.wrong);
        if (row.usedAt) throw new HttpError(409, PAGE_DELETION_MESSAGES.used);
        if (row.expiresAt.getTime() <= now.getTime()) throw new HttpError(410, PAGE_DELETION_MESSAGES.expired);
        if (!(await claimDeletionCode(tx, row.id, now))) throw new HttpError(409, PAGE_DELETION_MESSAGES.used);
        const erased = await erasePages(tx, [device.id], now);
        await recordErasure(tx, {
          kind: 'student',
          reason: 'page_holder',
          matchedBy: 'page',
          actor: 'page holder',
          pages: erased.pages,
          orders: erased.orders,
          messages: 0,
          createdAt: now,
        });
      });
      return { message: PAGE_DELETION_MESSAGES.deleted };
    },
  };
}
