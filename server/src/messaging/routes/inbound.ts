import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fu/shared/endpoints';
import { acceptFormBodies } from '../../platform/http/formBody';
import { HttpError } from '../../platform/http/errors';
import { endpointRoute } from '../../platform/routes/endpointRoute';
import { checkWebhookSignature, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../platform/security/webhookSignature';
import type { HelpContact } from '../sms/keywords';
import { inboundTexts } from '../services/inboundTexts';

/** One answer for every unsigned request, whatever was wrong: nothing to learn from it. */
const NOT_SIGNED = 'The request is not signed by our SMS provider.';

export interface InboundTextRouteOptions {
  /** SMS_INBOUND_SECRET; unset, every request is refused. */
  secret?: string;
  perMinute: number;
  contact: HelpContact;
}

/**
 * Issue 34: the SMS provider's webhook for the texts phones send to our number. Its own scope takes
 * form-encoded bodies (as providers post them) and keeps the raw body, whose signature is checked
 * (platform/security/webhookSignature.ts) before the body is validated or anything is read. STOP,
 * START and HELP go to messaging/services/inboundTexts.ts, the service the development outbox's reply
 * form uses too.
 */
const inboundTextRoutes: FastifyPluginAsyncTypebox<InboundTextRouteOptions> = async (app, options) => {
  acceptFormBodies(app);
  const texts = inboundTexts(app.database.db, app.sms, { contact: options.contact, log: app.log });

  app.route({
    ...endpointRoute(endpoints.sms.inbound, {
      tags: ['Texts'],
      description:
        'The SMS provider posts each text a phone sends to our number here (form-encoded, Twilio field names), ' +
        'signed with SMS_INBOUND_SECRET: `X-SMS-Timestamp` (Unix seconds, within 5 minutes) and `X-SMS-Signature: ' +
        'v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`. STOP and its synonyms (English and Spanish) opt the phone ' +
        'out of every text, answered by one confirmation; START lifts it; HELP is answered. Unsigned: 401.',
      config: { rateLimit: { max: options.perMinute, timeWindow: '1 minute' } },
    }),
    preValidation: async (request) => {
      const check = options.secret
        ? checkWebhookSignature(options.secret, {
            timestamp: request.headers[TIMESTAMP_HEADER],
            signature: request.headers[SIGNATURE_HEADER],
            rawBody: request.rawBody ?? '',
          })
        : 'not configured (SMS_INBOUND_SECRET is unset)';
      if (check === 'valid') return;
      request.log.warn(`inbound text refused: signature ${check}`);
      throw new HttpError(401, NOT_SIGNED);
    },
    handler: async (request) => ({
      action: await texts.receive({
        from: request.body.From,
        body: request.body.Body,
        messageId: request.body.MessageSid,
      }),
    }),
  });
};

export default inboundTextRoutes;
