import { useCallback, useRef, useState } from 'react';
import { gql, useClient } from 'urql';
import type { LoggedUserDataQuery, LoggedUserDataQueryVariables } from '../../gql/generated.ts';
import loggedUserSource from '../../features/auth/logged-user.graphql?raw';
import { toUiError } from '../../lib/api-errors.ts';
import { clearSession } from '../../lib/auth-session.ts';
import { getAccessToken, hasFreshSignIn } from '../../lib/auth-token.ts';
import { rememberOfflineUser } from '../../lib/offline/offline-session.ts';
import { setOfflineReader } from '../../lib/offline/read-exchange.ts';
import type { LoggedUser, SessionStatus } from './session-context.ts';

/**
 * The session's query, parsed from its own document (the shell would otherwise carry the generated module with
 * the documents of every screen, 14 kB on the sign-in page's wire).
 */
const LoggedUserDataDocument = gql<LoggedUserDataQuery, LoggedUserDataQueryVariables>(loggedUserSource);

/** The session's state and the two transitions everything else is built from: load the user, or forget it. */
export function useSessionState() {
  const client = useClient();
  const [status, setStatus] = useState<SessionStatus>(getAccessToken() ? 'loading' : 'restoring');
  const [user, setUser] = useState<LoggedUser | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [freshSignIn, setFresh] = useState(hasFreshSignIn());
  // Each load or sign-out bumps the generation, so an answer that arrives late cannot undo a later change.
  const generation = useRef(0);

  const becomeAnonymous = useCallback(() => {
    generation.current += 1;
    clearSession();
    // No one's offline copy is read or written outside a session.
    setOfflineReader(null);
    setUser(null);
    setFresh(false);
    setStatus('anonymous');
  }, []);

  const loadUser = useCallback(async (): Promise<LoggedUser | null> => {
    const mine = ++generation.current;
    setStatus('loading');
    const result = await client
      .query(LoggedUserDataDocument, {}, { requestPolicy: 'network-only' })
      .toPromise();
    if (mine !== generation.current) return result.data?.loggedUserData ?? null;
    if (result.data) {
      // The user's offline copy is the one read and written from now on (issue 34), before any screen asks.
      rememberOfflineUser(result.data.loggedUserData.id);
      setUser(result.data.loggedUserData);
      setError(null);
      setStatus('ready');
      return result.data.loggedUserData;
    }
    if (result.error && toUiError(result.error).code === 'UNAUTHENTICATED') {
      becomeAnonymous();
      return null;
    }
    setError(result.error ?? null);
    setStatus('failed');
    return null;
  }, [client, becomeAnonymous]);

  return { status, setStatus, user, setUser, error, freshSignIn, setFresh, becomeAnonymous, loadUser };
}
