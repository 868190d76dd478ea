import type { FastifyReply } from 'fastify';

/** Spec answers that are a bare string ('success', a guid) go out as JSON; Fastify would send text. */
export const sendJsonString = (reply: FastifyReply, value: string) =>
  reply.type('application/json; charset=utf-8').send(JSON.stringify(value));
