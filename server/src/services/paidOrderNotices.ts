import type { Receipt } from '@fu/shared/contracts';
import type { EmailProvider } from '../email';
import type { OrderRepository } from '../repositories/orders';
import { orderNoticeRepository } from '../repositories/orderNotices';
import type { Database } from '../db/client';
import { SmsBudgetExceededError, type SmsProvider } from '../sms';
import { manageDiscountsUrl, receiptEmail } from './receiptEmail';
import { receiptUrl } from './receiptKey';
import { receiptPdf } from './receiptPdf';

export interface PaidOrderNoticeDeps {
  db: Database;
  orders: OrderRepository;
  email: EmailProvider;
  /** The budgeted provider (app.sms): the ticket text draws on the phone's daily budget. */
  sms: SmsProvider;
  publicUrl: string;
  receiptSecret: string;
  /** Who issues the receipt (config.organization). */
  organization: Receipt['organization'];
  log: { warn(message: string): void };
}

/** The text that takes a ticket buyer to their tickets (one link per ticket purchase). */
export const ticketsText = (urls: string[]) =>
  urls.length === 1
    ? `Your digital tickets are ready! Open them here: ${urls[0]}`
    : `Your digital tickets are ready! Open them here: ${urls.join(' ')}`;

/** What one call did: for tests and logs. */
export interface NoticeReport {
  email: 'sent' | 'already sent' | 'no address' | 'failed' | 'not paid';
  text: 'sent' | 'already sent' | 'no tickets' | 'no phone' | 'budget exceeded' | 'failed' | 'not paid';
}

/**
 * What a buyer gets once an order is paid, however it was paid (card, recovered card, cash or
 * check): the receipt by e-mail, in text and HTML with the PDF attached, to the order's e-mail;
 * and, when the order issued digital tickets, a text with their link to the checkout phone. Each is
 * done once per order, whoever calls this and however often (the payment request, recovery, two
 * instances): the e-mail by its dedupe key in the outbox, the text by a claim taken before it is
 * sent. Run it after the payment has committed, in the background.
 */
export async function sendPaidOrderNotices(deps: PaidOrderNoticeDeps, orderId: number): Promise<NoticeReport> {
  const stored = await deps.orders.receipt(orderId);
  if (!stored) return { email: 'not paid', text: 'not paid' };
  const receipt: Receipt = { ...stored, organization: deps.organization };
  const notices = orderNoticeRepository(deps.db);
  const purchases = await notices.ticketPurchasesOfOrder(orderId);
  const ticketUrls = purchases.map((purchase) => manageDiscountsUrl(deps.publicUrl, purchase.guid));

  const report: NoticeReport = { email: 'no address', text: 'no tickets' };
  // Both are tried even when the other fails: a refused e-mail must not cost the buyer the text.
  const to = receipt.donorEmail.trim();
  if (to) {
    try {
      const content = receiptEmail(receipt, {
        receiptUrl: receiptUrl(deps.publicUrl, orderId, deps.receiptSecret),
        ticketUrls,
      });
      const sent = await deps.email.send({
        to,
        subject: content.subject,
        text: content.text,
        html: content.html,
        attachments: [
          { filename: content.pdfFilename, contentType: 'application/pdf', content: await receiptPdf(receipt) },
        ],
        dedupeKey: `receipt-order-${orderId}`,
      });
      report.email = sent ? 'sent' : 'already sent';
    } catch (error) {
      // Kept in the outbox; the e-mail retry job sends it again when retries are on.
      report.email = 'failed';
      deps.log.warn(`receipt e-mail for order ${orderId} failed: ${(error as Error).message}`);
    }
  }

  const phone = purchases.find((purchase) => purchase.phone)?.phone;
  if (ticketUrls.length && !phone) report.text = 'no phone';
  if (ticketUrls.length && phone) {
    if (!(await notices.claim(orderId, 'tickets_text'))) {
      report.text = 'already sent';
    } else {
      try {
        await deps.sms.send({ to: phone, body: ticketsText(ticketUrls) });
        report.text = 'sent';
      } catch (error) {
        report.text = error instanceof SmsBudgetExceededError ? 'budget exceeded' : 'failed';
        deps.log.warn(`tickets text for order ${orderId} not sent: ${(error as Error).message}`);
      }
    }
  }
  return report;
}

/** How far back the catch-up looks, and how long it leaves a fresh payment to its own notices. */
export const CATCH_UP = { lookBackMs: 24 * 3600_000, graceMs: 2 * 60_000, batch: 20 };

/**
 * Sends the notices of orders paid in the last day (but not in the last two minutes, which their
 * own payment is still handling) whose notices never went out, as when the server stopped between
 * committing a payment and its background notices. Run by the e-mail retry job; the claims keep
 * each notice to one. Returns how many orders it caught up.
 */
export async function catchUpPaidOrderNotices(deps: PaidOrderNoticeDeps, now: Date): Promise<number> {
  const missing = await orderNoticeRepository(deps.db).paidOrdersMissingNotices(
    new Date(now.getTime() - CATCH_UP.lookBackMs),
    new Date(now.getTime() - CATCH_UP.graceMs),
    CATCH_UP.batch,
  );
  for (const orderId of missing) await sendPaidOrderNotices(deps, orderId);
  return missing.length;
}
