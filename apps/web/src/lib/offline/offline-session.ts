import { offlineReader, setOfflineReader } from './read-exchange.ts';

/**
 * The session offline (issue 34, docs/offline.md "The session offline"): which user's offline copy this browser
 * opens when a reload finds no network. Only the user's id is kept here (localStorage); the profile itself is
 * the stored answer of LoggedUserData in that user's offline database. No token is kept anywhere.
 */
const LAST_USER = 'obra.offline.user';

/** The signed-in user is known: their copy is the one read and written, and the one a reload offline opens. */
export function rememberOfflineUser(userId: number): void {
  setOfflineReader(userId);
  try {
    localStorage.setItem(LAST_USER, String(userId));
  } catch {
    // Storage disabled: a reload offline shows the sign-in page, as before.
  }
}

/** The user whose copy a reload without a network opens; null when there is none. */
export function lastOfflineUser(): number | null {
  try {
    const id = Number(localStorage.getItem(LAST_USER));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** Opens the last user's copy for a session without a network; false when there is none. */
export function resumeOffline(): boolean {
  const userId = lastOfflineUser();
  if (userId === null) return false;
  setOfflineReader(userId);
  return true;
}

/** The session ended: no copy is read any more, and a reload offline opens the sign-in page. */
export function forgetOfflineUser(): void {
  setOfflineReader(null);
  try {
    localStorage.removeItem(LAST_USER);
  } catch {
    // Nothing kept.
  }
}

export { offlineReader };
