import { useSyncExternalStore } from 'react';
import type { IssueFilterCondition, IssueSort, StandardIssueFilter } from '@obra/domain';

/** The list's filter as the user set it: a standard tab, the search, the custom conditions and the sort. */
export interface IssueListFilterState {
  readonly standard: StandardIssueFilter;
  readonly search: string;
  readonly combination: 'and' | 'or';
  readonly conditions: readonly IssueFilterCondition[];
  /** Empty means the default order (spec core §9). */
  readonly sort: readonly IssueSort[];
}

/** What the issue list last showed: its project, the issues in their shown order, and how it was filtered. */
export interface IssueListSnapshot {
  readonly projectId: number;
  readonly issueIds: readonly number[];
  readonly filter: IssueListFilterState;
  /** The list's query string (with its leading `?`, or empty), to go back to the same list. */
  readonly search: string;
}

/** Where an issue sits in the list: its neighbours for previous/next. */
export interface IssueNeighbours {
  readonly previousId: number | null;
  readonly nextId: number | null;
  /** 0-based position, or -1 when the issue is not in the list (filtered out since). */
  readonly index: number;
  readonly total: number;
}

const STORAGE_KEY = 'obra.issue-list-context';
const listeners = new Set<() => void>();
let current: IssueListSnapshot | null = readStored();

function readStored(): IssueListSnapshot | null {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as IssueListSnapshot) : null;
  } catch {
    return null;
  }
}

/**
 * Records what the list shows, so the issue view can offer previous/next in the same order and filter. Kept in
 * memory here; `flushIssueListContext` also writes it to the tab's session (20,000 ids are not worth writing on
 * every keystroke).
 */
export function setIssueListContext(snapshot: IssueListSnapshot | null): void {
  current = snapshot;
  for (const listener of listeners) listener();
}

/**
 * Writes the snapshot to the session storage, so a reload of the issue view still knows its neighbours: the list
 * calls it when it opens an issue and when the page is hidden.
 */
export function flushIssueListContext(): void {
  try {
    if (current) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(current));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or blocked: the in-memory copy still serves this page.
  }
}

/** The last list snapshot, or null. */
export function getIssueListContext(): IssueListSnapshot | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last list snapshot, re-rendering when the list changes it. */
export function useIssueListContext(): IssueListSnapshot | null {
  return useSyncExternalStore(subscribe, getIssueListContext, getIssueListContext);
}

/** The neighbours of an issue in a snapshot of the same project (none for another project). */
export function issueNeighbours(
  snapshot: IssueListSnapshot | null,
  projectId: number,
  issueId: number,
): IssueNeighbours {
  if (!snapshot || snapshot.projectId !== projectId)
    return { previousId: null, nextId: null, index: -1, total: 0 };
  const index = snapshot.issueIds.indexOf(issueId);
  const total = snapshot.issueIds.length;
  if (index < 0) return { previousId: null, nextId: null, index, total };
  return {
    previousId: snapshot.issueIds[index - 1] ?? null,
    nextId: snapshot.issueIds[index + 1] ?? null,
    index,
    total,
  };
}

/** Previous/next of an issue in the list the user came from, keeping that list's filter. */
export function useIssueNeighbours(projectId: number, issueId: number): IssueNeighbours {
  return issueNeighbours(useIssueListContext(), projectId, issueId);
}

/** The path of the project's issue list, with the filter of the last list of that project when there is one. */
export function issueListPath(projectId: number, snapshot: IssueListSnapshot | null = current): string {
  const search = snapshot && snapshot.projectId === projectId ? snapshot.search : '';
  return `/workspace/project/${projectId}/issues${search}`;
}

/** The path of an issue's view. */
export function issueViewPath(projectId: number, issueId: number): string {
  return `/workspace/project/${projectId}/issues/${issueId}`;
}
