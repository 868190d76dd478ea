// Issue 34 (COPPA): whether a student page is private, and which phone its texts go to, as SQL for
// every statement that names, credits or texts a student, and as a value for the page itself. A
// page is public once answered "13 or older", or once a parent confirmed it from their own phone.
import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { PagePrivacy } from '@fu/shared/contracts';
import type { Executor } from '../../platform/db/client';
import { fundraiserDevices } from '../../platform/db/schema';

type PrivacyColumns = Pick<
  typeof fundraiserDevices.$inferSelect,
  'phone' | 'studentIs13OrOlder' | 'parentPhone' | 'parentConsentedAt'
>;

/** SQL: the page may be shared, named and texted (answered 13 or older, or a parent confirmed it). */
export const pageIsPublic = sql<boolean>`(${fundraiserDevices.studentIs13OrOlder} IS TRUE OR ${fundraiserDevices.parentConsentedAt} IS NOT NULL)`;

/**
 * SQL: the phone the page's texts go to: its own for a student of 13 or older, the parent's once a
 * parent confirmed a younger student's page, NULL (no text at all) while the page is private.
 */
export const pageTextsPhone = sql<
  string | null
>`(CASE WHEN ${fundraiserDevices.studentIs13OrOlder} IS TRUE THEN ${fundraiserDevices.phone} WHEN ${fundraiserDevices.parentConsentedAt} IS NOT NULL THEN ${fundraiserDevices.parentPhone} END)`;

/** SQL: the page's texts go to `phone` (pageTextsPhone = phone, written so that the phone indexes serve it). */
export function textsGoTo(phone: string): SQL {
  return or(
    and(eq(fundraiserDevices.phone, phone), sql`${fundraiserDevices.studentIs13OrOlder} IS TRUE`),
    and(
      eq(fundraiserDevices.parentPhone, phone),
      isNotNull(fundraiserDevices.parentConsentedAt),
      sql`${fundraiserDevices.studentIs13OrOlder} IS NOT TRUE`,
    ),
  )!;
}

/** The phone a page's texts go to (pageTextsPhone, for a row already read). */
export function textsPhoneOf(device: PrivacyColumns): string | null {
  if (device.studentIs13OrOlder === true) return device.phone;
  return device.parentConsentedAt ? device.parentPhone : null;
}

/** The page's privacy, as the page shows it. */
export function privacyOf(device: PrivacyColumns): PagePrivacy {
  const parentConfirmed = device.studentIs13OrOlder !== true && device.parentConsentedAt !== null;
  return {
    studentIs13OrOlder: device.studentIs13OrOlder,
    parentConfirmed,
    isPrivate: device.studentIs13OrOlder !== true && !parentConfirmed,
    textsPhone: textsPhoneOf(device),
  };
}

/**
 * The last name kept for a student: a student under 13 keeps only its initial ("Rivera" → "R."),
 * from the answer on (issue 34, COPPA). Every place that names a student then shows "Mia R." at
 * most, and a first name with an initial is not a child's "personal information" as the Rule
 * defines it (a first *and* last name): a child's page discloses none, which is what lets a
 * parent's texted confirmation (the Rule's "text plus" method) stand as their consent. Nothing is
 * collected that the page does not need.
 */
export function lastNameKept(studentIs13OrOlder: boolean | null | undefined, lastName: string): string {
  if (studentIs13OrOlder !== false) return lastName;
  const initial = Array.from(lastName.trim())[0];
  return initial ? `${initial.toLocaleUpperCase('en-US')}.` : '';
}

/** SQL: the row's last name cut to its initial, as lastNameKept cuts a child's (for a row being answered "under 13"). */
export const lastInitialSql = sql<string>`(CASE WHEN btrim(${fundraiserDevices.studentLastName}) <> '' THEN upper(left(btrim(${fundraiserDevices.studentLastName}), 1)) || '.' ELSE '' END)`;

/** Cuts the last names of the pages answered "under 13" down to their initials (after an import wrote names and answers). */
export async function keepLastInitialsOfChildren(db: Executor): Promise<void> {
  await db
    .update(fundraiserDevices)
    .set({ studentLastName: lastInitialSql })
    .where(
      sql`${fundraiserDevices.studentIs13OrOlder} IS FALSE AND ${fundraiserDevices.studentLastName} <> ${lastInitialSql}`,
    );
}
