import type { TextConsents } from '@fu/shared/contracts';
import type { Database } from '../../platform/db/client';
import { requirePhone } from '../../platform/http/phone';
import type { OptOutRepository } from '../repositories/optOuts';
import type { TextConsentRepository } from '../repositories/textConsents';
import { changeOptOut } from './inboundTexts';

/** Issue 34: what a phone agreed to, for the admin app (GetTextConsents), and support's opt-out (OptOutPhone). */
export function textConsents(
  db: Database,
  { textConsents: consents, optOuts }: { textConsents: TextConsentRepository; optOuts: OptOutRepository },
) {
  /** The phone's consents, oldest first, and whether it is opted out now. */
  async function ofPhone(phone: string): Promise<TextConsents> {
    const [rows, optedOut] = await Promise.all([consents.ofPhone(phone), optOuts.isOptedOut(phone)]);
    return {
      phone,
      optedOut,
      consents: rows.map((row) => ({
        scope: row.scope,
        action: row.action,
        method: row.method,
        source: row.source,
        at: row.createdAt.toISOString(),
      })),
    };
  }

  return {
    /** A phone's record, the phone in any form the site takes; a 400 for what is not a phone number. */
    ofPhone: (input: string) => ofPhone(requirePhone(input)),

    /**
     * The phone's owner asked support to stop every text: opted out at once, as by a texted STOP
     * (recorded as `admin`, with who acted), without a text. Lifting it takes the owner's own START.
     */
    async optOut(input: string, actor: string): Promise<TextConsents> {
      const phone = requirePhone(input);
      await changeOptOut(db, phone, { optedOut: true, method: 'admin', source: actor });
      return ofPhone(phone);
    },
  };
}
