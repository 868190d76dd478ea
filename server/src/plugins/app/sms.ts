import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SmsProvider, TextBudget } from '../../sms';

declare module 'fastify' {
  interface FastifyInstance {
    /** Texts, each drawing on its phone's daily budget (sms/budget.ts). */
    sms: SmsProvider & TextBudget;
  }
}

/** Makes the SMS provider (outbox or HTTP, behind the per-phone budget) available to routes and jobs. */
export default fp(async function sms(app: FastifyInstance, options: { provider: SmsProvider & TextBudget }) {
  app.decorate('sms', options.provider);
});
