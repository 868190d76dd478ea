import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A preSerialization hook for the activation steps (AddPhone, CreateAccessLink, RedeemActivationLink,
 * RedeemLink, UseTicketHere): they fail as `{ success: false, redirect: null, message }` with the error's status,
 * validation and rate limits included, so the page can read `success` (spec §8: access link failure
 * returns success false). The API's error handler (platform/plugins/errors.ts) words, logs and codes
 * every failure as for any route; this only puts its message in the steps' shape.
 */
export async function asStepFailure(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode < 400) return payload;
  return { success: false, redirect: null, message: (payload as { message: string }).message };
}
