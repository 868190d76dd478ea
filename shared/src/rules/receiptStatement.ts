import type { Receipt } from '../contracts/orders';
import { formatCents } from '../tokens/money';

/** One row of a receipt's table: an item line (with its quantity) or a sum such as the donation. */
export interface ReceiptRow {
  label: string;
  /** The quantity of an item line; null for the donation, shipping and fees rows. */
  quantity: number | null;
  cents: number;
}

export const COVERED_FEE_LABEL = 'Processing fee you covered';
export const NO_GOODS_FOR_DONATION = 'No goods or services were provided in exchange for this donation.';
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
export function receiptTotalLabel(receipt: Pick<Receipt, 'collection'>): string {
  return isCollectedOnly(receipt) ? 'Total recorded' : 'Total paid';
}

/** The heading over the statement: what a donor files at tax time, or why this is not that yet. */
export function receiptStatementHeading(receipt: Pick<Receipt, 'collection'>): string {
  return isCollectedOnly(receipt) ? 'Not yet a tax receipt' : 'For your tax records';
}

/** "November 27, 2026": the day the organisation received a cash or check sale's money (UTC). */
const receivedDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * The rows every receipt shows (the page, the PDF and the e-mail, issue 19): each item line, then
 * the donation as a line of its own, shipping, the processing fee the supporter covered and any
 * other fee. A row that is $0.00 is left out: a donor's receipt lists only what they paid for.
 */
export function receiptRows(receipt: Receipt): ReceiptRow[] {
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
    ['Donation', receipt.donation],
    ['Shipping', receipt.shippingTotal],
    [COVERED_FEE_LABEL, receipt.coveredFee],
    ['Fees', otherFees],
  ];
  for (const [label, cents] of sums) if (cents > 0) rows.push({ label, quantity: null, cents });
  return rows;
}

/**
 * The words a donor files at tax time, the same on the page, the PDF and the e-mail: for an order
 * with a donation, that no goods or services were given for it (naming the amount when the order
 * also bought items, and saying what the rest paid for), then who issued the receipt (legal name,
 * address, tax id) when configured. A cash or check sale the organisation has not confirmed gets
 * none of that: only that it was recorded as collected and is not yet a tax receipt.
 */
export function receiptTaxStatement(receipt: Receipt): string[] {
  if (isCollectedOnly(receipt)) return [COLLECTED_NOT_RECEIVED, COLLECTED_NOT_TAX_RECEIPT];
  const statement: string[] = [];
  const receivedAt = receipt.collection?.receivedAt;
  if (receivedAt) statement.push(`Received by the organisation on ${receivedDay(receivedAt)}.`);
  if (receipt.donation > 0) {
    statement.push(
      receipt.lines.length === 0
        ? NO_GOODS_FOR_DONATION
        : `No goods or services were provided in exchange for the donation of ${formatCents(receipt.donation)}; the rest of the total paid for the items listed${receipt.coveredFee > 0 ? ' and the processing fee you covered' : ''}.`,
      'Please keep this receipt for your tax records.',
    );
  }
  statement.push(...receiptIssuer(receipt.organization));
  return statement;
}

/** "Issued by …", its address and its tax id, each only when configured. */
export function receiptIssuer(organization: Receipt['organization']): string[] {
  const lines: string[] = [];
  if (organization.legalName.trim()) lines.push(`Issued by ${organization.legalName.trim()}`);
  if (organization.address.trim()) lines.push(organization.address.trim());
  if (organization.taxId.trim()) lines.push(`Tax ID (EIN): ${organization.taxId.trim()}`);
  return lines;
}
