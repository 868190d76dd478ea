// Issue 34 (COPPA): the links texted to a parent's phone to confirm a younger student's page, and
// the page's answer to the age question. The rules (one live link per page, single use, expiry, how
// many a day) live in students/services/parentalConsent.ts; these are its statements, each on the
// database or transaction it is given.
import { and, count, eq, gt, gte, isNull } from 'drizzle-orm';
import type { Language } from '@fu/shared/i18n/languages';
import type { Executor } from '../../platform/db/client';
import { fundraiserDevices, fundraisers, parentalConsentLinks, schools, teams } from '../../platform/db/schema';
import { lastInitialSql } from './pagePrivacy';

export type ParentalConsentLinkRow = typeof parentalConsentLinks.$inferSelect;

/**
 * Records the page's answer to "Is the student 13 or older?" if it has none (one conditional
 * UPDATE: the first answer stands, under a race too). Whether this answer was recorded.
 */
export async function answerAge(
  db: Executor,
  deviceId: number,
  studentIs13OrOlder: boolean,
  via: 'student_page',
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .update(fundraiserDevices)
    .set({
      studentIs13OrOlder,
      ageAnsweredAt: now,
      ageAnsweredVia: via,
      // Under 13: from now on only the last name's initial is kept (pagePrivacy.ts lastNameKept).
      ...(studentIs13OrOlder ? {} : { studentLastName: lastInitialSql }),
    })
    .where(and(eq(fundraiserDevices.id, deviceId), isNull(fundraiserDevices.studentIs13OrOlder)))
    .returning({ id: fundraiserDevices.id });
  return row !== undefined;
}

/** How many links were texted for the page since `since`. */
export async function linksOfPageSince(db: Executor, deviceId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(parentalConsentLinks)
    .where(and(eq(parentalConsentLinks.fundraiserDeviceId, deviceId), gte(parentalConsentLinks.createdAt, since)));
  return row?.n ?? 0;
}

/** A new link for the page; its unused older links are retired, so only the newest works. */
export async function insertLink(
  tx: Executor,
  values: { fundraiserDeviceId: number; tokenHash: string; parentPhone: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await tx
    .update(parentalConsentLinks)
    .set({ usedAt: now })
    .where(
      and(eq(parentalConsentLinks.fundraiserDeviceId, values.fundraiserDeviceId), isNull(parentalConsentLinks.usedAt)),
    );
  await tx.insert(parentalConsentLinks).values({ ...values, createdAt: now });
}

/** The link with this token hash, with what its parent is asked to agree to. */
export async function linkByHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      link: parentalConsentLinks,
      device: {
        id: fundraiserDevices.id,
        guid: fundraiserDevices.guid,
        phone: fundraiserDevices.phone,
        fundraiserId: fundraiserDevices.fundraiserId,
        studentFirstName: fundraiserDevices.studentFirstName,
        studentLastName: fundraiserDevices.studentLastName,
        studentIs13OrOlder: fundraiserDevices.studentIs13OrOlder,
        parentConsentedAt: fundraiserDevices.parentConsentedAt,
      },
      fundraiserName: fundraisers.name,
      teamName: teams.name,
      schoolName: schools.name,
    })
    .from(parentalConsentLinks)
    .innerJoin(fundraiserDevices, eq(fundraiserDevices.id, parentalConsentLinks.fundraiserDeviceId))
    .innerJoin(fundraisers, eq(fundraisers.id, fundraiserDevices.fundraiserId))
    .innerJoin(teams, eq(teams.id, fundraisers.teamId))
    .innerJoin(schools, eq(schools.id, fundraisers.schoolId))
    .where(eq(parentalConsentLinks.tokenHash, tokenHash));
  return row;
}

/** Uses the link if it is still unused and unexpired (one conditional UPDATE: works once under a race). */
export async function claimLink(tx: Executor, linkId: number, now: Date): Promise<boolean> {
  const [claimed] = await tx
    .update(parentalConsentLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(parentalConsentLinks.id, linkId),
        isNull(parentalConsentLinks.usedAt),
        gt(parentalConsentLinks.expiresAt, now),
      ),
    )
    .returning({ id: parentalConsentLinks.id });
  return claimed !== undefined;
}

/**
 * The parent's phone confirmed the page (a younger student's, not confirmed yet): the page is no
 * longer private and its texts go to that phone, in `language`, the one the parent confirmed in.
 * Whether it was recorded.
 */
export async function markParentConsented(
  tx: Executor,
  deviceId: number,
  parentPhone: string,
  now: Date,
  language: Language = 'en',
) {
  const [row] = await tx
    .update(fundraiserDevices)
    .set({ parentPhone, parentConsentedAt: now, language })
    .where(
      and(
        eq(fundraiserDevices.id, deviceId),
        eq(fundraiserDevices.studentIs13OrOlder, false),
        isNull(fundraiserDevices.parentConsentedAt),
      ),
    )
    .returning({ id: fundraiserDevices.id });
  return row !== undefined;
}
