import { ACCESS_MESSAGES, type PhoneMessage } from '@fu/shared/contracts';
import type { Language } from '@fu/shared/i18n/languages';
import { formatCents } from '@fu/shared/money';
import { HttpError } from '../../platform/http/errors';
import { requirePhone, requireTextable } from '../../platform/http/phone';
import type { DeviceRepository } from '../repositories/devices';
import type { OrderRepository } from '../../orders/repositories/orders';
import type { PhoneBudgetRepository } from '../../messaging/repositories/phoneBudgets';
import { SmsOptedOutError, type TextBudget } from '../../messaging/sms';
import { receiptUrl } from '../../receipts/services/receiptKey';
import { translatorFor } from '../../platform/i18n/translate';

/** A text refused because its phone replied STOP is the rule working, not a failure to log. */
function ignoreOptedOut(error: unknown): void {
  if (!(error instanceof SmsOptedOutError)) throw error;
}

/** At most this many links in one text. */
const LINKS_PER_TEXT = 5;

export const TOO_MANY_LOOKUPS = 'Too many lookups for this phone number today. Please try again tomorrow.';

export interface PhoneLookupDeps {
  orders: OrderRepository;
  devices: DeviceRepository;
  phoneBudgets: PhoneBudgetRepository;
  /** The texts' per-phone budget (app.sms). */
  sms: TextBudget;
  /** Work done after the answer is sent (app.runInBackground). */
  runInBackground(name: string, work: () => Promise<unknown>): void;
}

/**
 * The spec's phone-number calls (GetFundraiserDevice, ListActiveFundraisers and
 * ListActiveFundraisersByPhone by phone, ListOrders by phone): what the number has is texted to it
 * rather than shown to whoever typed it (docs/security.md).
 */
export function phoneLookups(
  { orders, devices, phoneBudgets: budgets, sms, runInBackground }: PhoneLookupDeps,
  options: { publicUrl: string; receiptSecret: string; perPhonePerDay: number },
) {
  const site = options.publicUrl.replace(/\/$/, '');

  /** The links of the student pages registered to the phone; undefined when it has none. */
  async function pageLinksText(phone: string, language: Language): Promise<string | undefined> {
    const pages = await devices.pagesOfPhone(phone, LINKS_PER_TEXT);
    if (pages.length === 0) return undefined;
    // The fundraiser's name only: a student name is whatever was typed when the page was made.
    const links = pages.map((page) => `${page.fundraiserName}: ${site}/Fundraiser/${page.guid}`);
    return translatorFor(language)('server.sms.pageLinks', { links: links.join(' ; ') });
  }

  /** The receipt links of the paid orders a supporter placed with the phone; undefined when none. */
  async function receiptLinksText(phone: string, language: Language): Promise<string | undefined> {
    const paid = await orders.paidOrdersOfSupporterPhone(phone, LINKS_PER_TEXT);
    if (paid.length === 0) return undefined;
    const t = translatorFor(language);
    const links = paid.map((order) =>
      t('server.sms.receiptLink', {
        orderId: order.orderId,
        total: formatCents(order.orderTotal),
        link: receiptUrl(site, order.orderId, options.receiptSecret),
      }),
    );
    return t('server.sms.receiptLinks', { links: links.join(' ; ') });
  }

  /**
   * A phone-number lookup: the number must be a phone number we may text (400 otherwise, before
   * anything is looked up: it says nothing of what the number has) and have lookups left
   * today (429, counted whether the number is known or not). Nothing that follows tells whether the
   * number has anything: the answer is one sentence, the text is composed and sent after it
   * (timing), and a slot of the phone's text budget is spent whether a text follows or not (a
   * caller who can see the budget, through any other text call, learns nothing either). The text is
   * in `language`, the page's that asked.
   */
  async function answer(
    input: string,
    message: string,
    compose: (phone: string, language: Language) => Promise<string | undefined>,
    language: Language,
  ): Promise<PhoneMessage> {
    const phone = requireTextable(requirePhone(input));
    if (!(await budgets.take(phone, 'lookup', options.perPhonePerDay))) throw new HttpError(429, TOO_MANY_LOOKUPS);
    const slot = await sms.reserve(phone);
    runInBackground('phone lookup text', async () => {
      const body = slot && (await compose(phone, language));
      // A phone that replied STOP gets no text, and the answer said nothing of it either.
      if (body) await slot.send(body).catch((error: unknown) => ignoreOptedOut(error));
    });
    return { message };
  }

  return {
    /** Texts the phone its student page links. */
    pageLinks: (input: string, language: Language = 'en') =>
      answer(input, ACCESS_MESSAGES.phoneLinksSent, pageLinksText, language),
    /** Texts the phone the receipt links of its paid orders. */
    receiptLinks: (input: string, language: Language = 'en') =>
      answer(input, ACCESS_MESSAGES.phoneReceiptsSent, receiptLinksText, language),
  };
}
