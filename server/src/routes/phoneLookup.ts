import type { FastifyInstance } from 'fastify';
import { ACCESS_MESSAGES, type PhoneMessage } from '@fu/shared/contracts';
import { HttpError } from '../errors';
import { requirePhone } from '../phone';
import { phoneBudgetRepository } from '../repositories/phoneBudgets';
import type { OrderRepository } from '../repositories/orders';
import { phoneLookups } from '../services/phoneLookups';

export const TOO_MANY_LOOKUPS = 'Too many lookups for this phone number today. Please try again tomorrow.';

/**
 * A phone-number lookup (docs/security.md): the number must be a phone number (400 otherwise) and
 * have lookups left today (429, counted whether the number is known or not). Nothing that follows
 * tells whether the number has anything: the answer is one sentence, the text is composed and sent
 * after it (timing), and a slot of the phone's text budget is spent whether a text follows or not
 * (a caller who can see the budget, through any other text call, learns nothing either).
 */
export async function answerPhoneLookup(
  app: FastifyInstance,
  input: string,
  options: { perPhonePerDay: number; message: string; compose: (phone: string) => Promise<string | undefined> },
): Promise<PhoneMessage> {
  const phone = requirePhone(input);
  if (!(await phoneBudgetRepository(app.database.db).take(phone, 'lookup', options.perPhonePerDay))) {
    throw new HttpError(429, TOO_MANY_LOOKUPS);
  }
  const slot = await app.sms.reserve(phone);
  app.runInBackground('phone lookup text', async () => {
    const body = slot && (await options.compose(phone));
    if (body) await slot.send(body);
  });
  return { message: options.message };
}

/** The two lookups' answers: a phone's page links, or its receipt links, texted to it. */
export function phoneLookupAnswers(
  app: FastifyInstance,
  orders: OrderRepository,
  options: { publicUrl: string; receiptSecret: string; perPhonePerDay: number },
) {
  const texts = phoneLookups(app.database.db, orders, options);
  const { perPhonePerDay } = options;
  return {
    pageLinks: (input: string) =>
      answerPhoneLookup(app, input, {
        perPhonePerDay,
        message: ACCESS_MESSAGES.phoneLinksSent,
        compose: texts.pageLinksText,
      }),
    receiptLinks: (input: string) =>
      answerPhoneLookup(app, input, {
        perPhonePerDay,
        message: ACCESS_MESSAGES.phoneReceiptsSent,
        compose: texts.receiptLinksText,
      }),
  };
}

export const PHONE_LOOKUP_DESCRIPTION =
  'Shows nothing to whoever types a number: what the phone has (its student page links, or the receipt links of ' +
  'its paid orders) is texted to it, and the answer is the same sentence whether it has anything ' +
  '(docs/security.md). Limited per phone per day and per client per minute (429).';

/** Per-client budget of a phone lookup route; `onlyWithPhone` leaves the route's other uses unlimited. */
export const phoneLookupRateLimit = (perMinute: number, onlyWithPhone = false) => ({
  rateLimit: {
    max: perMinute,
    timeWindow: '1 minute',
    ...(onlyWithPhone
      ? { allowList: (request: { query: unknown }) => (request.query as { phone?: unknown }).phone === undefined }
      : {}),
  },
});
