import { createContext, useContext } from 'react';
import type { TokenResponse } from '../../lib/auth-api.ts';
import type { LoggedUserFieldsFragment } from '../../gql/generated.ts';

/** The signed-in user as every screen reads it (spec core §3 "Logged user"). */
export type LoggedUser = LoggedUserFieldsFragment;

/**
 * restoring: looking for a session at page load; anonymous: none; loading: signed in, user data on its way;
 * ready: user data loaded; failed: signed in but the user data could not be loaded.
 */
export type SessionStatus = 'restoring' | 'anonymous' | 'loading' | 'ready' | 'failed';

/** The session and what changes it. */
export interface SessionValue {
  status: SessionStatus;
  user: LoggedUser | null;
  error: unknown;
  freshSignIn: boolean;
  /** Starts a session from tokens (sign-in or federated exchange) and loads the user. */
  signIn(tokens: TokenResponse): Promise<LoggedUser | null>;
  /** Ends the session here and on the server. */
  signOut(): Promise<void>;
  /** Replaces the user with what a mutation returned. */
  setUser(user: LoggedUser): void;
  /** Loads the user data again. */
  reloadUser(): Promise<LoggedUser | null>;
}

/** The session of this tab; the provider lives in the root layout. */
export const SessionContext = createContext<SessionValue | null>(null);

/** The session of this tab. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs the SessionProvider of the root layout');
  return value;
}
