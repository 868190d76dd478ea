import type { FastifyInstance } from 'fastify';
import { phoneLookups } from '../services/phoneLookups';

/** The phone lookups (students/services/phoneLookups.ts) on this app's database, texts and background work. */
export const phoneLookupAnswers = (
  app: FastifyInstance,
  options: { publicUrl: string; receiptSecret: string; perPhonePerDay: number },
) =>
  phoneLookups(
    {
      orders: app.repositories.orders,
      devices: app.repositories.devices,
      phoneBudgets: app.repositories.phoneBudgets,
      sms: app.sms,
      runInBackground: (name, work) => app.runInBackground(name, work),
    },
    options,
  );

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
