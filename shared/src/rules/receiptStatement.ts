import type { Receipt, ReceiptOrganization } from '../contracts/orders';
import { INTL_LOCALES, type Language } from '../i18n/languages';
// A type only: the server imports these rules without React.
import type { Translate } from '../i18n/translate';
import { formatCents } from '../tokens/money';
import { currentPageLanguage, pageMessage } from '../i18n/current';

// The receipt's words, the same on the page, the PDF and the e-mail, in the reader's language: `t`
// is the page's (useT) or the server's (translatorFor). The exported English sentences are their own
// ids (their Spanish is keyed by them in shared/src/i18n/es.json); the rest are `shared.receipt.*`.

/** One row of a receipt's table: an item line (with its quantity) or a sum such as the donation. */
export interface ReceiptRow {
  label: string;
  /** The quantity of an item line; null for the donation, shipping and fees rows. */
  quantity: number | null;
  cents: number;
}

export const COVERED_FEE_LABEL = 'Processing fee you covered';
/** @deprecated Since 2.1.0 receipts say NO_GOODS_FOR_CONTRIBUTION (IRS Publication 1771's words). */
export const NO_GOODS_FOR_DONATION = 'No goods or services were provided in exchange for this donation.';
/** What a receipt says of a contribution for which nothing was given in return (IRS Publication 1771). */
export const NO_GOODS_FOR_CONTRIBUTION = 'No goods or services were provided in exchange for your contribution.';
export const KEEP_FOR_TAX_RECORDS = 'Please keep this receipt for your tax records.';
/** What a cash or check sale's receipt says until the organisation confirms it received the money. */
export const COLLECTED_NOT_RECEIVED = 'Recorded as collected by a student; not yet received by the organisation.';
export const COLLECTED_NOT_TAX_RECEIPT =
  'This is not a tax receipt. It becomes one when the organisation confirms it received the money.';

/**
 * Whether the receipt is of a cash or check sale the organisation has not yet confirmed it received:
 * then it records the sale and is no tax receipt (issue 30: a student's word is not the
 * organisation's acknowledgment, and anyone can make a student page).
 */
export function isCollectedOnly(receipt: Pick<Receipt, 'collection'>): boolean {
  return receipt.collection !== undefined && receipt.collection.receivedAt === null;
}

/** The label of the receipt's total: what was paid, or what the student recorded as collected. */
export function receiptTotalLabel(receipt: Pick<Receipt, 'collection'>, t: Translate = pageMessage): string {
  return t(isCollectedOnly(receipt) ? 'shared.receipt.totalRecorded' : 'shared.receipt.totalPaid');
}

/** The heading over the statement: what a donor files at tax time, or why this is not that yet. */
export function receiptStatementHeading(receipt: Pick<Receipt, 'collection'>, t: Translate = pageMessage): string {
  return t(isCollectedOnly(receipt) ? 'shared.receipt.notYetTaxReceipt' : 'shared.receipt.forTaxRecords');
}

/** The zone a receipt's times are read in: the school's (issue 34), else UTC (a server before it). */
const zoneOf = (receipt: Pick<Receipt, 'timeZone'>) => receipt.timeZone ?? 'UTC';

/**
 * "November 27, 2026 at 3:05 PM CST" ("27 de noviembre de 2026 a las 3:05 p.m. CST"): a moment on a
 * receipt (the page, the PDF, the e-mail) in the school's time zone, naming the zone, so every copy
 * of the receipt reads the same and says which clock it means. The supporter's own zone is unknown
 * to the PDF and the e-mail.
 */
export function receiptTime(
  iso: string,
  receipt: Pick<Receipt, 'timeZone'>,
  language: Language = currentPageLanguage(),
): string {
  return new Date(iso).toLocaleString(INTL_LOCALES[language], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zoneOf(receipt),
    timeZoneName: 'short',
  });
}

/** "November 27, 2026" ("27 de noviembre de 2026"): the school's day on which it received a cash or check sale's money. */
const receivedDay = (iso: string, receipt: Pick<Receipt, 'timeZone'>, language: Language) =>
  new Date(iso).toLocaleDateString(INTL_LOCALES[language], { dateStyle: 'long', timeZone: zoneOf(receipt) });

/**
 * The rows every receipt shows (the page, the PDF and the e-mail, issue 19): each item line, then
 * the donation as a line of its own, shipping, the processing fee the supporter covered and any
 * other fee. A row that is $0.00 is left out: a donor's receipt lists only what they paid for.
 */
export function receiptRows(receipt: Receipt, t: Translate = pageMessage): ReceiptRow[] {
  const linesTotal = receipt.lines.reduce((sum, line) => sum + line.lineTotal, 0);
  // Whatever the total holds beyond everything named: no fee is charged today beyond a covered
  // one, but the receipt reads the stored amounts rather than assume it.
  const otherFees = receipt.orderTotal - linesTotal - receipt.donation - receipt.shippingTotal - receipt.coveredFee;
  const rows: ReceiptRow[] = receipt.lines.map((line) => ({
    label: line.name,
    quantity: line.quantity,
    cents: line.lineTotal,
  }));
  const sums: [string, number][] = [
    [t('shared.receipt.donation'), receipt.donation],
    [t('shared.receipt.shipping'), receipt.shippingTotal],
    [t(COVERED_FEE_LABEL), receipt.coveredFee],
    [t('shared.receipt.fees'), otherFees],
  ];
  for (const [label, cents] of sums) if (cents > 0) rows.push({ label, quantity: null, cents });
  return rows;
}

/**
 * IRS Publication 1771: a contribution of $250 or more needs the organisation's contemporaneous
 * written acknowledgment (IRC §170(f)(8)), in cents. (A payment of more than $75 made partly for goods
 * or services needs a written disclosure, IRC §6115: receipts give it for every such payment.)
 */
export const WRITTEN_ACKNOWLEDGMENT_FROM_CENTS = 25000;

/** What a payment was for, as Publication 1771 splits it: in cents, from the receipt's stored amounts. */
export interface ReceiptTaxAmounts {
  /** Everything paid (Receipt.orderTotal, a covered processing fee included). */
  paid: number;
  /**
   * The good-faith estimate of the goods and services given in return: each line's goodsValue (its
   * total where a receipt has none) and the shipping charged.
   */
  goodsAndServices: number;
  /** What was given beyond them, the amount deductible for a 501(c)(3): paid less goods and services, at least 0. */
  contribution: number;
}

/**
 * The payment split into goods and services and contribution (Publication 1771: the deductible amount
 * is limited to the excess of the money contributed over the value of goods or services provided).
 * A covered processing fee is part of the payment and buys nothing, so it counts as contributed.
 */
export function receiptTaxAmounts(receipt: Pick<Receipt, 'lines' | 'shippingTotal' | 'orderTotal'>): ReceiptTaxAmounts {
  const goods = receipt.lines.reduce((sum, line) => sum + Math.max(0, line.goodsValue ?? line.lineTotal), 0);
  const goodsAndServices = goods + receipt.shippingTotal;
  return {
    paid: receipt.orderTotal,
    goodsAndServices,
    contribution: Math.max(0, receipt.orderTotal - goodsAndServices),
  };
}

/** Whether the issuer is a 501(c)(3): receipts from a server before issue 34 carry no flag and were. */
export const isCharity = (organization: ReceiptOrganization) => organization.is501c3 !== false;

/** "2 × Team T-Shirt: Adult Medium; shipping": what was given in return, as the receipt's rows name it. */
export function goodsDescription(
  receipt: Pick<Receipt, 'lines' | 'shippingTotal'>,
  t: Translate = pageMessage,
): string {
  const parts = receipt.lines
    .filter((line) => (line.goodsValue ?? line.lineTotal) > 0)
    .map((line) => (line.quantity > 1 ? `${line.quantity} × ${line.name}` : line.name));
  if (receipt.shippingTotal > 0) parts.push(t('shared.receipt.goodsShipping'));
  return parts.join('; ');
}

/**
 * The words a donor files at tax time, the same on the page, the PDF and the e-mail (issue 34, IRS
 * Publication 1771), then who issued the receipt (legal name, address, tax id) when known:
 *
 * - an organisation that is not a 501(c)(3): that the payment is not tax-deductible as a charitable
 *   contribution, and nothing else about deductions;
 * - a contribution of $250 or more: the organisation's acknowledgment, naming it, the amount and
 *   the day it was received (contemporaneous: the receipt is issued as it is paid or received);
 * - a contribution for which nothing was given: "No goods or services were provided in exchange for
 *   your contribution.";
 * - a payment partly for goods or services: what they were and their good-faith estimate, and that
 *   the deductible amount is limited to the excess of the payment over that value, with the amount
 *   (Publication 1771 asks for it over $75; every such receipt carries it);
 * - a payment wholly for goods or services: nothing about deductions.
 *
 * A cash or check sale the organisation has not confirmed gets none of that: only that it was
 * recorded as collected and is not yet a tax receipt.
 */
export function receiptTaxStatement(
  receipt: Receipt,
  t: Translate = pageMessage,
  language: Language = currentPageLanguage(),
): string[] {
  if (isCollectedOnly(receipt)) return [t(COLLECTED_NOT_RECEIVED), t(COLLECTED_NOT_TAX_RECEIPT)];
  const statement: string[] = [];
  const organization = receipt.organization;
  const name = organization.legalName.trim();
  const receivedAt = receipt.collection?.receivedAt;
  const { paid, goodsAndServices, contribution } = receiptTaxAmounts(receipt);
  const acknowledged = isCharity(organization) && contribution >= WRITTEN_ACKNOWLEDGMENT_FROM_CENTS;
  // The acknowledgment names the day the money was received; a cash sale's own line then says no more.
  if (receivedAt && !acknowledged)
    statement.push(t('shared.receipt.receivedOn', { date: receivedDay(receivedAt, receipt, language) }));
  if (!isCharity(organization)) {
    statement.push(notDeductible(name, t));
  } else if (contribution > 0) {
    if (acknowledged) {
      const values = {
        organization: name,
        amount: formatCents(paid),
        date: receivedDay(receivedAt ?? receipt.paidAt, receipt, language),
      };
      statement.push(t(name ? 'shared.receipt.acknowledgment' : 'shared.receipt.acknowledgmentUnnamed', values));
    }
    if (goodsAndServices === 0) {
      statement.push(t(NO_GOODS_FOR_CONTRIBUTION));
    } else {
      statement.push(
        t('shared.receipt.goodsInExchange', {
          goods: goodsDescription(receipt, t),
          value: formatCents(goodsAndServices),
        }),
        t('shared.receipt.deductibleAmount', { amount: formatCents(contribution) }),
      );
    }
    statement.push(t(KEEP_FOR_TAX_RECORDS));
  }
  statement.push(...receiptIssuer(organization, t));
  return statement;
}

/** What the receipt of an organisation that is not a 501(c)(3) says instead of any deduction. */
export const notDeductible = (legalName: string, t: Translate = pageMessage) =>
  legalName.trim()
    ? t('shared.receipt.notDeductible', { organization: legalName.trim() })
    : t('shared.receipt.notDeductibleUnnamed');

/** "Issued by …", its address and its tax id, each only when configured. */
export function receiptIssuer(organization: Receipt['organization'], t: Translate = pageMessage): string[] {
  const lines: string[] = [];
  if (organization.legalName.trim())
    lines.push(t('shared.receipt.issuedBy', { organization: organization.legalName.trim() }));
  if (organization.address.trim()) lines.push(organization.address.trim());
  if (organization.taxId.trim()) lines.push(t('shared.receipt.taxId', { taxId: organization.taxId.trim() }));
  return lines;
}
