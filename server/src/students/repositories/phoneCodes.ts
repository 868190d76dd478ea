// Phone confirmation (docs/security.md): codes texted to a page's phone, and the browsers that
// used one. The rules (one live code per page, single use, expiry) live in students/services/phoneOwnership.ts;
// these are its statements, each on the database or transaction it is given.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { browserPhones, fundraiserDevices, phoneCodes } from '../../platform/db/schema';

export type PhoneCodeRow = typeof phoneCodes.$inferSelect;

/** Whether this browser confirmed a code texted to the phone. */
export async function browserHasPhone(db: Executor, browserKeyHash: string, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: browserPhones.phone })
    .from(browserPhones)
    .where(and(eq(browserPhones.browserKeyHash, browserKeyHash), eq(browserPhones.phone, phone)));
  return row !== undefined;
}

/** Marks the page's unused codes used, so only a newer one works. */
export async function retireCodesOfPage(tx: Executor, deviceId: number, now: Date): Promise<void> {
  await tx
    .update(phoneCodes)
    .set({ usedAt: now })
    .where(and(eq(phoneCodes.fundraiserDeviceId, deviceId), isNull(phoneCodes.usedAt)));
}

export async function insertCode(
  tx: Executor,
  values: { fundraiserDeviceId: number; codeHash: string; phone: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(phoneCodes).values(values);
}

/** The page's code with this hash, if any. */
export async function codeOfPage(tx: Executor, codeHash: string, deviceId: number): Promise<PhoneCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.codeHash, codeHash), eq(phoneCodes.fundraiserDeviceId, deviceId)));
  return row;
}

/** Uses the code if it is still unused and unexpired (one conditional UPDATE: works once under a race). */
export async function claimCode(tx: Executor, codeId: number, now: Date): Promise<boolean> {
  const [claimed] = await tx
    .update(phoneCodes)
    .set({ usedAt: now })
    .where(and(eq(phoneCodes.id, codeId), isNull(phoneCodes.usedAt), gt(phoneCodes.expiresAt, now)))
    .returning({ id: phoneCodes.id });
  return claimed !== undefined;
}

/** The page's phone is confirmed: its reminders may go out. */
export async function markPagePhoneVerified(tx: Executor, deviceId: number, now: Date): Promise<void> {
  await tx.update(fundraiserDevices).set({ phoneVerifiedAt: now }).where(eq(fundraiserDevices.id, deviceId));
}

/** Remembers the browser as the phone's owner. */
export async function rememberBrowserPhone(
  tx: Executor,
  browserKeyHash: string,
  phone: string,
  now: Date,
): Promise<void> {
  await tx
    .insert(browserPhones)
    .values({ browserKeyHash, phone, verifiedAt: now })
    .onConflictDoUpdate({ target: [browserPhones.browserKeyHash, browserPhones.phone], set: { verifiedAt: now } });
}
