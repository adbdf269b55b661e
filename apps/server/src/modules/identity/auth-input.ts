import { AppError, isEmailValid, isPasswordValid, normalizeEmail, PASSWORD_MAX_LENGTH } from '@obra/domain';

/** A required text field of a request body: present, a string, not blank; else REQUIRED_FIELD. */
export function requiredText(body: unknown, field: string, maxLength = 500): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  if (typeof value !== 'string' || value.trim() === '') throw new AppError('REQUIRED_FIELD', { field });
  if (value.length > maxLength) throw new AppError('BAD_USER_INPUT', { field });
  return value;
}

/** An optional text field; undefined when absent or blank. */
export function optionalText(body: unknown, field: string, maxLength = 500): string | undefined {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  if (value.length > maxLength) throw new AppError('BAD_USER_INPUT', { field });
  return value.trim();
}

/** A required e-mail field, normalized; BAD_USER_INPUT when it is not an address. */
export function requiredEmail(body: unknown, field = 'email'): string {
  const email = requiredText(body, field, 254);
  if (!isEmailValid(email)) throw new AppError('BAD_USER_INPUT', { field });
  return normalizeEmail(email);
}

/** A new password meeting every rule of editor §5.2; INVALID_PASSWORD otherwise. */
export function newPassword(body: unknown, field: string): string {
  const password = requiredText(body, field, PASSWORD_MAX_LENGTH);
  if (!isPasswordValid(password)) throw new AppError('INVALID_PASSWORD', { field });
  return password;
}

/** A boolean flag of a request body (absent is false). */
export function flag(body: unknown, field: string): boolean {
  return Boolean(body && typeof body === 'object' && (body as Record<string, unknown>)[field] === true);
}
