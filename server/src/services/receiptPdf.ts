import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { PAYMENT_TYPES, type Receipt } from '@fu/shared/contracts';
import {
  isCollectedOnly,
  receiptPaymentMethod,
  receiptRows,
  receiptTaxStatement,
  receiptTotalLabel,
} from '@fu/shared/rules';

export const SITE_NAME = 'Fundraising University';

const PAGE = { width: 612, height: 792 }; // US Letter, in points
const MARGIN = 54;
const COLUMNS = { qty: 400, amountRight: PAGE.width - MARGIN };
const ITEM_WIDTH = COLUMNS.qty - MARGIN - 12;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Integer cents from the database as dollars: 3600 → "$36.00". */
export const formatDollars = (cents: number) => dollars.format(cents / 100);

/** The date paid, in UTC and saying so: the server cannot know the supporter's time zone. */
export const formatPaidAt = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/**
 * The built-in PDF fonts encode WinAnsi only; a name with other characters would make pdf-lib
 * throw. Accents are kept where WinAnsi has them, stripped where it has the base letter, and
 * anything else becomes '?'.
 */
function printable(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  return (text) =>
    [...text.normalize('NFC')]
      .map((char) => {
        if (supported.has(char.codePointAt(0)!)) return char;
        const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
        return base && [...base].every((c) => supported.has(c.codePointAt(0)!)) ? base : '?';
      })
      .join('')
      .replace(/[\r\n\t]+/g, ' ');
}

/** Splits text into lines no wider than `width` at `size`, breaking long words too. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/**
 * A paid order's receipt as a PDF with real text (searchable, copyable, read by screen readers),
 * in the page's wording (shared/src/rules/receiptStatement.ts): the item lines, then the donation,
 * shipping and a covered fee as lines of their own, none that is $0.00; the total and payment;
 * then what a donor files at tax time and who issued the receipt.
 */
export async function receiptPdf(receipt: Receipt): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const clean = printable(regular);
  const paidAt = new Date(receipt.paidAt);
  doc.setTitle(`${SITE_NAME} receipt for order ${receipt.orderId}`);
  doc.setAuthor(SITE_NAME);
  doc.setSubject(`Receipt for order ${receipt.orderId}`);
  doc.setCreator(SITE_NAME);
  doc.setProducer(SITE_NAME);
  doc.setLanguage('en-US');
  // The same receipt gives the same file, whenever it is downloaded.
  doc.setCreationDate(paidAt);
  doc.setModificationDate(paidAt);

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const ensure = (height: number) => {
    if (y - height >= MARGIN) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  const text = (value: string, x: number, options: { size?: number; font?: PDFFont; color?: typeof INK } = {}) =>
    page.drawText(clean(value), {
      x,
      y,
      size: options.size ?? 11,
      font: options.font ?? regular,
      color: options.color ?? INK,
    });
  const right = (value: string, xRight: number, font: PDFFont = regular, size = 11) => {
    const clear = clean(value);
    page.drawText(clear, { x: xRight - font.widthOfTextAtSize(clear, size), y, size, font, color: INK });
  };
  const rule = () => {
    page.drawLine({
      start: { x: MARGIN, y: y + 4 },
      end: { x: PAGE.width - MARGIN, y: y + 4 },
      thickness: 0.75,
      color: MUTED,
    });
  };
  const field = (label: string, value: string) => {
    const lines = wrap(clean(value), regular, 11, PAGE.width - MARGIN - 170);
    ensure(16 * lines.length);
    text(label, MARGIN, { font: bold });
    for (const line of lines) {
      text(line, 170);
      y -= 16;
    }
  };

  text(SITE_NAME, MARGIN, { size: 12, color: MUTED });
  y -= 34;
  text('Receipt', MARGIN, { size: 26, font: bold });
  y -= 34;

  const supporter = `${receipt.supporterFirstName} ${receipt.supporterLastName}`.trim();
  const student = `${receipt.studentFirstName} ${receipt.studentLastName}`.trim();
  field('Order number', String(receipt.orderId));
  const collectedOnly = isCollectedOnly(receipt);
  field(collectedOnly ? 'Date recorded' : 'Date paid', formatPaidAt(receipt.paidAt));
  field('Fundraiser', [receipt.teamName, receipt.schoolName].filter(Boolean).join(' at ') || '-');
  if (student) field('Student', student);
  field('Supporter', supporter || '-');
  field('E-mail', receipt.donorEmail || '-');
  y -= 14;

  ensure(40);
  text('Item', MARGIN, { font: bold });
  text('Qty', COLUMNS.qty, { font: bold });
  right('Amount', COLUMNS.amountRight, bold);
  y -= 8;
  rule();
  y -= 14;
  for (const row of receiptRows(receipt)) {
    const names = wrap(clean(row.label), regular, 11, ITEM_WIDTH);
    ensure(16 * names.length);
    names.forEach((name, index) => {
      text(name, MARGIN);
      if (index === 0) {
        if (row.quantity !== null) text(String(row.quantity), COLUMNS.qty);
        right(formatDollars(row.cents), COLUMNS.amountRight);
      }
      y -= 16;
    });
  }
  y += 4;
  rule();
  y -= 18;

  ensure(24);
  text(receiptTotalLabel(receipt), COLUMNS.qty - 120, { font: bold, size: 13 });
  right(formatDollars(receipt.orderTotal), COLUMNS.amountRight, bold, 13);
  y -= 32;

  // The same wording as the receipt page: 'Paid in cash', 'Paid by check #1234', 'Visa ending in 1111'.
  field('Payment', receiptPaymentMethod(receipt.payment, collectedOnly));
  // The gateway's reference for a card; a check's number is already in the payment line.
  if (receipt.payment.paymentTypeId === PAYMENT_TYPES.card) field('Reference', receipt.payment.reference || '-');
  y -= 12;
  for (const sentence of receiptTaxStatement(receipt)) {
    const lines = wrap(clean(sentence), regular, 11, PAGE.width - 2 * MARGIN);
    ensure(16 * lines.length);
    for (const line of lines) {
      text(line, MARGIN);
      y -= 16;
    }
  }
  y -= 8;
  ensure(16);
  text(`Thank you for supporting ${receipt.teamName || 'this fundraiser'}!`, MARGIN, { color: MUTED });

  return doc.save();
}
