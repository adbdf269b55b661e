import { requireActor } from '../context.ts';
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
import { issueNotificationsOf } from '../../modules/issues/notifications/issue-notification-sql.ts';
import {
  presentComment,
  presentCommentHistory,
  presentNotification,
  presentSummary,
} from './issue-comments-presenters.ts';

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
      const { origin } = parent;
      if (origin.detail)
        return (await issueCommentViews(ctx.services, origin.access, parent.id, parent.visibility)).map(
          presentComment,
        );
      if (!origin.include.comments) return [];
      const views = await ctx.loaders
        .listComments(origin.access, origin.include.commentsFilter)
        .load({ issueId: parent.id, visibility: parent.visibility });
      return views.map((view) => ({ ...presentComment(view), imagesServed: origin.include.commentsImages }));
    },
    notificationsSummary: (parent, _a, ctx) => {
      // A list page read its issues' summaries with them: no promise, no query, for each of its issues.
      const summary = parent.origin.summary;
      return summary
        ? presentSummary(summary)
        : ctx.loaders.notificationSummaries.load(parent.id).then(presentSummary);
    },
    // Served on the detail and in subscriptions only.
    notifications: async (parent, _a, ctx) =>
      parent.origin.detail
        ? (await issueNotificationsOf(ctx.services, parent.origin.access, parent.id)).map(presentNotification)
        : [],
  },
  IssueHistoryEntry: {
    hasNotification: (parent, _a, ctx) => ctx.loaders.historyMarks.load(parent._id),
  },
};
