import { buffer } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
import { PAYMENT_TYPES, type Receipt } from '@fu/shared/contracts';
import { INTL_LOCALES, type Language } from '@fu/shared/i18n/languages';
import {
  isCollectedOnly,
  receiptPaymentMethod,
  receiptRows,
  receiptTaxStatement,
  receiptTime,
  receiptTotalLabel,
} from '@fu/shared/rules';
import { translatorFor, type Translate } from '../../platform/i18n/translate';
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
/**
 * Said once, at the end, when a name or label had characters the font cannot draw (CJK, Arabic,
 * emoji…): server.receipt.unprintable, here in English.
 */
export const UNPRINTABLE_NOTE = translatorFor('en')('server.receipt.unprintable');

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** The labels of the receipt's fields, on the left of their values. */
const FIELD_LABELS = [
  'server.receipt.orderNumber',
  'server.receipt.datePaid',
  'server.receipt.dateRecorded',
  'server.receipt.fundraiser',
  'server.receipt.student',
  'server.receipt.supporter',
  'server.receipt.email',
  'server.receipt.payment',
  'server.receipt.reference',
];

/** Integer cents from the database as dollars: 3600 → "$36.00" (the same in Spanish, docs/i18n.md). */
export const formatDollars = (cents: number) => dollars.format(cents / 100);

/** The receipt's "Fundraiser" field, the PDF's and the e-mail's: "Varsity Football at Lincoln High School". */
export function fundraiserField(receipt: Pick<Receipt, 'teamName' | 'schoolName'>, t: Translate): string {
  if (receipt.teamName && receipt.schoolName)
    return t('server.receipt.teamAtSchool', { team: receipt.teamName, school: receipt.schoolName });
  return receipt.teamName || receipt.schoolName || '-';
}

/** The thanks that ends the PDF and the e-mail. */
export const receiptThanks = (receipt: Pick<Receipt, 'teamName'>, t: Translate) =>
  receipt.teamName ? t('server.receipt.thanks', { team: receipt.teamName }) : t('server.receipt.thanksFundraiser');

/**
 * A paid order's receipt as a PDF with real text (searchable, copyable, read by screen readers),
 * in the page's wording (shared/src/rules/receiptStatement.ts) and in `language`, the one the order
 * was made in: the item lines, then the donation, shipping and a covered fee as lines of their own,
 * none that is $0.00; the total and payment; then what a donor files at tax time and who issued the
 * receipt. Set in Noto Sans (Spanish's á, ñ, ¿ and ¡ included), embedded as a subset of the
 * characters used; a character it cannot draw is printed as its base letter or '?', and the receipt
 * then says so.
 */
export async function receiptPdf(receipt: Receipt, language: Language): Promise<Uint8Array> {
  const t = translatorFor(language);
  const paidAt = new Date(receipt.paidAt);
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    lang: INTL_LOCALES[language],
    info: {
      Title: t('server.receipt.pdfTitle', { site: SITE_NAME, orderId: String(receipt.orderId) }),
      Author: SITE_NAME,
      Subject: t('server.receipt.receiptForOrder', { orderId: String(receipt.orderId) }),
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
  // The fields' values start past the widest label: at 170 pt, or further for longer words
  // ("Recaudación de fondos").
  const valueX = Math.max(170, MARGIN + 12 + Math.max(...FIELD_LABELS.map((id) => widthOf(t(id), { font: BOLD }))));
  const field = (label: string, value: string) => {
    const lines = wrapped(value, PAGE.width - MARGIN - valueX);
    ensure(16 * lines.length);
    text(label, MARGIN, { font: BOLD });
    for (const line of lines) {
      draw(line, valueX);
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
  text(t('server.receipt.title'), MARGIN, { size: 26, font: BOLD });
  y += 34;

  const supporter = `${receipt.supporterFirstName} ${receipt.supporterLastName}`.trim();
  const student = `${receipt.studentFirstName} ${receipt.studentLastName}`.trim();
  field(t('server.receipt.orderNumber'), String(receipt.orderId));
  const collectedOnly = isCollectedOnly(receipt);
  field(
    t(collectedOnly ? 'server.receipt.dateRecorded' : 'server.receipt.datePaid'),
    receiptTime(receipt.paidAt, receipt, language),
  );
  field(t('server.receipt.fundraiser'), fundraiserField(receipt, t));
  if (student) field(t('server.receipt.student'), student);
  field(t('server.receipt.supporter'), supporter || '-');
  field(t('server.receipt.email'), receipt.donorEmail || '-');
  y += 14;

  ensure(40);
  text(t('server.receipt.item'), MARGIN, { font: BOLD });
  text(t('server.receipt.qty'), COLUMNS.qty, { font: BOLD });
  right(t('server.receipt.amount'), COLUMNS.amountRight, { font: BOLD });
  y += 8;
  rule();
  y += 14;
  for (const row of receiptRows(receipt, t)) {
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
  text(receiptTotalLabel(receipt, t), COLUMNS.qty - 120, { font: BOLD, size: 13 });
  right(formatDollars(receipt.orderTotal), COLUMNS.amountRight, { font: BOLD, size: 13 });
  y += 32;

  // The same wording as the receipt page: 'Paid in cash', 'Paid by check #1234', 'Visa ending in 1111'.
  field(t('server.receipt.payment'), receiptPaymentMethod(receipt.payment, collectedOnly, t));
  // The gateway's reference for a card; a check's number is already in the payment line.
  if (receipt.payment.paymentTypeId === PAYMENT_TYPES.card)
    field(t('server.receipt.reference'), receipt.payment.reference || '-');
  y += 12;
  for (const sentence of receiptTaxStatement(receipt, t, language)) paragraph(sentence);
  y += 8;
  paragraph(receiptThanks(receipt, t), { color: MUTED });
  // Last, once every name and label has been printed.
  if (replaced) {
    y += 8;
    paragraph(t('server.receipt.unprintable'), { color: MUTED });
  }

  doc.end();
  return buffer(doc);
}
