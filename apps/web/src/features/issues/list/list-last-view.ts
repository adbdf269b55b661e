import type { IssueViewer } from '@obra/domain';
import type { FilterCounts } from './issue-list-engine.ts';

const KEY_PREFIX = 'obra.issues.last-view.';

/**
 * The query string (without `?`) of the project's list as the user last left it: tab, search, custom filter and
 * sort; `''` when they left it plain; null when this browser never showed them the list.
 */
export function readLastView(projectId: number, storage: Storage | null = safeLocalStorage()): string | null {
  try {
    return storage?.getItem(`${KEY_PREFIX}${projectId}`) ?? null;
  } catch {
    return null;
  }
}

/** Remembers the list's query string for the project (this browser, localStorage). */
export function writeLastView(
  projectId: number,
  search: string,
  storage: Storage | null = safeLocalStorage(),
): void {
  try {
    storage?.setItem(`${KEY_PREFIX}${projectId}`, search);
  } catch {
    // Storage blocked or full: the view lasts for this page only.
  }
}

/**
 * Where a plain list address (the side menu's link) should go: the saved view when there is one and differs,
 * else nowhere (null). An address that says something is the user's choice and is kept.
 */
export function restoreTarget(search: string, saved: string | null): string | null {
  const current = search.replace(/^\?/, '');
  if (current !== '' || !saved) return null;
  return `?${saved}`;
}

/**
 * On a first visit (nothing saved, plain address): a collaborator with pending items lands on "My pending items";
 * everyone else stays on "All".
 */
export function landsOnPending(viewer: IssueViewer, counts: FilterCounts): boolean {
  return !viewer.manageDisciplines && counts.pendencies > 0;
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
