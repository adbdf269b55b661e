import { and, eq, getTableColumns, isNotNull, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database.ts';
import { issues, issueUserStates } from '../../../db/schema/index.ts';
import {
  NO_NOTIFICATIONS,
  notificationSummaryJoin,
  type NotificationsSummary,
} from '../notifications/issue-notification-sql.ts';
import type { IssueRow, IssueView } from '../issue-repository.ts';
import {
  childrenJson,
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
 * of 500). The statement is Drizzle's, run raw: the same driver parsing, rows keyed by column name.
 */
async function pageRows(db: Db, query: SQLWrapper, selection: IssueColumns): Promise<FoundRow[]> {
  const decoders = Object.entries(selection).map(([key, column]) => [key, column.name, column] as const);
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => {
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

function regionMembership(q: IssuePageQuery, region: Region): SQL | undefined {
  const marked = sql`select issue_id from issue_user_states where user_id = ${q.userId} and starred
    union select issue_id from issue_notifications where user_id = ${q.userId} and project_id = ${q.projectId}`;
  if (region === 'marked') return sql`${issues.id} = any(array(${marked}))`;
  return and(
    sql`coalesce(${issueUserStates.starred}, false) = false`,
    sql`not exists (select 1 from issue_notifications n where n.issue_id = ${issues.id} and n.user_id = ${q.userId} and n.project_id = ${q.projectId})`,
    region === 'published' ? isNotNull(issues.visibilityUpdatedAt) : isNull(issues.visibilityUpdatedAt),
  );
}

/**
 * The ids of a region's first rows (after the cursor when it is the cursor's region) with their rank and sort
 * values. `earlier` are the regions read before it in the same statement: when they already fill the page,
 * the region is not read at all (a one-time filter).
 */
function regionQuery(
  db: Db,
  q: IssuePageQuery,
  region: Region,
  cursor: IssueCursor | undefined,
  earlier: readonly Region[],
) {
  const order = regionOrderBy(region);
  const before =
    earlier.length > 0
      ? sql`(${sql.join(
          earlier.map((r) => sql`(select count(*) from ${sql.identifier(r)})`),
          sql` + `,
        )})`
      : undefined;
  const filled = before ? sql`${before} < ${q.size + 1}` : undefined;
  // Outside the marked region the caller has no marks on a row (its membership says so).
  const marks = region === 'marked' ? marksOf(q.shape) : sql<FoundRow['marks']>`null::json`;
  const base = db
    .select({
      id: issues.id,
      region: sql<number>`${sql.raw(String(SORT_REGIONS.indexOf(region)))}`.as('region'),
      rn: sql<number>`row_number() over (order by ${order})`.as('rn'),
      sortValues: sortValuesAt(region, order, before ? sql`${q.size} - ${before}` : sql`${q.size}`).as(
        'sort_values',
      ),
      marks: marks.as('marks'),
    })
    .from(issues)
    .leftJoin(
      issueUserStates,
      and(eq(issueUserStates.issueId, issues.id), eq(issueUserStates.userId, q.userId)),
    );
  const summary = notificationSummaryJoin(db, q.userId, q.projectId);
  const joined = region === 'marked' ? base.leftJoin(summary, eq(summary.issueId, issues.id)) : base;
  return joined
    .where(
      and(
        q.where,
        regionMembership(q, region),
        cursor?.region === region ? afterCursorWhere(cursor, region) : undefined,
        filled,
      ),
    )
    .orderBy(order)
    .limit(q.size + 1);
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

/** The few rows of a narrowing filter, sorted in the full default order. */
async function selectNarrowPage(
  db: Db,
  q: IssuePageQuery,
  cursor: IssueCursor | undefined,
): Promise<IssuePageRows> {
  const summary = notificationSummaryJoin(db, q.userId, q.projectId);
  const order = regionOrderBy('all');
  const selection = issueSelection(q.shape);
  const query = db
    .select({
      ...selection,
      sortValues: sortValuesAt('all', order, sql`${q.size}`).as('sort_values'),
      children: childrenJson(q.userId, q.shape).as('children'),
      marks: marksOf(q.shape).as('marks'),
    })
    .from(issues)
    .leftJoin(
      issueUserStates,
      and(eq(issueUserStates.issueId, issues.id), eq(issueUserStates.userId, q.userId)),
    )
    .leftJoin(summary, eq(summary.issueId, issues.id))
    .where(and(q.where, cursor ? afterCursorWhere(cursor, 'all') : undefined))
    .orderBy(order)
    .limit(q.size + 1);
  return pageOf(await pageRows(db, query, selection), q.size, q.shape);
}

/**
 * One page of the list in the default order with each issue's children, in ONE statement. A narrowing filter's
 * rows are sorted whole;
 * otherwise the list is read region by region (issue-sort-sql.ts): each region from the cursor's on is a CTE
 * limited to the page, a region is not read once earlier ones fill the page, and the page's full rows are joined
 * to the ranked ids. Both ways give the same rows in the same order, and take each other's cursors.
 */
export async function selectIssuePage(db: Db, q: IssuePageQuery): Promise<IssuePageRows> {
  const cursor = q.after ? decodeCursor(q.after) : undefined;
  if (q.narrow) return selectNarrowPage(db, q, cursor);
  const regions = SORT_REGIONS.slice(cursor ? SORT_REGIONS.indexOf(cursor.region) : 0);
  const ctes = regions.map((r, i) => db.$with(r).as(regionQuery(db, q, r, cursor, regions.slice(0, i))));
  const [first, ...rest] = ctes.map((c) =>
    db.select({ id: c.id, region: c.region, rn: c.rn, sortValues: c.sortValues, marks: c.marks }).from(c),
  );
  if (!first) return { views: [], userTags: new Map(), hasNextPage: false, endCursor: null };
  const [second, ...more] = rest;
  const page = db.$with('page').as(second ? unionAll(first, second, ...more) : first);
  // The ids are also given as an array so that each row is fetched by its primary key: a plain join may be
  // planned as a merge join that walks the whole primary key index to meet a few hundred ids.
  const selection = issueSelection(q.shape);
  const query = db
    .with(...ctes, page)
    .select({
      ...selection,
      sortValues: page.sortValues,
      children: childrenJson(q.userId, q.shape).as('children'),
      marks: page.marks,
    })
    .from(issues)
    .innerJoin(page, eq(page.id, issues.id))
    .where(sql`${issues.id} = any(array(select "id" from ${page}))`)
    .orderBy(page.region, page.rn)
    .limit(q.size + 1);
  return pageOf(await pageRows(db, query, selection), q.size, q.shape);
}
