import { formatCents } from '@fu/shared/money';
import type { Database } from '../db/client';
import { deviceRepository } from '../repositories/devices';
import type { OrderRepository } from '../repositories/orders';
import type { SmsProvider } from '../sms';
import { receiptUrl } from './receiptKey';

/** At most this many links in one text. */
const LINKS_PER_TEXT = 5;

/**
 * The spec's phone-number calls (GetFundraiserDevice, ListActiveFundraisers and
 * ListActiveFundraisersByPhone by phone, ListOrders by phone) no longer show anything to whoever
 * types a number: what the number has is texted to it, and the caller is told only that a text
 * went out if there was anything to send (docs/security.md). Nothing is sent for an unknown number.
 */
export function phoneLookups(
  db: Database,
  sms: SmsProvider,
  orders: OrderRepository,
  options: { publicUrl: string; receiptSecret: string },
) {
  const site = options.publicUrl.replace(/\/$/, '');
  const devices = deviceRepository(db);
  return {
    /** Texts the phone the links of the student pages registered to it. */
    async textPageLinks(phone: string): Promise<void> {
      const pages = await devices.pagesOfPhone(phone, LINKS_PER_TEXT);
      if (pages.length === 0) return;
      const links = pages.map(
        (page) => `${page.fundraiserName} (${page.studentFirstName}): ${site}/Fundraiser/${page.guid}`,
      );
      await sms.send({
        to: phone,
        body: `Fundraising University: your fundraiser pages: ${links.join(' ; ')} Did not ask? Ignore this text.`,
      });
    },

    /** Texts the phone the receipt links of the paid orders a supporter placed with it. */
    async textReceiptLinks(phone: string): Promise<void> {
      const paid = await orders.paidOrdersOfSupporterPhone(phone, LINKS_PER_TEXT);
      if (paid.length === 0) return;
      const links = paid.map(
        (order) =>
          `order ${order.orderId} (${formatCents(order.orderTotal)}): ${receiptUrl(site, order.orderId, options.receiptSecret)}`,
      );
      await sms.send({
        to: phone,
        body: `Fundraising University: your receipts: ${links.join(' ; ')} Did not ask? Ignore this text.`,
      });
    },
  };
}
