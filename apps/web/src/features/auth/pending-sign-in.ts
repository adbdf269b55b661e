/**
 * The credentials typed at sign-up, kept in memory only until the e-mail is confirmed, so that confirming signs
 * the user straight in. Never stored: a reload simply falls back to the login screen.
 */
let pending: { email: string; password: string } | null = null;

/** Remembers the credentials of a sign-up in progress. */
export function rememberPendingSignIn(credentials: { email: string; password: string }): void {
  pending = credentials;
}

/** Takes (and forgets) the credentials of a sign-up for this e-mail, if any. */
export function takePendingSignIn(email: string): { email: string; password: string } | null {
  const found = pending && pending.email.toLowerCase() === email.toLowerCase() ? pending : null;
  if (found) pending = null;
  return found;
}
