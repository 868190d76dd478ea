import { ACCESS_MESSAGES, RECEIPT_LOOKUP_MESSAGES, type Receipt, type ReceiptOrganization } from '@fu/shared/contracts';
import type { Language } from '@fu/shared/i18n/languages';
import { isCollectedOnly } from '@fu/shared/rules';
import { HttpError, notFound } from '../../platform/http/errors';
import type { OrderRepository, StoredReceipt } from '../../orders/repositories/orders';
import { receiptKeyValid, receiptUrl } from './receiptKey';
import { receiptPdf } from './receiptPdf';

/** The order's ticket purchases, first line first (orders/repositories/orderNotices.ts). */
type TicketPurchasesOfOrder = (orderId: number) => Promise<{ guid: string }[]>;

const NO_RECEIPT = 'We could not find that receipt. Please check the link.';

const NO_ISSUER: Receipt['organization'] = { legalName: '', address: '', taxId: '' };

/**
 * Who issues a school's receipts (issue 34): the school's own organisation when it has one, else the
 * site's (config.organization), whole: a school's legal name never goes with the site's tax id.
 */
export const receiptIssuerOf = (
  schoolOrganization: ReceiptOrganization | null,
  site: ReceiptOrganization,
): ReceiptOrganization & { is501c3: boolean } => {
  const organization = schoolOrganization ?? site;
  return { ...organization, is501c3: organization.is501c3 !== false };
};

/**
 * The stored receipt with who issues it: the school's organisation or the site's (legal name,
 * address, tax id and whether it is a 501(c)(3)) on a tax receipt, and none on a cash or check sale
 * it has not confirmed receiving (its word is not given yet, so its name and EIN are not put to it).
 */
export function issuedReceipt(
  { schoolOrganization, ...stored }: StoredReceipt,
  site: Receipt['organization'],
): Receipt {
  return { ...stored, organization: isCollectedOnly(stored) ? NO_ISSUER : receiptIssuerOf(schoolOrganization, site) };
}

/**
 * A paid order's digital receipt (spec §7 GetReceipt, donor/digitalReceipt, docs/receipts-api.md):
 * read through a signed link, and found again by order number and e-mail or by the browser that paid.
 */
export function receipts(
  orders: OrderRepository,
  options: {
    publicUrl: string;
    receiptSecret: string;
    /** Who issues the receipts of a school without its own organisation (config.organization). */
    organization: Receipt['organization'];
    ticketPurchasesOfOrder?: TicketPurchasesOfOrder;
  },
) {
  /**
   * A paid order's receipt, for a link whose key is right; one 404 otherwise. The link is the
   * receipt's secret, so its holder also gets the order's ticket purchase guid (the tickets page).
   */
  async function signedReceipt({ orderId, key }: { orderId: number; key: string }): Promise<Receipt> {
    const stored = receiptKeyValid(orderId, key, options.receiptSecret) ? await orders.receipt(orderId) : undefined;
    if (!stored) throw notFound(NO_RECEIPT);
    const receipt = issuedReceipt(stored, options.organization);
    const [purchase] = (await options.ticketPurchasesOfOrder?.(orderId)) ?? [];
    return purchase ? { ...receipt, ticketPurchaseGuid: purchase.guid } : receipt;
  }

  return {
    signedReceipt,

    /** The signed receipt as a PDF file, in `language` (the page's it is downloaded from). */
    async signedReceiptPdf(
      link: { orderId: number; key: string },
      language: Language = 'en',
    ): Promise<{ orderId: number; pdf: Uint8Array }> {
      const receipt = await signedReceipt(link);
      return { orderId: receipt.orderId, pdf: await receiptPdf(receipt, language) };
    },

    /** The receipt link of a paid order with this e-mail; the same 404 for any other order. */
    async lookup({ orderId, email }: { orderId: number; email: string }): Promise<{ receiptUrl: string }> {
      const given = email.trim();
      if (!given) {
        throw new HttpError(400, RECEIPT_LOOKUP_MESSAGES.email, [
          { field: 'email', message: RECEIPT_LOOKUP_MESSAGES.email },
        ]);
      }
      if (!(await orders.paidOrderHasEmail(orderId, given))) throw notFound(RECEIPT_LOOKUP_MESSAGES.notFound);
      return { receiptUrl: receiptUrl(options.publicUrl, orderId, options.receiptSecret) };
    },

    /** The receipt link of a paid order, for the browser that made it; one 404 for everyone else. */
    async linkForOwner(orderId: number, ownerKeyHash: string | undefined): Promise<string> {
      if (!(await orders.paidAndOwnedBy(orderId, ownerKeyHash))) throw notFound(ACCESS_MESSAGES.orderNotFound);
      return receiptUrl(options.publicUrl, orderId, options.receiptSecret);
    },
  };
}
