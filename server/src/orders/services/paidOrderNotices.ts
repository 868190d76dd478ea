import type { Receipt } from '@fu/shared/contracts';
import type { Language } from '@fu/shared/i18n/languages';
import { EmailBudgetExceededError, type EmailProvider, type EmailWithholding } from '../../messaging/email';
import type { OrderRepository } from '../repositories/orders';
import type { EmailContext, OrderNoticeRepository } from '../repositories/orderNotices';
import type { TextSenderRepository } from '../../messaging/repositories/textSenders';
import {
  SmsBudgetExceededError,
  SmsOptedOutError,
  SmsOutsideUsCanadaError,
  SmsSendError,
  type SmsProvider,
} from '../../messaging/sms';
import { fromSender, textSender } from '../../messaging/sms/sender';
import { manageDiscountsUrl, receiptEmail } from '../../receipts/services/receiptEmail';
import { receiptUrl } from '../../receipts/services/receiptKey';
import { receiptPdf } from '../../receipts/services/receiptPdf';
import { issuedReceipt } from '../../receipts/services/receipts';
import { translatorFor } from '../../platform/i18n/translate';

export interface PaidOrderNoticeDeps {
  orders: OrderRepository;
  notices: OrderNoticeRepository;
  textSenders: TextSenderRepository;
  /** The budgeted provider (app.email): every e-mail draws on its address's daily budget. */
  email: EmailProvider & EmailWithholding;
  /** The budgeted provider (app.sms): the ticket text draws on the phone's daily budget. */
  sms: SmsProvider;
  publicUrl: string;
  receiptSecret: string;
  /** Who issues the receipt (config.organization). */
  organization: Receipt['organization'];
  log: { warn(message: string): void };
}

/**
 * The text that takes a ticket buyer to their tickets (one link per ticket purchase), under its
 * sender: "Lincoln High School Varsity Football: your digital tickets are ready! Open them here: …",
 * in the order's language.
 */
export const ticketsText = (sender: string, urls: string[], language: Language = 'en') =>
  fromSender(sender, translatorFor(language)('server.sms.ticketsReady', { urls: urls.join(' ') }));

/**
 * The outbox keys of a paid order's notices: each is stored, and so sent, once. The SQL of
 * orders/repositories/orderNotices.ts looks for the same keys.
 */
export const receiptEmailKey = (orderId: number) => `receipt-order-${orderId}`;
export const receivedReceiptEmailKey = (orderId: number) => `receipt-order-${orderId}-received`;
export const ticketsTextKey = (orderId: number) => `tickets-order-${orderId}`;

export type EmailNotice =
  | 'sent'
  | 'already sent'
  | 'no address'
  | 'failed'
  | 'not paid'
  /** A student's recorded sale from a browser that never proved the page's phone: kept, never sent. */
  | 'withheld'
  /** The mailbox, or the student, had the e-mails of recorded sales for today: kept, never sent. */
  | 'over budget';

export type TextNotice =
  | 'sent'
  | 'already sent'
  | 'no tickets'
  | 'no phone'
  | 'budget exceeded'
  /** The site's daily text cap was reached: it goes the next day. */
  | 'held'
  /** The checkout phone is outside the US and Canada: kept, never sent (the e-mail has the links). */
  | 'outside US and Canada'
  /** The checkout phone replied STOP to our texts: kept as opted_out, never sent (the e-mail has the links). */
  | 'opted out'
  | 'failed'
  | 'not paid';

/** What one call did: for tests and logs. */
export interface NoticeReport {
  email: EmailNotice;
  text: TextNotice;
}

/** What became of a tickets text the provider did not send now. */
function textNotSent(error: unknown): TextNotice {
  if (error instanceof SmsBudgetExceededError) return 'budget exceeded';
  if (error instanceof SmsOutsideUsCanadaError) return 'outside US and Canada';
  if (error instanceof SmsOptedOutError) return 'opted out';
  if (error instanceof SmsSendError && error.capReached) return 'held';
  return 'failed';
}

/**
 * Whether the receipt of the order may be e-mailed at all, and on whose budget. A sale a student
 * recorded (cash or check, no payment taken by us) names its supporter's address as the student
 * typed it, and anyone can make a student page with any phone: its receipt goes out only when the
 * browser that recorded the sale proved the page's phone (its owner confirmed a texted code in it),
 * and draws on the mailbox's and the student's daily budgets (messaging/email/budget.ts).
 */
function emailRule(context: EmailContext): { allowed: boolean; recordedBy?: { phone: string } } {
  if (!context.recordedByStudent) return { allowed: true };
  return { allowed: context.recorderOwnsPhone, recordedBy: { phone: context.phone } };
}

/**
 * E-mails `receipt` (text and HTML, the PDF attached) to its address under `dedupeKey`, within the
 * rules and budgets, in the order's language; what became of it. A refusal is logged: the message
 * stays in the outbox.
 */
async function emailReceipt(
  deps: PaidOrderNoticeDeps,
  receipt: Receipt,
  language: Language,
  options: { dedupeKey: string; ticketUrls: string[]; allowed: boolean; recordedBy?: { phone: string } },
): Promise<EmailNotice> {
  const to = receipt.donorEmail.trim();
  if (!to) return 'no address';
  const content = receiptEmail(
    receipt,
    {
      receiptUrl: receiptUrl(deps.publicUrl, receipt.orderId, deps.receiptSecret),
      ticketUrls: options.ticketUrls,
    },
    language,
  );
  const message = {
    to,
    subject: content.subject,
    text: content.text,
    html: content.html,
    attachments: [
      { filename: content.pdfFilename, contentType: 'application/pdf', content: await receiptPdf(receipt, language) },
    ],
    dedupeKey: options.dedupeKey,
    recordedBy: options.recordedBy,
  };
  if (!options.allowed) return (await deps.email.withhold(message)) ? 'withheld' : 'already sent';
  try {
    return (await deps.email.send(message)) ? 'sent' : 'already sent';
  } catch (error) {
    deps.log.warn(`receipt e-mail for order ${receipt.orderId} not sent: ${(error as Error).message}`);
    // Kept in the outbox: a refused one is sent again by the e-mail retry job when retries are on.
    return error instanceof EmailBudgetExceededError ? 'over budget' : 'failed';
  }
}

/**
 * What a buyer gets once an order is paid, however it was paid (card, recovered card, cash or
 * check): the receipt by e-mail, in text and HTML with the PDF attached, to the order's e-mail;
 * and, when the order issued digital tickets, a text with their link to the checkout phone. A cash
 * or check sale's receipt says it was recorded as collected, not yet received (no tax receipt until
 * the organisation confirms: sendReceivedReceipt). Each is done once per order, whoever calls this
 * and however often (the payment request, recovery, two instances): each by its dedupe key in its
 * outbox, stored before the provider is asked, so a crash after that leaves a queued message the
 * retry job sends. Both are tried at once, and a refused e-mail does not cost the buyer the text.
 * Run it after the payment has committed, in the background.
 */
export async function sendPaidOrderNotices(deps: PaidOrderNoticeDeps, orderId: number): Promise<NoticeReport> {
  const stored = await deps.orders.receipt(orderId);
  if (!stored) return { email: 'not paid', text: 'not paid' };
  const receipt = issuedReceipt(stored, deps.organization);
  const { notices } = deps;
  const [purchases, context, language] = await Promise.all([
    notices.ticketPurchasesOfOrder(orderId),
    notices.emailContextOf(orderId),
    deps.orders.languageOf(orderId),
  ]);
  const ticketUrls = purchases.map((purchase) => manageDiscountsUrl(deps.publicUrl, purchase.guid));

  const text = async (): Promise<TextNotice> => {
    const phone = purchases.find((purchase) => purchase.phone)?.phone;
    if (!ticketUrls.length) return 'no tickets';
    if (!phone) return 'no phone';
    try {
      const sender = textSender(await deps.textSenders.ofOrder(orderId));
      const sent = await deps.sms.send({
        to: phone,
        body: ticketsText(sender, ticketUrls, language),
        dedupeKey: ticketsTextKey(orderId),
      });
      return sent ? 'sent' : 'already sent';
    } catch (error) {
      deps.log.warn(`tickets text for order ${orderId} not sent: ${(error as Error).message}`);
      return textNotSent(error);
    }
  };
  const [email, texted] = await Promise.all([
    emailReceipt(deps, receipt, language, { dedupeKey: receiptEmailKey(orderId), ticketUrls, ...emailRule(context) }),
    text(),
  ]);
  return { email, text: texted };
}

/**
 * The tax receipt of a cash or check sale the organisation confirmed it received (an admin call):
 * e-mailed once, to the address on the order, whatever page recorded the sale, since the money is
 * now the organisation's word and not the student's. Within the address's daily budget.
 */
export async function sendReceivedReceipt(deps: PaidOrderNoticeDeps, orderId: number): Promise<EmailNotice> {
  const [stored, language] = await Promise.all([deps.orders.receipt(orderId), deps.orders.languageOf(orderId)]);
  if (!stored?.collection?.receivedAt) return 'not paid';
  const receipt = issuedReceipt(stored, deps.organization);
  return emailReceipt(deps, receipt, language, {
    dedupeKey: receivedReceiptEmailKey(orderId),
    ticketUrls: [],
    allowed: true,
  });
}

/** How far back the catch-up looks, and how long it leaves a fresh payment to its own notices. */
export const CATCH_UP = { lookBackMs: 24 * 3600_000, graceMs: 2 * 60_000, batch: 20 };

/**
 * Sends the notices of orders paid in the last day (but not in the last two minutes, which their
 * own payment is still handling) whose notices never went out, as when the server stopped between
 * committing a payment and its background notices; and the tax receipts of cash and check sales
 * confirmed received in that time that never went out. Run by the e-mail retry job; the dedupe
 * keys keep each notice to one. Returns how many orders it caught up.
 */
export async function catchUpPaidOrderNotices(deps: PaidOrderNoticeDeps, now: Date): Promise<number> {
  const { notices } = deps;
  const window = [new Date(now.getTime() - CATCH_UP.lookBackMs), new Date(now.getTime() - CATCH_UP.graceMs)] as const;
  const missing = await notices.paidOrdersMissingNotices(...window, CATCH_UP.batch);
  for (const orderId of missing) await sendPaidOrderNotices(deps, orderId);
  const missingReceived = await notices.receivedOrdersMissingReceipt(...window, CATCH_UP.batch);
  for (const orderId of missingReceived) await sendReceivedReceipt(deps, orderId);
  return missing.length + missingReceived.length;
}
