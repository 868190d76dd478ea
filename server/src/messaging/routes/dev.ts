import type { FastifyPluginAsync } from 'fastify';
import { acceptFormBodies } from '../../platform/http/formBody';
import { HttpError } from '../../platform/http/errors';
import type { Language } from '@fu/shared/i18n/languages';
import { requestLanguage } from '../../platform/http/requestLanguage';
import { translatorFor, type Translate } from '../../platform/i18n/translate';
import type { HelpContact } from '../sms/keywords';
import { inboundTexts } from '../services/inboundTexts';

/** The outbox page's form: a phone texts us, as it would reply to one of our texts. */
const replyForm = (t: Translate) =>
  `<form method="post" action="/dev/sms-outbox/reply"><h2>${t('server.dev.replyHeading')}</h2>` +
  `<p>${t('server.dev.replyIntro')}</p>` +
  `<label>${t('server.dev.phone')} <input name="from" required inputmode="tel" placeholder="5125550101"></label> ` +
  `<label>${t('server.dev.text')} <input name="body" required maxlength="1600" placeholder="STOP"></label> ` +
  `<button type="submit">${t('server.dev.sendReply')}</button></form>`;

/** A development page in the reader's language (docs/i18n.md): its words are the server's catalog's. */
const devPage = (language: Language, title: string, body: string) =>
  `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

/** A table's header row. */
const headings = (names: string[]) => `<thead><tr>${names.map((name) => `<th>${name}</th>`).join('')}</tr></thead>`;

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
    const language = requestLanguage(request);
    const t = translatorFor(language);
    const replied =
      typeof action === 'string' ? `<p role="status">${escape(t('server.dev.replyTaken', { action }))}</p>` : '';
    const body = rows
      .map(
        (row) =>
          `<tr><td>${row.id}</td><td>${row.createdAt.toISOString()}</td><td>${escape(row.toPhone)}</td><td>${row.status}</td><td>${escape(row.body)}</td></tr>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        devPage(
          language,
          t('server.dev.smsTitle'),
          `<h1>${t('server.dev.smsHeading')}</h1>${replied}${replyForm(t)}<table>${headings([
            '#',
            t('server.dev.created'),
            t('server.dev.to'),
            t('server.dev.status'),
            t('server.dev.text'),
          ])}<tbody>${body}</tbody></table>`,
        ),
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
    const language = requestLanguage(request);
    const t = translatorFor(language);
    const body = rows
      .map(
        (row) =>
          `<tr><td>${row.id}</td><td>${row.createdAt.toISOString()}</td><td>${escape(row.toAddress)}</td><td>${row.status}</td><td>${escape(row.subject)}</td><td><pre style="white-space:pre-wrap">${escape(row.textBody)}</pre></td><td>${row.attachments.map((attachment) => escape(attachment.filename)).join('<br>')}</td></tr>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        devPage(
          language,
          t('server.dev.emailTitle'),
          `<h1>${t('server.dev.emailHeading')}</h1><table>${headings([
            '#',
            t('server.dev.created'),
            t('server.dev.to'),
            t('server.dev.status'),
            t('server.dev.subject'),
            t('server.dev.text'),
            t('server.dev.attachments'),
          ])}<tbody>${body}</tbody></table>`,
        ),
      );
  });
};

export default devRoutes;
