import { normalizeText, SEARCH_MIN_LENGTH } from '@obra/domain';

/** What the invite (or edit) form of a company collects. */
export interface CompanyInviteValue {
  companyId: number | null;
  projectRoleId: number | null;
  allDisciplines: boolean;
  disciplinesId: number[];
}

/** Which fields are missing: a company, a role, and disciplines unless all of them are given. */
export interface CompanyInviteErrors {
  company?: 'required';
  role?: 'required';
  disciplines?: 'required';
}

/** Validates the form before any call. */
export function companyInviteErrors(value: CompanyInviteValue): CompanyInviteErrors {
  const errors: CompanyInviteErrors = {};
  if (value.companyId === null) errors.company = 'required';
  if (value.projectRoleId === null) errors.role = 'required';
  if (!value.allDisciplines && value.disciplinesId.length === 0) errors.disciplines = 'required';
  return errors;
}

/** Whether the form can be sent. */
export function isCompanyInviteValid(value: CompanyInviteValue): boolean {
  return Object.keys(companyInviteErrors(value)).length === 0;
}

/**
 * The companies a search offers: none until at least 2 characters are typed (editor §5.3), active ones only,
 * and never those already in the project or invited.
 */
export function searchCompanies<T extends { id: number; name: string; isActive: boolean }>(
  companies: readonly T[],
  search: string,
  excluded: ReadonlySet<number>,
): T[] {
  const needle = normalizeText(search.trim());
  if (needle.length < SEARCH_MIN_LENGTH) return [];
  return companies
    .filter((c) => c.isActive && !excluded.has(c.id) && normalizeText(c.name).includes(needle))
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, 20);
}
