import { and, eq, inArray } from 'drizzle-orm';
import { issueNotifications } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../../modules/projects/project-access.ts';
import { loadProjectAccess } from '../../modules/projects/project-access.ts';
import {
  loadNotificationSummaries,
  NO_NOTIFICATIONS,
  type NotificationsSummary,
} from '../../modules/issues/notifications/issue-notification-sql.ts';
import { requireActor, type GraphQLContext } from '../context.ts';
import { ALL_COMMENTS, type CommentsFilter } from '../../modules/issues/comments/issue-comment-repository.ts';

/** What the list serves of each issue (getIssues' light-variant flags); the detail serves everything. */
export interface IssueInclude {
  readonly images: boolean;
  readonly comments: boolean;
  readonly commentsImages: boolean;
  readonly history: boolean;
  readonly commentsFilter: CommentsFilter;
}

/** Everything: the detail (getIssue / issue) and subscription payloads. */
export const INCLUDE_ALL: IssueInclude = {
  images: true,
  comments: true,
  commentsImages: true,
  history: true,
  commentsFilter: ALL_COMMENTS,
};
/** A list without the flags: none of the heavy children. */
export const INCLUDE_NONE: IssueInclude = {
  images: false,
  comments: false,
  commentsImages: false,
  history: false,
  commentsFilter: ALL_COMMENTS,
};

interface IssueOrigin {
  readonly access: ProjectAccess;
  /** True for getIssue / issue and subscription payloads: notifications are served. */
  readonly detail: boolean;
  readonly include: IssueInclude;
  /** The caller's unread marks on the issue, when its list page read them with its rows. */
  readonly summary?: NotificationsSummary | undefined;
}

const origins = new WeakMap<object, IssueOrigin>();

/**
 * Remembers who an issue object was presented to, as a detail (`true`: everything) or in a list (the list's
 * flags, and the caller's unread marks when the page read them), for its extension fields.
 */
export function attachIssueOrigin<T extends object>(
  issue: T,
  access: ProjectAccess,
  detail: boolean | IssueInclude,
  summary?: NotificationsSummary,
): T {
  origins.set(
    issue,
    typeof detail === 'boolean'
      ? { access, detail, include: detail ? INCLUDE_ALL : INCLUDE_NONE }
      : { access, detail: false, include: detail, summary },
  );
  return issue;
}

const commentOrigins = new WeakMap<object, boolean>();

/** Remembers whether a comment object's images are served (getIssues without includeCommentsImages: not). */
export function attachCommentImages<T extends object>(comment: T, images: boolean): T {
  commentOrigins.set(comment, images);
  return comment;
}

/** Whether a comment object's images are served (yes unless its list said otherwise). */
export function commentImagesServed(comment: object): boolean {
  return commentOrigins.get(comment) ?? true;
}

const accessCache = new WeakMap<object, Map<number, Promise<ProjectAccess>>>();

/** The caller's access for an issue object: the one it was presented with, else loaded once per request. */
export async function originOf(
  issue: object & { projectId: number },
  ctx: GraphQLContext,
): Promise<IssueOrigin> {
  const known = origins.get(issue);
  if (known) return known;
  let perRequest = accessCache.get(ctx);
  if (!perRequest) accessCache.set(ctx, (perRequest = new Map()));
  let access = perRequest.get(issue.projectId);
  if (!access)
    perRequest.set(
      issue.projectId,
      (access = loadProjectAccess(ctx.services.database.db, requireActor(ctx), issue.projectId)),
    );
  return { access: await access, detail: false, include: INCLUDE_NONE };
}

interface Batch {
  readonly ids: Set<number>;
  readonly result: Promise<Map<number, unknown>>;
}

const batches = new WeakMap<object, Map<string, Batch>>();

/**
 * Gathers the ids asked for by the resolvers of one turn (all the items of a list are resolved in the same
 * turn) and loads them with one call: no query per item.
 */
export function batched<V>(
  ctx: GraphQLContext,
  name: string,
  id: number,
  load: (ids: number[]) => Promise<Map<number, V>>,
): Promise<V | undefined> {
  let perRequest = batches.get(ctx);
  if (!perRequest) batches.set(ctx, (perRequest = new Map()));
  let batch = perRequest.get(name);
  if (!batch) {
    const ids = new Set<number>();
    const requests = perRequest;
    const result = new Promise<Map<number, V>>((resolve, reject) => {
      setImmediate(() => {
        requests.delete(name);
        load([...ids]).then(resolve, reject);
      });
    });
    batch = { ids, result };
    perRequest.set(name, batch);
  }
  batch.ids.add(id);
  return batch.result.then((map) => map.get(id) as V | undefined);
}

/**
 * The caller's notifications summary of an issue: the one its list page read with it, else loaded (batched over
 * the issues that ask).
 */
export function issueSummary(
  ctx: GraphQLContext,
  issue: object & { id: number },
): NotificationsSummary | Promise<NotificationsSummary> {
  return origins.get(issue)?.summary ?? loadSummary(ctx, issue.id);
}

/** The caller's notifications summary of an issue (batched over a page). */
export async function loadSummary(ctx: GraphQLContext, issueId: number): Promise<NotificationsSummary> {
  const userId = requireActor(ctx).account.id;
  const found = await batched(ctx, 'summary', issueId, (ids) =>
    loadNotificationSummaries(ctx.services.database.db, userId, ids),
  );
  return found ?? NO_NOTIFICATIONS;
}

/** Whether the caller has an unread mark on a history entry (batched over the entries of a detail). */
export async function hasHistoryMark(ctx: GraphQLContext, historyId: number): Promise<boolean> {
  const userId = requireActor(ctx).account.id;
  const found = await batched(ctx, 'historyMarks', historyId, async (ids) => {
    const rows = await ctx.services.database.db
      .select({ historyId: issueNotifications.historyId })
      .from(issueNotifications)
      .where(and(eq(issueNotifications.userId, userId), inArray(issueNotifications.historyId, ids)));
    return new Map(rows.map((r) => [r.historyId ?? 0, true]));
  });
  return found ?? false;
}
