import type { EraseSupporterRequest, Erasure } from '@fu/shared/contracts';
import type { Database } from '../../platform/db/client';
import { HttpError } from '../../platform/http/errors';
import { requirePhone } from '../../platform/http/phone';
import {
  eraseEmailTraces,
  erasePages,
  erasePhoneTraces,
  eraseSupporters,
  latestErasures,
  orderIdsOfSupporter,
  pageIdsOfPhone,
  recordErasure,
  type ErasureRow,
} from '../../privacy/repositories/erasure';

export const ERASURE_MESSAGES = {
  supporterMatch: "Please give the supporter's phone number, e-mail address, or both.",
  email: 'Please enter a valid e-mail address.',
} as const;

/** An e-mail as typed, trimmed; a 400 for something that is not one. */
function requireEmail(input: string): string {
  const email = input.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new HttpError(400, ERASURE_MESSAGES.email, [{ field: 'email', message: ERASURE_MESSAGES.email }]);
  }
  return email;
}

const answer = (row: ErasureRow): Erasure => ({
  id: row.id,
  kind: row.kind,
  reason: row.reason,
  matchedBy: row.matchedBy,
  actor: row.actor,
  pages: row.pages,
  orders: row.orders,
  messages: row.messages,
  at: row.createdAt.toISOString(),
});

/**
 * Issue 34 (docs/privacy.md, docs/admin-api.md "Erasure"): support erases a person who asked to leave,
 * by phone or e-mail, in one transaction each, and every erasure is recorded (who, when, how many,
 * never whose). A phone's STOP and its consent records outlive it (sms_opt_outs, text_consents).
 */
export function adminErasure(db: Database) {
  return {
    /** Every student page of the phone, erased as its holder deletes one, and the phone's other traces. */
    async eraseStudent(phoneInput: string, actor: string): Promise<Erasure> {
      const phone = requirePhone(phoneInput);
      const row = await db.transaction(async (tx) => {
        const now = new Date();
        const erased = await erasePages(tx, await pageIdsOfPhone(tx, phone), now);
        const messages = await erasePhoneTraces(tx, phone);
        return recordErasure(tx, {
          kind: 'student',
          reason: 'admin',
          matchedBy: 'phone',
          actor,
          pages: erased.pages,
          orders: erased.orders,
          messages,
          createdAt: now,
        });
      });
      return answer(row);
    },

    /**
     * Every order whose supporter gave the phone or the e-mail: names, phone, e-mail and address
     * erased; amounts, lines and payment kept, so totals and the receipt (which then names no one) work.
     */
    async eraseSupporter(request: EraseSupporterRequest, actor: string): Promise<Erasure> {
      const phone = request.phone === undefined ? undefined : requirePhone(request.phone);
      const email = request.email === undefined ? undefined : requireEmail(request.email);
      if (!phone && !email) {
        throw new HttpError(400, ERASURE_MESSAGES.supporterMatch, [
          { field: 'phone', message: ERASURE_MESSAGES.supporterMatch },
        ]);
      }
      const row = await db.transaction(async (tx) => {
        const now = new Date();
        const orders = await eraseSupporters(tx, await orderIdsOfSupporter(tx, { phone, email }), now);
        const messages =
          (phone ? await erasePhoneTraces(tx, phone) : 0) + (email ? await eraseEmailTraces(tx, email) : 0);
        return recordErasure(tx, {
          kind: 'supporter',
          reason: 'admin',
          matchedBy: phone && email ? 'phone_and_email' : phone ? 'phone' : 'email',
          actor,
          pages: 0,
          orders,
          messages,
          createdAt: now,
        });
      });
      return answer(row);
    },

    /** The latest erasures, newest first. */
    async latest(limit = 100): Promise<Erasure[]> {
      return (await latestErasures(db, limit)).map(answer);
    },
  };
}
