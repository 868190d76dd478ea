import type { AdminSchool, ReceiptOrganization, SaveSchoolRequest } from '@fu/shared/contracts';
import { HttpError, notFound } from '../../platform/http/errors';
import { text } from '../../platform/i18n/text';
import {
  schoolOrganizationColumns,
  schoolOrganizationOf,
  schoolOrganizationProblems,
} from '../../catalog/schoolOrganization';
import { isTimeZone } from '../../catalog/schoolTimeZones';
import type { AdminSchoolRepository, SchoolChanges } from '../repositories/adminSchools';

const schoolNotFound = (schoolId: number) => notFound(text('server.admin.schoolNotFound', { schoolId }));

/**
 * Admin: a school's settings (issue 34: the organisation that issues its receipts, or the site's).
 * `site` is the site's organisation (config.organization), which issues the receipts of a school
 * without one of its own.
 */
export function adminSchools(schools: AdminSchoolRepository, site: ReceiptOrganization & { is501c3: boolean }) {
  async function school(schoolId: number): Promise<AdminSchool> {
    const row = await schools.school(schoolId);
    if (!row) throw schoolNotFound(schoolId);
    const organization = schoolOrganizationOf(row);
    return {
      id: row.id,
      name: row.name,
      state: row.state,
      timeZone: row.timeZone,
      organization,
      receiptIssuer: organization
        ? {
            legalName: organization.legalName,
            address: organization.address ?? '',
            taxId: organization.taxId ?? '',
            is501c3: organization.is501c3,
            from: 'school',
          }
        : { legalName: site.legalName, address: site.address, taxId: site.taxId, is501c3: site.is501c3, from: 'site' },
    };
  }

  /** The columns a save changes: one entry per setting it carries (absent: unchanged). */
  function changesOf(request: SaveSchoolRequest): SchoolChanges {
    const changes: SchoolChanges = {};
    if (request.timeZone !== undefined) {
      if (!isTimeZone(request.timeZone)) {
        const message = 'Time zone must be an IANA time zone name, such as America/Chicago.';
        throw new HttpError(400, message, [{ field: 'timeZone', message }]);
      }
      changes.timeZone = request.timeZone;
    }
    if (request.organization !== undefined) {
      const problems = request.organization ? schoolOrganizationProblems(request.organization) : [];
      if (problems.length) {
        const errors = problems.map(({ field, message }) => ({ field: `organization.${field}`, message }));
        throw new HttpError(400, errors[0]!.message, errors);
      }
      Object.assign(changes, schoolOrganizationColumns(request.organization));
    }
    return changes;
  }

  return {
    school,

    /** Saves what the request carries, all of it or (a problem: 400, no school: 404) nothing. */
    async saveSchool(request: SaveSchoolRequest): Promise<AdminSchool> {
      if (!(await schools.updateSchool(request.id, changesOf(request)))) throw schoolNotFound(request.id);
      return school(request.id);
    },
  };
}
