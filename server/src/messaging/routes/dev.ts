import type { FastifyPluginAsync } from 'fastify';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Development-only pages (never registered in production): /dev/sms-outbox lists the latest texts
 * the site sent, so reminders and ticket links can be followed without an SMS account, and
 * /dev/email-outbox the latest e-mail (recipient, subject, text, attachment names), so receipts can
 * be read without a mail server.
 */
const devRoutes: FastifyPluginAsync = async (app) => {
  const { smsOutbox: outbox, emailOutbox: emails } = app.repositories;
  app.get('/sms-outbox', { schema: { hide: true } }, async (request, reply) => {
    const rows = await outbox.latest(100);
    if (request.headers.accept?.includes('application/json')) return rows;
    const body = rows
      .map(
        (row) =>
          `<tr><td>${row.id}</td><td>${row.createdAt.toISOString()}</td><td>${escape(row.toPhone)}</td><td>${row.status}</td><td>${escape(row.body)}</td></tr>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SMS outbox</title></head><body><h1>SMS outbox (development only)</h1><table><thead><tr><th>#</th><th>Created</th><th>To</th><th>Status</th><th>Text</th></tr></thead><tbody>${body}</tbody></table></body></html>`,
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
