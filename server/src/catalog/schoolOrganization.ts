// Issue 34: the organisation that issues a school's receipts, as the import and the admin API take
// it (SchoolOrganization) and as the schools table keeps it (org_* columns, migration 0014).

/** An organisation as the import file and SaveSchool give it (SchoolOrganization in the admin contracts). */
export interface SchoolOrganization {
  legalName: string;
  address?: string | null;
  taxId?: string | null;
  is501c3: boolean;
}

export const SCHOOL_ORGANIZATION_MESSAGES = {
  legalName: "Please give the organisation's legal name, as its receipts must name it.",
  taxId: 'A tax id (EIN) is nine digits, written 12-3456789.',
} as const;

/** The schools table's organisation columns: all null for a school whose receipts are the site's. */
export interface SchoolOrganizationColumns {
  orgLegalName: string | null;
  orgAddress: string | null;
  orgTaxId: string | null;
  orgIs501c3: boolean | null;
}

/** An EIN as receipts print it ("12-3456789"), from nine digits with or without the dash; undefined if it is not one. */
export function einOf(value: string): string | undefined {
  const digits = /^\s*(\d{2})-?(\d{7})\s*$/.exec(value);
  return digits ? `${digits[1]}-${digits[2]}` : undefined;
}

/** What is wrong with an organisation as given, by field (`legalName`, `taxId`); none: it can be kept. */
export function schoolOrganizationProblems(organization: SchoolOrganization): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (!organization.legalName.trim())
    problems.push({ field: 'legalName', message: SCHOOL_ORGANIZATION_MESSAGES.legalName });
  const taxId = organization.taxId?.trim();
  if (taxId && !einOf(taxId)) problems.push({ field: 'taxId', message: SCHOOL_ORGANIZATION_MESSAGES.taxId });
  return problems;
}

/**
 * The columns that keep an organisation (checked by schoolOrganizationProblems first): trimmed, blanks
 * as null, the EIN as 12-3456789; null, the school's receipts issued by the site's organisation again.
 */
export function schoolOrganizationColumns(organization: SchoolOrganization | null): SchoolOrganizationColumns {
  if (!organization) return { orgLegalName: null, orgAddress: null, orgTaxId: null, orgIs501c3: null };
  const taxId = organization.taxId?.trim();
  return {
    orgLegalName: organization.legalName.trim(),
    orgAddress: organization.address?.trim() || null,
    orgTaxId: taxId ? (einOf(taxId) ?? taxId) : null,
    orgIs501c3: organization.is501c3,
  };
}

/** The organisation a school's columns keep, as the admin API shows it; null: the site's issues its receipts. */
export function schoolOrganizationOf(columns: SchoolOrganizationColumns): {
  legalName: string;
  address: string | null;
  taxId: string | null;
  is501c3: boolean;
} | null {
  if (columns.orgLegalName === null) return null;
  return {
    legalName: columns.orgLegalName,
    address: columns.orgAddress,
    taxId: columns.orgTaxId,
    is501c3: columns.orgIs501c3 ?? true,
  };
}
