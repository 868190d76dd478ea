import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { browserPhones, fundraiserDevices, fundraisers, phoneCodes } from '../db/schema';
import { HttpError } from '../errors';
import { newCode, sha256 } from '../security/tokens';
import type { SmsProvider } from '../sms';
import type { DeviceRow } from '../repositories/devices';

/** A texted confirmation link works this long: students open texts later in the day. */
export const PHONE_CODE_HOURS = 24;

export const PHONE_CODE_MESSAGES = {
  wrong: 'This confirmation link is not valid. Please open the newest link we texted you, or ask for a new one.',
  expired: 'This confirmation link has expired. Please ask for a new one.',
  used: 'This confirmation link has already been used or replaced by a newer one.',
  confirmed: 'Your phone is confirmed. Text reminders will come to it.',
} as const;

/** Whether this browser confirmed a code texted to the phone (docs/security.md). */
export async function browserOwnsPhone(db: Database, browserKeyHash: string | undefined, phone: string) {
  if (!browserKeyHash) return false;
  const [row] = await db
    .select({ phone: browserPhones.phone })
    .from(browserPhones)
    .where(and(eq(browserPhones.browserKeyHash, browserKeyHash), eq(browserPhones.phone, phone)));
  return row !== undefined;
}

/**
 * Texts the page's phone a single-use link that confirms it (earlier unused codes of the page are
 * retired, so only the newest link works). The text draws on the phone's daily budget; its errors
 * (budget used up, provider down) reach the caller.
 */
export async function textPhoneCode(
  db: Database,
  sms: SmsProvider,
  device: DeviceRow,
  options: { publicUrl: string },
): Promise<void> {
  const code = newCode();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(phoneCodes)
      .set({ usedAt: now })
      .where(and(eq(phoneCodes.fundraiserDeviceId, device.id), isNull(phoneCodes.usedAt)));
    await tx.insert(phoneCodes).values({
      fundraiserDeviceId: device.id,
      codeHash: sha256(code),
      phone: device.phone,
      expiresAt: new Date(now.getTime() + PHONE_CODE_HOURS * 3_600_000),
    });
  });
  const [fundraiser] = await db
    .select({ name: fundraisers.name })
    .from(fundraisers)
    .where(eq(fundraisers.id, device.fundraiserId));
  const link = `${options.publicUrl.replace(/\/$/, '')}/Fundraiser/${device.guid}?confirm=${code}`;
  await sms.send({
    to: device.phone,
    body:
      `Fundraising University: to get reminder texts for ${fundraiser?.name ?? 'your fundraiser'} on this phone, ` +
      `open this link and tap Confirm (valid ${PHONE_CODE_HOURS} hours): ${link} Did not ask? Ignore this text.`,
  });
}

/**
 * Uses a texted code on its page: the page's phone is confirmed (reminders may go out) and this
 * browser is remembered as the phone's owner. The code is claimed by a conditional UPDATE, so it
 * works once even under a race; a wrong, used or expired code changes nothing.
 */
export async function confirmPhoneCode(
  db: Database,
  device: DeviceRow,
  code: string,
  browserKeyHash: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .select()
      .from(phoneCodes)
      .where(and(eq(phoneCodes.codeHash, sha256(code)), eq(phoneCodes.fundraiserDeviceId, device.id)));
    // A code texted to the page's earlier phone (an import changed it) confirms nothing.
    if (!row || row.phone !== device.phone) throw new HttpError(400, PHONE_CODE_MESSAGES.wrong);
    if (row.usedAt) throw new HttpError(409, PHONE_CODE_MESSAGES.used);
    if (row.expiresAt.getTime() <= now.getTime()) throw new HttpError(410, PHONE_CODE_MESSAGES.expired);
    const [claimed] = await tx
      .update(phoneCodes)
      .set({ usedAt: now })
      .where(and(eq(phoneCodes.id, row.id), isNull(phoneCodes.usedAt), gt(phoneCodes.expiresAt, now)))
      .returning({ id: phoneCodes.id });
    if (!claimed) throw new HttpError(409, PHONE_CODE_MESSAGES.used);
    await tx.update(fundraiserDevices).set({ phoneVerifiedAt: now }).where(eq(fundraiserDevices.id, device.id));
    await tx
      .insert(browserPhones)
      .values({ browserKeyHash, phone: device.phone, verifiedAt: now })
      .onConflictDoUpdate({ target: [browserPhones.browserKeyHash, browserPhones.phone], set: { verifiedAt: now } });
  });
}
