import { sql, type SQL } from 'drizzle-orm';
import { issues } from '../../../db/schema/index.ts';
import type { NotificationsSummary } from '../notifications/issue-notification-sql.ts';
import type { DisciplineSummary, IssueRow, IssueView } from '../issue-repository.ts';

/** The children of one issue as the page statement returns them (JSON, short keys). */
export interface ChildrenJson {
  d: { i: number; s: string; dl: string | null; da?: string | null; p?: DisciplineSummary | null }[];
  /** The locals' ids (absent when the shape leaves them out). */
  lo?: number[];
  la: number[];
  /**
   * The caller's star, and their tags of the project on the issue as [id, name], in the stored order (null
   * without a row of the caller; absent when the shape leaves them out).
   */
  s?: { starred: boolean; tags: [number, string][] } | null;
  /** The titles of the issue's own images (not its comments'), when the shape asks for them. */
  it?: string[];
  /** The shown file of the issue's first image as [key, contentType, thumbKey], null without images (cover). */
  cv?: [string, string, string | null] | null;
}

/** What the page statement reads of each issue's children besides their ids. */
export interface ChildrenOptions {
  /** Each discipline's project discipline (id, name, …); without it `discipline` is null. */
  readonly disciplineDetails: boolean;
  /** When each discipline was done; without it `doneAt` is null. */
  readonly disciplineDoneAt: boolean;
  /**
   * The titles of the issue's own images, in their order (what the list's search reads of the images); without
   * it they are left to the request's loader (one more statement per page).
   */
  readonly imageTitles: boolean;
  /**
   * The shown file (marked up, else original) of the issue's first image, for the list's thumbnail (`cover`);
   * without it the request's image loader reads every image of the page.
   */
  readonly cover: boolean;
  /**
   * The locals' ids (IssueView.localIds); unless false. A read that does not answer them (a BCF topic) leaves
   * them out, and its views have none.
   */
  readonly localIds?: boolean;
  /**
   * The caller's star and tags on each issue (IssueView.starred, tagIds); unless false. A read that does not
   * answer them leaves them out, and its views are unstarred and untagged.
   */
  readonly userState?: boolean;
}

/** The children of a page, read set-wise over the page's ids: what the page statement adds for them. */
export interface PageChildren {
  /** Common table expressions (`name as (…)`) to follow the one that holds the page's rows. */
  readonly ctes: readonly SQL[];
  /** Their LEFT JOINs to `issues`. */
  readonly joins: SQL;
  /** The children of a row as one JSON value (ChildrenJson). */
  readonly json: SQL<ChildrenJson>;
}

/** One child table's aggregate per issue of the page: a CTE `name (issue_id, v)` and its LEFT JOIN to `issues`. */
function child(name: string, body: SQL): { cte: SQL; join: SQL; value: SQL } {
  const id = sql.identifier(name);
  return {
    cte: sql`${id} as (${body})`,
    join: sql` left join ${id} on ${id}."issue_id" = ${issues.id}`,
    value: sql`${id}."v"`,
  };
}

/**
 * An issue's children as one JSON value, in the order loadIssueViews gives them: disciplines, locals and labels by
 * id, and the caller's own marks. The caller's tags are those of `issue_user_states.tag_ids` that are still the
 * caller's tags of the project (a tag deleted since stays in tag_ids until the issue is tagged again), with their
 * names, so the list needs no query of its own for them.
 *
 * Set-based, in the page statement itself: each child table is read ONCE for all the page's issues (`pageIds`, an
 * int[] expression: `issue_id = any(…)`, one index scan per table) and aggregated per issue, then joined to the
 * page's rows — instead of a subquery per row and table (five index lookups per row; about 9 ms of a 500-row page
 * at 100,000 issues, docs/benchmarks.md). The page's issues are all of `projectId` (the list's visibility says so),
 * whose tags of the caller name the tag ids.
 */
export function pageChildren(
  userId: number,
  projectId: number,
  options: ChildrenOptions,
  pageIds: SQL,
): PageChildren {
  const doneAt = options.disciplineDoneAt ? sql`, 'da', d.done_at` : sql``;
  const details = options.disciplineDetails
    ? sql`, 'p', case when pd.id is null then null else json_build_object('id', pd.id, 'guid', pd.guid, 'name', pd.name,
              'abbreviation', pd.abbreviation, 'standardDisciplineId', pd.standard_discipline_id) end`
    : sql``;
  const disciplineJoin = options.disciplineDetails
    ? sql` left join project_disciplines pd on pd.id = d.discipline_id`
    : sql``;
  // An issue's labels or locations: the ids of its link table, in id order.
  const links = (key: string, list: 'labels' | 'locals') => {
    const [table, column] = [sql.identifier(`issue_${list}`), sql.identifier(`${list.slice(0, -1)}_id`)];
    return {
      key,
      empty: true,
      part: child(
        `child_${list}`,
        sql`select l.issue_id, json_agg(l.${column} order by l.${column}) as v
          from ${table} l where l.issue_id = any(${pageIds}) group by l.issue_id`,
      ),
    };
  };
  const parts: { key: string; part: ReturnType<typeof child>; empty: boolean }[] = [
    {
      key: 'd',
      empty: true,
      part: child(
        'child_disciplines',
        sql`select d.issue_id, json_agg(json_build_object('i', d.discipline_id, 's', d.status, 'dl', d.deadline${doneAt}${details})
            order by d.discipline_id) as v
          from issue_disciplines d${disciplineJoin} where d.issue_id = any(${pageIds}) group by d.issue_id`,
      ),
    },
    links('la', 'labels'),
  ];
  if (options.localIds !== false) parts.push(links('lo', 'locals'));
  if (options.userState !== false)
    parts.push({
      key: 's',
      empty: false,
      part: child(
        'child_user_state',
        sql`select u.issue_id, json_build_object('starred', u.starred, 'tags', case when jsonb_typeof(u.tag_ids) = 'array' then
            (select coalesce(json_agg(json_build_array(t.id, t.name) order by e.o), '[]'::json)
              from jsonb_array_elements(u.tag_ids) with ordinality e(v, o)
              join project_user_tags t on t.id = case when jsonb_typeof(e.v) = 'number' then (e.v)::numeric end
              where t.project_id = ${projectId} and t.user_id = ${userId})
            else '[]'::json end) as v
          from issue_user_states u where u.user_id = ${userId} and u.issue_id = any(${pageIds})`,
      ),
    });
  if (options.imageTitles)
    parts.push({
      key: 'it',
      empty: true,
      part: child(
        'child_image_titles',
        sql`select i.issue_id, json_agg(i.title order by i.index, i.id) as v from issue_images i
          where i.issue_id = any(${pageIds}) and i.comment_id is null and i.title <> '' group by i.issue_id`,
      ),
    });
  if (options.cover)
    parts.push({
      key: 'cv',
      empty: false,
      part: child(
        'child_cover',
        sql`select distinct on (i.issue_id) i.issue_id, json_build_array(f.storage_key, f.content_type, f.thumb_key) as v
          from issue_images i join issue_files f on f.id = coalesce(i.marked_up_file_id, i.original_file_id)
          where i.issue_id = any(${pageIds}) and i.comment_id is null order by i.issue_id, i.index, i.id`,
      ),
    });
  return {
    ctes: parts.map((p) => p.part.cte),
    joins: sql.join(
      parts.map((p) => p.part.join),
      sql``,
    ),
    json: sql<ChildrenJson>`json_build_object(${sql.join(
      parts.map((p) =>
        p.empty
          ? sql`${sql.raw(`'${p.key}'`)}, coalesce(${p.part.value}, '[]'::json)`
          : sql`${sql.raw(`'${p.key}'`)}, ${p.part.value}`,
      ),
      sql`, `,
    )})`,
  };
}

/** The caller's tags found on a page, by id (what presentIssue names issue tags with). */
export type PageUserTags = Map<number, { id: number; name: string }>;

/**
 * A page row and its children JSON as the view loadIssueViews would make of them (a timestamp as a Date, a date
 * as its text); the caller's tags on it are added to `userTags`.
 */
export function pageViewOf(
  row: IssueRow,
  json: ChildrenJson,
  userTags: PageUserTags,
  notifications: NotificationsSummary | undefined,
): IssueView {
  const tags = json.s?.tags ?? [];
  for (const [id, name] of tags) if (!userTags.has(id)) userTags.set(id, { id, name });
  const issueId = row.id;
  const view: IssueView = {
    row,
    disciplines: json.d.map((d) => ({
      issueId,
      disciplineId: d.i,
      status: d.s,
      deadline: d.dl,
      doneAt: d.da ? new Date(d.da) : null,
      discipline: d.p ?? null,
    })),
    localIds: json.lo ?? [],
    labelIds: json.la,
    starred: json.s?.starred ?? false,
    tagIds: tags.map(([id]) => id),
    ...(json.it ? { imageTitles: json.it } : {}),
    ...(json.cv !== undefined
      ? { cover: json.cv ? { key: json.cv[0], contentType: json.cv[1], thumbKey: json.cv[2] } : null }
      : {}),
  };
  return notifications ? { ...view, notifications } : view;
}
