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

/**
 * An issue's children as one JSON value, read in the page statement itself (set-based: no query per child table),
 * in the order loadIssueViews gives them: disciplines, locals and labels by id, and the caller's own marks. The
 * caller's tags are those of `issue_user_states.tag_ids` that are still the caller's tags of the project (a tag
 * deleted since stays in tag_ids until the issue is tagged again), with their names, so the list needs no
 * query of its own for them.
 */
export function childrenJson(userId: number, options: ChildrenOptions): SQL<ChildrenJson> {
  const doneAt = options.disciplineDoneAt ? sql`, 'da', d.done_at` : sql``;
  const details = options.disciplineDetails
    ? sql`, 'p', case when pd.id is null then null else json_build_object('id', pd.id, 'guid', pd.guid, 'name', pd.name,
              'abbreviation', pd.abbreviation, 'standardDisciplineId', pd.standard_discipline_id) end`
    : sql``;
  const disciplineJoin = options.disciplineDetails
    ? sql` left join project_disciplines pd on pd.id = d.discipline_id`
    : sql``;
  const imageTitles = options.imageTitles
    ? sql`,
    'it', (select coalesce(json_agg(i.title order by i.index, i.id), '[]'::json) from issue_images i
          where i.issue_id = ${issues.id} and i.comment_id is null and i.title <> '')`
    : sql``;
  const cover = options.cover
    ? sql`,
    'cv', (select json_build_array(f.storage_key, f.content_type, f.thumb_key) from issue_images i
          join issue_files f on f.id = coalesce(i.marked_up_file_id, i.original_file_id)
          where i.issue_id = ${issues.id} and i.comment_id is null order by i.index, i.id limit 1)`
    : sql``;
  const localIds =
    options.localIds === false
      ? sql``
      : sql`,
    'lo', (select coalesce(json_agg(l.local_id order by l.local_id), '[]'::json) from issue_locals l where l.issue_id = ${issues.id})`;
  const userState =
    options.userState === false
      ? sql``
      : sql`,
    's', (select json_build_object('starred', u.starred, 'tags', case when jsonb_typeof(u.tag_ids) = 'array' then
            (select coalesce(json_agg(json_build_array(t.id, t.name) order by e.o), '[]'::json)
              from jsonb_array_elements(u.tag_ids) with ordinality e(v, o)
              join project_user_tags t on t.id = case when jsonb_typeof(e.v) = 'number' then (e.v)::numeric end
              where t.project_id = ${issues.projectId} and t.user_id = ${userId})
            else '[]'::json end)
          from issue_user_states u where u.issue_id = ${issues.id} and u.user_id = ${userId})`;
  return sql<ChildrenJson>`json_build_object(
    'd', (select coalesce(json_agg(json_build_object('i', d.discipline_id, 's', d.status, 'dl', d.deadline${doneAt}${details})
            order by d.discipline_id), '[]'::json)
          from issue_disciplines d${disciplineJoin} where d.issue_id = ${issues.id}),
    'la', (select coalesce(json_agg(l.label_id order by l.label_id), '[]'::json) from issue_labels l where l.issue_id = ${issues.id})${localIds}${userState}${imageTitles}${cover})`;
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
