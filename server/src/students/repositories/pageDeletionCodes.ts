// Issue 34: codes texted to a student page's phone that delete the page (docs/privacy.md). The rules
// (one live code per page, single use, expiry, the erasure) live in students/services/pageDeletion.ts;
// these are its statements, each on the database or transaction it is given.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { pageDeletionCodes } from '../../platform/db/schema';

export type PageDeletionCodeRow = typeof pageDeletionCodes.$inferSelect;

/** Marks the page's unused deletion codes used, so only a newer one works. */
export async function retireDeletionCodesOfPage(tx: Executor, deviceId: number, now: Date): Promise<void> {
  await tx
    .update(pageDeletionCodes)
    .set({ usedAt: now })
    .where(and(eq(pageDeletionCodes.fundraiserDeviceId, deviceId), isNull(pageDeletionCodes.usedAt)));
}

export async function insertDeletionCode(
  tx: Executor,
  values: { fundraiserDeviceId: number; codeHash: string; phone: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(pageDeletionCodes).values(values);
}

/** The page's deletion code with this hash, if any. */
export async function deletionCodeOfPage(
  tx: Executor,
  codeHash: string,
  deviceId: number,
): Promise<PageDeletionCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(pageDeletionCodes)
    .where(and(eq(pageDeletionCodes.codeHash, codeHash), eq(pageDeletionCodes.fundraiserDeviceId, deviceId)));
  return row;
}

/** Uses the code if it is still unused and unexpired (one conditional UPDATE: works once under a race). */
export async function claimDeletionCode(tx: Executor, codeId: number, now: Date): Promise<boolean> {
  const [claimed] = await tx
    .update(pageDeletionCodes)
    .set({ usedAt: now })
    .where(
      and(eq(pageDeletionCodes.id, codeId), isNull(pageDeletionCodes.usedAt), gt(pageDeletionCodes.expiresAt, now)),
    )
    .returning({ id: pageDeletionCodes.id });
  return claimed !== undefined;
}
