/** A person's role inside their company: the administrator manages members and invites. */
export const COMPANY_ROLES = ['admin', 'manager', 'collaborator'] as const;

/** One company role. */
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** True when a string is a company role. */
export function isCompanyRole(value: unknown): value is CompanyRole {
  return typeof value === 'string' && (COMPANY_ROLES as readonly string[]).includes(value);
}
