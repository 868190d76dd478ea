import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pingDatabase } from '../repositories/health';

/** A dependency the instance needs to serve requests; resolves when it answers, throws when not. */
export type ReadinessCheck = () => Promise<void>;

/** Something an operator should know that does not stop the instance serving: a sentence, or undefined. */
export type ReadinessWarning = () => Promise<string | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Adds a dependency to GET /api/ready (the database is there from the start; Redis adds its own
     * when configured). `name` is what the 503 answer names, so a fixed word: never a URL or address.
     */
    addReadinessCheck(name: string, check: ReadinessCheck): void;
    /** Runs every check at once, each bounded by `timeoutMs`: the names of those that failed, in order added. */
    unreadyDependencies(timeoutMs?: number): Promise<{ name: string; error: unknown }[]>;
    /**
     * Adds a warning to GET /api/ready's 200 answer (messages waiting too long, S3 refusing): the
     * instance stays in rotation, since taking it out would not help, but the answer says so. A
     * sentence of fixed words and counts, never an address or a hostname.
     */
    addReadinessWarning(warning: ReadinessWarning): void;
    /** Every warning's sentence now, each bounded by `timeoutMs`; one that fails or times out says nothing. */
    readinessWarnings(timeoutMs?: number): Promise<string[]>;
  }
}

/** How long one check may take before the instance counts as not ready (a load balancer polls every few seconds). */
export const READINESS_TIMEOUT_MS = 2_000;

class CheckTimeout extends Error {
  constructor(name: string, ms: number) {
    super(`${name} did not answer within ${ms} ms`);
    this.name = 'CheckTimeout';
  }
}

async function within(name: string, check: ReadinessCheck, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new CheckTimeout(name, ms)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The readiness checks of GET /api/ready, starting with the database's `select 1`. */
export default fp(async function readiness(app: FastifyInstance) {
  const checks = new Map<string, ReadinessCheck>();
  app.decorate('addReadinessCheck', (name: string, check: ReadinessCheck) => {
    if (checks.has(name)) throw new Error(`A readiness check named ${name} is already registered.`);
    checks.set(name, check);
  });
  app.decorate('unreadyDependencies', async (timeoutMs = READINESS_TIMEOUT_MS) => {
    const results = await Promise.all(
      [...checks].map(async ([name, check]) => {
        try {
          await within(name, check, timeoutMs);
          return undefined;
        } catch (error) {
          return { name, error };
        }
      }),
    );
    return results.filter((result) => result !== undefined);
  });
  app.addReadinessCheck('database', () => pingDatabase(app.database.db));

  const warnings: ReadinessWarning[] = [];
  app.decorate('addReadinessWarning', (warning: ReadinessWarning) => void warnings.push(warning));
  app.decorate('readinessWarnings', async (timeoutMs = READINESS_TIMEOUT_MS) => {
    const sentences = await Promise.all(
      warnings.map(async (warning) => {
        let sentence: string | undefined;
        await within(
          'warning',
          async () => {
            sentence = await warning();
          },
          timeoutMs,
        ).catch(() => undefined);
        return sentence;
      }),
    );
    return sentences.filter((sentence): sentence is string => sentence !== undefined);
  });
});
