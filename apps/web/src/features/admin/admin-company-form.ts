import type { CompanyProfileFieldsFragment } from '../../gql/generated.ts';
import {
  isValidCnpj,
  isValidEmail,
  isValidWebsite,
  UNLIMITED,
  type FieldErrors,
} from '../company/company-form-rules.ts';

/** The admin company form (editor §2.2 "Admin company form"; §3.5 fields). */
export interface AdminCompanyValues {
  name: string;
  ownerEmail: string;
  cnpj: string;
  website: string;
  isActive: boolean;
  /** -1 means unlimited; a string while typed so an empty or partial field can be reported. */
  maxActiveProjects: string;
}

/** The empty form of a new company: active and unlimited. */
export const NEW_COMPANY: AdminCompanyValues = {
  name: '',
  ownerEmail: '',
  cnpj: '',
  website: '',
  isActive: true,
  maxActiveProjects: String(UNLIMITED),
};

/** The form filled from a company. */
export function valuesOf(company: CompanyProfileFieldsFragment): AdminCompanyValues {
  return {
    name: company.name,
    ownerEmail: company.ownerEmail ?? '',
    cnpj: company.cnpj ?? '',
    website: company.website ?? '',
    isActive: company.isActive,
    maxActiveProjects: String(company.maxActiveProjects),
  };
}

/** The limit as a number when it is a whole number ≥ -1, else null. */
export function parseLimit(value: string): number | null {
  const trimmed = value.trim();
  if (!/^-?\d+$/.test(trimmed)) return null;
  const limit = Number(trimmed);
  return limit >= UNLIMITED ? limit : null;
}

/** Validates the form; values are error keys of the company namespace. */
export function validateAdminCompany(values: AdminCompanyValues): FieldErrors<keyof AdminCompanyValues> {
  const errors: FieldErrors<keyof AdminCompanyValues> = {};
  if (!values.name.trim()) errors.name = 'form.errors.nameRequired';
  if (values.ownerEmail.trim() && !isValidEmail(values.ownerEmail)) errors.ownerEmail = 'form.errors.email';
  if (!isValidCnpj(values.cnpj)) errors.cnpj = 'form.errors.cnpj';
  if (!isValidWebsite(values.website)) errors.website = 'form.errors.website';
  if (parseLimit(values.maxActiveProjects) === null) errors.maxActiveProjects = 'form.errors.limit';
  return errors;
}

/** The server's AdminCompanyInput; call only with valid values. */
export function toAdminCompanyInput(values: AdminCompanyValues): {
  name: string;
  ownerEmail: string | null;
  cnpj: string | null;
  website: string | null;
  isActive: boolean;
  maxActiveProjects: number;
} {
  return {
    name: values.name.trim(),
    ownerEmail: values.ownerEmail.trim() || null,
    cnpj: values.cnpj.trim() || null,
    website: values.website.trim() || null,
    isActive: values.isActive,
    maxActiveProjects: parseLimit(values.maxActiveProjects) ?? UNLIMITED,
  };
}
