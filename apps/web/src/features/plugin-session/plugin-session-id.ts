/**
 * The plugin session of this tab (docs/plugins.md "Plugin sessions"): the address a BIM plugin opens carries
 * `?pluginSession={id}`; the id is kept in the tab's sessionStorage, so the overlay stays while the person moves
 * around the app, until they close it.
 */

/** The query parameter of the address a plugin opens. */
export const PLUGIN_SESSION_PARAM = 'pluginSession';

/** Where the tab keeps the id. */
export const PLUGIN_SESSION_STORAGE_KEY = 'obra.pluginSession';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The session id an address's query carries (lower case), or null when it has none or a malformed one. */
export function pluginSessionIdOf(search: string): string | null {
  const value = new URLSearchParams(search).get(PLUGIN_SESSION_PARAM)?.trim() ?? '';
  return UUID.test(value) ? value.toLowerCase() : null;
}

/** The query without the plugin session parameter (kept as it was otherwise), with its `?` when not empty. */
export function searchWithoutPluginSession(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(PLUGIN_SESSION_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The id the tab keeps, if any. */
export function storedPluginSessionId(): string | null {
  const value = storage()?.getItem(PLUGIN_SESSION_STORAGE_KEY) ?? null;
  return value && UUID.test(value) ? value : null;
}

/** Keeps an id for the tab, or forgets it (null). */
export function storePluginSessionId(id: string | null): void {
  const store = storage();
  if (!store) return;
  if (id) store.setItem(PLUGIN_SESSION_STORAGE_KEY, id);
  else store.removeItem(PLUGIN_SESSION_STORAGE_KEY);
}
