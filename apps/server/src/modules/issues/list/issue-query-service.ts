import { issueHistoryRows, type IssueHistoryRow } from '../issue-activity-repository.ts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { readDatabase } from '../../../db/read-replicas.ts';
import { AppError, canSeeIssue, issueFilterSchema, type IssueFilter } from '@obra/domain';
import type { AppServices } from '../../../services.ts';
import type { Actor } from '../../../auth/actor.ts';
import {
  loadProjectAccess,
  type ProjectAccess,
  audienceOf,
  projectActorOf,
} from '../../projects/project-access.ts';
import { requireIssueReader } from '../../projects/project-access.ts';
import { visibleFilteredWhere } from './issue-filter-sql.ts';
import { projectStatuses } from '../../projects/project-settings-repository.ts';
import { loadIssueViews, loadVisibleIssueRows, type IssueRow, type IssueView } from '../issue-repository.ts';
import { FULL_PAGE_SHAPE, selectIssuePage, type IssuePageShape } from './issue-page-sql.ts';
import type { PageUserTags } from './issue-page-children-sql.ts';
import { listUserTags } from '../../projects/project-group-repository.ts';

/** Issues per page (spec core §9); larger requests get this many. */
export const ISSUE_PAGE_SIZE = 500;

type HistoryRow = IssueHistoryRow;

/** A page of the issue list. */
export interface IssuePage {
  access: ProjectAccess;
  issues: IssueView[];
  /** The caller's tags of the project that the page's issues carry, by id. */
  userTags: PageUserTags;
  /** The history of each issue of the page (includeHistory only). */
  history: ReadonlyMap<number, HistoryRow[]>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** Parses getIssues' filter (JSON, or its text); anything issueFilterSchema refuses is BAD_USER_INPUT. */
export function parseIssueFilter(raw: unknown): IssueFilter {
  let value: unknown = raw ?? {};
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      throw new AppError('BAD_USER_INPUT', 'filter is not JSON', { field: 'filter' });
    }
  }
  const parsed = issueFilterSchema.safeParse(value);
  if (!parsed.success)
    throw new AppError('BAD_USER_INPUT', 'invalid filter', { field: 'filter', issues: parsed.error.issues });
  return parsed.data;
}

/**
 * The WHERE clause of the issue list for a caller and a filter: visibility (FORBIDDEN for those who read no
 * issues) and the filter, over `issues` left-joined to the caller's `issue_user_states` row. The dashboards
 * aggregate over the same clause, so they count exactly what the list shows.
 */
export async function issueListWhere(
  db: Db,
  access: ProjectAccess,
  filter: IssueFilter,
  today: string = new Date().toISOString().slice(0, 10),
): Promise<SQL> {
  requireIssueReader(access);
  // Only the pendencies filters read the project's discipline statuses: other pages skip that query.
  const pending = filter.standard === 'pendencies' || filter.standard === 'latePendencies';
  const statuses = pending ? (await projectStatuses(db, access.project.id)).all : new Map();
  const audience = audienceOf(access);
  return visibleFilteredWhere(filter, { audience, statuses, today });
}

/** The arguments of getIssues. */
export interface GetIssuesInput {
  projectId: number;
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: unknown;
  /** Load each issue's history too (the light variant's includeHistory). */
  includeHistory?: boolean | null | undefined;
  /** What of each issue to read (the fields a query asks for); everything when undefined. */
  shape?: IssuePageShape | undefined;
  /**
   * The caller's access to the project when the request has already loaded it (one access load per request, as
   * a BCF-API list that checked the project first); loaded here otherwise. It must be the caller's, to this project.
   */
  access?: ProjectAccess | undefined;
  /**
   * Read on the primary even when there are read replicas: for a read that decides a write (the smart flow's runs),
   * which must see every commit. Otherwise the list reads where `readDatabase` says (db/read-replicas.ts).
   */
  primary?: boolean | undefined;
}

/**
 * One page of the issues the caller may see, filtered and in the default order. Visibility and the filter
 * are applied in SQL; the page and its children are one statement (issue-page-sql.ts), whatever its size.
 */
export async function getIssues(
  services: AppServices,
  actor: Actor,
  input: GetIssuesInput,
): Promise<IssuePage> {
  // The list is a read-only request: a fresh-enough read replica may answer it (read-your-writes for the caller).
  const db = input.primary ? services.database.db : readDatabase(services, actor);
  const filter = parseIssueFilter(input.filter);
  const first = input.first ?? ISSUE_PAGE_SIZE;
  if (first < 1) throw new AppError('BAD_USER_INPUT', 'first must be positive', { field: 'first' });
  const size = Math.min(first, ISSUE_PAGE_SIZE);
  const access = input.access ?? (await loadProjectAccess(db, actor, input.projectId));
  if (access.project.id !== input.projectId || access.actor.account.id !== actor.account.id)
    throw new Error('getIssues was given the access of another project or caller');
  const where = await issueListWhere(db, access, filter);
  const userId = actor.account.id;
  const { views, userTags, hasNextPage, endCursor } = await selectIssuePage(db, {
    userId,
    projectId: input.projectId,
    where,
    after: input.after,
    size,
    narrow: Boolean(filter.search?.trim()) || filter.ids !== undefined,
    shape: input.shape ?? FULL_PAGE_SHAPE,
  });
  return {
    access,
    issues: views,
    userTags,
    history: input.includeHistory
      ? await loadVisibleHistory(
          services,
          access,
          views.map((v) => v.row),
          db,
        )
      : new Map(),
    pageInfo: { hasNextPage, endCursor },
  };
}

/** One issue with its history, or NOT_FOUND when it does not exist or the caller may not see it (alike). */
export async function getIssue(
  services: AppServices,
  actor: Actor,
  projectId: number,
  issueId: number,
): Promise<{ access: ProjectAccess; view: IssueView; history: HistoryRow[] }> {
  const { db } = services.database;
  const access = await loadProjectAccess(db, actor, projectId);
  requireIssueReader(access);
  const [row] = await loadVisibleIssueRows(db, access, [issueId]);
  if (!row) throw new AppError('NOT_FOUND');
  const [view] = await loadIssueViews(db, actor.account.id, [row]);
  if (!view) throw new AppError('NOT_FOUND');
  const history = (await loadVisibleHistory(services, access, [row])).get(row.id) ?? [];
  return { access, view, history };
}

/** The caller's personal tags of a project by id (one query): they name the tags of the issues shown. */
export async function userTagsOf(
  services: AppServices,
  actor: Actor,
  projectId: number,
): Promise<PageUserTags> {
  const tags = await listUserTags(services.database.db, projectId, actor.account.id);
  return new Map(tags.map((t) => [t.id, t]));
}

/** getIssue / issue: one issue with its history and the caller's tag names, or NOT_FOUND. */
export async function getIssueDetail(
  services: AppServices,
  actor: Actor,
  projectId: number,
  issueId: number,
) {
  const detail = await getIssue(services, actor, projectId, issueId);
  return { ...detail, userTags: await userTagsOf(services, actor, projectId) };
}

/**
 * Issues just changed (updateIssues), as they are now and read with the caller's visibility (a visibility change
 * may have hidden one from them), with the caller's tag names.
 */
export async function getChangedIssues(
  services: AppServices,
  actor: Actor,
  projectId: number,
  issueIds: readonly number[],
): Promise<{ access: ProjectAccess; views: IssueView[]; userTags: PageUserTags }> {
  const { db } = services.database;
  const access = await loadProjectAccess(db, actor, projectId);
  const rows = await loadVisibleIssueRows(db, access, issueIds);
  const userTags = await userTagsOf(services, actor, projectId);
  return { access, views: await loadIssueViews(db, actor.account.id, rows), userTags };
}

/**
 * The issue history entries of issues the caller sees, oldest first, in one query. Comment entries have their own
 * call (getProjectIssueCommentHistory), which applies comment visibility. An entry is shown to those who could see
 * the issue with the visibility it had then: what happened while it was a draft (or a group issue) stays with the
 * people who saw it at the time.
 */
export async function loadVisibleHistory(
  services: AppServices,
  access: ProjectAccess,
  rows: readonly IssueRow[],
  db: Db = services.database.db,
): Promise<Map<number, HistoryRow[]>> {
  const byIssue = new Map<number, HistoryRow[]>(rows.map((r) => [r.id, []]));
  if (rows.length === 0) return byIssue;
  const entries = await issueHistoryRows(
    db,
    rows.map((r) => r.id),
  );
  const viewer = projectActorOf(access);
  const issueOf = new Map(rows.map((r) => [r.id, r]));
  for (const h of entries) {
    const row = issueOf.get(h.issueId);
    if (
      row &&
      canSeeIssue(viewer, {
        visibility: h.issueVisibility,
        createdByUserId: row.createdByUserId,
        groupId: row.groupId,
      })
    )
      byIssue.get(h.issueId)?.push(h);
  }
  return byIssue;
}
