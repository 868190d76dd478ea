import type { Receipt } from '@fu/shared/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EmailBudgetExceededError, type EmailProvider, type EmailWithholding } from '../email';
import { recordEmail } from '../../platform/http/metrics';
import {
  catchUpPaidOrderNotices,
  sendPaidOrderNotices,
  sendReceivedReceipt,
  type EmailNotice,
  type NoticeReport,
  type PaidOrderNoticeDeps,
} from '../../orders/services/paidOrderNotices';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where e-mail goes: the database outbox, or SMTP when SMTP_URL is set (email/), each message
     * within its address's daily budget (messaging/email/budget.ts).
     */
    email: EmailProvider & EmailWithholding;
    /**
     * Tells the buyer of a just-paid order (the receipt e-mail, the tickets text) after the answer
     * is sent; once per order however often it is called (orders/services/paidOrderNotices.ts).
     */
    orderPaid(orderId: number): void;
    /** The same at once, for tests: what was done. */
    sendPaidOrderNotices(orderId: number): Promise<NoticeReport>;
    /**
     * E-mails the tax receipt of a cash or check sale the organisation confirmed it received, after
     * the answer is sent; once per order (orders/services/paidOrderNotices.ts sendReceivedReceipt).
     */
    cashReceived(orderId: number): void;
    /** The same at once, for tests: what became of the e-mail. */
    sendReceivedReceipt(orderId: number): Promise<EmailNotice>;
    /** Sends the notices that orders paid lately never got (run by the e-mail retry job); how many orders. */
    catchUpPaidOrderNotices(now: Date): Promise<number>;
  }
}

/**
 * The provider with every message counted by outcome (emails_total): sent, failed, or over a
 * budget. A message stored already under its dedupe key is neither sent nor counted.
 */
export function countedEmail(provider: EmailProvider & EmailWithholding): EmailProvider & EmailWithholding {
  return {
    ...provider,
    async send(message) {
      try {
        const result = await provider.send(message);
        if (result) recordEmail('sent');
        return result;
      } catch (error) {
        recordEmail(error instanceof EmailBudgetExceededError ? 'over_budget' : 'failed');
        throw error;
      }
    },
  };
}

/**
 * The e-mail provider, and what follows a payment. Registered after `background` (runInBackground)
 * and `sms` (the ticket text goes through app.sms and its per-phone budget).
 */
export default fp(async function email(
  app: FastifyInstance,
  options: {
    /** The budgeted provider (messaging/email/budget.ts). */
    provider: EmailProvider & EmailWithholding;
    publicUrl: string;
    receiptSecret: string;
    /** Who issues the receipts e-mailed (config.organization). */
    organization: Receipt['organization'];
  },
) {
  const { orders, orderNotices, textSenders } = app.repositories;
  const provider = countedEmail(options.provider);
  app.decorate('email', provider);
  const deps = (): PaidOrderNoticeDeps => ({
    orders,
    notices: orderNotices,
    textSenders,
    email: provider,
    sms: app.sms,
    publicUrl: options.publicUrl,
    receiptSecret: options.receiptSecret,
    organization: options.organization,
    log: { warn: (message) => app.log.warn(message) },
  });
  const send = (orderId: number) => sendPaidOrderNotices(deps(), orderId);
  app.decorate('sendPaidOrderNotices', send);
  app.decorate('catchUpPaidOrderNotices', (now: Date) => catchUpPaidOrderNotices(deps(), now));
  app.decorate('orderPaid', (orderId: number) =>
    app.runInBackground(`order ${orderId} paid notices`, () => send(orderId)),
  );
  const sendReceived = (orderId: number) => sendReceivedReceipt(deps(), orderId);
  app.decorate('sendReceivedReceipt', sendReceived);
  app.decorate('cashReceived', (orderId: number) =>
    app.runInBackground(`order ${orderId} received receipt`, () => sendReceived(orderId)),
  );
});
