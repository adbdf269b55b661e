import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { AppError, ISSUE_STATUSES, PRIORITIES } from '@obra/domain';
import { issues, issueUserStates } from '../../../db/schema/index.ts';
import { LAST_NOTIFICATION_SORT_KEY, MENTIONS_SORT_KEY } from '../notifications/issue-notification-sql.ts';

/** One key of the default order, ascending: its expression and the SQL type its cursor value is cast back to. */
interface SortKey {
  readonly expr: SQL;
  readonly type: string;
}

// Literals rather than parameters: the same expression must read the same in ORDER BY and in the window of
// row_number(), so PostgreSQL sorts once (and can read the order from an index).
function literal(value: string): SQL {
  return sql.raw(`'${value.replace(/'/g, "''")}'`);
}

const statusRank = sql`(case ${issues.status} ${sql.join(
  ISSUE_STATUSES.map((s, i) => sql`when ${literal(s.key)} then ${sql.raw(String(i))}`),
  sql` `,
)} else ${sql.raw(String(ISSUE_STATUSES.length))} end)`;
// Any unknown priority sorts as low (editor §3.6), like the domain's sortValue.
const priorityRank = sql`(case ${issues.priority} when 'high' then 0 when 'medium' then 1 else ${sql.raw(String(PRIORITIES.length - 1))} end)`;
const deadlineKey = sql`coalesce(${issues.deadline}, '9999-12-31'::date)`;

/**
 * DEFAULT_ISSUE_SORT: starred first, mention notifications (most first) and last notification (newest first,
 * none last) of the caller, published date (visibilityUpdatedAt) newest first with drafts last, priority and
 * status by their list order, deadline soonest first with none last, createdAt newest first, title, then id
 * newest first. As SQL every key is turned ascending, over the `ns` join of notificationSummaryJoin.
 */
const DEFAULT_KEYS: readonly SortKey[] = [
  { expr: sql`(case when ${issueUserStates.starred} then 0 else 1 end)`, type: 'int' },
  { expr: MENTIONS_SORT_KEY, type: 'int' },
  { expr: LAST_NOTIFICATION_SORT_KEY, type: 'numeric' },
  { expr: sql`coalesce(-extract(epoch from ${issues.visibilityUpdatedAt}), 1e12)`, type: 'numeric' },
  { expr: priorityRank, type: 'int' },
  { expr: statusRank, type: 'int' },
  { expr: deadlineKey, type: 'date' },
  { expr: sql`(-extract(epoch from ${issues.createdAt}))`, type: 'numeric' },
  { expr: sql`lower(${issues.title})`, type: 'text' },
  { expr: sql`(-${issues.id})`, type: 'int' },
];

// What follows the published date in the default order, in native directions (equal to the default keys'
// ascending negated epochs and ids).
const TAIL_ORDER: readonly SQL[] = [
  priorityRank,
  statusRank,
  deadlineKey,
  sql`${issues.createdAt} desc`,
  sql`lower(${issues.title})`,
  sql`${issues.id} desc`,
];

/**
 * Without a narrowing filter the list is read as three consecutive regions of the default order, each with keys
 * an index can serve: `marked` (starred or with unread marks: every such row sorts before the others), walked in
 * the order of the caller's marks alone (issue-page-sql.ts `markedIssues`, the `ns` of this region: starred,
 * mentions, last mark) so that only the issues of a page are fetched and sorted by the other keys; then `published` (the rest with a published date), whose first key,
 * visibilityUpdatedAt newest first, is read from issues_project_default_sort_idx so a page touches about its own
 * rows instead of sorting the whole project; then `drafts` (no published date). Within each region the order is
 * DEFAULT_KEYS' order: the keys that are constant there are left out, the others written in their native
 * direction. A narrowing filter (search, ids) reads its few matches as one region, `all`, in the full order.
 */
export const SORT_REGIONS = ['marked', 'published', 'drafts'] as const;
/** A region of the list order. */
export type SortRegion = (typeof SORT_REGIONS)[number] | 'all';

const REGION_ORDER: Readonly<Record<SortRegion, readonly SQL[]>> = {
  all: DEFAULT_KEYS.map((k) => k.expr),
  // The default keys in their native directions, the marks' first (read from markedIssues' `ns`, already in
  // their order: an incremental sort orders the rows that tie on them).
  marked: [
    sql`"ns"."starred" desc`,
    sql`"ns"."mentions" desc`,
    sql`"ns"."last_at" desc nulls last`,
    sql`${issues.visibilityUpdatedAt} desc nulls last`,
    ...TAIL_ORDER,
  ],
  // NULLS LAST as in issues_project_default_sort_idx, which serves this order.
  published: [sql`${issues.visibilityUpdatedAt} desc nulls last`, ...TAIL_ORDER],
  drafts: TAIL_ORDER,
};

const dialect = new PgDialect();

/**
 * A fragment without parameters, rendered to its text once. A page statement repeats each region's order (its
 * ORDER BY and windows) and sort values, and Drizzle would render all of it again on every call.
 */
function prerendered<T>(fragment: SQL<T>): SQL<T> {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error('a prerendered SQL fragment has parameters');
  return sql<T>`${sql.raw(text)}`;
}

function perRegion<T>(make: (region: SortRegion) => SQL<T>): Readonly<Record<SortRegion, SQL<T>>> {
  return {
    all: prerendered(make('all')),
    marked: prerendered(make('marked')),
    published: prerendered(make('published')),
    drafts: prerendered(make('drafts')),
  };
}

const REGION_ORDER_BY = perRegion((region) => sql.join([...REGION_ORDER[region]], sql`, `));

/** The ORDER BY of a region (also the window of its row_number()). */
export function regionOrderBy(region: SortRegion): SQL {
  return REGION_ORDER_BY[region];
}

// Outside the marked region a row is not starred and has no marks: its first three keys are these constants,
// and the region's query does not join the marks.
const UNMARKED = [sql`'1'`, sql`'0'`, sql`'1000000000000'`];

const REGION_SORT_VALUES = perRegion((region) => {
  const keys = DEFAULT_KEYS.map((k, i) =>
    region === 'published' || region === 'drafts'
      ? (UNMARKED[i] ?? sql`(${k.expr})::text`)
      : sql`(${k.expr})::text`,
  );
  return sql<
    string[]
  >`array[${sql.join(keys, sql`, `)}, coalesce(${issues.visibilityUpdatedAt}::text, '')]::text[]`;
});

/** The sort values of a row of a region as text, to build the cursor from: the default keys, then the published date. */
export function regionSortValues(region: SortRegion): SQL<string[]> {
  return REGION_SORT_VALUES[region];
}

/** A decoded cursor: the default-key values of the last row of a page, and its published date when it has one. */
export interface IssueCursor {
  readonly values: readonly string[];
  readonly publishedAt: string | null;
  /** The region of the last row when the list is read by regions. */
  readonly region: (typeof SORT_REGIONS)[number];
}

/** An opaque cursor: the sort values of the last row of a page (regionSortValues). */
export function encodeCursor(values: readonly string[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

// The region a row belongs to, from its default-key values: starred (0), mentions (< 0) or a last mark (< 1e12)
// make it marked; else a published date (< 1e12) makes it published.
function regionOf(values: readonly string[]): (typeof SORT_REGIONS)[number] {
  const [starred, mentions, lastMark, published] = values.map(Number);
  if (starred === 0 || mentions !== 0 || (lastMark ?? 1e12) < 1e12) return 'marked';
  return (published ?? 1e12) < 1e12 ? 'published' : 'drafts';
}

const FORMATS: Readonly<Record<string, RegExp>> = {
  int: /^-?\d+$/,
  numeric: /^-?\d+(\.\d+)?$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  timestamptz: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}(:?\d{2})?|Z)?$/,
};

// A value the SQL cast will take, so that a forged cursor is refused as such rather than failing in the database.
function castable(value: string, type: string | undefined): boolean {
  const format = type ? FORMATS[type] : undefined;
  return format ? format.test(value) : true;
}

/** Decodes a cursor; anything this server did not make is the caller's mistake (BAD_USER_INPUT). */
export function decodeCursor(cursor: string): IssueCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const n = DEFAULT_KEYS.length;
    if (
      Array.isArray(parsed) &&
      (parsed.length === n || parsed.length === n + 1) &&
      parsed.every((v) => typeof v === 'string')
    ) {
      const values = (parsed as string[]).slice(0, n);
      const publishedAt = (parsed as string[])[n] || null;
      if (
        values.every((v, i) => castable(v, DEFAULT_KEYS[i]?.type)) &&
        (publishedAt === null || castable(publishedAt, 'timestamptz'))
      )
        return { values, publishedAt, region: regionOf(values) };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new AppError('BAD_USER_INPUT', 'invalid cursor', { field: 'after' });
}

/**
 * Rows strictly after the cursor in the list order: the default keys compared as one row, which holds within
 * every region too (a region's order is the default order). Outside the marked region the first three keys are
 * constant on both sides and left out; the published region also gets the published date as a plain bound an
 * index scan can start from.
 */
export function afterCursorWhere(cursor: IssueCursor, region: SortRegion): SQL {
  const from = region === 'published' || region === 'drafts' ? UNMARKED.length : 0;
  const keys = DEFAULT_KEYS.slice(from);
  const params = keys.map((k, i) => sql`${cursor.values[from + i] ?? ''}::${sql.raw(k.type)}`);
  const after = sql`(${sql.join(
    keys.map((k) => k.expr),
    sql`, `,
  )}) > (${sql.join(params, sql`, `)})`;
  if (region !== 'published' || !cursor.publishedAt) return after;
  return sql`${issues.visibilityUpdatedAt} <= ${cursor.publishedAt}::timestamptz and ${after}`;
}
