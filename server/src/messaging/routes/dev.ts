import type { FastifyPluginAsync } from 'fastify';
import { acceptFormBodies } from '../../platform/http/formBody';
import { HttpError } from '../../platform/http/errors';
import type { HelpContact } from '../sms/keywords';
import { inboundTexts } from '../services/inboundTexts';

/** The outbox page's form: a phone texts us, as it would reply to one of our texts. */
const REPLY_FORM =
  '<form method="post" action="/dev/sms-outbox/reply"><h2>Reply from a phone</h2>' +
  '<p>As the SMS provider would post it: STOP (or QUIT, CANCEL, ALTO, NO MÁS…), START, HELP, or anything else.</p>' +
  '<label>Phone <input name="from" required inputmode="tel" placeholder="5125550101"></label> ' +
  '<label>Text <input name="body" required maxlength="1600" placeholder="STOP"></label> ' +
  '<button type="submit">Send reply</button></form>';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reply form's fields, as the browser posts them (form-encoded). */
interface ReplyForm {
  from?: unknown;
  body?: unknown;
}

/**
 * Development-only pages (never registered in production): /dev/sms-outbox lists the latest texts
 * the site sent, so reminders and ticket links can be followed without an SMS account, with a form
 * to reply from a phone (STOP, START, HELP…) that goes through the same service as the SMS
 * provider's webhook (messaging/services/inboundTexts.ts); /dev/email-outbox the latest e-mail
 * (recipient, subject, text, attachment names), so receipts can be read without a mail server.
 */
const devRoutes: FastifyPluginAsync<{ contact: HelpContact }> = async (app, options) => {
  const { smsOutbox: outbox, emailOutbox: emails } = app.repositories;
  acceptFormBodies(app);
  const inbound = inboundTexts(app.database.db, app.sms, { contact: options.contact, log: app.log });

  /** A phone replies to our texts (issue 34): the development provider's stand-in for the webhook. */
  app.post('/sms-outbox/reply', { schema: { hide: true } }, async (request, reply) => {
    const form = (request.body ?? {}) as ReplyForm;
    if (typeof form.from !== 'string' || typeof form.body !== 'string' || form.body.length > 1600) {
      throw new HttpError(400, 'Give the phone that replies (from) and its text (body).');
    }
    const action = await inbound.receive({ from: form.from, body: form.body });
    if (request.headers.accept?.includes('application/json')) return { action };
    return reply.redirect(`/dev/sms-outbox?replied=${encodeURIComponent(action)}`, 303);
  });

  app.get('/sms-outbox', { schema: { hide: true } }, async (request, reply) => {
    const rows = await outbox.latest(100);
    if (request.headers.accept?.includes('application/json')) return rows;
    const { replied: action } = request.query as { replied?: unknown };
    const replied = typeof action === 'string' ? `<p role="status">Reply taken: ${escape(action)}</p>` : '';
    const body = rows
      .map(
        (row) =>
          `<tr><td>${row.id}</td><td>${row.createdAt.toISOString()}</td><td>${escape(row.toPhone)}</td><td>${row.status}</td><td>${escape(row.body)}</td></tr>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SMS outbox</title></head><body><h1>SMS outbox (development only)</h1>${replied}${REPLY_FORM}<table><thead><tr><th>#</th><th>Created</th><th>To</th><th>Status</th><th>Text</th></tr></thead><tbody>${body}</tbody></table></body></html>`,
      );
  });

  app.get('/email-outbox', { schema: { hide: true } }, async (request, reply) => {
    // The attachments' names and sizes only: the bytes stay in the database.
    const rows = (await emails.latest(100)).map(({ attachments, htmlBody, ...row }) => ({
      ...row,
      htmlLength: htmlBody.length,
      attachments: attachments.map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        bytes: Buffer.from(attachment.contentBase64, 'base64').length,
      })),
    }));
    if (request.headers.accept?.includes('application/json')) return rows;
    const body = rows
      .map(
        (row) =>
          `<tr><td>${row.id}</td><td>${row.createdAt.toISOString()}</td><td>${escape(row.toAddress)}</td><td>${row.status}</td><td>${escape(row.subject)}</td><td><pre style="white-space:pre-wrap">${escape(row.textBody)}</pre></td><td>${row.attachments.map((attachment) => escape(attachment.filename)).join('<br>')}</td></tr>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>E-mail outbox</title></head><body><h1>E-mail outbox (development only)</h1><table><thead><tr><th>#</th><th>Created</th><th>To</th><th>Status</th><th>Subject</th><th>Text</th><th>Attachments</th></tr></thead><tbody>${body}</tbody></table></body></html>`,
      );
  });
};

export default devRoutes;
