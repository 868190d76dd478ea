import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SmsProvider } from '../../sms';

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsProvider;
  }
}

/** Makes the SMS provider (outbox or HTTP) available to routes and jobs. */
export default fp(async function sms(app: FastifyInstance, options: { provider: SmsProvider }) {
  app.decorate('sms', options.provider);
});
