import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type {} from '@fastify/cookie';
import { RELEASE_FILE } from '@fu/shared/releases';
import type { Config } from '../../platform/config/config';
import { releaseRegistry, type ReleaseRegistry, type ServedReleases } from '../services/releases';
import { cookieNeedsHttps } from '../../platform/http/secureCookies';
import { newToken, tokenFrom } from '../../platform/security/tokens';

/**
 * A random token that puts this browser on one side of each canary and keeps it there (issue 21).
 * Not a secret and not personal: it names no one and is set only while a canary runs.
 */
export const CANARY_COOKIE = 'fu_canary';
const CANARY_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

declare module 'fastify' {
  interface FastifyInstance {
    /** The release registry (releases/services/releases.ts). */
    releases: ReleaseRegistry;
  }
  interface FastifyReply {
    /** The remotes' entries and releases this browser's page gets; sets its canary cookie when a canary needs one. */
    servedReleases(): Promise<ServedReleases>;
  }
}

export default fp(async function releases(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;
  const registry = releaseRegistry({
    db: app.database.db,
    repository: app.repositories.releases,
    remotes: config.remotes,
    shellManifestFile: path.join(config.shellDist, RELEASE_FILE),
    onReadError: (error) =>
      app.log.warn({ err: error }, 'Release registry unreadable: pages get the releases last read'),
  });
  app.decorate('releases', registry);

  // A shell deployed under live remotes it cannot run would show their fallbacks: say so at start.
  // In the background: a start never waits on the remotes' origins.
  app.addHook('onReady', async () => {
    void registry.incompatibleLive().then(
      (problems) => {
        for (const problem of problems) app.log.warn(`Release check: ${problem}`);
      },
      (error: unknown) => app.log.warn({ err: error }, 'Release check: the live releases could not be checked'),
    );
  });

  app.decorateReply('servedReleases', async function (this: FastifyReply): Promise<ServedReleases> {
    const given = tokenFrom(this.request.cookies[CANARY_COOKIE]);
    // A browser without a seed is drawn with a new one, kept in its cookie only if a canary runs.
    const seed = given ?? newToken();
    const { canaryRunning, ...served } = await registry.served(seed);
    if (canaryRunning && !given) {
      this.setCookie(CANARY_COOKIE, seed, {
        httpOnly: true,
        sameSite: 'lax',
        secure: cookieNeedsHttps(this.request, config.publicUrl),
        path: '/',
        maxAge: CANARY_MAX_AGE_SECONDS,
      });
    }
    return served;
  });
});
