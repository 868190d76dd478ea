import { normalizePhone } from '@fu/shared/rules';
import type { Database } from '../../platform/db/client';
import { addOptOut, lockPhoneTexts, removeOptOut, type Transaction } from '../repositories/optOuts';
import { recordInbound, type InboundText } from '../repositories/smsInbound';
import { setAsideTextsOf } from '../repositories/smsOutbox';
import { recordConsent } from '../repositories/textConsents';
import type { SmsProvider } from '../sms';
import { helpReply, keywordOf, startReply, stopReply, type HelpContact, type Keyword } from '../sms/keywords';

/**
 * What a text a phone sent us did: `opted_out` (a STOP: the phone gets no more texts, and one
 * confirmation), `already_opted_out` (a STOP again: nothing more is sent), `opted_in` (a START that
 * lifted an opt-out, confirmed), `not_opted_out` (a START from a phone that had not stopped: nothing
 * to do, nothing sent), `help` (answered), `none` (no keyword: kept, not answered), `duplicate` (this
 * provider message was handled already), `ignored` (not from a US or Canadian number).
 */
export type InboundAction =
  'opted_out' | 'already_opted_out' | 'opted_in' | 'not_opted_out' | 'help' | 'none' | 'duplicate' | 'ignored';

export interface InboundMessage {
  /** The sender, as the provider gives it (`+15125550101`) or as typed on the development form. */
  from: string;
  body: string;
  /** The provider's id for the message; undefined from the development form. */
  messageId?: string;
}

/** The longest message kept as the `source` of a consent a keyword gave or revoked. */
const KEYWORD_SOURCE_MAX = 40;

/**
 * Opts the phone out of every text (`optedOut`) or lifts its opt-out, in one transaction under its
 * texts lock, exclusive (messaging/repositories/optOuts.ts): the inbound message that asked (once
 * per provider message id: undefined when it was handled already), the opt-out, the consent given or
 * revoked, and on an opt-out the phone's texts waiting for a retry set aside. Every text is stored
 * under the same lock, shared, so none is stored for the phone once an opt-out commits
 * (messaging/repositories/smsOutbox.ts). `changed`: false when the phone already was so.
 */
export async function changeOptOut(
  db: Database,
  phone: string,
  change: {
    optedOut: boolean;
    method: 'keyword' | 'admin';
    /** The keyword as texted, or who acted. */
    source: string;
    inbound?: InboundText;
  },
): Promise<{ inboundId?: number; changed: boolean } | undefined> {
  return db.transaction(async (tx: Transaction) => {
    await lockPhoneTexts(tx, phone, 'exclusive');
    let inboundId: number | undefined;
    if (change.inbound) {
      inboundId = await recordInbound(tx, change.inbound);
      if (inboundId === undefined) return undefined;
    }
    const changed = change.optedOut ? await addOptOut(tx, phone, change.source) : await removeOptOut(tx, phone);
    if (!changed) return { inboundId, changed };
    await recordConsent(tx, {
      phone,
      scope: 'all',
      action: change.optedOut ? 'revoked' : 'given',
      method: change.method,
      source: change.source,
    });
    if (change.optedOut) await setAsideTextsOf(tx, phone);
    return { inboundId, changed };
  });
}

/**
 * Issue 34: the texts phones send us, from the SMS provider's signed webhook or the development
 * outbox's reply form, through this one service. STOP and its synonyms (messaging/sms/keywords.ts)
 * opt the phone out of every kind of text at once, answered by one confirmation; START lifts it;
 * HELP is answered with who we are and how to reach support. Every change of consent is recorded
 * (text_consents), and every message once (sms_inbound, by the provider's id).
 *
 * A STOP is one transaction under the phone's texts lock, exclusive (messaging/repositories/optOuts.ts):
 * the message, the opt-out, the consent revoked, and the phone's texts waiting for a retry set aside.
 * Every text is stored under the same lock, shared, so none is stored for the phone once the STOP
 * commits (messaging/repositories/smsOutbox.ts), whichever instance or job sends it. The replies are
 * sent after the commit, as keyword replies: the only texts an opted-out phone gets.
 */
export function inboundTexts(
  db: Database,
  sms: SmsProvider,
  options: { contact: HelpContact; log: { warn(message: string): void } },
) {
  /** Sends a keyword's reply; a refusal (the phone's daily budget for a HELP, a provider down) is logged. */
  async function reply(phone: string, keywordReply: Keyword, body: string, inboundId: number): Promise<void> {
    try {
      await sms.send({ to: phone, body, keywordReply, dedupeKey: `keyword-reply-${inboundId}` });
    } catch (error) {
      options.log.warn(
        `reply to ${keywordReply.toUpperCase()} (inbound text ${inboundId}) not sent: ${(error as Error).message}`,
      );
    }
  }

  return {
    /** Handles one text a phone sent us: what it did. */
    async receive(message: InboundMessage): Promise<InboundAction> {
      const phone = normalizePhone(message.from);
      const found = keywordOf(message.body);
      const inbound = { providerMessageId: message.messageId ?? null, fromPhone: message.from, body: message.body };
      if (!phone) {
        return (await recordInbound(db, { ...inbound, keyword: found?.keyword ?? null })) === undefined
          ? 'duplicate'
          : 'ignored';
      }
      if (found?.keyword === 'stop' || found?.keyword === 'start') {
        const outcome = await changeOptOut(db, phone, {
          optedOut: found.keyword === 'stop',
          method: 'keyword',
          source: message.body.trim().slice(0, KEYWORD_SOURCE_MAX),
          inbound: { ...inbound, keyword: found.keyword },
        });
        if (!outcome) return 'duplicate';
        const inboundId = outcome.inboundId!;
        if (found.keyword === 'stop') {
          if (!outcome.changed) return 'already_opted_out';
          await reply(phone, 'stop', stopReply(found.language), inboundId);
          return 'opted_out';
        }
        if (!outcome.changed) return 'not_opted_out';
        await reply(phone, 'start', startReply(found.language), inboundId);
        return 'opted_in';
      }
      const inboundId = await recordInbound(db, { ...inbound, keyword: found?.keyword ?? null });
      if (inboundId === undefined) return 'duplicate';
      if (!found) return 'none';
      await reply(phone, 'help', helpReply(found.language, options.contact), inboundId);
      return 'help';
    },
  };
}

export type InboundTexts = ReturnType<typeof inboundTexts>;
