/** Field rules shared by the company profile form and the admin company form (editor §3.5). */

/** The error key of each invalid field; an empty object when the values are valid. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** A CNPJ is optional; when given it has 14 digits, punctuation aside. */
export function isValidCnpj(value: string): boolean {
  const trimmed = value.trim();
  if (!trimmed) return true;
  if (!/^[\d./\- ]+$/.test(trimmed)) return false;
  return trimmed.replace(/\D/g, '').length === 14;
}

/** A website is optional; when given it is a host name with a dot, with or without http(s)://. */
export function isValidWebsite(value: string): boolean {
  const trimmed = value.trim();
  if (!trimmed) return true;
  return /^(https?:\/\/)?[^\s/.]+(\.[^\s/.]+)+(\/\S*)?$/i.test(trimmed);
}

/** An e-mail address in the usual shape. */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/** The company profile a company administrator edits. */
export interface CompanyProfileValues {
  name: string;
  website: string;
  cnpj: string;
}

/** Validates the company profile form; values are error keys of the company namespace. */
export function validateCompanyProfile(
  values: CompanyProfileValues,
): FieldErrors<keyof CompanyProfileValues> {
  const errors: FieldErrors<keyof CompanyProfileValues> = {};
  if (!values.name.trim()) errors.name = 'form.errors.nameRequired';
  if (!isValidWebsite(values.website)) errors.website = 'form.errors.website';
  if (!isValidCnpj(values.cnpj)) errors.cnpj = 'form.errors.cnpj';
  return errors;
}

/** The server's input for the profile: empty optional fields are sent as null. */
export function toProfileInput(values: CompanyProfileValues): {
  name: string;
  website: string | null;
  cnpj: string | null;
} {
  return {
    name: values.name.trim(),
    website: values.website.trim() || null,
    cnpj: values.cnpj.trim() || null,
  };
}

/** -1 means no limit on active projects. */
export const UNLIMITED = -1;
