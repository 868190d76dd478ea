import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fu/shared/endpoints';
import { ticketActivation } from '../services/ticketActivation';
import { DEVICE_COOKIE, setDeviceCookie } from '../deviceCookie';
import { cookieNeedsHttps } from '../../platform/http/secureCookies';
import { phoneToRegister } from '../phone';
import { refusePhonesOutOfTexts } from './perPhoneLimit';
import { asStepFailure } from './stepFailures';
import { endpointRoute } from '../../platform/routes/endpointRoute';
import { requestLanguage } from '../../platform/http/requestLanguage';

export interface TicketActivationRouteOptions {
  publicUrl: string;
  ticketLinkMinutes: number;
  smsPerMinute: number;
  activationPerMinute: number;
}

/**
 * Spec §7 api/Tickets/ activation (spec §4): register a phone, text it a link, bind the browser
 * that opens it. Every step answers `{ success, redirect, message }`, failures included.
 */
const ticketActivationRoutes: FastifyPluginAsyncTypebox<TicketActivationRouteOptions> = async (app, options) => {
  const activation = ticketActivation(app.database.db, app.repositories, app.sms, {
    publicUrl: options.publicUrl,
    linkMinutes: options.ticketLinkMinutes,
  });
  const tags = ['Tickets'];
  const smsPerIp = { rateLimit: { max: options.smsPerMinute, timeWindow: '1 minute' } };
  const activationPerIp = { rateLimit: { max: options.activationPerMinute, timeWindow: '1 minute' } };
  const refuseSpentPhones = refusePhonesOutOfTexts(app.sms);

  /** ActivateTicket: registers the phone (exactly 10 digits) and texts it an activation link. */
  app.route({
    ...endpointRoute(endpoints.tickets.addPhone, { config: smsPerIp, tags }),
    preHandler: refuseSpentPhones,
    preSerialization: asStepFailure,
    handler: async (request) => {
      const phone = phoneToRegister(request.body.phoneNumber);
      return activation.addPhone(
        request.body.ticketPurchaseSessionGuid,
        phone,
        request.cookies[DEVICE_COOKIE],
        requestLanguage(request),
      );
    },
  });

  /**
   * ReactivateTicket: texts a fresh link to the phone registered on the ticket. The phone typed
   * must be that phone; the link moves the ticket to whichever device opens it.
   */
  app.route({
    ...endpointRoute(endpoints.tickets.createAccessLink, { config: smsPerIp, tags }),
    preHandler: refuseSpentPhones,
    preSerialization: asStepFailure,
    handler: async (request) => {
      const phone = phoneToRegister(request.query.phoneNumber);
      return activation.createAccessLink(request.query.ticketPurchaseSessionGuid, phone, requestLanguage(request));
    },
  });

  /**
   * ManageDiscounts "Use on This Phone": the buyer's browser (its browser key made the order) goes
   * straight to RegisterDevice with a fresh code; any other browser to the phone form.
   */
  app.route({
    ...endpointRoute(endpoints.tickets.useTicketHere, { config: activationPerIp, tags }),
    preSerialization: asStepFailure,
    handler: (request) =>
      activation.useHere(
        request.body.ticketPurchaseGuid,
        request.body.ticketPurchaseSessionGuid,
        request.cookies[DEVICE_COOKIE],
        request.browserKeyHash(),
      ),
  });

  /** RegisterDevice page: is the texted code still good? Looks only; RedeemLink uses it. */
  app.route({
    ...endpointRoute(endpoints.tickets.redeemActivationLink, { config: activationPerIp, tags }),
    preSerialization: asStepFailure,
    handler: (request) =>
      activation.checkLink(request.query.ticketPurchaseSessionGuid, request.query.code, request.cookies[DEVICE_COOKIE]),
  });

  /** RegisterDevice: uses the texted code and binds this browser (the httpOnly device cookie). */
  app.route({
    ...endpointRoute(endpoints.tickets.redeemLink, { config: activationPerIp, tags }),
    preSerialization: asStepFailure,
    handler: async (request, reply) => {
      const { deviceToken, result } = await activation.redeemLink(
        request.body.ticketPurchaseSessionGuid,
        request.body.code,
        request.cookies[DEVICE_COOKIE],
      );
      setDeviceCookie(reply, deviceToken, cookieNeedsHttps(request, options.publicUrl));
      return result;
    },
  });
};

export default ticketActivationRoutes;
