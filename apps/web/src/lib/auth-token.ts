/**
 * Holds the current access token in memory (never in storage, so a script cannot lift it from there).
 * The identity area sets it after sign-in and refresh; the GraphQL and REST clients read it.
 */
let accessToken: string | null = null;
let expiresAt: number | null = null;
const listeners = new Set<(token: string | null) => void>();

/** Marks, in this tab only, that the user signed in here (spec core §4: a demo user needs a fresh sign-in). */
const FRESH_SIGN_IN_KEY = 'obra.fresh-sign-in';

/** The current bearer token, if signed in. */
export function getAccessToken(): string | null {
  return accessToken;
}

/** When the current token expires (epoch milliseconds), if known. */
export function getAccessTokenExpiry(): number | null {
  return expiresAt;
}

/** Replaces the token and tells subscribers (for example, to reconnect the websocket). */
export function setAccessToken(token: string | null, expiresInSeconds?: number): void {
  accessToken = token;
  expiresAt = token && expiresInSeconds !== undefined ? Date.now() + expiresInSeconds * 1000 : null;
  for (const listener of listeners) listener(token);
}

/** Subscribes to token changes; returns the unsubscribe function. */
export function onAccessTokenChange(listener: (token: string | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a sign-in happened in this tab (sessionStorage is per tab and survives reloads). */
export function hasFreshSignIn(): boolean {
  try {
    return window.sessionStorage.getItem(FRESH_SIGN_IN_KEY) === '1';
  } catch {
    return false;
  }
}

/** Sets or clears the fresh sign-in mark of this tab. */
export function setFreshSignIn(fresh: boolean): void {
  try {
    if (fresh) window.sessionStorage.setItem(FRESH_SIGN_IN_KEY, '1');
    else window.sessionStorage.removeItem(FRESH_SIGN_IN_KEY);
  } catch {
    // Storage can be disabled; the demo rule then falls back to "not fresh", the safe side.
  }
}
