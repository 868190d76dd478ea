import { formatCents } from '@fu/shared/money';
import type { Database } from '../db/client';
import { deviceRepository } from '../repositories/devices';
import type { OrderRepository } from '../repositories/orders';
import { receiptUrl } from './receiptKey';

/** At most this many links in one text. */
const LINKS_PER_TEXT = 5;

/**
 * The texts of the spec's phone-number calls (GetFundraiserDevice, ListActiveFundraisers and
 * ListActiveFundraisersByPhone by phone, ListOrders by phone): what the number has, to be texted to
 * it rather than shown to whoever typed it (docs/security.md). Undefined when it has nothing.
 */
export function phoneLookups(
  db: Database,
  orders: OrderRepository,
  options: { publicUrl: string; receiptSecret: string },
) {
  const site = options.publicUrl.replace(/\/$/, '');
  const devices = deviceRepository(db);
  return {
    /** The links of the student pages registered to the phone. */
    async pageLinksText(phone: string): Promise<string | undefined> {
      const pages = await devices.pagesOfPhone(phone, LINKS_PER_TEXT);
      if (pages.length === 0) return undefined;
      // The fundraiser's name only: a student name is whatever was typed when the page was made.
      const links = pages.map((page) => `${page.fundraiserName}: ${site}/Fundraiser/${page.guid}`);
      return `Fundraising University: your fundraiser pages: ${links.join(' ; ')} Did not ask? Ignore this text.`;
    },

    /** The receipt links of the paid orders a supporter placed with the phone. */
    async receiptLinksText(phone: string): Promise<string | undefined> {
      const paid = await orders.paidOrdersOfSupporterPhone(phone, LINKS_PER_TEXT);
      if (paid.length === 0) return undefined;
      const links = paid.map(
        (order) =>
          `order ${order.orderId} (${formatCents(order.orderTotal)}): ${receiptUrl(site, order.orderId, options.receiptSecret)}`,
      );
      return `Fundraising University: your receipts: ${links.join(' ; ')} Did not ask? Ignore this text.`;
    },
  };
}
