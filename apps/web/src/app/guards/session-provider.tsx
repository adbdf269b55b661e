import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import type { TokenResponse } from '../../lib/auth-api.ts';
import {
  lastRefreshFailure,
  onSessionExpired,
  refreshSession,
  signOutSession,
  startSession,
  takeBootRefresh,
} from '../../lib/auth-session.ts';
import { getAccessToken } from '../../lib/auth-token.ts';
import { clearOutbox } from '../../lib/offline/outbox.ts';
import { clearOfflineCopy } from '../../lib/offline/read-store.ts';
import {
  forgetOfflineUser,
  offlineReader,
  rememberOfflineUser,
  resumeOffline,
} from '../../lib/offline/offline-session.ts';
import { UNAUTHENTICATED_EVENT } from '../../lib/session-events.ts';
import { SessionContext, type SessionStatus, type SessionValue } from './session-context.ts';
import { useSessionState } from './use-session-state.ts';

/** Restores the session at load (silent refresh), keeps it fresh and loads the logged user. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const state = useSessionState();
  const { becomeAnonymous, loadUser, setFresh } = state;
  useSessionLifecycle(loadUser, becomeAnonymous, state.setStatus);

  const signIn = useCallback(
    async (tokens: TokenResponse) => {
      startSession(tokens, true);
      setFresh(true);
      return loadUser();
    },
    [loadUser, setFresh],
  );
  const { status, user, error, freshSignIn, setUser } = state;
  const userId = user?.id;
  useOfflineSession(userId, loadUser, becomeAnonymous);
  const signOut = useCallback(async () => {
    try {
      // The offline store is the user's alone: it goes with the session (issue 34).
      if (userId !== undefined) await clearOutbox(userId).catch(() => undefined);
      forgetOfflineUser();
      await signOutSession();
    } finally {
      becomeAnonymous();
    }
  }, [becomeAnonymous, userId]);

  const value = useMemo<SessionValue>(
    () => ({ status, user, error, freshSignIn, signIn, signOut, setUser, reloadUser: loadUser }),
    [status, user, error, freshSignIn, signIn, signOut, setUser, loadUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The silent restore at load, the end of a session whose refresh failed, and the reaction to UNAUTHENTICATED. */
function useSessionLifecycle(
  loadUser: () => Promise<unknown>,
  becomeAnonymous: () => void,
  setStatus: (status: SessionStatus) => void,
): void {
  useEffect(() => {
    let cancelled = false;
    const restore = async () => {
      const ok = getAccessToken() !== null || (await takeBootRefresh());
      if (cancelled) return;
      if (ok) await loadUser();
      // No network at load: the last user's session goes on from the offline copy (read-only plus the outbox)
      // until the network returns; the profile comes from the copy too (docs/offline.md "The session offline").
      else if (lastRefreshFailure() === 'network' && resumeOffline()) await loadUser();
      else {
        // The server refused the session: the copy of the user last signed in here goes.
        if (lastRefreshFailure() === 'refused' && resumeOffline()) {
          const reader = offlineReader();
          if (reader !== null) await clearOfflineCopy(reader).catch(() => undefined);
          forgetOfflineUser();
        }
        setStatus('anonymous');
      }
    };
    void restore();
    return () => {
      cancelled = true;
    };
  }, [loadUser, setStatus]);

  useEffect(() => onSessionExpired(becomeAnonymous), [becomeAnonymous]);

  useEffect(() => {
    // An expired token met by any call: one silent refresh, else the guards send the user to the login.
    const onUnauthenticated = () => {
      void refreshSession().then((ok) => {
        if (!ok) becomeAnonymous();
      });
    };
    window.addEventListener(UNAUTHENTICATED_EVENT, onUnauthenticated);
    return () => window.removeEventListener(UNAUTHENTICATED_EVENT, onUnauthenticated);
  }, [becomeAnonymous]);
}

/**
 * The user's offline copy follows the session: the signed-in user's is read and written; when the network comes
 * back to a session without a token (opened offline, or a refresh that got no answer), the token is refreshed,
 * and a refresh the server refuses ends the session and drops the copy (the outbox, what the user typed, stays
 * for their next sign-in on this device).
 */
function useOfflineSession(
  userId: number | undefined,
  loadUser: () => Promise<unknown>,
  becomeAnonymous: () => void,
): void {
  useEffect(() => {
    if (userId !== undefined) rememberOfflineUser(userId);
  }, [userId]);

  useEffect(() => {
    if (userId === undefined) return;
    const onOnline = () => {
      if (getAccessToken() !== null) return;
      void refreshSession().then(async (ok) => {
        if (ok) await loadUser();
        else if (lastRefreshFailure() === 'refused') {
          const reader = offlineReader();
          if (reader !== null) await clearOfflineCopy(reader).catch(() => undefined);
          forgetOfflineUser();
          becomeAnonymous();
        }
      });
    };
    if (navigator.onLine) onOnline();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [userId, loadUser, becomeAnonymous]);
}
