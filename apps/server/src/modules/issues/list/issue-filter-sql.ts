import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  dateRangeBounds,
  effectiveSearch,
  viewerKind,
  type DisciplineStatusMap,
  type IssueFilter,
  type IssueFilterCondition,
} from '@obra/domain';
import { issues, issueUserStates } from '../../../db/schema/index.ts';
import { visibleIssuesWhere } from '../issue-repository.ts';
import { type IssueAudience } from '../../projects/project-access.ts';
import { hasNotificationsWhere } from '../notifications/issue-notification-sql.ts';

/** What the SQL of a filter depends on besides the filter. */
export interface FilterSqlContext {
  readonly audience: IssueAudience;
  readonly statuses: DisciplineStatusMap;
  /** `YYYY-MM-DD`. */
  readonly today: string;
}

function disciplineExists(where: SQL): SQL {
  return sql`exists (select 1 from issue_disciplines d where d.issue_id = ${issues.id} and ${where})`;
}

/** pendingDisciplinesFor as SQL: the caller's disciplines (all for a manager) in a status of the caller's kind. */
export function pendingDisciplineWhere(ctx: FilterSqlContext): SQL {
  const kind = viewerKind(ctx.audience);
  const statuses = [...ctx.statuses.values()].filter((s) => s.responsibility === kind).map((s) => s.key);
  const inStatus =
    statuses.length > 0
      ? sql`d.status in (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql`false`;
  if (kind === 'manager') return inStatus;
  const mine = ctx.audience.userDisciplines;
  return mine.length > 0
    ? sql`${inStatus} and d.discipline_id in (${sql.join(
        mine.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;
}

/** matchesStandardFilter as SQL; notifications and newMentions read the caller's unread marks. */
export function standardFilterWhere(
  standard: IssueFilter['standard'],
  ctx: FilterSqlContext,
): SQL | undefined {
  switch (standard) {
    case 'pendencies':
      return and(eq(issues.status, 'active'), disciplineExists(pendingDisciplineWhere(ctx)));
    case 'latePendencies':
      return and(
        eq(issues.status, 'active'),
        disciplineExists(
          sql`${pendingDisciplineWhere(ctx)} and coalesce(d.deadline, ${issues.deadline}) < ${ctx.today}::date`,
        ),
      );
    case 'notifications':
      return hasNotificationsWhere(ctx.audience.userId, false);
    case 'newMentions':
      return hasNotificationsWhere(ctx.audience.userId, true);
    case 'validate':
      return disciplineExists(sql`d.status = 'validate'`);
    case 'starred':
      return eq(issueUserStates.starred, true);
    case 'actives':
      return eq(issues.status, 'active');
    case 'all':
    case 'custom':
      return undefined;
  }
}

function idList(values: readonly number[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

function childExists(
  table: 'issue_locals' | 'issue_labels',
  column: 'local_id' | 'label_id',
  values: readonly number[],
): SQL {
  return sql`exists (select 1 from ${sql.identifier(table)} c where c.issue_id = ${issues.id} and c.${sql.identifier(column)} in (${idList(values)}))`;
}

/** matchesCondition as SQL. */
export function conditionWhere(c: IssueFilterCondition, timezoneOffset: number): SQL | undefined {
  switch (c.field) {
    case 'status':
    case 'priority':
    case 'visibility':
      return inArray(issues[c.field], c.values);
    case 'disciplineStatus':
      return disciplineExists(
        sql`d.status in (${sql.join(
          c.values.map((v) => sql`${v}`),
          sql`, `,
        )})`,
      );
    case 'category':
      return inArray(issues.categoryId, c.values);
    case 'creationPhase':
    case 'resolutionPhase':
      return inArray(issues[c.field], c.values);
    case 'group':
      return inArray(issues.groupId, c.values);
    case 'discipline':
      return disciplineExists(sql`d.discipline_id in (${idList(c.values)})`);
    case 'local':
      return childExists('issue_locals', 'local_id', c.values);
    case 'label':
      return childExists('issue_labels', 'label_id', c.values);
    case 'tag':
      return sql`exists (select 1 from jsonb_array_elements_text(${issueUserStates.tagIds}) t where t::int in (${idList(c.values)}))`;
    case 'createdBy':
      return inArray(issues.createdByUserId, c.values);
    case 'deadline':
      return and(
        sql`${issues.deadline} is not null`,
        c.from ? sql`${issues.deadline} >= ${c.from}::date` : undefined,
        c.to ? sql`${issues.deadline} <= ${c.to}::date` : undefined,
      );
    case 'createdAt':
    case 'visibilityUpdatedAt': {
      const column = issues[c.field];
      const { start, end } = dateRangeBounds(c.from, c.to, timezoneOffset);
      return and(
        sql`${column} is not null`,
        start === null ? undefined : sql`${column} >= ${new Date(start).toISOString()}::timestamptz`,
        end === null ? undefined : sql`${column} <= ${new Date(end).toISOString()}::timestamptz`,
      );
    }
  }
}

function likeTerm(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Every word and quoted phrase must appear in the normalised search text (accent- and case-insensitive). */
export function searchWhere(search: string | undefined): SQL | undefined {
  // The domain's reading of the search (min length, words, phrases): the web list applies the same.
  const query = effectiveSearch(search);
  if (!query) return undefined;
  const terms = [...query.phrases, ...query.words];
  return and(...terms.map((term) => sql`${issues.searchText} like ${likeTerm(term)}`));
}

/** The whole filter as one WHERE clause (without visibility, which the caller always adds). */
export function filterWhere(filter: IssueFilter, ctx: FilterSqlContext): SQL | undefined {
  const conditions = filter.conditions.map((c) => conditionWhere(c, filter.timezoneOffset) ?? sql`true`);
  const combined =
    conditions.length === 0
      ? undefined
      : filter.combination === 'and'
        ? and(...conditions)
        : or(...conditions);
  return and(
    filter.ids ? (filter.ids.length > 0 ? inArray(issues.id, filter.ids) : sql`false`) : undefined,
    standardFilterWhere(filter.standard, ctx),
    searchWhere(filter.search),
    combined,
  );
}

/** The list's whole WHERE clause: what the caller may see, and the filter. */
export function visibleFilteredWhere(filter: IssueFilter, ctx: FilterSqlContext): SQL {
  return and(visibleIssuesWhere(ctx.audience), filterWhere(filter, ctx)) ?? sql`false`;
}
