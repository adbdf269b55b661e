import { onAccessTokenChange } from './auth-token.ts';

const caches = new Set<Map<string, unknown>>();

// Signing out forgets everything shown so far (the next person in this tab never sees it).
onAccessTokenChange((token) => {
  if (token === null) for (const cache of caches) cache.clear();
});

/**
 * What a screen showed last, in memory, per user and key: shown again at once when the screen comes back while
 * it is fetched anew (stale while revalidating). Never persisted; emptied on sign-out.
 */
export interface ScreenCache<T> {
  get(userId: number, key: string | number): T | undefined;
  set(userId: number, key: string | number, value: T): void;
}

export function createScreenCache<T>(limit = 20): ScreenCache<T> {
  const entries = new Map<string, T>();
  caches.add(entries as Map<string, unknown>);
  return {
    get: (userId, key) => entries.get(`${userId}:${key}`),
    set: (userId, key, value) => {
      const id = `${userId}:${key}`;
      entries.delete(id);
      entries.set(id, value);
      // The oldest entries go first.
      while (entries.size > limit) entries.delete(entries.keys().next().value as string);
    },
  };
}
