import { buffer } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
import { PAYMENT_TYPES, type Receipt } from '@fu/shared/contracts';
import {
  isCollectedOnly,
  receiptPaymentMethod,
  receiptRows,
  receiptTaxStatement,
  receiptTime,
  receiptTotalLabel,
} from '@fu/shared/rules';
import { NOTO_SANS, NOTO_SANS_FEATURES, registerNotoSans } from './notoSans';
import { printableText } from './printableText';
import { wrapText } from './wrapText';

export const SITE_NAME = 'Fundraising University';

const PAGE = { width: 612, height: 792 }; // US Letter, in points
const MARGIN = 54;
const COLUMNS = { qty: 400, amountRight: PAGE.width - MARGIN };
const ITEM_WIDTH = COLUMNS.qty - MARGIN - 12;
const INK = '#1a1a1f';
const MUTED = '#595966';
const { regular: REGULAR, bold: BOLD } = NOTO_SANS;
/** Said once, at the end, when a name or label had characters the font cannot draw (CJK, Arabic, emoji…). */
export const UNPRINTABLE_NOTE =
  'Some characters could not be printed in this PDF; the receipt online shows them as entered.';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Integer cents from the database as dollars: 3600 → "$36.00". */
export const formatDollars = (cents: number) => dollars.format(cents / 100);

/**
 * A paid order's receipt as a PDF with real text (searchable, copyable, read by screen readers),
 * in the page's wording (shared/src/rules/receiptStatement.ts): the item lines, then the donation,
 * shipping and a covered fee as lines of their own, none that is $0.00; the total and payment;
 * then what a donor files at tax time and who issued the receipt. Set in Noto Sans, embedded as a
 * subset of the characters used; a character it cannot draw is printed as its base letter or '?',
 * and the receipt then says so.
 */
export async function receiptPdf(receipt: Receipt): Promise<Uint8Array> {
  const paidAt = new Date(receipt.paidAt);
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    lang: 'en-US',
    info: {
      Title: `${SITE_NAME} receipt for order ${receipt.orderId}`,
      Author: SITE_NAME,
      Subject: `Receipt for order ${receipt.orderId}`,
      Creator: SITE_NAME,
      Producer: SITE_NAME,
      // The same receipt gives the same file, whenever it is downloaded.
      CreationDate: paidAt,
      ModDate: paidAt,
    },
  });
  const canDraw = await registerNotoSans(doc);
  let replaced = false;
  const clean = (value: string) => {
    const printable = printableText(value, canDraw);
    replaced ||= printable.replaced;
    return printable.text;
  };

  // The baseline of the line being drawn, from the top of the page.
  let y = MARGIN;
  const ensure = (height: number) => {
    if (y + height <= PAGE.height - MARGIN) return;
    doc.addPage();
    y = MARGIN;
  };
  type Style = { size?: number; font?: string; color?: string };
  const styled = ({ size = 11, font = REGULAR, color = INK }: Style) => doc.font(font).fontSize(size).fillColor(color);
  const widthOf = (line: string, style: Style = {}) =>
    styled(style).widthOfString(line, { features: NOTO_SANS_FEATURES });
  /** One line of printable text, its baseline at y. */
  const draw = (line: string, x: number, style: Style = {}) =>
    styled(style).text(line, x, y, { lineBreak: false, baseline: 'alphabetic', features: NOTO_SANS_FEATURES });
  const text = (value: string, x: number, style: Style = {}) => draw(clean(value), x, style);
  const right = (value: string, xRight: number, style: Style = {}) => {
    const line = clean(value);
    draw(line, xRight - widthOf(line, style), style);
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, y - 4)
      .lineTo(PAGE.width - MARGIN, y - 4)
      .lineWidth(0.75)
      .strokeColor(MUTED)
      .stroke();
  };
  const wrapped = (value: string, width: number) => wrapText(clean(value), width, (line) => widthOf(line));
  const field = (label: string, value: string) => {
    const lines = wrapped(value, PAGE.width - MARGIN - 170);
    ensure(16 * lines.length);
    text(label, MARGIN, { font: BOLD });
    for (const line of lines) {
      draw(line, 170);
      y += 16;
    }
  };
  const paragraph = (value: string, style: Style = {}) => {
    const lines = wrapped(value, PAGE.width - 2 * MARGIN);
    ensure(16 * lines.length);
    for (const line of lines) {
      draw(line, MARGIN, style);
      y += 16;
    }
  };

  text(SITE_NAME, MARGIN, { size: 12, color: MUTED });
  y += 34;
  text('Receipt', MARGIN, { size: 26, font: BOLD });
  y += 34;

  const supporter = `${receipt.supporterFirstName} ${receipt.supporterLastName}`.trim();
  const student = `${receipt.studentFirstName} ${receipt.studentLastName}`.trim();
  field('Order number', String(receipt.orderId));
  const collectedOnly = isCollectedOnly(receipt);
  field(collectedOnly ? 'Date recorded' : 'Date paid', receiptTime(receipt.paidAt, receipt));
  field('Fundraiser', [receipt.teamName, receipt.schoolName].filter(Boolean).join(' at ') || '-');
  if (student) field('Student', student);
  field('Supporter', supporter || '-');
  field('E-mail', receipt.donorEmail || '-');
  y += 14;

  ensure(40);
  text('Item', MARGIN, { font: BOLD });
  text('Qty', COLUMNS.qty, { font: BOLD });
  right('Amount', COLUMNS.amountRight, { font: BOLD });
  y += 8;
  rule();
  y += 14;
  for (const row of receiptRows(receipt)) {
    const names = wrapped(row.label, ITEM_WIDTH);
    ensure(16 * names.length);
    names.forEach((name, index) => {
      draw(name, MARGIN);
      if (index === 0) {
        if (row.quantity !== null) text(String(row.quantity), COLUMNS.qty);
        right(formatDollars(row.cents), COLUMNS.amountRight);
      }
      y += 16;
    });
  }
  y -= 4;
  rule();
  y += 18;

  ensure(24);
  text(receiptTotalLabel(receipt), COLUMNS.qty - 120, { font: BOLD, size: 13 });
  right(formatDollars(receipt.orderTotal), COLUMNS.amountRight, { font: BOLD, size: 13 });
  y += 32;

  // The same wording as the receipt page: 'Paid in cash', 'Paid by check #1234', 'Visa ending in 1111'.
  field('Payment', receiptPaymentMethod(receipt.payment, collectedOnly));
  // The gateway's reference for a card; a check's number is already in the payment line.
  if (receipt.payment.paymentTypeId === PAYMENT_TYPES.card) field('Reference', receipt.payment.reference || '-');
  y += 12;
  for (const sentence of receiptTaxStatement(receipt)) paragraph(sentence);
  y += 8;
  paragraph(`Thank you for supporting ${receipt.teamName || 'this fundraiser'}!`, { color: MUTED });
  // Last, once every name and label has been printed.
  if (replaced) {
    y += 8;
    paragraph(UNPRINTABLE_NOTE, { color: MUTED });
  }

  doc.end();
  return buffer(doc);
}
