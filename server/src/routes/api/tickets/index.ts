import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCESS_MESSAGES,
  ActivationLinkQuery,
  AddPhoneRequest,
  CreateAccessLinkQuery,
  FundraiserIdQuery,
  FundraisersTicketResponse,
  ItemsOptionIdQuery,
  ManifestQuery,
  RedeemLinkRequest,
  RedeemOfferHeaders,
  RedeemOfferResponse,
  SecurityStatus,
  SessionCheck,
  SessionStatus,
  ShareTicketPurchaseQuery,
  TeamIdQuery,
  TeamResponse,
  TICKET_MESSAGES,
  TicketFundraiserResponse,
  TicketMessage,
  TicketOffer,
  TicketOfferQuery,
  TicketOffers,
  TicketPurchaseQuery,
  TicketPurchasesResponse,
  TicketSession,
  TicketSessionQuery,
  TicketStepResult,
  TicketView,
  WebManifest,
} from '@fu/shared/contracts';
import { HttpError, notFound, RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from '../../../errors';
import { isDatabaseUnavailable } from '../../../db/unavailable';
import { teamLinks, ticketRepository, type ResolvedGuid } from '../../../repositories/tickets';
import { SmsBudgetExceededError, SmsSendError } from '../../../sms';
import { normalizePhone } from '@fu/shared/rules';
import { INVALID_IDEMPOTENCY_KEY, NOT_THIS_DEVICE, redeemOffer } from '../../../services/redeemOffer';
import {
  bindDevice,
  checkActivationCode,
  DEVICE_COOKIE,
  issueActivationCode,
  type ActivationKind,
} from '../../../services/ticketActivation';
import { newToken, sha256, tokenFrom } from '../../../security/tokens';

export interface TicketRouteOptions {
  publicUrl: string;
  ticketLinkMinutes: number;
  smsPerMinute: number;
  activationPerMinute: number;
}

const NO_TICKET = 'We could not find that ticket. Please check the link.';
const SAMPLE_ONLY = 'This is a sample ticket for preview only. Offers can be used only on a purchased ticket.';
const REVOKED = 'This ticket is no longer active.';
const REGISTER_FIRST = 'Please register this ticket on your phone before redeeming offers.';
/** The device cookie lives as long as browsers allow (400 days). */
const COOKIE_MAX_AGE = 400 * 24 * 60 * 60;

/** Only the digits of a typed phone number. */
const digitsOf = (input: string) => input.replace(/\D/g, '');

/** Spec §5/§9: a ticket link may be sent to 10 digits, or 11 with the country code 1. */
function sharePhone(input: string): string {
  const digits = digitsOf(input);
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  throw new HttpError(400, TICKET_MESSAGES.sendLinkPhone, [
    { field: 'phoneNumber', message: TICKET_MESSAGES.sendLinkPhone },
  ]);
}

/** Spec §5/§9: a ticket is registered with exactly 10 digits. */
function registerPhone(input: string): string {
  const digits = digitsOf(input);
  if (digits.length !== 10) {
    throw new HttpError(400, TICKET_MESSAGES.sendLinkPhone, [
      { field: 'phoneNumber', message: TICKET_MESSAGES.sendLinkPhone },
    ]);
  }
  return digits;
}

const showPhone = (phone: string) => `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
const maskPhone = (phone: string) => `***-***-${phone.slice(-4)}`;

/** A start_url for the manifest: a path on this site, never another origin. */
function sameOriginPath(value: string, publicUrl: string): string | undefined {
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return undefined;
  try {
    const base = new URL(publicUrl);
    const url = new URL(value, base);
    return url.origin === base.origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { missingProperty?: string };
}

/**
 * The steps of activation (AddPhone, CreateAccessLink, RedeemActivationLink, RedeemLink) answer
 * `{ success: false, redirect: null, message }` with the 4xx status when they fail, validation and
 * rate limits included, so the page can read `success` (spec §8: access link failure returns success false).
 */
function stepErrorHandler(
  this: unknown,
  error: FastifyError & { validation?: unknown[] },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const failure = (status: number, message: string) =>
    reply.code(status).send({ success: false, redirect: null, message });
  if (error.validation) {
    // The same wording as the API's error handler: "Invalid phoneNumber: must be string."
    const [issue] = error.validation as ValidationIssue[];
    const path = (issue?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const field = [path, issue?.params?.missingProperty].filter(Boolean).join('.') || 'request';
    return failure(400, `Invalid ${field}: ${issue?.message ?? 'is not valid'}.`);
  }
  if (error instanceof HttpError) return failure(error.statusCode, error.message);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return failure(error.statusCode, error.message);
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return failure(503, SERVICE_UNAVAILABLE_MESSAGE);
  }
  request.log.error({ err: error }, 'request failed');
  return failure(500, 'Something went wrong. Please try again.');
}

/**
 * RedeemTicketPurchaseOffer: a malformed Idempotency-Key (the only header its schema checks) is a
 * 400 with a sentence for people rather than Ajv's "must match pattern"; every other error goes on
 * to the API's error handler (an error thrown here is handled by the parent's).
 */
function idempotencyKeyErrorHandler(this: unknown, error: FastifyError) {
  if (error.validationContext === 'headers') {
    throw new HttpError(400, INVALID_IDEMPOTENCY_KEY, [{ field: 'Idempotency-Key', message: INVALID_IDEMPOTENCY_KEY }]);
  }
  throw error;
}

/** Spec §7 api/Tickets/: the offers wallet, ticket links, activation and device binding. */
const ticketRoutes: FastifyPluginAsyncTypebox<TicketRouteOptions> = async (app, options) => {
  const repo = ticketRepository(app.database.db);
  const db = app.database.db;
  const tags = ['Tickets'];
  const smsPerIp = { rateLimit: { max: options.smsPerMinute, timeWindow: '1 minute' } };
  const activationPerIp = { rateLimit: { max: options.activationPerMinute, timeWindow: '1 minute' } };

  // Texts to one phone are capped whoever asks (per-IP limits alone would let many addresses
  // flood one number): a phone whose daily budget is spent is refused before any work is done.
  // The phone is the 10 digits from the query or the JSON body; anything else is answered 400 later.
  const perPhone = async (request: FastifyRequest) => {
    const given =
      (request.query as { phoneNumber?: unknown }).phoneNumber ??
      (request.body as { phoneNumber?: unknown } | undefined)?.phoneNumber;
    const phone = normalizePhone(String(given ?? ''));
    if (phone && !(await app.sms.hasRoom(phone))) throw new HttpError(429, ACCESS_MESSAGES.tooManyTexts);
  };

  const deviceHash = (request: FastifyRequest) => {
    const token = tokenFrom(request.cookies[DEVICE_COOKIE]);
    return token ? sha256(token) : undefined;
  };
  const boundHere = (resolved: ResolvedGuid, request: FastifyRequest) =>
    resolved.kind === 'session' &&
    resolved.session.deviceTokenHash !== null &&
    resolved.session.deviceTokenHash === deviceHash(request);

  const resolveOrFail = async (guid: string) => {
    const resolved = await repo.resolve(guid);
    if (!resolved) throw notFound(NO_TICKET);
    return resolved;
  };
  /** A purchased, not revoked ticket: the only kind that can be registered or redeemed. */
  const sessionOrFail = async (guid: string) => {
    const resolved = await resolveOrFail(guid);
    if (resolved.kind === 'sample') throw new HttpError(400, SAMPLE_ONLY);
    if (resolved.purchase.revokedAt) throw new HttpError(410, REVOKED);
    return resolved;
  };

  const sendText = async (to: string, body: string) => {
    try {
      await app.sms.send({ to, body });
    } catch (error) {
      if (error instanceof SmsBudgetExceededError) throw new HttpError(429, ACCESS_MESSAGES.tooManyTexts);
      if (error instanceof SmsSendError) throw new HttpError(502, TICKET_MESSAGES.sendLinkFailed);
      throw error;
    }
  };

  /** Issues a code and texts the RegisterDevice link for it to the phone. */
  const textActivationLink = async (
    resolved: Extract<ResolvedGuid, { kind: 'session' }>,
    phone: string,
    kind: ActivationKind,
  ) => {
    const code = await issueActivationCode(db, {
      sessionId: resolved.session.id,
      phone,
      kind,
      minutes: options.ticketLinkMinutes,
    });
    const guid = resolved.session.guid;
    const url = `${options.publicUrl.replace(/\/$/, '')}/ActivateTicket/${guid}/RegisterDevice/${phone}?code=${code}`;
    await sendText(
      phone,
      `${resolved.ticket.name}: open this link on the phone you will show at checkout to finish registering your ticket (valid ${options.ticketLinkMinutes} minutes): ${url}`,
    );
    return {
      success: true,
      redirect: `/ActivateTicket/${guid}/Confirmation/${phone}`,
      message: `We texted a link to ${showPhone(phone)}. Open it on that phone to finish registering your ticket.`,
    };
  };

  app.get(
    '/GetTeam',
    { schema: { tags, querystring: TeamIdQuery, response: { 200: TeamResponse } } },
    async (request) => {
      const team = await repo.team(request.query.teamId);
      if (!team) throw notFound('We could not find that team.');
      return team;
    },
  );

  app.get(
    '/GetTicketFundraiser',
    { schema: { tags, querystring: ItemsOptionIdQuery, response: { 200: TicketFundraiserResponse } } },
    async (request) => {
      const found = await repo.ticketFundraiser(request.query.itemsOptionId, request.query.fundraiserId);
      if (!found) throw notFound('No digital ticket is sold with that option.');
      return found;
    },
  );

  /** The ticket (MyTicket): a session guid, or a ticket's own guid for the sample. */
  app.get(
    '/GetTicket',
    { schema: { tags, querystring: TicketSessionQuery, response: { 200: TicketView } } },
    async (request) => {
      const resolved = await resolveOrFail(request.query.ticketPurchaseSessionGuid);
      return (await repo.ticketView(resolved.ticket)).view;
    },
  );

  app.get(
    '/GetTicketPurchases',
    { schema: { tags, querystring: TicketPurchaseQuery, response: { 200: TicketPurchasesResponse } } },
    async (request) => {
      const purchases = await repo.purchases(request.query.ticketPurchaseGuid, options.publicUrl);
      if (!purchases) throw notFound(TICKET_MESSAGES.noPurchase);
      return purchases;
    },
  );

  app.get(
    '/ShareTicketPurchase',
    {
      config: smsPerIp,
      preHandler: perPhone,
      schema: { tags, querystring: ShareTicketPurchaseQuery, response: { 200: TicketMessage } },
    },
    async (request) => {
      const phone = sharePhone(request.query.phoneNumber);
      const purchases = await repo.purchases(request.query.ticketPurchaseGuid, options.publicUrl);
      if (!purchases) throw notFound(TICKET_MESSAGES.noPurchase);
      const wanted = request.query.ticketPurchaseSessionGuid?.toLowerCase();
      const ticket = wanted
        ? purchases.tickets.find((t) => t.guid === wanted)
        : purchases.tickets.find((t) => !t.activated);
      if (!ticket) {
        if (wanted) throw notFound('That ticket is not part of this purchase.');
        throw new HttpError(409, 'Every ticket in this purchase is already activated.');
      }
      if (ticket.activated)
        throw new HttpError(409, 'This ticket is already activated, so its link can no longer be sent.');
      await sendText(phone, `You have a ${purchases.ticketName} digital ticket! Open it here: ${ticket.link}`);
      return { message: `Ticket ${ticket.number} of ${ticket.of} was sent to ${showPhone(phone)}.` };
    },
  );

  app.get(
    '/GetFundraisersTicket',
    { schema: { tags, querystring: FundraiserIdQuery, response: { 200: FundraisersTicketResponse } } },
    async (request) => {
      const ticket = await repo.ticketForFundraiser(request.query.fundraiserId);
      if (!ticket) throw notFound('This fundraiser has no digital ticket.');
      return { ticket: (await repo.ticketView(ticket)).view, offers: await repo.offers(ticket.id) };
    },
  );

  /**
   * ReactivateTicket: texts a fresh link to the phone registered on the ticket. The phone typed
   * must be that phone; the link moves the ticket to whichever device opens it.
   */
  app.get(
    '/CreateAccessLink',
    {
      config: smsPerIp,
      preHandler: perPhone,
      errorHandler: stepErrorHandler,
      schema: { tags, querystring: CreateAccessLinkQuery, response: { 200: TicketStepResult } },
    },
    async (request) => {
      const phone = registerPhone(request.query.phoneNumber);
      const resolved = await sessionOrFail(request.query.ticketPurchaseSessionGuid);
      const registered = resolved.session.phone;
      if (!registered) throw new HttpError(409, 'No phone is registered to this ticket yet. Please activate it first.');
      if (registered !== phone) throw new HttpError(403, 'That is not the phone number registered to this ticket.');
      return textActivationLink(resolved, phone, resolved.session.deviceTokenHash ? 'reactivate' : 'activate');
    },
  );

  /** RegisterDevice page: is the texted code still good? Looks only; RedeemLink uses it. */
  app.get(
    '/RedeemActivationLink',
    {
      config: activationPerIp,
      errorHandler: stepErrorHandler,
      schema: { tags, querystring: ActivationLinkQuery, response: { 200: TicketStepResult } },
    },
    async (request) => {
      const resolved = await sessionOrFail(request.query.ticketPurchaseSessionGuid);
      const guid = resolved.session.guid;
      if (boundHere(resolved, request)) {
        return { success: true, redirect: `/MyOffers/${guid}/`, message: 'This ticket is already on this device.' };
      }
      const code = await checkActivationCode(db, resolved.session.id, request.query.code);
      return {
        success: true,
        redirect: null,
        message:
          code.kind === 'reactivate'
            ? 'Confirm to move this ticket to this device. It will stop working on the other device.'
            : 'Confirm to register this ticket on this device.',
      };
    },
  );

  /** Offer and ticket pages: may this browser show the ticket, or where should it go instead? */
  app.get(
    '/CheckSessionStatus',
    { schema: { tags, querystring: TicketSessionQuery, response: { 200: SessionStatus } } },
    async (request) => {
      const resolved = await resolveOrFail(request.query.ticketPurchaseSessionGuid);
      const result = { success: false, sample: false, redirect: null as string | null, inactive: false };
      if (resolved.kind === 'sample') return { ...result, success: true, sample: true };
      const guid = resolved.session.guid;
      if (resolved.purchase.revokedAt) return { ...result, inactive: true };
      if (!resolved.session.deviceTokenHash) {
        const page = resolved.session.keyActivatedAt ? 'ReactivateTicket' : 'ActivateTicket';
        return { ...result, redirect: `/${page}/${guid}` };
      }
      if (!boundHere(resolved, request)) return { ...result, redirect: `/ReactivateTicket/${guid}` };
      return { ...result, success: true };
    },
  );

  app.get(
    '/CheckSecurityStatus',
    { schema: { tags, querystring: TicketSessionQuery, response: { 200: SecurityStatus } } },
    async (request) => {
      const resolved = await resolveOrFail(request.query.ticketPurchaseSessionGuid);
      return { allowAll: resolved.kind === 'sample' };
    },
  );

  app.get(
    '/GetSession',
    { schema: { tags, querystring: TicketSessionQuery, response: { 200: TicketSession } } },
    async (request) => {
      const resolved = await resolveOrFail(request.query.ticketPurchaseSessionGuid);
      const { view, team } = await repo.ticketView(resolved.ticket);
      const common = { ticket: view, teamLinks: teamLinks(team) };
      if (resolved.kind === 'sample') {
        return {
          ...common,
          guid: resolved.ticket.guid,
          isTicket: true,
          isSession: false,
          keyActivatedAt: null,
          phone: null,
          deviceBound: false,
          inactive: false,
          ticketPurchaseGuid: null,
        };
      }
      const { session, purchase } = resolved;
      const here = boundHere(resolved, request);
      return {
        ...common,
        guid: session.guid,
        isTicket: false,
        isSession: true,
        keyActivatedAt: session.keyActivatedAt?.toISOString() ?? null,
        phone: session.phone ? (here ? session.phone : maskPhone(session.phone)) : null,
        deviceBound: here,
        inactive: purchase.revokedAt !== null,
        ticketPurchaseGuid: purchase.guid,
      };
    },
  );

  const offersOf = (resolved: ResolvedGuid, onlyOfferId?: number) =>
    resolved.kind === 'session'
      ? repo.offers(resolved.ticket.id, { id: resolved.session.id, purchaseGuid: resolved.purchase.guid }, onlyOfferId)
      : repo.offers(resolved.ticket.id, undefined, onlyOfferId);

  app.get(
    '/GetOffers',
    { schema: { tags, querystring: TicketSessionQuery, response: { 200: TicketOffers } } },
    async (request) => offersOf(await resolveOrFail(request.query.ticketPurchaseSessionGuid)),
  );

  app.get(
    '/GetTicketOfferDetails',
    { schema: { tags, querystring: TicketOfferQuery, response: { 200: TicketOffer } } },
    async (request) => {
      const resolved = await resolveOrFail(request.query.ticketPurchaseSessionGuid);
      const [offer] = await offersOf(resolved, request.query.ticketOfferId);
      if (!offer) throw notFound('That offer is not on this ticket.');
      return offer;
    },
  );

  app.get(
    '/GetManifest',
    { schema: { tags, querystring: ManifestQuery, response: { 200: WebManifest } } },
    async (request, reply) => {
      const startUrl = sameOriginPath(request.query.start_url, options.publicUrl);
      if (!startUrl) throw new HttpError(400, 'start_url must be a path on this site, such as /MyOffers/{guid}/.');
      let name = 'Fundraising University Tickets';
      let themeColor = '#112D48';
      const guid =
        /^\/(?:MyOffers|MyTicket|MyTeam)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i.exec(
          startUrl,
        )?.[1];
      const resolved = guid ? await repo.resolve(guid) : undefined;
      if (resolved) {
        const { view } = await repo.ticketView(resolved.ticket);
        name = resolved.ticket.name;
        if (view.team.primaryColorHex) themeColor = `#${view.team.primaryColorHex}`;
      }
      reply.type('application/manifest+json').header('cache-control', 'no-cache');
      return {
        name,
        short_name: 'My Ticket',
        start_url: startUrl,
        scope: '/',
        display: 'standalone' as const,
        background_color: '#FFFFFF',
        theme_color: themeColor,
        icons: [{ src: '/images/discount-card.svg', sizes: 'any', type: 'image/svg+xml' }],
      };
    },
  );

  app.post(
    '/RedeemTicketPurchaseOffer',
    {
      errorHandler: idempotencyKeyErrorHandler,
      schema: {
        tags,
        description:
          'Redeems the offer once on the registered device (its cookie is required). With an Idempotency-Key header ' +
          'the redemption counts once however often it is sent: a repeat gets the same 200 answer (with the ' +
          'current offer) and the response header `Idempotent-Replayed: true`, even once ticketQty is used up; the ' +
          'key used for another ticket or offer is a 422; a malformed key a 400. 409 once ticketQty is used.',
        querystring: TicketOfferQuery,
        headers: RedeemOfferHeaders,
        response: { 200: RedeemOfferResponse },
      },
    },
    async (request, reply) => {
      const resolved = await sessionOrFail(request.query.ticketPurchaseSessionGuid);
      if (!resolved.session.deviceTokenHash) throw new HttpError(403, REGISTER_FIRST);
      const tokenHash = deviceHash(request);
      if (!tokenHash || tokenHash !== resolved.session.deviceTokenHash) throw new HttpError(403, NOT_THIS_DEVICE);
      const { replayed } = await redeemOffer(db, {
        sessionId: resolved.session.id,
        ticketId: resolved.ticket.id,
        ticketOfferId: request.query.ticketOfferId,
        tokenHash,
        idempotencyKey: request.headers['idempotency-key'],
      });
      const [offer] = await offersOf(resolved, request.query.ticketOfferId);
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return { success: true, message: 'Present this at Checkout', offer: offer! };
    },
  );

  /** Activate and register pages (spec §4 session check). "active" means active on this device. */
  app.get(
    '/CheckSession',
    { schema: { tags, querystring: TicketSessionQuery, response: { 200: SessionCheck } } },
    async (request) => {
      const resolved = await resolveOrFail(request.query.ticketPurchaseSessionGuid);
      const base = { success: true, redirect: null as string | null, active: false, sample: false, deactivated: false };
      if (resolved.kind === 'sample') {
        return { ...base, sample: true, redirect: `/MyOffers/${resolved.ticket.guid}/` };
      }
      const guid = resolved.session.guid;
      if (resolved.purchase.revokedAt) return { ...base, deactivated: true, redirect: `/MyOffers/${guid}/` };
      if (boundHere(resolved, request)) return { ...base, active: true, redirect: `/MyOffers/${guid}/` };
      if (resolved.session.deviceTokenHash || resolved.session.keyActivatedAt) {
        return { ...base, redirect: `/ReactivateTicket/${guid}` };
      }
      return base;
    },
  );

  /**
   * ActivateTicket: registers the phone (exactly 10 digits) and texts it an activation link.
   * Once a device holds the ticket, only its registered phone can ask for a new (moving) link.
   */
  app.post(
    '/AddPhone',
    {
      config: smsPerIp,
      preHandler: perPhone,
      errorHandler: stepErrorHandler,
      schema: { tags, body: AddPhoneRequest, response: { 200: TicketStepResult } },
    },
    async (request) => {
      const phone = registerPhone(request.body.phoneNumber);
      const resolved = await sessionOrFail(request.body.ticketPurchaseSessionGuid);
      const { session } = resolved;
      // Activated (here, or before the import without a device): the phone is fixed from now on.
      if (session.deviceTokenHash || session.keyActivatedAt) {
        if (boundHere(resolved, request)) {
          return {
            success: true,
            redirect: `/MyOffers/${session.guid}/`,
            message: 'This ticket is already registered on this device.',
          };
        }
        if (session.phone !== phone) throw new HttpError(409, 'This ticket is already registered to another phone.');
        return textActivationLink(resolved, phone, session.deviceTokenHash ? 'reactivate' : 'activate');
      }
      const updated = await repo.registerPhone(session.id, phone);
      if (!updated) throw new HttpError(409, 'This ticket was just registered on another device.');
      return textActivationLink(resolved, phone, 'activate');
    },
  );

  /** RegisterDevice: uses the texted code and binds this browser (httpOnly device cookie). */
  app.post(
    '/RedeemLink',
    {
      config: activationPerIp,
      errorHandler: stepErrorHandler,
      schema: { tags, body: RedeemLinkRequest, response: { 200: TicketStepResult } },
    },
    async (request, reply) => {
      const resolved = await sessionOrFail(request.body.ticketPurchaseSessionGuid);
      // One token per browser: a device holding two tickets keeps one cookie for both.
      const token = tokenFrom(request.cookies[DEVICE_COOKIE]) ?? newToken();
      const { alreadyBound } = await bindDevice(db, {
        sessionId: resolved.session.id,
        code: request.body.code,
        tokenHash: sha256(token),
      });
      reply.setCookie(DEVICE_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https' || options.publicUrl.startsWith('https:'),
        path: '/api/Tickets',
        maxAge: COOKIE_MAX_AGE,
      });
      return {
        success: true,
        redirect: `/MyOffers/${resolved.session.guid}/`,
        message: alreadyBound ? 'This ticket is already on this device.' : 'Your ticket is registered on this device.',
      };
    },
  );
};

export default ticketRoutes;
