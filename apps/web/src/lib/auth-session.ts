import { RestError } from './api-errors.ts';
import { authApi, type TokenResponse } from './auth-api.ts';
import { getAccessToken, setAccessToken, setFreshSignIn } from './auth-token.ts';

/** Refresh this long before the token expires, so requests never carry an expired token. */
export const REFRESH_MARGIN_SECONDS = 60;
/** Never schedule refreshes closer than this, even for very short tokens. */
export const MIN_REFRESH_DELAY_SECONDS = 5;

let refreshTimer: ReturnType<typeof setTimeout> | null = null;
let lastFailure: 'network' | 'refused' | null = null;
let inFlight: Promise<boolean> | null = null;
const expiryListeners = new Set<() => void>();

/** How long to wait before refreshing a token that lives `expiresIn` seconds. */
export function refreshDelaySeconds(expiresIn: number): number {
  const early = expiresIn - REFRESH_MARGIN_SECONDS;
  // Short-lived tokens are refreshed at 80 % of their life instead.
  const delay = early > expiresIn / 2 ? early : expiresIn * 0.8;
  return Math.max(MIN_REFRESH_DELAY_SECONDS, delay);
}

/** Starts a session from tokens the server handed out; `fresh` marks a sign-in made in this tab. */
export function startSession(tokens: TokenResponse, fresh: boolean): void {
  if (fresh) setFreshSignIn(true);
  setAccessToken(tokens.accessToken, tokens.expiresIn);
  schedule(tokens.expiresIn);
}

/**
 * Asks for a new access token with the refresh cookie. One request at a time, in this tab and across tabs
 * (Web Locks), because the refresh token rotates and a second use of the old one revokes the session.
 */
export function refreshSession(): Promise<boolean> {
  inFlight ??= withRefreshLock(async () => {
    try {
      const tokens = await authApi.refresh();
      lastFailure = null;
      startSession(tokens, false);
      return true;
    } catch (error) {
      // No answer (a fetch that failed, not an HTTP error): the server did not refuse the session (issue 34).
      lastFailure = error instanceof RestError ? 'refused' : 'network';
      clearSession();
      return false;
    }
  }).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * Why the last refresh failed: `network` (no answer: the session may still be good, the app can go on from the
 * offline copy) or `refused` (the server said no); null after a refresh that worked.
 */
export function lastRefreshFailure(): 'network' | 'refused' | null {
  return lastFailure;
}

let bootRefresh: Promise<boolean> | null = null;

/**
 * Starts the silent refresh as soon as the app's first script runs, without a token in memory: the screens'
 * code and texts load meanwhile instead of before it (a round trip less on a cold load). The session provider
 * takes its answer with `takeBootRefresh`.
 */
export function startBootRefresh(): void {
  if (getAccessToken() === null) bootRefresh = refreshSession();
}

/** The refresh started at load, once; a new refresh after that (or when none was started). */
export function takeBootRefresh(): Promise<boolean> {
  const started = bootRefresh;
  bootRefresh = null;
  return started ?? refreshSession();
}

async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return work();
  return locks.request('obra.auth-refresh', work);
}

/** Ends the session on the server (clears the refresh cookie) and here. */
export async function signOutSession(): Promise<void> {
  try {
    if (getAccessToken()) await authApi.signOut();
  } finally {
    clearSession();
  }
}

/** Forgets the token and the fresh sign-in mark of this tab. */
export function clearSession(): void {
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
  setFreshSignIn(false);
  setAccessToken(null);
}

/** Called when a scheduled refresh fails, so the app can send the user to the login. */
export function onSessionExpired(listener: () => void): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

function schedule(expiresIn: number): void {
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = setTimeout(
    () => {
      void refreshSession().then((ok) => {
        // Offline, the session goes on without a token (read-only plus the outbox) until the network returns.
        if (!ok && lastFailure !== 'network') for (const listener of expiryListeners) listener();
      });
    },
    refreshDelaySeconds(expiresIn) * 1000,
  );
}
