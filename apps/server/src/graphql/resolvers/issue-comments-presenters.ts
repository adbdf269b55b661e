import type { issueHistory } from '../../db/schema/index.ts';
import type { CommentView, UserSummary } from '../../modules/issues/comments/issue-comment-repository.ts';
import type { CommentHistoryView } from '../../modules/issues/comments/issue-comment-query-service.ts';
import type { NotificationsSummary } from '../../modules/issues/notifications/issue-notification-sql.ts';

function userOf(view: CommentView, id: number | null): UserSummary | null {
  return id === null ? null : (view.users.get(id) ?? null);
}

/** The API shape of a comment (spec core §3 Comment); its images are served unless a list says otherwise. */
export function presentComment(view: CommentView) {
  const r = view.row;
  return {
    id: r.id,
    issueId: r.issueId,
    message: view.showMessage ? r.message : null,
    visibility: r.visibility,
    issueVisibility: view.issueVisibility,
    groupId: r.groupId,
    group: view.group,
    permissions: { edit: view.canEdit, delete: view.canDelete },
    createdAt: r.createdAt,
    createdByUserId: r.createdByUserId,
    createdByUser: userOf(view, r.createdByUserId),
    editedAt: r.editedAt,
    editedByUserId: r.editedByUserId,
    editedByUser: userOf(view, r.editedByUserId),
    visibilityUpdatedAt: r.visibilityUpdatedAt,
    visibilityUpdatedByUserId: r.visibilityUpdatedByUserId,
    visibilityUpdatedByUser: userOf(view, r.visibilityUpdatedByUserId),
    deletedAt: r.deletedAt,
    deletedByUserId: r.deletedByUserId,
    deletedByUser: userOf(view, r.deletedByUserId),
    hasNotification: view.hasNotification,
    mentionedUsers: Array.isArray(r.mentionedUserIds)
      ? r.mentionedUserIds.filter((v): v is number => typeof v === 'number')
      : [],
    // Whether Comment.images serves its images (getIssues without includeCommentsImages: not).
    imagesServed: true,
  };
}

/** The parent of Comment's fields (codegen mapper); its images are resolved by issue-images-resolvers.ts. */
export type CommentParent = ReturnType<typeof presentComment>;

/** The API shape of a comment history entry (spec core §3 Comment history entry). */
export function presentCommentHistory(entry: CommentHistoryView) {
  const h = entry.row;
  return {
    _id: h.id,
    userId: h.userId,
    user: entry.user,
    issueId: h.issueId,
    entityType: h.entityType,
    fields: h.fields,
    issueVisibility: h.issueVisibility,
    commentVisibility: h.commentVisibility,
    dataTime: h.createdAt,
  };
}

/** The API shape of the caller's unread marks (spec core §3 Issue notification). */
export function presentNotification(n: {
  id: number;
  projectId: number;
  commentId: number | null;
  historyId: number | null;
}) {
  return { _id: n.id, projectId: n.projectId, commentId: n.commentId, historicId: n.historyId };
}

/** The API shape of a notifications summary. */
export function presentSummary(s: NotificationsSummary) {
  return { count: s.count, mentions: s.mentions, last: s.last };
}

/** A history row, as the issue detail's history entries are built from. */
export type HistoryRow = typeof issueHistory.$inferSelect;
