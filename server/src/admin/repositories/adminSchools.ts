import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { schools } from '../../platform/db/schema';
import type { SchoolOrganizationColumns } from '../../catalog/schoolOrganization';

/** A school's row as the admin app edits it: its name and state, and its settings' columns. */
export type AdminSchoolRow = { id: number; name: string; state: string; timeZone: string } & SchoolOrganizationColumns;

/**
 * The columns SaveSchool may change, each optional (absent: unchanged): the organisation that issues
 * the school's receipts and the time zone its reminders keep to (issue 34).
 */
export type SchoolChanges = Partial<SchoolOrganizationColumns & { timeZone: string }>;

/** Admin: a school's settings (issue 34: who issues its receipts). */
export function adminSchoolRepository(db: Database) {
  return {
    async school(schoolId: number): Promise<AdminSchoolRow | undefined> {
      const [row] = await db
        .select({
          id: schools.id,
          name: schools.name,
          state: schools.state,
          timeZone: schools.timeZone,
          orgLegalName: schools.orgLegalName,
          orgAddress: schools.orgAddress,
          orgTaxId: schools.orgTaxId,
          orgIs501c3: schools.orgIs501c3,
        })
        .from(schools)
        .where(eq(schools.id, schoolId));
      return row;
    },

    /** Writes the changed columns (none: only looks); false when there is no such school. */
    async updateSchool(schoolId: number, changes: SchoolChanges): Promise<boolean> {
      if (Object.keys(changes).length === 0) {
        const [row] = await db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId));
        return row !== undefined;
      }
      const updated = await db
        .update(schools)
        .set(changes)
        .where(eq(schools.id, schoolId))
        .returning({ id: schools.id });
      return updated.length > 0;
    },
  };
}

export type AdminSchoolRepository = ReturnType<typeof adminSchoolRepository>;
