import { and, eq } from 'drizzle-orm';
import { isGuid } from '@fu/shared/rules';
import type { Database } from '../../platform/db/client';
import { fundraiserDevices, fundraisers, schools, teams } from '../../platform/db/schema';
import { pageIsPublic } from '../../students/repositories/pagePrivacy';

/** What a link preview may show of a fundraiser's team: names, pictures and the goal per student. */
export interface TeamCard {
  teamName: string;
  schoolName: string;
  photoUrl: string | null;
  backgroundPhotoUrl: string | null;
  goalPerStudentCents: number;
}

/** A student's first and last name, with their team, and whether the fundraiser is in privacy mode (issue 34). */
export interface StudentCard extends TeamCard {
  firstName: string;
  lastName: string;
  privacyMode: boolean;
}

/** The reads behind the link previews of order links (pages/services/linkPreviews.ts decides what shows). */
export function linkPreviewRepository(db: Database) {
  const card = {
    teamName: teams.name,
    schoolName: schools.name,
    photoUrl: teams.photoUrl,
    backgroundPhotoUrl: teams.backgroundPhotoUrl,
    goalPerStudentCents: fundraisers.goalPerStudentCents,
  };
  const fromFundraiser = () =>
    db
      .select(card)
      .from(fundraisers)
      .innerJoin(teams, eq(teams.id, fundraisers.teamId))
      .innerJoin(schools, eq(schools.id, fundraisers.schoolId));
  const studentCard = {
    ...card,
    firstName: fundraiserDevices.studentFirstName,
    lastName: fundraiserDevices.studentLastName,
    privacyMode: fundraisers.privacyMode,
  };
  const fromDevice = () =>
    db
      .select(studentCard)
      .from(fundraiserDevices)
      .innerJoin(fundraisers, eq(fundraisers.id, fundraiserDevices.fundraiserId))
      .innerJoin(teams, eq(teams.id, fundraisers.teamId))
      .innerJoin(schools, eq(schools.id, fundraisers.schoolId));

  return {
    /** The team of a fundraiser, by its id (a record id: services read it with parseRecordId). */
    async team(fundraiserId: number): Promise<TeamCard | undefined> {
      const [row] = await fromFundraiser().where(eq(fundraisers.id, fundraiserId));
      return row;
    },

    /** The team of a student's page, by the page's own guid (names nothing about the student). */
    async teamOfPage(pageGuid: string): Promise<TeamCard | undefined> {
      if (!isGuid(pageGuid)) return undefined;
      const [row] = await fromDevice().where(eq(fundraiserDevices.guid, pageGuid));
      if (!row) return undefined;
      const { teamName, schoolName, photoUrl, backgroundPhotoUrl, goalPerStudentCents } = row;
      return { teamName, schoolName, photoUrl, backgroundPhotoUrl, goalPerStudentCents };
    },

    /** The student a share link is for, found by that link's own guid only, with their team. */
    async studentOfShareLink(link: 'contactGuid' | 'socialGuid', guid: string): Promise<StudentCard | undefined> {
      if (!isGuid(guid)) return undefined;
      // A private page's links (issue 34, COPPA) name no one: they preview as the site.
      const [row] = await fromDevice().where(and(eq(fundraiserDevices[link], guid), pageIsPublic));
      return row;
    },
  };
}

export type LinkPreviewRepository = ReturnType<typeof linkPreviewRepository>;
