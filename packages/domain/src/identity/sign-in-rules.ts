/** Number of digits of a confirmation or password-reset code. */
export const VERIFICATION_CODE_LENGTH = 6;

/** The OpenID providers Obra knows; each is enabled by configuration. */
export const FEDERATED_PROVIDERS = ['google', 'microsoft'] as const;

/** One federated provider. */
export type FederatedProvider = (typeof FEDERATED_PROVIDERS)[number];

/** True when a string names a federated provider. */
export function isFederatedProvider(value: unknown): value is FederatedProvider {
  return typeof value === 'string' && (FEDERATED_PROVIDERS as readonly string[]).includes(value);
}

/** True when a string has the shape of a verification code (six digits). */
export function isVerificationCodeFormat(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/**
 * True when a path may be used as the destination after sign-in: a path inside the app, never another site
 * (no scheme, no `//host`, no backslash tricks), so that a crafted link cannot turn sign-in into an open redirect.
 */
export function isSafeRedirectPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  if (path.length > 2000) return false;
  return !/[\\\p{Cc}]/u.test(path);
}
