/** Longest e-mail address accepted (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

// Deliberately simple: one @, no spaces, a dot in the domain. Deliverability is proven by the code e-mail.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The canonical form of an e-mail address: trimmed and lower-cased (accounts are case-insensitive). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** True when a string looks like an e-mail address. */
export function isEmailValid(email: string): boolean {
  const e = email.trim();
  return e.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(e);
}

/** The domain part of an e-mail address, lower-cased; undefined when there is none. */
export function emailDomain(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  if (at < 0 || at === email.length - 1) return undefined;
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase();
}

/** True when two addresses share a domain (the "does this collaborator belong to your company?" check). */
export function sameEmailDomain(a: string, b: string): boolean {
  const da = emailDomain(a);
  return da !== undefined && da === emailDomain(b);
}
