import type { Database } from '../../platform/db/client';
import { HttpError } from '../../platform/http/errors';
import {
  bindUnboundSession,
  claimCode,
  codeOfSession,
  deviceOfSession,
  insertCode,
  moveSessionToDevice,
  retireCodesOfSession,
  type ActivationCodeRow,
  type ActivationKind,
} from '../repositories/ticketActivation';
import { newCode, sha256 } from '../../platform/security/tokens';

export type { ActivationKind } from '../repositories/ticketActivation';

export const ACTIVATION_MESSAGES = {
  wrongCode: 'This activation link is not valid. Please open the newest link we texted you, or ask for a new one.',
  expired: 'This activation link has expired. Please ask for a new link.',
  used: 'This activation link has already been used or replaced by a newer one. Please ask for a new link.',
  otherDevice:
    'This ticket is already registered to another device. To move it to this device, use Reactivate and we will text a new link to the registered phone.',
} as const;

/**
 * A new single-use code for a session. Earlier unused codes of the session are retired, so only
 * the newest texted link works. Only the code's SHA-256 is stored.
 */
export async function issueActivationCode(
  db: Database,
  options: { sessionId: number; phone: string; kind: ActivationKind; minutes: number },
): Promise<string> {
  const code = newCode();
  const now = new Date();
  await db.transaction(async (tx) => {
    await retireCodesOfSession(tx, options.sessionId, now);
    await insertCode(tx, {
      ticketPurchaseSessionId: options.sessionId,
      codeHash: sha256(code),
      kind: options.kind,
      phone: options.phone,
      expiresAt: new Date(now.getTime() + options.minutes * 60_000),
    });
  });
  return code;
}

/** Throws the 4xx a wrong, used or expired code deserves; otherwise the code's row. */
function usable(code: ActivationCodeRow | undefined, now: Date): ActivationCodeRow {
  if (!code) throw new HttpError(400, ACTIVATION_MESSAGES.wrongCode);
  if (code.usedAt) throw new HttpError(409, ACTIVATION_MESSAGES.used);
  if (code.expiresAt.getTime() <= now.getTime()) throw new HttpError(410, ACTIVATION_MESSAGES.expired);
  return code;
}

/** Checks a texted code without using it (the RegisterDevice page, and link previews, only look). */
export async function checkActivationCode(db: Database, sessionId: number, code: string): Promise<ActivationCodeRow> {
  return usable(await codeOfSession(db, sha256(code), sessionId), new Date());
}

/**
 * Uses a code and binds the session to the device whose token hash is given, in one transaction:
 * the code is claimed with a conditional UPDATE (single use even under a race), then
 * - 'activate' binds only a session no device holds, so of two devices racing exactly one wins
 *   and the other is refused;
 * - 'reactivate' (a new link texted to the registered phone) replaces the hash: the ticket moves.
 * A refusal rolls the claim back, so nothing changes.
 */
export async function bindDevice(
  db: Database,
  options: { sessionId: number; code: string; tokenHash: string },
): Promise<{ alreadyBound: boolean }> {
  const { sessionId, tokenHash } = options;
  return db.transaction(async (tx) => {
    const now = new Date();
    const code = usable(await codeOfSession(tx, sha256(options.code), sessionId), now);
    if (!(await claimCode(tx, code.id, now))) throw new HttpError(409, ACTIVATION_MESSAGES.used);

    const binding = { deviceTokenHash: tokenHash, keyActivatedAt: now, phone: code.phone };
    if (code.kind === 'reactivate') {
      await moveSessionToDevice(tx, sessionId, binding);
      return { alreadyBound: false };
    }
    if (await bindUnboundSession(tx, sessionId, binding)) return { alreadyBound: false };
    if ((await deviceOfSession(tx, sessionId)) === tokenHash) return { alreadyBound: true };
    throw new HttpError(409, ACTIVATION_MESSAGES.otherDevice);
  });
}
