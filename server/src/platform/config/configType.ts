// What the server runs with: loadConfig (config.ts) reads it from the environment, and the production
// rules (productionSecrets.ts, productionUrls.ts) check it; its own module, so both can name it.
import type { RemoteName } from '@fu/shared/remotes';

/** The processor's rate the fee makes up for (COVER_FEES_PERCENT_BASIS_POINTS, COVER_FEES_FIXED_CENTS). */
export interface CoverFeeRate {
  /** Hundredths of a percent of the charge: 290 = 2.9%. */
  percentBasisPoints: number;
  fixedCents: number;
}

export interface Config {
  port: number;
  host: string;
  /** The origin supporters use; links in texts and receipts start with it. */
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  seedDemo: boolean;
  /** Bearer token of api/Admin and api/AWSS3Controller; unset closes them (503). */
  adminApiToken?: string;
  /** The external admin app (the /Admin… redirects and GetBaseUrl). */
  adminBaseUrl: string;
  /** Uploaded pictures: S3 when `s3` is set, otherwise files in `uploadDir` served at /uploads/. */
  storage: { uploadDir: string; s3?: { bucket: string; endpoint?: string; region?: string; publicUrl?: string } };
  gatewayUrl: string;
  /** The gateway's secret key, used only by the server to charge tokens. */
  gatewaySecretKey: string;
  /** How long one request to the card gateway may take before it is given up. */
  gatewayTimeoutMs: number;
  /**
   * Seconds between payment recovery passes (card attempts whose answer was lost, e.g. to a crash);
   * the first runs at start. 0 turns recovery off (tests run it themselves).
   */
  paymentRecoverySeconds: number;
  /** Signs receipt links (changing it invalidates old links). Production needs its own, like every secret here. */
  receiptSecret: string;
  /**
   * Who issues the receipts (ORG_*): printed on every receipt for the donor's tax records, for every
   * school without an organisation of its own (issue 34). Outside production unset values are a demo
   * organisation's; in production they stay empty (a warning). `is501c3` words the deductions.
   */
  organization: { legalName: string; address: string; taxId: string; is501c3: boolean };
  /** The processing rate "cover the processing fee" makes up for (orders/services/coverFees.ts); 0 and 0 turn it off. */
  coverFees: CoverFeeRate;
  remotes: Record<RemoteName, string>;
  shellDist: string;
  publicDir: string;
  logLevel: string;
  /**
   * NODE_ENV=production: development-only pages (the SMS outbox) are off, source maps are not served,
   * and loadConfig refuses default, example or short secrets (productionSecrets.ts).
   */
  production: boolean;
  /**
   * Texts go to SMS_HTTP_URL when set, otherwise only to the database outbox. `inboundSecret`
   * (SMS_INBOUND_SECRET) checks the provider's signature on the texts phones send us (issue 34).
   */
  sms: { httpUrl?: string; token?: string; from?: string; inboundSecret?: string };
  /** Texts handed to SMS_HTTP_URL per UTC day, all instances together (messaging/sms/dailyCap.ts). */
  smsDailyCap: number;
  /** E-mail goes through SMTP_URL when set, otherwise only to the database outbox. */
  email: { smtpUrl?: string; from: string };
  /** Minutes between runs of the reminder texts job; 0 turns it off. */
  reminderIntervalMinutes: number;
  /** Minutes a texted ticket activation link stays valid. */
  ticketLinkMinutes: number;
  /** Days a ticket link texted by its buyer (ShareTicketPurchase) registers the ticket without a second text. */
  ticketShareLinkDays: number;
  /** A multi-use offer redeemed again within this many minutes asks for a second confirmation; 0: never. */
  redeemRepeatWarningMinutes: number;
  /** How long a page waits for its server-rendered first screen (each step); 0: never rendered. */
  firstScreenBudgetMs: number;
  /** Seconds the public lookups (states, schools, fundraisers, items) are cached; 0 turns it off. */
  lookupCacheSeconds: number;
  /**
   * Request budgets for the abuse-prone routes (spec: card testing, SMS). Per client address per
   * minute (or hour), and the per-phone daily budgets, whoever asks (docs/security.md).
   */
  rateLimits: {
    tokenizePerMinute: number;
    processPerMinute: number;
    smsPerMinute: number;
    /** Texts phones send us, posted by the SMS provider's webhook, per client address per minute. */
    smsInboundPerMinute: number;
    logPerMinute: number;
    /** Texts of every kind to one phone number per UTC day. */
    smsPerPhonePerDay: number;
    /** Student pages made for one phone number per UTC day, and per client address per hour. */
    newPagesPerPhonePerDay: number;
    newPagesPerHour: number;
    /** Phone-number lookups (which text the number its links) per number per day, per client per minute. */
    phoneLookupsPerPhonePerDay: number;
    phoneLookupsPerMinute: number;
    /** Confirmations of a texted phone code per client address per minute. */
    phoneConfirmPerMinute: number;
    /** Parents' consent links texted per client address per day (issue 34): each texts a number the page's holder typed. */
    parentConsentLinksPerDay: number;
    ticketActivationPerMinute: number;
    /** Receipt lookups (order number + e-mail) per client address per minute, against guessing. */
    receiptLookupPerMinute: number;
    /**
     * Student names checked against a team's pages per client address per minute (MatchStudent and a
     * directory-path CreateOrder share it), against walking a roster name by name.
     */
    studentMatchPerMinute: number;
    /** Names checked against one team per hour, whoever asks. */
    studentMatchPerTeamPerHour: number;
    /** Receipt e-mails of sales students record, per mailbox and per student (phone) per UTC day. */
    emailsPerAddressPerDay: number;
    emailsPerStudentPerDay: number;
  };
  /**
   * Several instances: with a Redis URL every per-client rate limit is counted in Redis, shared by
   * all instances (docs/operations.md); without it each process counts its own.
   */
  redisUrl?: string;
  /** Prefix of every Redis key this server writes (several sites or test runs on one Redis). */
  redisKeyPrefix: string;
  /**
   * Which proxies in front of the server to believe about the client's address (X-Forwarded-For):
   * false none, a number of hops, or a list of addresses/CIDR ranges of the proxies.
   */
  trustProxy: false | number | string[];
  /** Bearer token of GET /metrics. Production serves no metrics without one; elsewhere they are open. */
  metricsToken?: string;
  /**
   * Whether the server applies database migrations as it starts (under a lock, so several may).
   * Off in production by default: there `npm run migrate` is a deploy step and the server refuses
   * to start on a schema behind its code.
   */
  migrateOnStart: boolean;
  /** Texts the provider refused are tried again: first after `firstDelaySeconds`, doubling, `maxAttempts` in all. */
  smsRetry: { intervalSeconds: number; maxAttempts: number; firstDelaySeconds: number; leaseSeconds: number };
  /** One log line per request (id, method, route, status, time). */
  logRequests: boolean;
  /** How long a stopping server waits for requests and a running job before it exits anyway. */
  shutdownTimeoutSeconds: number;
  /**
   * The errors browsers report (`logs`): kept `retentionDays`, at most `maxRows` of them, pruned every
   * `pruneIntervalMinutes` (0: never by itself; tests run the pass).
   */
  browserLogs: { retentionDays: number; maxRows: number; pruneIntervalMinutes: number };
  /** Issue 34: how long personal data is kept, and how often the job carries it out (docs/privacy.md). */
  retention: {
    studentMonths: number;
    privatePageDays: number;
    supporterMonths: number;
    unpaidOrderDays: number;
    messageDays: number;
    consentMonths: number;
    intervalMinutes: number;
  };
}
