import { Type, type Static } from 'typebox';
import { RELEASE_VERSION } from '../releases';

/** A remote's name as the browser reports it ('ordering', or 'shell' for the shell's own errors). */
export const LOG_REMOTE = /^[a-z][a-z0-9-]{0,31}$/;

/**
 * POST /api/Logger/Log/: an error the browser reports (level 4 for errors). `message` and `level`
 * are the spec's; `remote` and `version` say which app's release it came from (the shell sends the
 * release its runtime config named, 'unreleased' for a remote's configured build), so a canary's
 * error rate can be compared with the stable release's. Old clients send neither.
 */
export const LogRequest = Type.Object({
  message: Type.String({ minLength: 1, maxLength: 2000 }),
  level: Type.Integer({ minimum: 0, maximum: 6 }),
  remote: Type.Optional(Type.String({ pattern: LOG_REMOTE.source })),
  // RELEASE_VERSION takes 'unreleased' too (UNRELEASED).
  version: Type.Optional(Type.String({ pattern: RELEASE_VERSION.source })),
});
export type LogRequest = Static<typeof LogRequest>;
export const LogResponse = Type.Object({ logged: Type.Boolean() });
export type LogResponse = Static<typeof LogResponse>;
