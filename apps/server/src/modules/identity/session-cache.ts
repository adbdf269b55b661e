import { nowAndAfterCommit } from '../../db/unit-of-work.ts';
import type { UserRow } from './account.ts';

/**
 * A short memory of the sessions this process has just checked (issue 35): a signed-in request's bearer token is
 * still verified every time (signature, expiry), but the database's answer to "is this session open, and who is its
 * user" is kept for `SESSION_CACHE_MS` (2 s by default; 0 turns it off), so a page's burst of requests reads it once
 * instead of once each (on the embedded database that read costs as much as the request's own).
 *
 * What keeps it right:
 * - every write that closes a session or changes a user row forgets that user's entries, once when it is made and
 *   again once its transaction has committed (`forgetCachedSessions`, called by the repositories that write them),
 *   so a request that read the old row in between cannot keep it;
 * - an entry read before such a forgetting is not stored (each user's generation, taken before the read);
 * - other processes hear of closed sessions through the access notices (sign-out, password change, a person taken
 *   out of their company: `realtime/access-notices.ts`) and forget that user at once; any other change of a user
 *   row made by another process is seen within the lifetime, at most two seconds.
 */
export const SESSION_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  user: UserRow;
  expires: number;
}

export interface SessionCache {
  /** The user of an open session checked less than the lifetime ago, if any. */
  get(userId: number, sessionId: string): UserRow | undefined;
  /** The user's generation, to take before reading the session from the database. */
  generation(userId: number): number;
  /** Keeps an open session's user, unless the user was forgotten since `generation` was taken. */
  set(userId: number, sessionId: string, user: UserRow, generation: number): void;
  forget(userId: number): void;
}

// Every cache of the process (tests run several servers in one process); a forgetting reaches all of them.
const caches = new Set<SessionCache>();

export function createSessionCache(
  ttlMs: number = SESSION_CACHE_TTL_MS,
  now: () => number = Date.now,
): SessionCache {
  const entries = new Map<string, Entry>();
  const generations = new Map<number, number>();
  const key = (userId: number, sessionId: string) => `${userId}:${sessionId}`;
  const cache: SessionCache = {
    get(userId, sessionId) {
      const entry = entries.get(key(userId, sessionId));
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        entries.delete(key(userId, sessionId));
        return undefined;
      }
      return entry.user;
    },
    generation: (userId) => generations.get(userId) ?? 0,
    set(userId, sessionId, user, generation) {
      if (ttlMs <= 0 || (generations.get(userId) ?? 0) !== generation) return;
      if (entries.size >= MAX_ENTRIES) {
        // The oldest first (a Map keeps insertion order).
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key(userId, sessionId), { user, expires: now() + ttlMs });
    },
    forget(userId) {
      generations.set(userId, (generations.get(userId) ?? 0) + 1);
      const prefix = `${userId}:`;
      for (const k of entries.keys()) if (k.startsWith(prefix)) entries.delete(k);
    },
  };
  caches.add(cache);
  return cache;
}

/** Forgets a user's sessions in every cache of the process (a no-op where none is kept). */
export function forgetCachedSessionsNow(userId: number): void {
  for (const cache of caches) cache.forget(userId);
}

/**
 * For the repositories that close sessions or change a user row: forgets the user's cached sessions now and, inside
 * a unit of work, again after its commit.
 */
export function forgetCachedSessions(userId: number): void {
  nowAndAfterCommit(() => forgetCachedSessionsNow(userId));
}

/** Stops counting a cache as one of the process's (its server closed). */
export function dropSessionCache(cache: SessionCache): void {
  caches.delete(cache);
}
