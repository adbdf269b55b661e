import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ChangedOnDay, RaisedOnDay } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import { issues, issueUserStates, projectDisciplines } from '../../db/schema/index.ts';

// The dashboards' SQL: every chart is one statement that groups, in the database, the issues the issue list
// would show (the list's own WHERE clause, visibility included); only counts come back.

/** What the issues of a chart are: the list's WHERE clause for the caller, and the caller. */
export interface ChartScope {
  readonly userId: number;
  readonly projectId: number;
  /** issueListWhere: visibility and the filter, over `issues` and the caller's `issue_user_states` row. */
  readonly where: SQL;
}

/** The `v` CTE: the issues the list shows (pending ones only when asked), with what the charts group by. */
function scopedIssues(scope: ChartScope, pendingOnly: boolean): SQL {
  return sql`select ${issues.id} as id, ${issues.priority} as priority, ${issues.status} as status,
      ${issues.createdAt} as created_at
    from ${issues}
    left join ${issueUserStates} on ${issueUserStates.issueId} = ${issues.id} and ${issueUserStates.userId} = ${scope.userId}
    where ${scope.where} ${pendingOnly ? sql`and ${issues.status} = 'active'` : sql``}`;
}

/** A row, column or cell count of a matrix; `row` null is "no location". */
export interface MatrixCount {
  readonly kind: 'cell' | 'row' | 'column' | 'total';
  readonly row: number | null;
  readonly column: string | null;
  readonly count: number;
}

/** The two sides of a matrix as (key, issue id) pairs over `v` (and the `tree` CTE for locations). */
export type MatrixAxis = 'disciplines' | 'priorities' | 'locals';

const ROW_PAIRS: Record<Exclude<MatrixAxis, 'priorities'>, SQL> = {
  disciplines: sql`select d.discipline_id as row, v.id from v join issue_disciplines d on d.issue_id = v.id`,
  // Rolled up the tree: an issue counts once under its location and once under each ancestor of it.
  locals: sql`select distinct t.ancestor as row, v.id from v
      join issue_locals il on il.issue_id = v.id join tree t on t.local_id = il.local_id
    union all
    select null::int, v.id from v where not exists (select 1 from issue_locals il where il.issue_id = v.id)`,
};

const COLUMN_PAIRS: Record<Exclude<MatrixAxis, 'locals'>, SQL> = {
  priorities: sql`select v.priority as col, v.id from v`,
  disciplines: sql`select d.discipline_id::text as col, v.id from v join issue_disciplines d on d.issue_id = v.id`,
};

/**
 * One matrix of pending issues in one statement: each cell (distinct issues in the row and the column), each
 * row's and each column's distinct issues, and the total.
 */
export async function selectMatrix(
  db: Db,
  scope: ChartScope,
  rows: Exclude<MatrixAxis, 'priorities'>,
  columns: Exclude<MatrixAxis, 'locals'>,
): Promise<MatrixCount[]> {
  const tree =
    rows === 'locals'
      ? sql`tree(ancestor, local_id) as (
          select id, id from project_locals where project_id = ${scope.projectId}
          union all
          select t.ancestor, l.id from tree t join project_locals l on l.parent_id = t.local_id
        ), `
      : sql``;
  const result = (await db.execute(sql`with recursive ${tree}
      v as (${scopedIssues(scope, true)}),
      r as (${ROW_PAIRS[rows]}),
      c as (${COLUMN_PAIRS[columns]})
    select 'cell' as kind, r.row, c.col as column, count(*)::int as count
      from r join c on c.id = r.id group by r.row, c.col
    union all select 'row', r.row, null, count(*)::int from r group by r.row
    union all select 'column', null, c.col, count(*)::int from c group by c.col
    union all select 'total', null, null, count(*)::int from v`)) as unknown as {
    rows: { kind: MatrixCount['kind']; row: number | null; column: string | null; count: number }[];
  };
  return result.rows.map((r) => ({
    kind: r.kind,
    row: r.row === null ? null : Number(r.row),
    column: r.column,
    count: Number(r.count),
  }));
}

/** The day-level aggregates of the time charts, and the issues in each status now. */
export interface TimelineCounts {
  readonly raised: RaisedOnDay[];
  readonly changes: ChangedOnDay[];
  readonly now: { status: string; count: number }[];
}

/**
 * Issues raised per day in the status they were raised in (the first status change's old status, else the
 * current one), status changes per day from the issue history, and the current statuses, in one statement.
 * Days are the caller's (`timezoneOffset`: minutes to add to local time to get UTC).
 */
export async function selectTimeline(
  db: Db,
  scope: ChartScope,
  timezoneOffset: number,
): Promise<TimelineCounts> {
  const day = (column: SQL) =>
    sql`to_char(timezone('UTC', ${column}) - make_interval(mins => ${timezoneOffset}::int), 'YYYY-MM-DD')`;
  const result = (await db.execute(sql`with
      v as (${scopedIssues(scope, false)}),
      changes as (
        select h.issue_id, h.id, h.created_at, h.fields->'status'->>'old' as old, h.fields->'status'->>'new' as new
        from issue_history h join v on v.id = h.issue_id
        where h.entity_type = 'issue' and h.fields ? 'status'
      ),
      first_change as (select distinct on (issue_id) issue_id, old from changes order by issue_id, id)
    select 'raised' as kind, ${day(sql`v.created_at`)} as day, coalesce(f.old, v.status) as a, null as b,
        count(*)::int as count
      from v left join first_change f on f.issue_id = v.id group by 2, 3
    union all
    select 'changed', ${day(sql`changes.created_at`)}, changes.old, changes.new, count(*)::int
      from changes group by 2, 3, 4
    union all
    select 'now', null, v.status, null, count(*)::int from v group by v.status`)) as unknown as {
    rows: { kind: 'raised' | 'changed' | 'now'; day: string; a: string; b: string | null; count: number }[];
  };
  const raised: RaisedOnDay[] = [];
  const changes: ChangedOnDay[] = [];
  const now: { status: string; count: number }[] = [];
  for (const r of result.rows) {
    const count = Number(r.count);
    if (r.kind === 'raised') raised.push({ day: r.day, status: r.a, count });
    else if (r.kind === 'changed') changes.push({ day: r.day, from: r.a, to: r.b ?? '', count });
    else now.push({ status: r.a, count });
  }
  return { raised, changes, now };
}

/** A project's disciplines in name order (removed ones too: issues may still carry them). */
export function listDisciplines(db: Db, projectId: number) {
  return db
    .select({
      id: projectDisciplines.id,
      name: projectDisciplines.name,
      abbreviation: projectDisciplines.abbreviation,
      removed: sql<boolean>`${projectDisciplines.removedAt} is not null`,
    })
    .from(projectDisciplines)
    .where(eq(projectDisciplines.projectId, projectId))
    .orderBy(asc(projectDisciplines.name), asc(projectDisciplines.id));
}
