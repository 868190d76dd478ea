import { randomUUID } from 'node:crypto';
import { Ajv } from 'ajv';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './platform/config/config';
import { configureLookupCache } from './platform/cache/lookupCache';
import { openDatabase, type DatabaseHandle } from './platform/db/client';
import databasePlugin from './platform/plugins/database';
import repositoriesPlugin from './platform/plugins/repositories';
import readinessPlugin from './platform/plugins/readiness';
import metricsPlugin from './platform/plugins/metrics';
import { recordJobRun } from './platform/http/metrics';
import { requestLanguage } from './platform/http/requestLanguage';
import { localize } from './platform/i18n/text';
import requestLogPlugin, { requestForLog } from './platform/plugins/requestLog';
import smsPlugin from './messaging/plugins/sms';
import adminAuthPlugin from './admin/plugins/adminAuth';
import storagePlugin from './platform/plugins/storage';
import reminderJobPlugin from './students/plugins/reminderJob';
import paymentRecoveryPlugin from './payments/plugins/paymentRecovery';
import lookupInvalidationPlugin from './platform/plugins/lookupInvalidation';
import smsRetryPlugin from './messaging/plugins/smsRetry';
import emailPlugin from './messaging/plugins/email';
import emailRetryPlugin from './messaging/plugins/emailRetry';
import outboxHealthPlugin from './messaging/plugins/outboxHealth';
import browserLogPruningPlugin from './browserLogs/plugins/browserLogPruning';
import retentionJobPlugin from './privacy/plugins/retentionJob';
import rateLimitPlugin from './platform/plugins/rateLimit';
import redisPlugin from './platform/plugins/redis';
import errorsPlugin from './platform/plugins/errors';
import browserKeyPlugin from './platform/plugins/browserKey';
import backgroundPlugin from './platform/plugins/background';
import textInputPlugin from './platform/plugins/textInput';
import jsonBodyPlugin from './platform/plugins/jsonBody';
import securityPlugin from './platform/plugins/security';
import adminCorsPlugin from './admin/plugins/adminCors';
import swaggerPlugin from './platform/plugins/swagger';
import staticPlugin from './platform/plugins/static';
import compressionPlugin from './platform/plugins/compression';
import shellPagePlugin from './pages/plugins/shellPage';
import releasesPlugin from './releases/plugins/releases';
import apiCachingPlugin from './platform/plugins/apiCaching';
import healthRoutes from './platform/routes/health';
import fundraiserRoutes from './catalog/routes/fundraisers';
import ordersRoutes from './orders/routes/orders';
import studentPageRoutes from './students/routes/studentPages';
import studentRoutes from './students/routes/students';
import pageDeletionRoutes from './students/routes/pageDeletion';
import ticketRoutes from './tickets/routes/tickets';
import ticketPurchaseRoutes from './tickets/routes/purchases';
import ticketActivationRoutes from './tickets/routes/activation';
import ticketRedeemRoutes from './tickets/routes/redeem';
import donorRoutes from './receipts/routes/donor';
import loggerRoutes from './browserLogs/routes/logger';
import adminRoutes from './admin/routes/admin';
import releaseRoutes from './releases/routes/releases';
import collectedCashRoutes from './orders/routes/collectedCash';
import storageRoutes from './admin/routes/storage';
import devRoutes from './messaging/routes/dev';
import inboundTextRoutes from './messaging/routes/inbound';
import textConsentRoutes from './messaging/routes/textConsents';
import erasureRoutes from './admin/routes/erasure';
import runtimeConfigRoutes from './pages/routes/runtimeConfig';
import { seedDemoIfEmpty } from './catalog/import/seed';
import type { PaymentGateway } from './payments/gateway/gateway';
import { sandboxGateway } from './payments/gateway/sandboxGateway';
import { trustProxyOption } from './platform/http/trustedProxies';
import type { JobName, JobOutcome } from './platform/repositories/jobLocks';
import { staleAfterMs as cardAttemptStaleAfterMs } from './payments/services/cardAttempts';
import { budgetedSms, smsProviderFor, usCanadaOnly, type SmsProvider } from './messaging/sms';
import { budgetedEmail, emailProviderFor, type EmailProvider } from './messaging/email';
import type { Storage } from './platform/storage';
import { SUPPORT_CONTACTS } from '@fu/shared/contracts';

const REQUEST_ID = /^[\w-]{1,64}$/;
/** A page address no route has: the shell answers it with its "Page not found". */
const NOT_FOUND_PAGE = '/not-found';

export interface BuildOptions {
  config: Config;
  /** The card gateway; the sandbox over HTTP unless a test passes its own. */
  gateway?: PaymentGateway;
  /** An already open database (tests share one per file); otherwise one is opened from config. */
  database?: DatabaseHandle;
  /** Where texts go; the configured provider (outbox or HTTP) unless a test passes its own. */
  sms?: SmsProvider;
  /** Where e-mail goes; the configured provider (outbox or SMTP) unless a test passes its own. */
  email?: EmailProvider;
  /** Where uploads go; the configured S3 bucket or local directory unless a test passes its own. */
  storage?: Storage;
  /** Sees every route as it is registered, hidden ones included (the fuzz test enumerates them). */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go; stdout unless a test reads them. */
  logStream?: { write(line: string): void };
}

export async function buildApp({
  config,
  database,
  gateway,
  sms,
  email,
  storage,
  onRoute,
  logStream,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, serializers: { req: requestForLog }, ...(logStream && { stream: logStream }) },
    // request.ip (rate limits, logs) and request.protocol: from X-Forwarded-* only when the peer is a trusted proxy.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Fastify's own two lines per request only when debugging; LOG_REQUESTS gives one line of ours
    // (platform/plugins/requestLog.ts). Errors are always logged with their request id.
    logController: new LogController({ disableRequestLogging: config.logRequests || config.logLevel !== 'debug' }),
    // A page address that is not even a URL (a broken %-escape) names nothing: the shell's "Page not
    // found", not Fastify's JSON. An API call gets the API's 400.
    frameworkErrors: (error, request, reply) => {
      const isPageRequest =
        (request.method === 'GET' || request.method === 'HEAD') && !/^\/api(\/|$)/i.test(request.url);
      const answer = reply as FastifyReply;
      if (error.code === 'FST_ERR_BAD_URL' && isPageRequest) return answer.redirect(NOT_FOUND_PAGE, 302);
      return answer.code(400).send({ message: localize(requestLanguage(request), 'The request is not valid.') });
    },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);

  // Query strings arrive as text and are coerced ("1" → 1); JSON bodies are taken as sent, so a
  // null stays null instead of becoming 0 or "" inside a union.
  const ajvOptions = { removeAdditional: false, allErrors: false, strict: false } as const;
  const coercing = new Ajv({ ...ajvOptions, coerceTypes: 'array' });
  const exact = new Ajv({ ...ajvOptions, coerceTypes: false });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? exact : coercing).compile(schema));

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // First: a route takes the error handler there is when it is added (the S3 /uploads/ route's 503s
  // once went out in Fastify's own format, without Retry-After or reason).
  await app.register(errorsPlugin);

  const handle = database ?? (await openDatabase(config));
  configureLookupCache(handle.db, { ttlMs: config.lookupCacheSeconds * 1000 });
  await app.register(databasePlugin, { handle });
  const links = { gatewayUrl: config.gatewayUrl, appSiteUrl: config.publicUrl };
  await app.register(repositoriesPlugin, { links });
  const { repositories } = app;
  await app.register(readinessPlugin);
  await app.register(metricsPlugin, { token: config.metricsToken, production: config.production });
  if (config.logRequests) await app.register(requestLogPlugin);
  await app.register(lookupInvalidationPlugin);
  if (config.seedDemo) await seedDemoIfEmpty(handle.db, app.log);

  const smsProvider = sms ?? smsProviderFor(config, repositories, (message) => app.log.warn(message));
  const budgeted = budgetedSms(repositories.phoneBudgets, smsProvider, {
    perPhonePerDay: config.rateLimits.smsPerPhonePerDay,
  });
  await app.register(smsPlugin, { provider: usCanadaOnly(repositories.smsOutbox, budgeted) });

  await app.register(storagePlugin, { config, storage });
  await app.register(backgroundPlugin);
  const emailProvider = email ?? emailProviderFor(config, repositories.emailOutbox);
  await app.register(emailPlugin, {
    provider: budgetedEmail(repositories, emailProvider, {
      perAddressPerDay: config.rateLimits.emailsPerAddressPerDay,
      perStudentPerDay: config.rateLimits.emailsPerStudentPerDay,
    }),
    publicUrl: config.publicUrl,
    receiptSecret: config.receiptSecret,
    organization: config.organization,
  });
  await app.register(jsonBodyPlugin);
  await app.register(textInputPlugin);
  // Pages, the shell's code and larger JSON answers go out br/gzip when the browser accepts it
  // (Lighthouse's 'Enable text compression'): the build's copies of its files, the rest on the fly.
  await app.register(compressionPlugin);
  await app.register(cookie);
  await app.register(browserKeyPlugin, { publicUrl: config.publicUrl });
  await app.register(releasesPlugin, { config });
  await app.register(securityPlugin, { config });
  await app.register(apiCachingPlugin);
  await app.register(adminCorsPlugin, { adminBaseUrl: config.adminBaseUrl });
  await app.register(redisPlugin, { url: config.redisUrl, keyPrefix: config.redisKeyPrefix });
  await app.register(rateLimitPlugin);
  await app.register(swaggerPlugin);

  // These route plugins register from the endpoint map (shared/src/endpoints), whose entries carry
  // whole paths: no prefix. The tickets routes still take theirs until they move onto the map.
  await app.register(healthRoutes);
  await app.register(fundraiserRoutes, {
    publicUrl: config.publicUrl,
    receiptSecret: config.receiptSecret,
    phoneLookupsPerPhonePerDay: config.rateLimits.phoneLookupsPerPhonePerDay,
    phoneLookupsPerMinute: config.rateLimits.phoneLookupsPerMinute,
  });
  const cardGateway =
    gateway ??
    sandboxGateway({
      baseUrl: config.gatewayUrl,
      secretKey: config.gatewaySecretKey,
      timeoutMs: config.gatewayTimeoutMs,
    });
  const staleAfterMs = cardAttemptStaleAfterMs(config.gatewayTimeoutMs);
  // Every pass of a job ends here: ran, skipped (another instance held the job's lock) or failed.
  const onJobPass: (job: JobName, outcome: JobOutcome) => void = recordJobRun;
  await app.register(paymentRecoveryPlugin, {
    gateway: cardGateway,
    staleAfterMs,
    intervalSeconds: config.paymentRecoverySeconds,
    onPass: onJobPass,
  });
  await app.register(ordersRoutes, {
    publicUrl: config.publicUrl,
    gateway: cardGateway,
    staleAfterMs,
    receiptSecret: config.receiptSecret,
    organization: config.organization,
    coverFeeRate: config.coverFees,
    processPerMinute: config.rateLimits.processPerMinute,
    receiptLookupPerMinute: config.rateLimits.receiptLookupPerMinute,
    studentMatchPerMinute: config.rateLimits.studentMatchPerMinute,
    studentMatchPerTeamPerHour: config.rateLimits.studentMatchPerTeamPerHour,
    phoneLookupsPerPhonePerDay: config.rateLimits.phoneLookupsPerPhonePerDay,
    phoneLookupsPerMinute: config.rateLimits.phoneLookupsPerMinute,
  });
  await app.register(studentPageRoutes, {
    publicUrl: config.publicUrl,
    newPagesPerPhonePerDay: config.rateLimits.newPagesPerPhonePerDay,
    newPagesPerHour: config.rateLimits.newPagesPerHour,
  });
  await app.register(studentRoutes, {
    publicUrl: config.publicUrl,
    phoneConfirmPerMinute: config.rateLimits.phoneConfirmPerMinute,
    parentConsentLinksPerDay: config.rateLimits.parentConsentLinksPerDay,
  });
  await app.register(pageDeletionRoutes, {
    publicUrl: config.publicUrl,
    perMinute: config.rateLimits.phoneConfirmPerMinute,
  });
  await app.register(ticketRoutes, {
    publicUrl: config.publicUrl,
    repeatWarningMinutes: config.redeemRepeatWarningMinutes,
  });
  await app.register(ticketPurchaseRoutes, {
    publicUrl: config.publicUrl,
    smsPerMinute: config.rateLimits.smsPerMinute,
    shareLinkDays: config.ticketShareLinkDays,
  });
  await app.register(ticketActivationRoutes, {
    publicUrl: config.publicUrl,
    ticketLinkMinutes: config.ticketLinkMinutes,
    smsPerMinute: config.rateLimits.smsPerMinute,
    activationPerMinute: config.rateLimits.ticketActivationPerMinute,
  });
  await app.register(ticketRedeemRoutes);
  await app.register(donorRoutes, {
    publicUrl: config.publicUrl,
    receiptSecret: config.receiptSecret,
    organization: config.organization,
  });
  await app.register(loggerRoutes, { perMinute: config.rateLimits.logPerMinute, releaseVersions: app.releases });
  // Issue 34: the texts phones send us (STOP, START, HELP), from the SMS provider's signed webhook.
  const helpContact = {
    organization: config.organization.legalName,
    email: SUPPORT_CONTACTS.email,
    phone: SUPPORT_CONTACTS.phoneDisplay,
  };
  await app.register(inboundTextRoutes, {
    secret: config.sms.inboundSecret,
    perMinute: config.rateLimits.smsInboundPerMinute,
    contact: helpContact,
  });
  // The admin app's calls, in one encapsulated scope whose every route needs the bearer token.
  await app.register(async (secured) => {
    await secured.register(adminAuthPlugin, { token: config.adminApiToken });
    await secured.register(adminRoutes, { adminBaseUrl: config.adminBaseUrl, organization: config.organization });
    await secured.register(releaseRoutes);
    await secured.register(collectedCashRoutes);
    await secured.register(storageRoutes);
    await secured.register(textConsentRoutes);
    await secured.register(erasureRoutes);
  });
  if (!config.production) await app.register(devRoutes, { prefix: '/dev', contact: helpContact });
  await app.register(runtimeConfigRoutes, { config });
  await app.register(reminderJobPlugin, {
    intervalMinutes: config.reminderIntervalMinutes,
    publicUrl: config.publicUrl,
    onPass: onJobPass,
  });
  await app.register(smsRetryPlugin, {
    provider: smsProvider,
    intervalSeconds: config.smsRetry.intervalSeconds,
    onPass: onJobPass,
  });
  await app.register(emailRetryPlugin, {
    provider: emailProvider,
    intervalSeconds: config.smsRetry.intervalSeconds,
    onPass: onJobPass,
  });
  await app.register(outboxHealthPlugin, config.smsRetry);
  await app.register(browserLogPruningPlugin, {
    retentionDays: config.browserLogs.retentionDays,
    maxRows: config.browserLogs.maxRows,
    intervalMinutes: config.browserLogs.pruneIntervalMinutes,
    onPass: onJobPass,
  });
  const { intervalMinutes: retentionIntervalMinutes, ...retentionPolicy } = config.retention;
  await app.register(retentionJobPlugin, {
    policy: retentionPolicy,
    intervalMinutes: retentionIntervalMinutes,
    onPass: onJobPass,
  });
  await app.register(shellPagePlugin, { config });
  await app.register(staticPlugin, { config });
  return app;
}
