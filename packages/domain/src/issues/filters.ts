import { isLate } from './deadlines.ts';
import type { IssueFilter, IssueFilterCondition } from './filter-schema.ts';
import type { DisciplineStatusMap, IssueFacts, IssueViewer } from './issue-types.ts';
import { pendingDisciplinesFor } from './pending.ts';
import { matchesSearch, parseSearch } from './search.ts';

export { issueFilterSchema } from './filter-schema.ts';
export type { IssueFilter, IssueFilterCondition } from './filter-schema.ts';

/**
 * The instants a date range covers: from the start of the first day to 23:59:59.999 of the last, inclusive
 * (spec core §5), in the user's time zone.
 */
export function dateRangeBounds(
  from: string | undefined,
  to: string | undefined,
  timezoneOffset: number,
): { start: number | null; end: number | null } {
  const shift = timezoneOffset * 60_000;
  return {
    start: from ? Date.parse(`${from}T00:00:00.000Z`) + shift : null,
    end: to ? Date.parse(`${to}T23:59:59.999Z`) + shift : null,
  };
}

/** Context the filters need: who looks, the project's discipline statuses, today's date. */
export interface FilterContext {
  readonly viewer: IssueViewer;
  readonly statuses: DisciplineStatusMap;
  readonly today: string;
}

/** Whether an issue passes a standard filter for this viewer. */
export function matchesStandardFilter(
  issue: IssueFacts,
  standard: IssueFilter['standard'],
  ctx: FilterContext,
): boolean {
  switch (standard) {
    case 'pendencies':
      return (
        issue.status === 'active' &&
        pendingDisciplinesFor(issue.disciplines, ctx.viewer, ctx.statuses).length > 0
      );
    case 'latePendencies':
      return (
        issue.status === 'active' &&
        pendingDisciplinesFor(issue.disciplines, ctx.viewer, ctx.statuses).some((d) =>
          isLate(d.deadline ?? issue.deadline, ctx.today),
        )
      );
    case 'notifications':
      return issue.notificationsSummary.count > 0;
    case 'newMentions':
      return issue.notificationsSummary.mentions > 0;
    case 'validate':
      return issue.disciplines.some((d) => d.status === 'validate');
    case 'starred':
      return issue.starred;
    case 'actives':
      return issue.status === 'active';
    case 'all':
    case 'custom':
      return true;
  }
}

function overlaps(values: readonly (number | string)[], wanted: readonly (number | string)[]): boolean {
  return values.some((v) => wanted.includes(v));
}

/** Whether an issue meets one condition of a custom filter. */
export function matchesCondition(
  issue: IssueFacts,
  c: IssueFilterCondition,
  timezoneOffset: number,
): boolean {
  switch (c.field) {
    case 'status':
    case 'priority':
    case 'visibility':
      return c.values.includes(issue[c.field]);
    case 'disciplineStatus':
      return overlaps(
        issue.disciplines.map((d) => d.status),
        c.values,
      );
    case 'category':
    case 'creationPhase':
    case 'resolutionPhase':
    case 'group': {
      const value = c.field === 'group' ? issue.groupId : issue[c.field];
      return value !== null && c.values.includes(value);
    }
    case 'discipline':
      return overlaps(
        issue.disciplines.map((d) => d.disciplineId),
        c.values,
      );
    case 'local':
      return overlaps(issue.localIds, c.values);
    case 'label':
      return overlaps(issue.labelIds, c.values);
    case 'tag':
      return overlaps(issue.tagIds, c.values);
    case 'createdBy':
      return c.values.includes(issue.createdByUserId);
    case 'deadline':
      return (
        issue.deadline !== null && (!c.from || issue.deadline >= c.from) && (!c.to || issue.deadline <= c.to)
      );
    case 'createdAt':
    case 'visibilityUpdatedAt': {
      const value = issue[c.field];
      if (value === null) return false;
      const t = Date.parse(value);
      const { start, end } = dateRangeBounds(c.from, c.to, timezoneOffset);
      return (start === null || t >= start) && (end === null || t <= end);
    }
  }
}

/** Whether an issue passes the whole filter: ids, standard filter, search, and the conditions (and/or). */
export function matchesFilter(issue: IssueFacts, filter: IssueFilter, ctx: FilterContext): boolean {
  if (filter.ids && !filter.ids.includes(issue.id)) return false;
  if (!matchesStandardFilter(issue, filter.standard, ctx)) return false;
  if (filter.search && !matchesSearch(issue, parseSearch(filter.search))) return false;
  if (filter.conditions.length === 0) return true;
  const results = filter.conditions.map((c) => matchesCondition(issue, c, filter.timezoneOffset));
  return filter.combination === 'and' ? results.every(Boolean) : results.some(Boolean);
}
