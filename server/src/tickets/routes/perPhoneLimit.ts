import type { FastifyRequest } from 'fastify';
import { ACCESS_MESSAGES } from '@fu/shared/contracts';
import { normalizePhone } from '@fu/shared/rules';
import { HttpError } from '../../platform/http/errors';
import type { TextBudget } from '../../messaging/sms';

/**
 * A preHandler for the ticket calls that text a phone. Texts to one phone are capped whoever asks
 * (per-IP limits alone would let many addresses flood one number): a phone whose daily budget is
 * spent is refused before any work is done. The phone is the one in the query or the JSON body;
 * anything that is not a phone number is left for the handler to answer 400.
 */
export function refusePhonesOutOfTexts(budget: TextBudget) {
  return async (request: FastifyRequest) => {
    const given =
      (request.query as { phoneNumber?: unknown }).phoneNumber ??
      (request.body as { phoneNumber?: unknown } | undefined)?.phoneNumber;
    const phone = normalizePhone(String(given ?? ''));
    if (phone && !(await budget.hasRoom(phone))) throw new HttpError(429, ACCESS_MESSAGES.tooManyTexts);
  };
}
