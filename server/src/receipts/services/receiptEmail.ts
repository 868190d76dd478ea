import { PAYMENT_TYPES, type Receipt } from '@fu/shared/contracts';
import {
  isCollectedOnly,
  receiptPaymentMethod,
  receiptRows,
  receiptTaxStatement,
  receiptTime,
  receiptTotalLabel,
} from '@fu/shared/rules';
import { formatDollars, SITE_NAME } from './receiptPdf';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The web address of a ticket purchase: the page that lists its tickets and sends them on. */
export const manageDiscountsUrl = (publicUrl: string, guid: string) =>
  `${publicUrl.replace(/\/$/, '')}/ManageDiscounts/${guid}`;

export interface ReceiptEmailContent {
  subject: string;
  text: string;
  html: string;
  /** The PDF's file name, as the download names it. */
  pdfFilename: string;
}

/**
 * A paid order's receipt as an e-mail, in text and HTML with the same fields and wording as the
 * PDF (receipts/services/receiptPdf.ts) and the page (shared/src/rules/receiptStatement.ts): the order, its
 * rows (item lines, then donation, shipping and a covered fee, none that is $0.00), the total, the
 * payment, the donor's tax wording and issuer, the link to the receipt page and, for digital
 * tickets, the link to them.
 */
export function receiptEmail(
  receipt: Receipt,
  links: { receiptUrl: string; ticketUrls: string[] },
): ReceiptEmailContent {
  const fundraiser = [receipt.teamName, receipt.schoolName].filter(Boolean).join(' at ') || '-';
  const supporter = `${receipt.supporterFirstName} ${receipt.supporterLastName}`.trim();
  const student = `${receipt.studentFirstName} ${receipt.studentLastName}`.trim();
  const collectedOnly = isCollectedOnly(receipt);
  const fields: [string, string][] = [
    ['Order number', String(receipt.orderId)],
    [collectedOnly ? 'Date recorded' : 'Date paid', receiptTime(receipt.paidAt, receipt)],
    ['Fundraiser', fundraiser],
    ...(student ? ([['Student', student]] as [string, string][]) : []),
    ['Supporter', supporter || '-'],
  ];
  const rows = receiptRows(receipt);
  const statement = receiptTaxStatement(receipt);
  const payment: [string, string][] = [['Payment', receiptPaymentMethod(receipt.payment, collectedOnly)]];
  const totalLabel = receiptTotalLabel(receipt);
  if (receipt.payment.paymentTypeId === PAYMENT_TYPES.card)
    payment.push(['Reference', receipt.payment.reference || '-']);
  const thanks = `Thank you for supporting ${receipt.teamName || 'this fundraiser'}!`;
  const ticketsIntro =
    links.ticketUrls.length === 1
      ? 'Your digital tickets are ready. Open them here:'
      : 'Your digital tickets are ready. Open them here (one link per ticket purchase):';

  const text = [
    `${SITE_NAME}: receipt for order ${receipt.orderId}`,
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    ...rows.map(
      (row) => `${row.label}${row.quantity === null ? '' : ` x ${row.quantity}`}: ${formatDollars(row.cents)}`,
    ),
    `${totalLabel}: ${formatDollars(receipt.orderTotal)}`,
    '',
    ...payment.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(statement.length ? [...statement, ''] : []),
    ...(links.ticketUrls.length ? [ticketsIntro, ...links.ticketUrls, ''] : []),
    `Your receipt online: ${links.receiptUrl}`,
    'The receipt is attached as a PDF.',
    '',
    thanks,
    '',
  ].join('\n');

  const row = (label: string, value: string, bold = false) =>
    `<tr><th scope="row" style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(label)}</th><td${bold ? ' style="font-weight:bold"' : ''}>${escapeHtml(value)}</td></tr>`;
  // Long addresses break anywhere, so a phone's narrow screen never scrolls sideways.
  const link = (url: string, label = url) =>
    `<a href="${escapeHtml(url)}" style="word-break:break-all">${escapeHtml(label)}</a>`;
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>Receipt for order ${receipt.orderId}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1f;max-width:600px">',
    `<p style="color:#595966">${escapeHtml(SITE_NAME)}</p>`,
    '<h1>Receipt</h1>',
    ...(links.ticketUrls.length
      ? [
          '<h2>Your digital tickets</h2>',
          `<p>${escapeHtml(ticketsIntro)}</p><ul>`,
          ...links.ticketUrls.map(
            (url, index) =>
              `<li>${link(url, links.ticketUrls.length === 1 ? 'Open your digital tickets' : `Open ticket purchase ${index + 1}`)}</li>`,
          ),
          '</ul>',
        ]
      : []),
    `<table>${fields.map(([label, value]) => row(label, value)).join('')}</table>`,
    '<table style="margin-top:16px;border-collapse:collapse">',
    '<thead><tr><th style="text-align:left">Item</th><th>Qty</th><th style="text-align:right">Amount</th></tr></thead><tbody>',
    ...rows.map(
      (entry) =>
        `<tr><td>${escapeHtml(entry.label)}</td><td style="text-align:center">${entry.quantity ?? ''}</td><td style="text-align:right">${formatDollars(entry.cents)}</td></tr>`,
    ),
    '</tbody></table>',
    `<table style="margin-top:8px">${row(totalLabel, formatDollars(receipt.orderTotal), true)}</table>`,
    `<table style="margin-top:8px">${payment.map(([label, value]) => row(label, value)).join('')}</table>`,
    ...(statement.length ? [`<p>${statement.map(escapeHtml).join('<br>')}</p>`] : []),
    `<p>Your receipt online: ${link(links.receiptUrl)}<br>The receipt is attached as a PDF.</p>`,
    `<p>${escapeHtml(thanks)}</p>`,
    '</body></html>',
  ].join('\n');

  const team = receipt.teamName ? ` (${receipt.teamName})` : '';
  return {
    subject: collectedOnly
      ? `Your order ${receipt.orderId}${team}: recorded, not yet a tax receipt`
      : `Your receipt for order ${receipt.orderId}${team}`,
    text,
    html,
    pdfFilename: `receipt-${receipt.orderId}.pdf`,
  };
}
