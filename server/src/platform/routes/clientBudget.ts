import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../http/errors';
import { clientKeyOf } from '../http/trustedClient';

/**
 * A per-client budget that several routes spend from, or one route only on some of its requests
 * (where a route's `config.rateLimit` counts every request of that route alone); or, with `keyOf`,
 * a budget of something else a request names (a fundraiser). Counted like every per-client limit
 * (platform/plugins/rateLimit.ts): by the client's address (`request.ip`, behind TRUST_PROXY the
 * real client; IPv6 by its /64), in Redis under `rate-limit:<name>:<client>` when configured, so every
 * instance counts in one place, else in this process. `spend` takes one request from the budget, or
 * throws the limiter's 429 once the window's budget is gone; `spend.tryToSpend` says whether it could,
 * for a caller that goes on without what the budget pays for.
 */
export function clientBudget(
  app: FastifyInstance,
  budget: {
    name: string;
    max: number;
    timeWindow: string;
    /** Whose budget a request spends from: by default its client (an IPv6 client by its /64). */
    keyOf?: (request: FastifyRequest) => string;
  },
) {
  const keyOf = budget.keyOf ?? ((request: FastifyRequest) => clientKeyOf(request.ip));
  const limiter = app.createRateLimit({
    max: budget.max,
    timeWindow: budget.timeWindow,
    keyGenerator: (request) => `${budget.name}:${keyOf(request)}`,
  });
  const counted = (request: FastifyRequest) => limiter(request);
  const spend = async (request: FastifyRequest): Promise<void> => {
    const answer = await counted(request);
    if (!answer.isAllowed && answer.isExceeded) throw tooManyRequests(answer.ttl / 1000);
  };
  const tryToSpend = async (request: FastifyRequest): Promise<boolean> => {
    const answer = await counted(request);
    return answer.isAllowed || !answer.isExceeded;
  };
  return Object.assign(spend, { tryToSpend });
}

export type ClientBudget = ReturnType<typeof clientBudget>;
