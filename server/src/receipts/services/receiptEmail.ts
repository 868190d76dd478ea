import { PAYMENT_TYPES, type Receipt } from '@fu/shared/contracts';
import type { Language } from '@fu/shared/i18n/languages';
import {
  isCollectedOnly,
  receiptPaymentMethod,
  receiptRows,
  receiptTaxStatement,
  receiptTime,
  receiptTotalLabel,
} from '@fu/shared/rules';
import { translatorFor } from '../../platform/i18n/translate';
import { formatDollars, fundraiserField, receiptThanks, SITE_NAME } from './receiptPdf';

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

/** Where a message's {link} goes in HTML: the message is escaped, the link is markup. */
const LINK_MARK = '\uE000';

/**
 * A paid order's receipt as an e-mail, in text and HTML with the same fields and wording as the
 * PDF (receipts/services/receiptPdf.ts) and the page (shared/src/rules/receiptStatement.ts), in
 * `language`, the one the order was made in: the order, its rows (item lines, then donation,
 * shipping and a covered fee, none that is $0.00), the total, the payment, the donor's tax wording
 * and issuer, the link to the receipt page and, for digital tickets, the link to them.
 */
export function receiptEmail(
  receipt: Receipt,
  links: { receiptUrl: string; ticketUrls: string[] },
  language: Language,
): ReceiptEmailContent {
  const t = translatorFor(language);
  const orderId = String(receipt.orderId);
  const supporter = `${receipt.supporterFirstName} ${receipt.supporterLastName}`.trim();
  const student = `${receipt.studentFirstName} ${receipt.studentLastName}`.trim();
  const collectedOnly = isCollectedOnly(receipt);
  const fields: [string, string][] = [
    [t('server.receipt.orderNumber'), orderId],
    [
      t(collectedOnly ? 'server.receipt.dateRecorded' : 'server.receipt.datePaid'),
      receiptTime(receipt.paidAt, receipt, language),
    ],
    [t('server.receipt.fundraiser'), fundraiserField(receipt, t)],
    ...(student ? ([[t('server.receipt.student'), student]] as [string, string][]) : []),
    [t('server.receipt.supporter'), supporter || '-'],
  ];
  const rows = receiptRows(receipt, t);
  const statement = receiptTaxStatement(receipt, t, language);
  const payment: [string, string][] = [
    [t('server.receipt.payment'), receiptPaymentMethod(receipt.payment, collectedOnly, t)],
  ];
  const totalLabel = receiptTotalLabel(receipt, t);
  if (receipt.payment.paymentTypeId === PAYMENT_TYPES.card)
    payment.push([t('server.receipt.reference'), receipt.payment.reference || '-']);
  const thanks = receiptThanks(receipt, t);
  const ticketsIntro = t(
    links.ticketUrls.length === 1 ? 'server.receiptEmail.ticketsIntro' : 'server.receiptEmail.ticketsIntroMany',
  );
  const online = (link: string) => t('server.receiptEmail.online', { link });
  const attached = t('server.receiptEmail.attached');

  const text = [
    t('server.receiptEmail.heading', { site: SITE_NAME, orderId }),
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
    online(links.receiptUrl),
    attached,
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
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">`,
    `<title>${escapeHtml(t('server.receipt.receiptForOrder', { orderId }))}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1f;max-width:600px">',
    `<p style="color:#595966">${escapeHtml(SITE_NAME)}</p>`,
    `<h1>${escapeHtml(t('server.receipt.title'))}</h1>`,
    ...(links.ticketUrls.length
      ? [
          `<h2>${escapeHtml(t('server.receiptEmail.ticketsHeading'))}</h2>`,
          `<p>${escapeHtml(ticketsIntro)}</p><ul>`,
          ...links.ticketUrls.map(
            (url, index) =>
              `<li>${link(url, links.ticketUrls.length === 1 ? t('server.receiptEmail.openTickets') : t('server.receiptEmail.openPurchase', { number: String(index + 1) }))}</li>`,
          ),
          '</ul>',
        ]
      : []),
    `<table>${fields.map(([label, value]) => row(label, value)).join('')}</table>`,
    '<table style="margin-top:16px;border-collapse:collapse">',
    `<thead><tr><th style="text-align:left">${escapeHtml(t('server.receipt.item'))}</th><th>${escapeHtml(t('server.receipt.qty'))}</th><th style="text-align:right">${escapeHtml(t('server.receipt.amount'))}</th></tr></thead><tbody>`,
    ...rows.map(
      (entry) =>
        `<tr><td>${escapeHtml(entry.label)}</td><td style="text-align:center">${entry.quantity ?? ''}</td><td style="text-align:right">${formatDollars(entry.cents)}</td></tr>`,
    ),
    '</tbody></table>',
    `<table style="margin-top:8px">${row(totalLabel, formatDollars(receipt.orderTotal), true)}</table>`,
    `<table style="margin-top:8px">${payment.map(([label, value]) => row(label, value)).join('')}</table>`,
    ...(statement.length ? [`<p>${statement.map(escapeHtml).join('<br>')}</p>`] : []),
    `<p>${escapeHtml(online(LINK_MARK)).replace(LINK_MARK, link(links.receiptUrl))}<br>${escapeHtml(attached)}</p>`,
    `<p>${escapeHtml(thanks)}</p>`,
    '</body></html>',
  ].join('\n');

  const subject = collectedOnly
    ? receipt.teamName
      ? 'server.receiptEmail.subjectRecordedTeam'
      : 'server.receiptEmail.subjectRecorded'
    : receipt.teamName
      ? 'server.receiptEmail.subjectTeam'
      : 'server.receiptEmail.subject';
  return {
    subject: t(subject, { orderId, team: receipt.teamName }),
    text,
    html,
    pdfFilename: `receipt-${receipt.orderId}.pdf`,
  };
}
