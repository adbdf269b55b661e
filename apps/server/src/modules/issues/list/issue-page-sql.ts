import { and, eq, getTableColumns, isNotNull, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { executeNamed } from '../../../db/named-statements.ts';
import { issues, issueUserStates } from '../../../db/schema/index.ts';
import {
  NO_NOTIFICATIONS,
  notificationSummaryJoin,
  type NotificationsSummary,
} from '../notifications/issue-notification-sql.ts';
import type { IssueRow, IssueView } from '../issue-repository.ts';
import {
  pageChildren,
  pageViewOf,
  type ChildrenJson,
  type ChildrenOptions,
  type PageUserTags,
} from './issue-page-children-sql.ts';
import {
  afterCursorWhere,
  decodeCursor,
  encodeCursor,
  regionOrderBy,
  regionSortValues,
  SORT_REGIONS,
  type IssueCursor,
  type SortRegion,
} from './issue-sort-sql.ts';

type Region = (typeof SORT_REGIONS)[number];

/** A column of `issues`, by its IssueRow name. */
export type IssueColumn = keyof IssueRow;

/**
 * The columns every page reads, whatever is asked: what visibility, the permissions of presentIssue and the
 * resolvers of an issue's other fields (comments, images, history) read of the row.
 */
export const PAGE_KEY_COLUMNS: readonly IssueColumn[] = [
  'id',
  'projectId',
  'visibility',
  'createdByUserId',
  'groupId',
];

/**
 * What a page reads of each issue besides its place in the order: the list asks for a few of the issue's
 * columns, and reading, sending and mapping the others is a good part of a page's time.
 */
export interface IssuePageShape extends ChildrenOptions {
  /**
   * The columns to read besides PAGE_KEY_COLUMNS; undefined reads them all. The rows of such a page carry only
   * these: the other properties of IssueRow are absent, so whoever reads the rows must ask for what it reads.
   */
  readonly columns: ReadonlySet<IssueColumn> | undefined;
  /**
   * The caller's unread marks on each issue, summed up (IssueView.notifications), from the `ns` join the order
   * reads anyway: the marks of the caller in the project (a mark's project is always its issue's).
   */
  readonly notifications: boolean;
}

/** Everything: every column, the disciplines' details and the caller's unread marks. */
export const FULL_PAGE_SHAPE: IssuePageShape = {
  columns: undefined,
  disciplineDetails: true,
  disciplineDoneAt: true,
  imageTitles: true,
  cover: false,
  notifications: true,
};

const ALL_COLUMNS = getTableColumns(issues);
type IssueColumns = typeof ALL_COLUMNS;

/** The selection of a page's issue columns. */
function issueSelection(shape: IssuePageShape): IssueColumns {
  if (!shape.columns) return ALL_COLUMNS;
  const wanted = new Set([...PAGE_KEY_COLUMNS, ...shape.columns]);
  return Object.fromEntries(
    Object.entries(ALL_COLUMNS).filter(([name]) => wanted.has(name as IssueColumn)),
  ) as IssueColumns;
}

/**
 * Runs a page statement and maps its rows as Drizzle's select would, by each column's own decoder, but without
 * Drizzle's generic row mapping, which checks the kind of every field of every row (a few milliseconds a page
 * of 500). The statement runs raw, as a named prepared statement (db/named-statements.ts: planned once per
 * connection), with the same driver parsing, rows keyed by column name.
 */
async function pageRows(db: Db, query: SQLWrapper, selection: IssueColumns): Promise<FoundRow[]> {
  const decoders = Object.entries(selection).map(([key, column]) => [key, column.name, column] as const);
  const rows = await executeNamed(db, query);
  return rows.map((row) => {
    const issue: Record<string, unknown> = {};
    for (const [key, name, column] of decoders) {
      const value = row[name];
      issue[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return {
      issue: issue as IssueRow,
      sortValues: row.sort_values as FoundRow['sortValues'],
      children: row.children as ChildrenJson,
      marks: row.marks as FoundRow['marks'],
    };
  });
}

/** What one page of the list is read with. */
export interface IssuePageQuery {
  readonly userId: number;
  readonly projectId: number;
  /** Visibility and filter, over `issues` and the caller's `issue_user_states` row. */
  readonly where: SQL | undefined;
  readonly after: string | null | undefined;
  readonly size: number;
  /** The filter narrows the list to few rows found by their own index (a search, ids): read them in one go. */
  readonly narrow: boolean;
  /** What of each issue to read. */
  readonly shape: IssuePageShape;
}

/** A row of the page statement. */
interface FoundRow {
  issue: IssueRow;
  /** JSON text of the row's sort values, on the rows that may end the page (null on the others). */
  sortValues: string | null;
  children: ChildrenJson;
  /** [count, mentions, last] of the caller's marks, when asked for; null without marks. */
  marks: [number | null, number | null, string | null] | null;
}

/** The issues of a page with their children, in the list order, and where the next page starts. */
export interface IssuePageRows {
  views: IssueView[];
  /** The caller's tags of the project that the page's issues carry, by id. */
  userTags: PageUserTags;
  hasNextPage: boolean;
  endCursor: string | null;
}

/**
 * A row's sort values (regionSortValues) as JSON text, for the cursor of the page it ends: computed only on the
 * rows of `order` that may end the page, which are the one at `position` (the page's size less the rows before
 * it) and the last one (a page that ends short of its size); null on the others. Only the last row's are ever
 * used, and making them on every row was a good part of the statement's per-row work.
 */
function sortValuesAt(region: SortRegion, order: SQL, position: SQL): SQL<string | null> {
  return sql<string | null>`case when row_number() over (order by ${order}) = ${position}
    or lead(${issues.id}) over (order by ${order}) is null
    then array_to_json(${regionSortValues(region)})::text end`;
}

/** The caller's marks on an issue as the page statement returns them, over the `ns` join. */
function marksOf(shape: IssuePageShape): SQL<FoundRow['marks']> {
  return shape.notifications
    ? sql<
        FoundRow['marks']
      >`case when "ns"."issue_id" is null then null else json_build_array("ns"."count", "ns"."mentions", "ns"."last_at") end`
    : sql<FoundRow['marks']>`null::json`;
}

/**
 * A whole number as SQL text. The page's size is written into the statement rather than sent as a parameter: a
 * named statement keeps a generic plan, and a LIMIT the planner cannot see is estimated as a tenth of the rows.
 */
function literalInt(n: number): SQL {
  if (!Number.isSafeInteger(n)) throw new Error(`not a whole number: ${n}`);
  return sql.raw(String(n));
}

/**
 * The caller's marks in the project, one row per marked issue (`ns`: issue_id, starred, count, mentions, last_at),
 * in the first three keys of the default order: starred first, most mentions, newest mark (none last). Read from
 * the caller's rows of issue_user_states (issue_user_states_user_idx) and issue_notifications
 * (issue_notifications_user_project_idx) alone — small rows, no issue — so the marked region walks them in this
 * order and fetches and sorts only the issues a page needs (plus those that tie on these keys at its end), not
 * every marked issue. `count` is 0 on an issue that is starred without marks.
 */
function markedIssues(q: IssuePageQuery): SQL {
  return sql`(select s.issue_id, bool_or(s.starred) as starred, (count(*) filter (where s.mark))::int as count,
      (count(*) filter (where s.mention))::int as mentions, max(s.at) as last_at
    from (select issue_id, true as starred, false as mark, false as mention, null::timestamptz as at
        from issue_user_states where user_id = ${q.userId} and starred
      union all select issue_id, false, true, is_mention, created_at
        from issue_notifications where user_id = ${q.userId} and project_id = ${q.projectId}) s
    group by s.issue_id
    order by 2 desc, 4 desc, 5 desc nulls last) "ns"`;
}

/** The caller's marks on an issue of the marked region (markedIssues' `ns`): none on an issue only starred. */
function markedMarksOf(shape: IssuePageShape): SQL<FoundRow['marks']> {
  return shape.notifications
    ? sql<
        FoundRow['marks']
      >`case when "ns"."count" > 0 then json_build_array("ns"."count", "ns"."mentions", "ns"."last_at") end`
    : sql<FoundRow['marks']>`null::json`;
}

function unmarkedMembership(q: IssuePageQuery, region: 'published' | 'drafts'): SQL | undefined {
  return and(
    sql`coalesce(${issueUserStates.starred}, false) = false`,
    sql`not exists (select 1 from issue_notifications n where n.issue_id = ${issues.id} and n.user_id = ${q.userId} and n.project_id = ${q.projectId})`,
    region === 'published' ? isNotNull(issues.visibilityUpdatedAt) : isNull(issues.visibilityUpdatedAt),
  );
}

/** A query builder's statement as a CTE body limited to `limit` rows: `name as ((select … order by …) limit n)`. */
function limitedCte(name: string, query: SQLWrapper, limit: number): SQL {
  return sql`${sql.identifier(name)} as (${query} limit ${literalInt(limit)})`;
}

/**
 * The ids of a region's first rows (after the cursor when it is the cursor's region) with their rank and sort
 * values, as a CTE named after the region. `earlier` are the regions read before it in the same statement: when
 * they already fill the page, the region is not read at all (a one-time filter).
 */
function regionCte(
  db: Db,
  q: IssuePageQuery,
  region: Region,
  cursor: IssueCursor | undefined,
  earlier: readonly Region[],
): SQL {
  const order = regionOrderBy(region);
  const before =
    earlier.length > 0
      ? sql`(${sql.join(
          earlier.map((r) => sql`(select count(*) from ${sql.identifier(r)})`),
          sql` + `,
        )})`
      : undefined;
  const filled = before ? sql`${before} < ${literalInt(q.size + 1)}` : undefined;
  const selection = {
    id: issues.id,
    region: sql<number>`${sql.raw(String(SORT_REGIONS.indexOf(region)))}`.as('region'),
    rn: sql<number>`row_number() over (order by ${order})`.as('rn'),
    sortValues: sortValuesAt(
      region,
      order,
      before ? sql`${literalInt(q.size)} - ${before}` : literalInt(q.size),
    ).as('sort_values'),
    // Outside the marked region the caller has no marks on a row (its membership says so).
    marks: (region === 'marked' ? markedMarksOf(q.shape) : sql<FoundRow['marks']>`null::json`).as('marks'),
  };
  const userState = and(eq(issueUserStates.issueId, issues.id), eq(issueUserStates.userId, q.userId));
  const after = cursor?.region === region ? afterCursorWhere(cursor, region) : undefined;
  const query =
    region === 'marked'
      ? db
          .select(selection)
          .from(markedIssues(q))
          .innerJoin(issues, sql`${issues.id} = "ns"."issue_id"`)
          .leftJoin(issueUserStates, userState)
          .where(and(q.where, after, filled))
          .orderBy(order)
      : db
          .select(selection)
          .from(issues)
          .leftJoin(issueUserStates, userState)
          .where(and(q.where, unmarkedMembership(q, region), after, filled))
          .orderBy(order);
  return limitedCte(region, query, q.size + 1);
}

/** The few rows of a narrowing filter in the full default order, as the CTE `page` (the regions' columns). */
function narrowCte(db: Db, q: IssuePageQuery, cursor: IssueCursor | undefined): SQL {
  const summary = notificationSummaryJoin(db, q.userId, q.projectId);
  const order = regionOrderBy('all');
  const query = db
    .select({
      id: issues.id,
      region: sql<number>`0`.as('region'),
      rn: sql<number>`row_number() over (order by ${order})`.as('rn'),
      sortValues: sortValuesAt('all', order, literalInt(q.size)).as('sort_values'),
      marks: marksOf(q.shape).as('marks'),
    })
    .from(issues)
    .leftJoin(
      issueUserStates,
      and(eq(issueUserStates.issueId, issues.id), eq(issueUserStates.userId, q.userId)),
    )
    .leftJoin(summary, eq(summary.issueId, issues.id))
    .where(and(q.where, cursor ? afterCursorWhere(cursor, 'all') : undefined))
    .orderBy(order);
  return limitedCte('page', query, q.size + 1);
}

function summaryOf(marks: FoundRow['marks']): NotificationsSummary {
  if (!marks) return NO_NOTIFICATIONS;
  const [count, mentions, last] = marks;
  return { count: count ?? 0, mentions: mentions ?? 0, last: last === null ? null : new Date(last) };
}

function pageOf(found: readonly FoundRow[], size: number, shape: IssuePageShape): IssuePageRows {
  const page = found.slice(0, size);
  const last = page.at(-1);
  if (last && last.sortValues === null) throw new Error('the last row of an issue page has no sort values');
  const userTags: PageUserTags = new Map();
  return {
    views: page.map((r) =>
      pageViewOf(r.issue, r.children, userTags, shape.notifications ? summaryOf(r.marks) : undefined),
    ),
    userTags,
    hasNextPage: found.length > size,
    endCursor: last?.sortValues ? encodeCursor(JSON.parse(last.sortValues) as string[]) : null,
  };
}

const PAGE = sql.identifier('page');

/**
 * One page of the list in the default order with each issue's children, in ONE statement (a named prepared
 * statement: planned once per connection). The page's rows are a CTE `page` (id, region, rn, sort_values,
 * marks) of at most size + 1 rows:
 * - a narrowing filter's rows (search, ids) sorted whole;
 * - otherwise the list read region by region (issue-sort-sql.ts): each region from the cursor's on is a CTE
 *   limited to the page, a region is not read once earlier ones fill the page, and `page` takes the first rows of
 *   their union.
 * Both ways give the same rows in the same order, and take each other's cursors. The children are read for the
 * page's ids only, one aggregate per child table (pageChildren), and the full rows are fetched by primary key.
 */
export async function selectIssuePage(db: Db, q: IssuePageQuery): Promise<IssuePageRows> {
  const cursor = q.after ? decodeCursor(q.after) : undefined;
  const ctes: SQL[] = [];
  if (q.narrow) {
    ctes.push(narrowCte(db, q, cursor));
  } else {
    const regions = SORT_REGIONS.slice(cursor ? SORT_REGIONS.indexOf(cursor.region) : 0);
    regions.forEach((r, i) => ctes.push(regionCte(db, q, r, cursor, regions.slice(0, i))));
    const union = sql.join(
      regions.map((r) => sql`select "id", "region", "rn", "sort_values", "marks" from ${sql.identifier(r)}`),
      sql` union all `,
    );
    ctes.push(
      sql`${PAGE} as (select * from (${union}) u order by "region", "rn" limit ${literalInt(q.size + 1)})`,
    );
  }
  // The ids are given as an array so that each row (and each child table's rows) is fetched by its primary key
  // or its issue_id index: a plain join may be planned as a merge join that walks the whole index to meet a few
  // hundred ids.
  const pageIds = sql`array(select "id" from ${PAGE})`;
  const children = pageChildren(q.userId, q.projectId, q.shape, pageIds);
  const selection = issueSelection(q.shape);
  const columns = sql.join(
    Object.values(selection).map((column) => sql`${column}`),
    sql`, `,
  );
  const query = sql`with ${sql.join([...ctes, ...children.ctes], sql`, `)}
    select ${columns}, ${PAGE}."sort_values", ${children.json} as "children", ${PAGE}."marks"
    from ${issues} join ${PAGE} on ${PAGE}."id" = ${issues.id}${children.joins}
    where ${issues.id} = any(${pageIds})
    order by ${PAGE}."region", ${PAGE}."rn"`;
  return pageOf(await pageRows(db, query, selection), q.size, q.shape);
}
