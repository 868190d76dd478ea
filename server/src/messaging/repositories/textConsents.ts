import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { textConsents } from '../../platform/db/schema';

export type TextConsentRow = typeof textConsents.$inferSelect;
export type NewTextConsent = Omit<typeof textConsents.$inferInsert, 'id' | 'createdAt'>;

/** The longest `source` kept: a page's path or a texted keyword, never more. */
const SOURCE_MAX = 200;

/**
 * Records one consent given or revoked (issue 34), in the caller's transaction when it passes one,
 * so the consent and what it changed are one.
 */
export async function recordConsent(executor: Pick<Database, 'insert'>, consent: NewTextConsent): Promise<void> {
  await executor.insert(textConsents).values({ ...consent, source: consent.source.slice(0, SOURCE_MAX) });
}

/** Every consent to texts given or revoked, per phone, oldest first (text_consents). */
export function textConsentRepository(db: Database) {
  return {
    record: (consent: NewTextConsent) => recordConsent(db, consent),

    /** The phone's consents, oldest first. */
    ofPhone(phone: string): Promise<TextConsentRow[]> {
      return db.select().from(textConsents).where(eq(textConsents.phone, phone)).orderBy(asc(textConsents.id));
    },
  };
}

export type TextConsentRepository = ReturnType<typeof textConsentRepository>;
