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

/** The two sides of a matrix. */
export type MatrixAxis = 'disciplines' | 'priorities' | 'locals';

// Locations rolled up the tree: an issue counts once under its location and once under each ancestor of it
// (`placed`), and under the null row when it has no location.
const TREE = (projectId: number) => sql`tree(ancestor, local_id) as (
    select id, id from project_locals where project_id = ${projectId}
    union all
    select t.ancestor, l.id from tree t join project_locals l on l.parent_id = t.local_id
  ),
  placed as (
    select distinct t.ancestor as row, v.id, v.priority from v
      join issue_locals il on il.issue_id = v.id join tree t on t.local_id = il.local_id
    union all
    select null::int, v.id, v.priority from v where not exists (select 1 from issue_locals il where il.issue_id = v.id)
  )`;

// Cells and row totals grouped in one pass (grouping sets), then the columns and the total.
const PRIORITY_COLUMNS_SQL = sql`select case when grouping(v.priority) = 1 then 'total' else 'column' end, null::int,
    v.priority, count(*)::int from v group by grouping sets ((v.priority), ())`;

const MATRIX_SQL: Record<string, (projectId: number) => SQL> = {
  'disciplines:priorities': () => sql`
    select case when grouping(v.priority) = 1 then 'row' else 'cell' end as kind, d.discipline_id as row,
        v.priority as column, count(*)::int as count
      from v join issue_disciplines d on d.issue_id = v.id
      group by grouping sets ((d.discipline_id, v.priority), (d.discipline_id))
    union all ${PRIORITY_COLUMNS_SQL}`,
  'locals:priorities': (projectId) => sql`, ${TREE(projectId)}
    select case when grouping(p.priority) = 1 then 'row' else 'cell' end as kind, p.row, p.priority as column,
        count(*)::int as count
      from placed p group by grouping sets ((p.row, p.priority), (p.row))
    union all ${PRIORITY_COLUMNS_SQL}`,
  'locals:disciplines': (projectId) => sql`, ${TREE(projectId)}
    select 'cell' as kind, p.row, d.discipline_id::text as column, count(*)::int as count
      from placed p join issue_disciplines d on d.issue_id = p.id group by p.row, d.discipline_id
    union all select 'row', p.row, null, count(*)::int from placed p group by p.row
    union all select 'column', null, d.discipline_id::text, count(*)::int
      from v join issue_disciplines d on d.issue_id = v.id group by d.discipline_id
    union all select 'total', null, null, count(*)::int from v`,
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
  const body = MATRIX_SQL[`${rows}:${columns}`];
  if (!body) throw new Error(`no matrix of ${rows} by ${columns}`);
  const statement = body(scope.projectId);
  // The locations matrices add CTEs after v: their body starts with a comma and the CTEs, then the select.
  const result = (await db.execute(
    sql`with recursive v as (${scopedIssues(scope, true)}) ${statement}`,
  )) as unknown as {
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
  // The caller's day of a timestamp, as a date (grouped as such; written as text once per group). The offset is
  // an integer the filter schema bounds, written inline so the grouped and selected expressions are one.
  const minutes = sql.raw(String(Math.trunc(timezoneOffset)));
  const day = (column: SQL) => sql`(timezone('UTC', ${column}) - make_interval(mins => ${minutes}))::date`;
  const result = (await db.execute(sql`with
      v as (${scopedIssues(scope, false)}),
      changes as (
        select h.issue_id, h.id, h.created_at, h.fields->'status'->>'old' as old, h.fields->'status'->>'new' as new
        from issue_history h join v on v.id = h.issue_id
        where h.entity_type = 'issue' and h.fields ? 'status'
      ),
      first_change as (select distinct on (issue_id) issue_id, old from changes order by issue_id, id)
    select 'raised' as kind, to_char(${day(sql`v.created_at`)}, 'YYYY-MM-DD') as day, coalesce(f.old, v.status) as a,
        null as b, count(*)::int as count
      from v left join first_change f on f.issue_id = v.id
      group by ${day(sql`v.created_at`)}, coalesce(f.old, v.status)
    union all
    select 'changed', to_char(${day(sql`changes.created_at`)}, 'YYYY-MM-DD'), changes.old, changes.new, count(*)::int
      from changes group by ${day(sql`changes.created_at`)}, changes.old, changes.new
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
