import { DASHBOARDS, type IssueFilterCondition } from '@obra/domain';
import type { IssueListFilterState } from '../issues/shared/issue-list-context.ts';
import { filterToParams } from '../issues/list/list-url-state.ts';

/** A dashboard's name in its address (editor §3.6). */
export type DashboardName = (typeof DASHBOARDS)[number];

/** Whether an address segment names a dashboard. */
export function isDashboardName(value: string | undefined): value is DashboardName {
  return (DASHBOARDS as readonly string[]).includes(value ?? '');
}

/** The address of a dashboard, keeping the list filter's query string (with its `?`, or empty). */
export function dashboardPath(projectId: number, name: DashboardName, search = ''): string {
  return `/workspace/project/${projectId}/dashboards/${name}${search}`;
}

/**
 * The getIssues filter JSON of what the issue list shows for a filter state: the list applies the custom
 * conditions only on its custom tab, and the search on every tab.
 */
export function serverFilterOf(filter: IssueListFilterState, timezoneOffset: number) {
  return {
    standard: filter.standard,
    ...(filter.search.trim() ? { search: filter.search } : {}),
    combination: filter.combination,
    conditions: filter.standard === 'custom' ? filter.conditions : [],
    timezoneOffset,
  };
}

/**
 * The list filter as conditions that all must hold, when the list can show it on its custom tab that way: all
 * issues, the active ones, those to validate, and custom filters of one condition or combined with "and". The
 * other tabs (pending for me, late, unread, mentions, starred) and "or" filters of several conditions cannot be
 * narrowed by a chart's cell in one list address: null.
 */
export function conditionsOf(filter: IssueListFilterState): IssueFilterCondition[] | null {
  switch (filter.standard) {
    case 'all':
      return [];
    case 'actives':
      return [{ field: 'status', values: ['active'] }];
    case 'validate':
      return [{ field: 'disciplineStatus', values: ['validate'] }];
    case 'custom':
      return filter.combination === 'and' || filter.conditions.length <= 1 ? [...filter.conditions] : null;
    default:
      return null;
  }
}

function intersect<T>(a: readonly T[], b: readonly T[]): T[] {
  return a.filter((v) => b.includes(v));
}

/** Two conditions on the same field, both holding: values in both lists, or the overlap of two ranges. */
function both(a: IssueFilterCondition, b: IssueFilterCondition): IssueFilterCondition {
  if ('values' in a && 'values' in b)
    return { ...a, values: intersect<string | number>(a.values, b.values) } as IssueFilterCondition;
  if ('values' in a || 'values' in b) return b;
  const from = [a.from, b.from].filter(Boolean).sort().at(-1);
  const to = [a.to, b.to].filter(Boolean).sort()[0];
  return { field: a.field, ...(from ? { from } : {}), ...(to ? { to } : {}) } as IssueFilterCondition;
}

/** Conditions that all must hold, one per field (conditions on the same field are intersected). */
export function mergeConditions(
  base: readonly IssueFilterCondition[],
  extra: readonly IssueFilterCondition[],
): IssueFilterCondition[] {
  const byField = new Map<string, IssueFilterCondition>();
  for (const c of [...base, ...extra]) {
    const found = byField.get(c.field);
    byField.set(c.field, found ? both(found, c) : c);
  }
  return [...byField.values()];
}

/**
 * The issue list address showing the issues of a chart's bar or cell: the dashboard's filter and the cell's
 * conditions, all holding, on the list's custom tab with the same search and sort; null when the filter cannot be
 * combined with the cell (conditionsOf).
 */
export function drillDownPath(
  projectId: number,
  filter: IssueListFilterState,
  cell: readonly IssueFilterCondition[],
): string | null {
  const base = conditionsOf(filter);
  if (!base) return null;
  const params = filterToParams({
    standard: 'custom',
    search: filter.search,
    combination: 'and',
    conditions: mergeConditions(base, cell),
    sort: filter.sort,
  });
  return `/workspace/project/${projectId}/issues?${params.toString()}`;
}

/** The pending issues the matrices count: active ones (spec core §4: pending disciplines keep an issue active). */
export const PENDING: IssueFilterCondition = { field: 'status', values: ['active'] };
