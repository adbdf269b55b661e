// The bare SQL of a getIssues page: one hand-written statement that returns the same rows, in the same order,
// with the same data as the list page of the web app (IssueListFields, image titles included since the list's
// search reads them, and the first image's file since each row shows its thumbnail), children aggregated as JSON. It is what
// the API is measured against. Two forms: `reference`, which sorts every visible row by the default order
// (the plain way to write it, and the order every other path is checked against), and `regions`, which reads
// the index the way the server does without a narrowing filter (issue-sort-sql.ts).
import pg from 'pg';
import type { Database, SqlExecutor } from '../../apps/server/src/db/database.ts';

/** Who looks (a manager outside the groups, like the benchmark's viewer) and which extra condition applies. */
export interface BarePage {
  projectId: number;
  userId: number;
  groupIds: readonly number[];
  /** Extra WHERE conditions on `i` (issues), with parameters from $4 on. */
  where?: string;
  params?: readonly unknown[];
  limit?: number;
  /** Read by regions (an unfiltered first page) instead of sorting every row. */
  regions?: boolean;
  /**
   * What each row carries: the web list's data (default), or a BCF-API topic's (`topic`: the topic's columns,
   * the disciplines' ids, the labels' names, the issue's `bcf_topics` row and its authors' e-mails, and the
   * project's inactive categories and phases; see bench/bcf/bcf-api-topics-bench.ts).
   */
  columns?: 'list' | 'topic';
}

const VISIBLE =
  "i.project_id = $1 and (i.created_by_user_id = $2 or i.visibility in ('public', 'project_management', 'semi_public') or (i.visibility = 'group' and i.group_id = any($3::int[])))";
const NS = `select issue_id, count(*)::int as count, (count(*) filter (where is_mention))::int as mentions, max(created_at) as last_at
  from issue_notifications where user_id = $2 and project_id = $1 group by issue_id`;

// DEFAULT_ISSUE_SORT: starred, mentions (most first), last mark (newest first), published (newest first, drafts
// last), priority, status, deadline (soonest, none last), created (newest), title, id (newest).
const SORT_KEYS = `(case when s.starred then 0 else 1 end) as k1, -coalesce(ns.mentions, 0) as k2, coalesce(-extract(epoch from ns.last_at), 1e12) as k3,
  coalesce(-extract(epoch from i.visibility_updated_at), 1e12) as k4, (case i.priority when 'high' then 0 when 'medium' then 1 else 2 end) as k5,
  (case i.status when 'active' then 0 when 'resolved' then 1 when 'reproved' then 2 else 3 end) as k6, coalesce(i.deadline, '9999-12-31'::date) as k7,
  -extract(epoch from i.created_at) as k8, lower(i.title) as k9, -i.id as k10`;
const ORDER = 'k1, k2, k3, k4, k5, k6, k7, k8, k9, k10';

// The page's rows with the list's data, children aggregated as JSON; `page` has (id, starred, tag_ids, count,
// mentions, last_at) and the order columns named by `order`.
function pageColumns(order: string): string {
  return `
select i.id, i.code, i.title, i.description, i.status, i.priority, i.visibility, i.category_id, i.creation_phase, i.resolution_phase,
  i.deadline, i.group_id, i.created_at, i.created_by_user_id, i.visibility_updated_at, i.edited_at,
  coalesce(p.starred, false) as starred, coalesce(p.tag_ids, '[]'::jsonb) as tag_ids,
  coalesce(p.count, 0) as notifications, coalesce(p.mentions, 0) as mentions, p.last_at,
  (select coalesce(json_agg(json_build_object('disciplineId', d.discipline_id, 'status', d.status, 'deadline', d.deadline) order by d.discipline_id), '[]')
     from issue_disciplines d where d.issue_id = i.id) as disciplines,
  (select coalesce(json_agg(l.local_id), '[]') from issue_locals l where l.issue_id = i.id) as locals,
  (select coalesce(json_agg(b.label_id), '[]') from issue_labels b where b.issue_id = i.id) as labels,
  (select coalesce(json_agg(m.title order by m.index, m.id), '[]') from issue_images m
     where m.issue_id = i.id and m.comment_id is null and m.title <> '') as image_titles,
  (select json_build_array(f.storage_key, f.content_type, f.thumb_key) from issue_images m
     join issue_files f on f.id = coalesce(m.marked_up_file_id, m.original_file_id)
     where m.issue_id = i.id and m.comment_id is null order by m.index, m.id limit 1) as cover
from page p join issues i on i.id = p.id
order by ${order}`;
}

// The same rows with what a BCF-API topic answers of them (topic_GET's fields and authorization): the issue's
// topic columns, its disciplines' ids (edit scope), its labels' names, its `bcf_topics` row (an imported topic's
// GUID and kept fields), its creator's and last editor's e-mails, and once, the project's inactive categories and
// phases (an imported topic's type and stage are answered while they still read as the issue's).
function topicColumns(order: string): string {
  return `
select i.id, i.code, i.title, i.description, i.status, i.priority, i.visibility, i.category_id, i.creation_phase,
  i.deadline, i.group_id, i.created_at, i.created_by_user_id, i.edited_at, i.edited_by_user_id,
  (select coalesce(json_agg(d.discipline_id order by d.discipline_id), '[]') from issue_disciplines d where d.issue_id = i.id) as disciplines,
  (select coalesce(json_agg(l.name order by l.id), '[]') from issue_labels b join project_labels l on l.id = b.label_id
     where b.issue_id = i.id) as labels,
  t.guid as bcf_guid, t.topic as bcf_topic, cu.email as creator_email, eu.email as editor_email,
  (select coalesce(json_agg(c.category_id), '[]') from project_categories c where c.project_id = $1 and not c.active) as inactive_categories,
  (select coalesce(json_agg(h.phase_id), '[]') from project_phases h where h.project_id = $1 and not h.active) as inactive_phases
from page p join issues i on i.id = p.id
left join bcf_topics t on t.issue_id = i.id
left join users cu on cu.id = i.created_by_user_id
left join users eu on eu.id = i.edited_by_user_id
order by ${order}`;
}

function columnsOf(page: BarePage, order: string): string {
  return page.columns === 'topic' ? topicColumns(order) : pageColumns(order);
}

function referenceSql(page: BarePage): string {
  return `
with ns as (${NS}),
page as (
  select i.id, s.starred, s.tag_ids, ns.count, ns.mentions, ns.last_at, ${SORT_KEYS}
  from issues i
  left join issue_user_states s on s.issue_id = i.id and s.user_id = $2
  left join ns on ns.issue_id = i.id
  where ${VISIBLE} ${page.where ? `and ${page.where}` : ''}
  order by ${ORDER}
  limit ${page.limit ?? 500})
${columnsOf(page, ORDER)}`;
}

const TAIL =
  "(case i.priority when 'high' then 0 when 'medium' then 1 else 2 end), (case i.status when 'active' then 0 when 'resolved' then 1 when 'reproved' then 2 else 3 end), coalesce(i.deadline, '9999-12-31'::date), i.created_at desc, lower(i.title), i.id desc";
const UNMARKED =
  'not exists (select 1 from issue_user_states u where u.issue_id = i.id and u.user_id = $2 and u.starred) and not exists (select 1 from issue_notifications n where n.issue_id = i.id and n.user_id = $2 and n.project_id = $1)';

// Marked issues (starred or with unread marks) first in the full order, then the others published newest first
// (read from issues_project_default_sort_idx), then drafts; a region is read only while the page is not full.
function regionsSql(page: BarePage): string {
  const n = page.limit ?? 500;
  return `
with ns as (${NS}),
marked as (
  select i.id, 0 as region, row_number() over (order by ${ORDER}) as rn from (
    select i.id, ${SORT_KEYS} from issues i
    left join issue_user_states s on s.issue_id = i.id and s.user_id = $2
    left join ns on ns.issue_id = i.id
    where ${VISIBLE} and i.id = any(array(select issue_id from issue_user_states where user_id = $2 and starred union select issue_id from issue_notifications where user_id = $2 and project_id = $1))) i
  order by ${ORDER} limit ${n}),
published as (
  select i.id, 1 as region, row_number() over (order by i.visibility_updated_at desc nulls last, ${TAIL}) as rn from issues i
  where ${VISIBLE} and i.visibility_updated_at is not null and ${UNMARKED} and (select count(*) from marked) < ${n}
  order by i.visibility_updated_at desc nulls last, ${TAIL} limit ${n}),
drafts as (
  select i.id, 2 as region, row_number() over (order by ${TAIL}) as rn from issues i
  where ${VISIBLE} and i.visibility_updated_at is null and ${UNMARKED} and (select count(*) from marked) + (select count(*) from published) < ${n}
  order by ${TAIL} limit ${n}),
ranked as (select * from marked union all select * from published union all select * from drafts order by region, rn limit ${n}),
page as (
  select r.id, r.region, r.rn, s.starred, s.tag_ids, ns.count, ns.mentions, ns.last_at from ranked r
  left join issue_user_states s on s.issue_id = r.id and s.user_id = $2
  left join ns on ns.issue_id = r.id)
${columnsOf(page, 'p.region, p.rn')}`;
}

/** The statement and its parameters. */
export function barePageSql(page: BarePage): { text: string; values: unknown[] } {
  if (page.regions && page.where) throw new Error('the regions form is written for the unfiltered list');
  return {
    text: page.regions ? regionsSql(page) : referenceSql(page),
    values: [page.projectId, page.userId, [...page.groupIds], ...(page.params ?? [])],
  };
}

/** Runs the bare statement; returns the ids in order. */
export async function runBarePage(executor: SqlExecutor, page: BarePage): Promise<number[]> {
  return (await runBareRows(executor, page)).map((r) => r['id'] as number);
}

/** Runs the bare statement; returns its rows. */
export async function runBareRows(executor: SqlExecutor, page: BarePage): Promise<Record<string, unknown>[]> {
  const { text, values } = barePageSql(page);
  const { rows } = await executor.executeSql(text, values);
  return rows as Record<string, unknown>[];
}

/**
 * Where the bare SQL runs: PGlite's own executor, or on PostgreSQL a pool of its own with jit off. PostgreSQL's
 * default jit=on compiles any statement estimated above jit_above_cost; the bare statement (children aggregated
 * in correlated subqueries) is estimated above it and compiling takes 100–300 ms, more than running it. The
 * server's own statements are estimated well below it.
 */
export function bareExecutor(database: Database): { executor: SqlExecutor; close(): Promise<void> } {
  if (!database.connectionString) return { executor: database.executor, close: async () => undefined };
  const pool = new pg.Pool({ connectionString: database.connectionString, max: 2, options: '-c jit=off' });
  return {
    executor: { executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }) },
    close: () => pool.end(),
  };
}
