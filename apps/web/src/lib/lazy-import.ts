import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The tab remembers which address it already reloaded for a missing chunk, so a real outage cannot loop. */
const RELOADED_KEY = 'obra.chunk-reload';

/**
 * Loads a lazy screen. When a new version of the app was deployed while the tab was open, the old chunk
 * names are gone: the first such failure reloads the page once to fetch the new version; a second failure
 * on the same address is a real error for the route's error screen.
 */
export async function importWithReload<T>(load: () => Promise<T>, win: Window = window): Promise<T> {
  try {
    const loaded = await load();
    safeStorage(win)?.removeItem(RELOADED_KEY);
    return loaded;
  } catch (error) {
    // Offline, a chunk the worker has not kept is missing, not renamed by a deployment: a reload cannot
    // fetch it and would only throw away what the user is doing. The caller shows its offline state.
    if (win.navigator?.onLine === false) throw error;
    const storage = safeStorage(win);
    const here = win.location.href;
    if (!storage || storage.getItem(RELOADED_KEY) === here) throw error;
    storage.setItem(RELOADED_KEY, here);
    win.location.reload();
    // The page is going away; never settle, so no error screen flashes before the reload.
    return new Promise<T>(() => undefined);
  }
}

function safeStorage(win: Window): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null;
  }
}

/** A component loaded on demand: one named export of a module, fetched through `importWithReload`. */
export function lazyExport<K extends string, P>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await importWithReload(load))[name] }));
}
