import { requireActor, type GraphQLContext } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import {
  createComment,
  deleteComment,
  updateComment,
} from '../../modules/issues/comments/issue-comment-service.ts';
import {
  getCommentHistory,
  issueCommentViews,
} from '../../modules/issues/comments/issue-comment-query-service.ts';
import {
  markCommentUnread,
  markIssuesRead,
  markIssuesUnread,
} from '../../modules/issues/notifications/issue-notification-service.ts';
import { loadIssueNotifications } from '../../modules/issues/notifications/issue-notification-sql.ts';
import { audienceOf } from '../../modules/issues/issue-visibility-sql.ts';
import {
  presentComment,
  presentCommentHistory,
  presentNotification,
  presentSummary,
} from './issue-comments-presenters.ts';
import {
  attachCommentImages,
  batched,
  hasHistoryMark,
  issueSummary,
  originOf,
} from './issue-request-cache.ts';
import {
  loadCommentsOfIssues,
  loadCommentViews,
  type CommentsFilter,
  type CommentView,
} from '../../modules/issues/comments/issue-comment-repository.ts';
import type { ProjectAccess } from '../../modules/projects/project-access.ts';

interface IssueParent {
  id?: number | null;
  projectId?: number | null;
  visibility?: string | null;
}

/** The detail's caller access for an issue object, or undefined in lists (where notifications are not served). */
async function detailAccess(parent: IssueParent, ctx: GraphQLContext) {
  if (parent.id == null || parent.projectId == null) return undefined;
  const origin = await originOf(parent as IssueParent & { projectId: number }, ctx);
  return origin.detail ? origin.access : undefined;
}

const listVisibilities = new WeakMap<object, Map<number, string>>();

/**
 * The comments of the issues of a list page, through its filter: gathered over the page (the batch runs after
 * every issue of the page has asked), three queries in all.
 */
function listComments(
  ctx: GraphQLContext,
  access: ProjectAccess,
  filter: CommentsFilter,
  issueId: number,
  issueVisibility: string,
): Promise<CommentView[] | undefined> {
  let visibilities = listVisibilities.get(ctx);
  if (!visibilities) listVisibilities.set(ctx, (visibilities = new Map()));
  visibilities.set(issueId, issueVisibility);
  const known = visibilities;
  return batched(ctx, 'listComments', issueId, async (ids) => {
    const rows = await loadCommentsOfIssues(ctx.services.database.db, access, ids, filter);
    const views = await loadCommentViews(ctx.services.database.db, access, known, rows);
    const byIssue = new Map<number, CommentView[]>(ids.map((id) => [id, []]));
    for (const view of views) byIssue.get(view.row.issueId)?.push(view);
    return byIssue;
  });
}

/** Comments, comment history, notifications and read/unread (spec core §7), and the Issue fields they add. */
export const issueCommentsResolvers: Resolvers = {
  Query: {
    getProjectIssueCommentHistory: async (_r, { projectId, commentId }, ctx) =>
      (await getCommentHistory(ctx.services, requireActor(ctx), projectId, commentId)).map(
        presentCommentHistory,
      ),
  },
  Mutation: {
    createProjectIssueComment: async (_r, args, ctx) =>
      presentComment(await createComment(ctx.services, requireActor(ctx), args)),
    updateProjectIssueComment: async (_r, args, ctx) =>
      presentComment(await updateComment(ctx.services, requireActor(ctx), args)),
    deleteProjectIssueComment: (_r, args, ctx) => deleteComment(ctx.services, requireActor(ctx), args),
    deleteProjectIssueNotifications: (_r, { issuesId }, ctx) =>
      markIssuesRead(ctx.services, requireActor(ctx), issuesId),
    setProjectIssuesUnread: (_r, { projectId, issuesId }, ctx) =>
      markIssuesUnread(ctx.services, requireActor(ctx), projectId, issuesId),
    setProjectIssueCommentUnread: (_r, args, ctx) => markCommentUnread(ctx.services, requireActor(ctx), args),
  },
  Issue: {
    comments: async (parent, _a, ctx) => {
      if (parent.id == null || parent.projectId == null) return [];
      const origin = await originOf(parent as IssueParent & { projectId: number }, ctx);
      const visibility = parent.visibility ?? 'creator';
      if (origin.detail)
        return (await issueCommentViews(ctx.services, origin.access, parent.id, visibility)).map(
          presentComment,
        );
      if (!origin.include.comments) return [];
      const views =
        (await listComments(ctx, origin.access, origin.include.commentsFilter, parent.id, visibility)) ?? [];
      return views.map((view) => attachCommentImages(presentComment(view), origin.include.commentsImages));
    },
    notificationsSummary: (parent, _a, ctx) => {
      if (parent.id == null) return presentSummary({ count: 0, mentions: 0, last: null });
      // A list page read its issues' summaries with them: no promise, no query, for each of its issues.
      const summary = issueSummary(ctx, parent as IssueParent & { id: number });
      return summary instanceof Promise ? summary.then(presentSummary) : presentSummary(summary);
    },
    notifications: async (parent, _a, ctx) => {
      const access = await detailAccess(parent, ctx);
      if (!access || parent.id == null) return [];
      return (await loadIssueNotifications(ctx.services.database.db, audienceOf(access), parent.id)).map(
        presentNotification,
      );
    },
  },
  IssueHistoryEntry: {
    hasNotification: (parent, _a, ctx) => (parent._id == null ? false : hasHistoryMark(ctx, parent._id)),
  },
};
