import type { FastifyPluginAsync } from 'fastify';
import { smsOutboxRepository } from '../../repositories/smsOutbox';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Development-only pages (never registered in production): /dev/sms-outbox lists the latest texts
 * the site sent, so reminders and ticket links can be followed without an SMS account.
 */
const devRoutes: FastifyPluginAsync = async (app) => {
  const outbox = smsOutboxRepository(app.database.db);
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
};

export default devRoutes;
