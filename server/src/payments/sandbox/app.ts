// The payment sandbox: a card gateway that runs here, on its own origin, so the site works without
// outside accounts. Browsers tokenise cards with it; our server charges tokens with a secret key.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { cardBrand, validateCard, type CardInput } from './cards';
import { requestLanguage } from '../../platform/http/requestLanguage';
import { localize } from '../../platform/i18n/text';

export const SANDBOX_DECLINE_CARD = '4000000000000002';
const TOKEN_TTL_MS = 15 * 60 * 1000;

interface StoredToken {
  brand: string;
  last4: string;
  decline: boolean;
  expiresAt: number;
  usedBy?: string;
}

type Charge =
  | { status: 'approved'; id: string; brand: string; last4: string; amount: number }
  | { status: 'declined'; message: string };

const sameSecret = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

export async function buildSandbox(options: {
  secretKey: string;
  now?: () => number;
  /** Tokenise attempts per client IP per minute: the card-testing defence a real gateway has. */
  tokenizePerMinute?: number;
  /**
   * How long a charge's answer takes to come back. The charge itself is made at once, as a real
   * gateway's would be while its answer is still on the way; fault tests use it to kill our server
   * between a charge and the recording of it.
   */
  chargeLatencyMs?: number;
}): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const tokens = new Map<string, StoredToken>();
  const charges = new Map<string, Charge>();
  let chargeLatencyMs = options.chargeLatencyMs ?? 0;
  const latency = () =>
    chargeLatencyMs ? new Promise((resolve) => setTimeout(resolve, chargeLatencyMs).unref()) : undefined;
  const app = Fastify({ logger: { level: process.env.LOG_LEVEL || 'warn' }, bodyLimit: 16 * 1024 });
  const authorized = (header: string | undefined) => sameSecret(header ?? '', `Bearer ${options.secretKey}`);
  await app.register(cors, { origin: true });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      errorMessage: `Too many card attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });

  const tokenizeLimit = { rateLimit: { max: options.tokenizePerMinute ?? 20, timeWindow: '1 minute' } };
  app.post<{ Body: Partial<CardInput> & { billingAddress?: unknown } }>(
    '/v1/card/tokenize',
    { config: tokenizeLimit },
    async (request, reply) => {
      const body = request.body ?? {};
      const card: CardInput = {
        holderName: String(body.holderName ?? ''),
        cardNumber: String(body.cardNumber ?? ''),
        cvv: String(body.cvv ?? ''),
        expiryMonth: String(body.expiryMonth ?? ''),
        expiryYear: String(body.expiryYear ?? ''),
      };
      const errors = validateCard(card, new Date(now()));
      if (errors.length) {
        // In the language the browser asks for, as a processor's own form would answer.
        const language = requestLanguage(request);
        const said = errors.map(({ field, message }) => ({ field, message: localize(language, message) }));
        return reply.code(400).send({ errors: said });
      }
      const digits = card.cardNumber.replace(/[\s-]/g, '');
      const token = `tok_${randomBytes(16).toString('hex')}`;
      tokens.set(token, {
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        decline: digits === SANDBOX_DECLINE_CARD,
        expiresAt: now() + TOKEN_TTL_MS,
      });
      return { token };
    },
  );

  app.post<{ Body: { token?: string; amount?: number; description?: string } }>(
    '/v1/charges',
    async (request, reply) => {
      if (!authorized(request.headers.authorization)) return reply.code(401).send({ message: 'Unauthorized' });
      const key = String(request.headers['idempotency-key'] ?? '');
      if (!key) return reply.code(400).send({ message: 'An Idempotency-Key header is required' });
      const earlier = charges.get(key);
      if (earlier) {
        await latency();
        return earlier;
      }

      const { token = '', amount } = request.body ?? {};
      if (!Number.isInteger(amount) || (amount as number) <= 0)
        return reply.code(400).send({ message: 'amount must be a positive integer of cents' });
      const stored = tokens.get(token);
      let charge: Charge;
      if (!stored || stored.expiresAt < now())
        charge = { status: 'declined', message: 'The card details have expired. Please enter them again.' };
      else if (stored.usedBy && stored.usedBy !== key)
        charge = { status: 'declined', message: 'The card details were already used. Please enter them again.' };
      else if (stored.decline) charge = { status: 'declined', message: 'Your card was declined.' };
      else
        charge = {
          status: 'approved',
          id: `ch_${randomBytes(12).toString('hex')}`,
          brand: stored.brand,
          last4: stored.last4,
          amount: amount as number,
        };
      if (stored) stored.usedBy = key;
      charges.set(key, charge);
      await latency();
      return charge;
    },
  );

  // The charge made with an idempotency key, for a client whose answer was lost (a real gateway's
  // "retrieve by idempotency key"); 404 when no charge request with that key ever arrived.
  app.get<{ Params: { key: string } }>('/v1/charges/:key', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send({ message: 'Unauthorized' });
    const charge = charges.get(request.params.key);
    if (!charge) return reply.code(404).send({ message: 'No such charge' });
    return charge;
  });

  // Changes how long the next charges' answers take, while running: a fault test holds answers back
  // (a very long latency) to kill our server at a moment it knows the charge is made and unanswered.
  app.put<{ Body: { ms?: unknown } }>('/v1/test/charge-latency', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send({ message: 'Unauthorized' });
    const ms = request.body?.ms;
    if (!Number.isInteger(ms) || (ms as number) < 0 || (ms as number) > 3_600_000)
      return reply.code(400).send({ message: 'ms must be a whole number of milliseconds from 0 to 3600000' });
    chargeLatencyMs = ms as number;
    return { chargeLatencyMs };
  });

  // Every charge with its idempotency key: what reconciliation (and the fault tests) compare with.
  app.get('/v1/charges', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send({ message: 'Unauthorized' });
    return { data: [...charges].map(([idempotencyKey, charge]) => ({ idempotencyKey, ...charge })) };
  });

  return app;
}
