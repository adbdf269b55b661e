import { ISSUE_SORT_KEYS, ISSUE_STATUSES, PRIORITIES, type IssueSortKey } from '../enums/project-enums.ts';
import type { IssueFacts } from './issue-types.ts';

/** A sort key with its direction. */
export interface IssueSort {
  readonly key: IssueSortKey;
  readonly direction: 'asc' | 'desc';
}

/**
 * The default order (spec core §9): starred, mention notifications, last notification, published date,
 * priority, status, deadline, createdAt, title; ties broken by id. Directions put what needs attention first.
 */
export const DEFAULT_ISSUE_SORT: readonly IssueSort[] = [
  { key: 'starred', direction: 'desc' },
  { key: 'mentionNotifications', direction: 'desc' },
  { key: 'notifications', direction: 'desc' },
  { key: 'visibilityUpdatedAt', direction: 'desc' },
  { key: 'priority', direction: 'asc' },
  { key: 'status', direction: 'asc' },
  { key: 'deadline', direction: 'asc' },
  { key: 'createdAt', direction: 'desc' },
  { key: 'title', direction: 'asc' },
];

const PRIORITY_RANK = new Map<string, number>(PRIORITIES.map((p, i) => [p.key, i]));
const STATUS_RANK = new Map<string, number>(ISSUE_STATUSES.map((s, i) => [s.key, i]));
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

type Value = number | string | null;

/** The comparable value of an issue for a sort key; statuses and priorities by their list order. */
export function sortValue(issue: IssueFacts, key: IssueSortKey): Value {
  switch (key) {
    case 'starred':
      return issue.starred ? 1 : 0;
    case 'mentionNotifications':
      return issue.notificationsSummary.mentions;
    case 'notifications':
      return issue.notificationsSummary.last;
    case 'visibilityUpdatedAt':
      return issue.visibilityUpdatedAt;
    case 'priority':
      // Any unknown priority is shown, and sorted, as low (editor §3.6).
      return PRIORITY_RANK.get(issue.priority) ?? PRIORITY_RANK.get('low') ?? PRIORITIES.length;
    case 'status':
      return STATUS_RANK.get(issue.status) ?? ISSUE_STATUSES.length;
    case 'deadline':
      return issue.deadline;
    case 'createdAt':
      return issue.createdAt;
    case 'title':
      return issue.title;
  }
}

function compareValues(a: Value, b: Value, direction: 'asc' | 'desc'): number {
  // Missing values go last in either direction.
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const base =
    typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
  return direction === 'asc' ? base : -base;
}

/** A comparator for the given sort (default order when empty), with the id tie-break (newest first). */
export function issueComparator(
  sort: readonly IssueSort[] = DEFAULT_ISSUE_SORT,
): (a: IssueFacts, b: IssueFacts) => number {
  const keys = sort.length > 0 ? sort : DEFAULT_ISSUE_SORT;
  return (a, b) => {
    for (const { key, direction } of keys) {
      const result = compareValues(sortValue(a, key), sortValue(b, key), direction);
      if (result !== 0) return result;
    }
    return b.id - a.id;
  };
}

/** Sorts a copy of the issues. */
export function sortIssues<T extends IssueFacts>(issues: readonly T[], sort?: readonly IssueSort[]): T[] {
  return [...issues].sort(issueComparator(sort));
}

/** True for a valid sort key. */
export function isIssueSortKey(value: string): value is IssueSortKey {
  return (ISSUE_SORT_KEYS as readonly string[]).includes(value);
}
