// Every environment variable the API reads, in one TypeBox schema: its type and accepted values,
// its default, one line saying what it does, and whether it is a secret. readConfig (config.ts)
// maps the parsed values onto Config; .env.example and the table in docs/configuration.md are
// generated from this list (server/src/scripts/configFiles.ts), and a test keeps them equal.
// The payment sandbox (server/src/payments/sandbox/settings.ts) reads its few variables through this schema
// too; the remote file servers read theirs themselves.
import { isIP } from 'node:net';
import { remotes } from '@fu/shared/remotes';
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';

/** LOOKUP_CACHE_SECONDS's default, also what a database's lookup cache uses before the app configures it. */
export const DEFAULT_LOOKUP_CACHE_SECONDS = 10;
/** FIRST_SCREEN_BUDGET_MS's default, also how long a page waits for its release's page table. */
export const DEFAULT_FIRST_SCREEN_BUDGET_MS = 200;

/** The headings variables are listed under, in this order, in .env.example and the docs. */
export const GROUPS = [
  'Server',
  'Database',
  'Several instances',
  'Admin',
  'Payments',
  'Receipts',
  'Shell and remotes',
  'Uploads',
  'Texts',
  'Tickets',
  'E-mail',
  'Data retention',
  'Rate limits',
] as const;
export type Group = (typeof GROUPS)[number];

/** What the schema of one variable says besides JSON Schema's type, range and description. */
export type VariableMeta = {
  group: Group;
  description: string;
  /** The default as the docs print it (Markdown), when it is computed (from another variable, the repo's path, NODE_ENV). */
  shownDefault?: string;
  /** Phrase completing "<NAME> must be …" when the type alone does not say it. */
  accepts?: string;
  /** Never printed, commented out in .env.example; the production rules check the required ones. */
  secret?: boolean;
  /** May hold a password (a connection URL): an error about it does not print the value. */
  sensitive?: boolean;
  /** The value .env.example suggests (commented out) when there is no default to show. */
  example?: string;
};

// Builders: each gives a TypeBox schema carrying its VariableMeta.
const integer = (meta: VariableMeta & { default?: number; min: number; max?: number }) => {
  const { default: fallback, min, max, ...rest } = meta;
  return Type.Integer({
    minimum: min,
    maximum: max ?? Number.MAX_SAFE_INTEGER,
    ...(fallback === undefined ? {} : { default: fallback }),
    ...rest,
  });
};
const port = (meta: VariableMeta & { default: number }) => integer({ min: 1, ...meta, max: 65535 });
const boolean = (meta: VariableMeta & { default?: boolean }) => Type.Boolean(meta);
const text = (meta: VariableMeta & { default?: string }) => Type.String({ minLength: 1, ...meta });
/**
 * A URL of one of the schemes, with a host; `emptyHost` also takes none before a path or query, as
 * pg does for a Unix socket (`postgresql:///db?host=/var/run/postgresql`).
 */
const url = (schemes: string[], meta: VariableMeta & { default?: string }, { emptyHost = false } = {}) =>
  Type.String({
    format: 'uri',
    pattern: `^(${schemes.join('|')})://${emptyHost ? '([^/?#]+|[^/?#]*[/?])' : '[^/?#]+'}`,
    accepts: `a URL starting with ${schemes.map((scheme) => `${scheme}://`).join(' or ')}`,
    ...meta,
  });
const httpUrl = (meta: VariableMeta & { default?: string }) => url(['http', 'https'], meta);
const oneOf = <const Values extends string[]>(
  values: readonly [...Values],
  meta: VariableMeta & { default?: Values[number] },
) => Type.Enum(values, meta);

/** A proxy the server may believe: an IP address, a CIDR range, or a name proxy-addr knows. */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}
export function isTrustProxy(value: string): boolean {
  if (/^\d+$/.test(value)) return Number(value) <= 100;
  return value.split(',').every((entry) => isProxyAddress(entry.trim()));
}

const remoteVariables = Object.fromEntries(
  remotes.flatMap((remote) => [
    [
      remote.portEnv,
      port({
        group: 'Shell and remotes',
        default: remote.port,
        description: `Port \`npm start\` serves the ${remote.name} remote on; the default of \`${remote.urlEnv}\` uses it.`,
      }),
    ],
    [
      remote.urlEnv,
      Type.Optional(
        httpUrl({
          group: 'Shell and remotes',
          shownDefault: `\`http://localhost:$${remote.portEnv}/remoteEntry.js\``,
          description: `Where the shell loads the ${remote.name} remote from (its \`remoteEntry.js\`, e.g. on a CDN); production needs it set, and not at localhost or a loopback address.`,
        }),
      ),
    ],
  ]),
) as Record<string, TSchema>;

/** The issuer receipts name outside production when ORG_* are unset: plainly not a real organisation. */
export const DEMO_ORGANIZATION = {
  legalName: 'Fundraising University Demo Foundation',
  address: '100 Example Street, Springfield, ST 00000',
  taxId: '00-0000000',
  is501c3: true,
} as const;

const rateLimit = (perWhat: string, fallback: number, description: string) =>
  integer({ group: 'Rate limits', min: 1, default: fallback, description: `${description} ${perWhat}.` });

/** The schema. Unset (or empty) variables take their `default`; Optional ones without one stay unset. */
export const envSchema = Type.Object({
  // Server
  NODE_ENV: Type.Optional(
    oneOf(['production', 'development', 'test'], {
      group: 'Server',
      shownDefault: 'unset (development)',
      description:
        '`production`: no development pages or source maps, no demo data, and the [production rules](#production-rules).',
    }),
  ),
  PORT: integer({
    group: 'Server',
    min: 0,
    max: 65535,
    default: 8080,
    description: 'Port of the API, the shell and `/runtime-config.json` (`0`: any free port).',
  }),
  HOST: text({
    group: 'Server',
    default: 'localhost',
    description: 'Interface to listen on (`0.0.0.0` in a container).',
  }),
  PUBLIC_URL: Type.Optional(
    httpUrl({
      group: 'Server',
      shownDefault: '`http://localhost:$PORT`',
      example: 'https://fundraising.example.org',
      description:
        'The public origin of the site: links in texts and receipts start with it; production needs it set, and not at localhost or a loopback address.',
    }),
  ),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    group: 'Server',
    default: 'info',
    description: 'Lowest level of log line written (pino); `debug` also logs every request.',
  }),
  LOG_REQUESTS: Type.Optional(
    boolean({
      group: 'Server',
      shownDefault: '`true` in production, else `false`',
      description: 'One log line per request (id, method, route, status, time).',
    }),
  ),
  SHUTDOWN_TIMEOUT_SECONDS: integer({
    group: 'Server',
    min: 1,
    max: 3600,
    default: 30,
    description: 'How long a stopping server waits for requests and a running job before it exits anyway.',
  }),
  TRUST_PROXY: Type.Optional(
    Type.Refine(
      Type.String({
        group: 'Server',
        shownDefault: 'unset (trust no proxy)',
        example: '10.0.0.0/8',
        accepts:
          'a number of proxy hops (0 to 100) or a comma-separated list of proxy addresses or CIDR ranges ' +
          '(or loopback, linklocal, uniquelocal)',
        description:
          'The HTTP proxies in front of the server whose `X-Forwarded-For` is believed: their addresses/CIDR ranges, or a ' +
          'hop count (believed only from a loopback or private peer). Never count a TCP balancer or NAT that adds no header.',
      } satisfies VariableMeta),
      isTrustProxy,
    ),
  ),
  LOOKUP_CACHE_SECONDS: integer({
    group: 'Server',
    min: 0,
    max: 86_400,
    default: DEFAULT_LOOKUP_CACHE_SECONDS,
    description: 'Seconds the public lookups (states, schools, fundraisers, items) are cached; `0` turns it off.',
  }),
  BROWSER_LOG_RETENTION_DAYS: integer({
    group: 'Server',
    min: 1,
    max: 3650,
    default: 14,
    description: 'Days the errors browsers report (`logs` table, `POST /api/Logger/Log/`) are kept before pruning.',
  }),
  BROWSER_LOG_MAX_ROWS: integer({
    group: 'Server',
    min: 1,
    max: 100_000_000,
    default: 100_000,
    description: 'The most browser reports the `logs` table keeps: pruning deletes the oldest beyond it.',
  }),
  BROWSER_LOG_PRUNE_MINUTES: integer({
    group: 'Server',
    min: 0,
    max: 1440,
    default: 10,
    description:
      'Minutes between passes of the job that prunes the browser reports by age and count (the first runs at start); `0` turns it off.',
  }),
  RETENTION_STUDENT_MONTHS: integer({
    group: 'Data retention',
    min: 1,
    max: 1200,
    default: 6,
    description:
      "Months after a fundraiser's end date when its students are erased: their pages (names, phones, links, reminders) and their names on its orders; amounts stay (docs/privacy.md).",
  }),
  RETENTION_PRIVATE_PAGE_DAYS: integer({
    group: 'Data retention',
    // At least the parent's link's 48 hours: a page is never erased while its link still works.
    min: 2,
    max: 3650,
    default: 30,
    description:
      "Days after a younger student's page was made when it is erased if no parent confirmed it: COPPA lets a child's contact details be kept only to ask a parent, for a reasonable time (docs/privacy.md).",
  }),
  RETENTION_SUPPORTER_MONTHS: integer({
    group: 'Data retention',
    min: 1,
    max: 1200,
    default: 84,
    description:
      "Months after payment when a paid order's supporter (names, phone, e-mail, address) is erased: the tax-record period (7 years); amounts, lines and payment stay.",
  }),
  RETENTION_UNPAID_ORDER_DAYS: integer({
    group: 'Data retention',
    min: 1,
    max: 3650,
    default: 30,
    description: "Days after an unpaid order was started when the supporter's details typed into it are erased.",
  }),
  RETENTION_MESSAGE_DAYS: integer({
    group: 'Data retention',
    min: 1,
    max: 3650,
    default: 30,
    description:
      'Days the texts and e-mails sent (their bodies, numbers and addresses) and the texts phones sent us are kept; the outbox rows stay, emptied.',
  }),
  RETENTION_CONSENT_MONTHS: integer({
    group: 'Data retention',
    min: 1,
    max: 1200,
    default: 48,
    description:
      "Months each record of consent to texts is kept (the TCPA's four-year limitation period); the STOP list itself is kept.",
  }),
  RETENTION_INTERVAL_MINUTES: integer({
    group: 'Data retention',
    min: 0,
    max: 10_080,
    default: 60,
    description:
      'Minutes between passes of the job that carries out the retention policy (the first runs at start; one instance at a time); `0` turns it off.',
  }),
  METRICS_TOKEN: Type.Optional(
    text({
      group: 'Server',
      secret: true,
      description: 'Bearer token of `GET /metrics`. Production serves no metrics without one; elsewhere they are open.',
    }),
  ),

  // Database
  DATABASE_URL: Type.Optional(
    url(
      ['postgres', 'postgresql'],
      {
        group: 'Database',
        sensitive: true,
        shownDefault: 'unset (embedded PGlite)',
        example: 'postgres://fundraising:password@db.internal:5432/fundraising',
        description:
          'PostgreSQL to use instead of the embedded PGlite; required in production. Over a Unix socket: `postgresql:///fundraising?host=/var/run/postgresql`.',
      },
      { emptyHost: true },
    ),
  ),
  DATA_DIR: Type.Optional(
    text({
      group: 'Database',
      shownDefault: '`./data/pglite`',
      description: 'Directory of the embedded PGlite database (without `DATABASE_URL`).',
    }),
  ),
  MIGRATE_ON_START: Type.Optional(
    boolean({
      group: 'Database',
      shownDefault: '`false` in production, else `true`',
      description: 'Apply database migrations as the server starts; in production `npm run migrate` is a deploy step.',
    }),
  ),
  SEED_DEMO: Type.Optional(
    boolean({
      group: 'Database',
      shownDefault: '`false` in production, else `true`',
      description: 'Load the demo data into an empty database; production refuses `true`.',
    }),
  ),

  // Several instances
  REDIS_URL: Type.Optional(
    url(['redis', 'rediss'], {
      group: 'Several instances',
      sensitive: true,
      example: 'redis://redis.internal:6379',
      description: 'Redis shared by all instances (rate limits); without it each process counts its own.',
    }),
  ),
  REDIS_KEY_PREFIX: text({
    group: 'Several instances',
    default: 'fu:',
    description: 'Prefix of every Redis key this server writes (several sites on one Redis).',
  }),

  // Admin
  ADMIN_API_TOKEN: Type.Optional(
    text({
      group: 'Admin',
      secret: true,
      description:
        'Bearer token of `api/Admin/` and `api/AWSS3Controller/`; unset, they answer 503. Required in production.',
    }),
  ),
  ADMIN_BASE_URL: httpUrl({
    group: 'Admin',
    default: 'https://admin.fundraisinguniversity.com',
    description: 'The external admin app the `/Admin…` routes redirect to; its origin gets CORS on the admin API.',
  }),

  // Payments
  PAYMENT_GATEWAY_URL: Type.Optional(
    httpUrl({
      group: 'Payments',
      shownDefault: '`http://localhost:$GATEWAY_PORT`',
      description:
        'The card gateway the browser tokenises cards with and the server charges; production needs it set, and not at localhost or a loopback address (a payment sandbox only on a staging site, [operations.md](operations.md#a-staging-site-with-test-cards)).',
    }),
  ),
  GATEWAY_PORT: port({
    group: 'Payments',
    default: 8085,
    description: 'Port of the payment sandbox; the default of `PAYMENT_GATEWAY_URL` uses it.',
  }),
  SANDBOX_SECRET_KEY: Type.Optional(
    text({
      group: 'Payments',
      secret: true,
      shownDefault: '`sk_sandbox_local` (development only)',
      description: "The gateway's secret key the server charges tokens with. Required in production.",
    }),
  ),
  SANDBOX_IN_PRODUCTION: boolean({
    group: 'Payments',
    default: false,
    description:
      'Read by the payment sandbox (`node server/dist/sandbox.js`), not the API: `true` lets it start with `NODE_ENV=production`, for a staging site that takes test cards end to end ([operations.md](operations.md#a-staging-site-with-test-cards)); a site taking real payments never runs it.',
  }),
  GATEWAY_TIMEOUT_MS: integer({
    group: 'Payments',
    min: 1,
    max: 600_000,
    default: 15_000,
    description:
      'How long one request to the card gateway may take; a pending card attempt is stale 2 s later ([payments.md](payments.md)).',
  }),
  PAYMENT_RECOVERY_SECONDS: integer({
    group: 'Payments',
    min: 0,
    max: 86_400,
    default: 60,
    description: 'Seconds between payment recovery passes (the first runs at start); `0` turns recovery off.',
  }),
  COVER_FEES_PERCENT_BASIS_POINTS: integer({
    group: 'Payments',
    min: 0,
    max: 2000,
    default: 290,
    description:
      'The card processing rate that "cover the processing fee" at checkout makes up for, in hundredths of a percent (`290` = 2.9%); with `COVER_FEES_FIXED_CENTS` also `0`, checkout offers no such box ([checkout.md](checkout.md#cover-the-fees)).',
  }),
  COVER_FEES_FIXED_CENTS: integer({
    group: 'Payments',
    min: 0,
    max: 500,
    default: 30,
    description: 'The fixed part of that rate per charge, in cents (`30` = $0.30).',
  }),

  // Receipts
  RECEIPT_SECRET: Type.Optional(
    text({
      group: 'Receipts',
      secret: true,
      shownDefault: '`local-receipt-secret` (development only)',
      description: 'Signs receipt links (changing it invalidates old links). Required in production.',
    }),
  ),
  ORG_LEGAL_NAME: Type.Optional(
    text({
      group: 'Receipts',
      shownDefault: `\`${DEMO_ORGANIZATION.legalName}\` outside production, else unset`,
      example: 'Lincoln High School Booster Club, Inc.',
      description:
        'The legal name of the organisation that issues receipts ("Issued by …"), what a donor files at tax time; production warns when it is unset.',
    }),
  ),
  ORG_ADDRESS: Type.Optional(
    text({
      group: 'Receipts',
      shownDefault: `\`${DEMO_ORGANIZATION.address}\` outside production, else unset`,
      example: '1200 Main Street, Springfield, IL 62701',
      description: "The issuing organisation's postal address, printed under its name on every receipt.",
    }),
  ),
  ORG_TAX_ID: Type.Optional(
    text({
      group: 'Receipts',
      shownDefault: `\`${DEMO_ORGANIZATION.taxId}\` outside production, else unset`,
      example: '12-3456789',
      description:
        "The issuing organisation's tax id (EIN) on every receipt, for the donor's deduction; production warns when it is unset.",
    }),
  ),
  ORG_IS_501C3: boolean({
    group: 'Receipts',
    default: true,
    description:
      'Whether the issuing organisation is a 501(c)(3), so gifts to it are tax-deductible (IRS Publication 1771 wording on receipts, [receipts-api.md](receipts-api.md#the-tax-rules-issue-34)); `false` makes every receipt say the payment is not tax-deductible as a charitable contribution. A school with an organisation of its own says its own.',
  }),

  // Shell and remotes
  SHELL_DIST: Type.Optional(
    text({
      group: 'Shell and remotes',
      shownDefault: '`./shell/dist`',
      description: 'The shell build the API serves.',
    }),
  ),
  ...(remoteVariables as Record<`${string}_PORT` | `REMOTE_${string}_URL`, TSchema>),
  FIRST_SCREEN_BUDGET_MS: integer({
    group: 'Shell and remotes',
    min: 0,
    max: 5000,
    default: DEFAULT_FIRST_SCREEN_BUDGET_MS,
    description:
      "How long a page waits for its first screen, rendered from its release's server build off the request's thread, before it is served as the shell's plain page, which the app draws (each of two steps); `0` turns server rendering off (each page still gets its release's first-call preloads and link preview).",
  }),

  // Uploads
  UPLOAD_DIR: Type.Optional(
    text({
      group: 'Uploads',
      shownDefault: '`./data/uploads`',
      description: 'Uploaded pictures when `S3_BUCKET` is unset, served at `/uploads/<key>`.',
    }),
  ),
  S3_BUCKET: Type.Optional(
    text({
      group: 'Uploads',
      example: 'fundraising-uploads',
      description: 'Store uploads in this S3 (or S3-compatible) bucket; several instances need it.',
    }),
  ),
  S3_ENDPOINT: Type.Optional(
    httpUrl({
      group: 'Uploads',
      shownDefault: 'unset (AWS)',
      description: 'An S3-compatible endpoint (MinIO, R2…), addressed path-style.',
    }),
  ),
  S3_REGION: Type.Optional(
    text({ group: 'Uploads', shownDefault: '`$AWS_REGION`, else `us-east-1`', description: "The bucket's region." }),
  ),
  AWS_REGION: Type.Optional(
    text({ group: 'Uploads', description: 'The AWS SDK’s region, used when `S3_REGION` is unset.' }),
  ),
  S3_PUBLIC_URL: Type.Optional(
    httpUrl({
      group: 'Uploads',
      shownDefault: 'the API serves them at `/uploads/<key>`',
      description:
        'Base URL of the stored pictures (a CDN, or the bucket made public); unset, every instance reads them from the bucket.',
    }),
  ),

  // Texts
  SMS_HTTP_URL: Type.Optional(
    httpUrl({
      group: 'Texts',
      sensitive: true,
      shownDefault: 'unset (texts stay in the outbox)',
      description:
        'Texts are POSTed (`{to, from, body}`, header `Idempotency-Key: fu-sms-<outbox id>`, the same on every try of one text) to this endpoint; unset, they stay in the database outbox.',
    }),
  ),
  SMS_HTTP_TOKEN: Type.Optional(
    text({ group: 'Texts', secret: true, description: 'Bearer token sent to `SMS_HTTP_URL`.' }),
  ),
  SMS_FROM: Type.Optional(text({ group: 'Texts', description: 'Sender number or id sent to `SMS_HTTP_URL`.' })),
  SMS_INBOUND_SECRET: Type.Optional(
    text({
      group: 'Texts',
      secret: true,
      shownDefault: 'unset (the inbound webhook refuses every request)',
      description:
        'The secret the SMS provider signs the texts phones send us with, posted to `/api/Sms/Inbound` (HMAC-SHA256 of the timestamp and raw body, [operations.md](operations.md#texts-phones-send-us)): STOP, START and HELP. Required in production when `SMS_HTTP_URL` is set.',
    }),
  ),
  SMS_RETRY_INTERVAL_SECONDS: integer({
    group: 'Texts',
    min: 0,
    max: 86_400,
    default: 60,
    description: 'Seconds between passes that send refused texts again; `0` turns retries off.',
  }),
  SMS_RETRY_FIRST_DELAY_SECONDS: integer({
    group: 'Texts',
    min: 0,
    max: 86_400,
    default: 60,
    description: 'Wait before the first retry of a refused text; each further wait doubles.',
  }),
  SMS_RETRY_MAX_ATTEMPTS: integer({
    group: 'Texts',
    min: 1,
    max: 100,
    default: 5,
    description: 'Attempts to send one text, the first included.',
  }),
  SMS_DAILY_CAP: integer({
    group: 'Texts',
    min: 1,
    max: 10_000_000,
    default: 5000,
    description:
      'Texts handed to `SMS_HTTP_URL` per UTC day by all instances together, against the bulk texting carriers block. Over it a text waits (`held`) for the next day; ticket links and phone confirmations are `withheld`, and their pages say to try tomorrow.',
  }),
  OUTBOX_LEASE_SECONDS: integer({
    group: 'Texts',
    min: 10,
    max: 3_600,
    default: 60,
    description:
      'Seconds a process may hold a text or e-mail it is sending; a queued message older than that (its process died mid-send) is sent again by the next retry pass. A try of the SMS or SMTP provider is cut off at half of it.',
  }),
  REMINDER_INTERVAL_MINUTES: integer({
    group: 'Texts',
    min: 0,
    max: 1440,
    default: 15,
    description: 'Minutes between runs of the reminder texts job; `0` turns it off.',
  }),
  TICKET_LINK_MINUTES: integer({
    group: 'Texts',
    min: 1,
    max: 10_080,
    default: 30,
    description: 'Minutes a texted ticket activation link stays valid.',
  }),
  TICKET_SHARE_LINK_DAYS: integer({
    group: 'Texts',
    min: 1,
    max: 30,
    default: 7,
    description:
      'Days the link a buyer texts with Send Link to Phone registers the ticket on the phone that opens it, once, without a second text; later the link asks for the phone number.',
  }),

  // Tickets
  REDEEM_REPEAT_WARNING_MINUTES: integer({
    group: 'Tickets',
    min: 0,
    max: 1440,
    default: 30,
    description:
      'A multi-use offer redeemed again within this many minutes of its last use asks the holder to confirm once more, saying when it was last used; `0` turns the question off.',
  }),

  // E-mail
  SMTP_URL: Type.Optional(
    url(['smtp', 'smtps'], {
      group: 'E-mail',
      sensitive: true,
      shownDefault: 'unset (e-mail stays in the outbox)',
      description:
        'Receipts are e-mailed through this SMTP server (`smtp://user:password@host:587`, or `smtps://` for TLS from the start); unset, they stay in the database outbox (`/dev/email-outbox` in development). Failed sends follow the `SMS_RETRY_*` schedule.',
    }),
  ),
  EMAIL_FROM: text({
    group: 'E-mail',
    default: 'Fundraising University <receipts@localhost>',
    description:
      'The From of every e-mail sent through `SMTP_URL`; in production an address of your own domain that its SPF and DKIM records allow.',
  }),

  // Rate limits
  RATE_LIMIT_PROCESS: rateLimit(
    'per client address per minute',
    20,
    '`ProcessOrder`, `TestProcess` and cash/check orders',
  ),
  RATE_LIMIT_TOKENIZE: rateLimit('per client address per minute', 20, 'Card tokenisations at the payment sandbox'),
  RATE_LIMIT_SMS: rateLimit('per client address per minute', 5, 'Ticket texts (share, add phone, access link)'),
  RATE_LIMIT_SMS_INBOUND: rateLimit(
    'per client address per minute',
    300,
    'Texts phones send us, posted by the SMS provider to `/api/Sms/Inbound` (its servers share a few addresses)',
  ),
  RATE_LIMIT_LOG: rateLimit('per client address per minute', 60, '`/api/Logger/Log/` calls'),
  RATE_LIMIT_RECEIPT_LOOKUP: rateLimit('per client address per minute', 10, 'Receipt lookups (order number + e-mail)'),
  RATE_LIMIT_STUDENT_MATCH: rateLimit(
    'per client address per minute, one budget for both',
    10,
    'Student names checked against a team (`MatchStudent`, and `CreateOrder` from the team’s order page)',
  ),
  RATE_LIMIT_STUDENT_MATCH_PER_TEAM: rateLimit(
    'per fundraiser per hour, whoever asks',
    120,
    'Student names checked against one team, from every address together (a roster walked from many addresses)',
  ),
  RATE_LIMIT_NEW_PAGE: rateLimit('per client address per hour', 10, 'Student pages made'),
  RATE_LIMIT_PHONE_LOOKUP: rateLimit(
    'per client address per minute',
    5,
    'Phone-number lookups (which text the phone its links)',
  ),
  RATE_LIMIT_PHONE_CONFIRM: rateLimit(
    'per client address per minute',
    20,
    '`UpdateOptInStatus`, `SendPhoneConfirmation`, `ConfirmPhone`, `RequestPageDeletion`, `DeletePage` and the parental consent calls (`AnswerStudentAge`, `RequestParentConsent`, `GetParentConsent`, `ConfirmParentConsent`)',
  ),
  RATE_LIMIT_PARENT_CONSENT: rateLimit(
    'per client address per day',
    10,
    "Parents' links texted (`RequestParentConsent`): each texts a number that the page's holder typed",
  ),
  RATE_LIMIT_TICKET_ACTIVATION: rateLimit(
    'per client address per minute',
    20,
    'Ticket activation link checks and redemptions (`RedeemLink`)',
  ),
  SMS_PER_PHONE_PER_DAY: rateLimit(
    'per UTC day',
    5,
    'Texts of every kind (reminders, confirmations, links, ticket texts) to one phone number',
  ),
  NEW_PAGES_PER_PHONE_PER_DAY: rateLimit(
    'per UTC day',
    3,
    'Student pages made (`NewFundraiserDevice`) for one phone number',
  ),
  PHONE_LOOKUPS_PER_PHONE_PER_DAY: rateLimit('per UTC day', 3, 'Phone-number lookups of one number'),
  EMAILS_PER_ADDRESS_PER_DAY: rateLimit(
    'per UTC day',
    5,
    'Receipt e-mails of cash and check sales students record, to one mailbox (spellings of one inbox count as one)',
  ),
  EMAILS_PER_STUDENT_PER_DAY: rateLimit(
    'per UTC day',
    25,
    'Receipt e-mails of the cash and check sales one student records (all the pages of one phone together; sent only from a browser that confirmed the phone)',
  ),
});

export type Env = Static<typeof envSchema>;
type Variable = TSchema & VariableMeta & Record<string, unknown>;

/** Every variable, in schema order, with its schema (which carries its VariableMeta). */
export function variables(): [name: string, schema: Variable][] {
  return Object.entries(envSchema.properties) as unknown as [string, Variable][];
}

export const ANY_TEXT = 'any text';

/** The phrase completing "<NAME> must be …". */
export function accepted(schema: Variable): string {
  if (schema.accepts) return schema.accepts;
  if (schema.type === 'integer') {
    const [min, max] = [schema.minimum as number, schema.maximum as number];
    return max === Number.MAX_SAFE_INTEGER
      ? `a whole number of at least ${min}`
      : `a whole number from ${min} to ${max}`;
  }
  if (schema.type === 'boolean') return 'true or false';
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(', ')}`;
  return ANY_TEXT;
}

/** An environment string as the schema's type: whole numbers and true/false become numbers and booleans. */
function convert(schema: Variable, raw: string): unknown {
  if (schema.type === 'integer') return /^[+-]?\d+$/.test(raw) ? Number(raw) : raw;
  if (schema.type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}

/**
 * The variables of `env` as the schema types them, defaults filled in, and one sentence for each
 * value the schema refuses (and its name). Unset and empty are the same: the default.
 */
export function parseEnv(env: NodeJS.ProcessEnv): { values: Env; problems: string[]; refused: string[] } {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  const refused: string[] = [];
  for (const [name, schema] of variables()) {
    const raw = env[name];
    if (raw === undefined || raw === '') {
      if (schema.default !== undefined) values[name] = schema.default;
      continue;
    }
    const value = convert(schema, raw);
    if (Value.Check(schema, value)) {
      values[name] = value;
    } else {
      const shown = schema.secret || schema.sensitive ? 'its value is not shown here' : `it is ${JSON.stringify(raw)}`;
      problems.push(`${name} must be ${accepted(schema)}; ${shown}.`);
      refused.push(name);
    }
  }
  // Refused values are left out: the Env type holds only for an environment without problems.
  return { values: values as Env, problems, refused };
}
