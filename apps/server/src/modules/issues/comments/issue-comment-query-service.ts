import { AppError } from '@obra/domain';
import type { AppServices } from '../../../services.ts';
import { commentHistoryRows, type IssueHistoryRow } from '../issue-activity-repository.ts';
import type { Actor } from '../../../auth/actor.ts';
import { loadProjectAccess, type ProjectAccess } from '../../projects/project-access.ts';
import {
  loadCommentsOfIssues,
  loadCommentViews,
  loadIssueComments,
  loadUserSummaries,
  loadVisibleComment,
  type CommentsFilter,
  type CommentView,
  type UserSummary,
} from './issue-comment-repository.ts';

/** A comment history entry with its user. */
export interface CommentHistoryView {
  readonly row: IssueHistoryRow;
  readonly user: UserSummary | null;
}

/**
 * Drops what a deleted comment said from its history for everyone but its author: the message values and the
 * images (their titles are text of the comment too).
 */
function withheld(fields: unknown): unknown {
  if (!fields || typeof fields !== 'object') return fields;
  const { message: _message, images: _images, ...rest } = fields as Record<string, unknown>;
  return rest;
}

/**
 * getProjectIssueCommentHistory: the append-only history of a comment the caller sees (NOT_FOUND otherwise),
 * oldest first. Once a comment is deleted only its author still reads its messages and images in the history.
 */
export async function getCommentHistory(
  services: AppServices,
  actor: Actor,
  projectId: number,
  commentId: number,
): Promise<CommentHistoryView[]> {
  const { db } = services.database;
  const access = await loadProjectAccess(db, actor, projectId);
  const { comment } = await loadVisibleComment(db, access, commentId);
  const rows = await commentHistoryRows(db, comment.id);
  const hide = comment.deletedAt !== null && comment.createdByUserId !== actor.account.id;
  const people = await loadUserSummaries(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((row) => ({
    row: hide ? { ...row, fields: withheld(row.fields) } : row,
    user: row.userId === null ? null : (people.get(row.userId) ?? null),
  }));
}

/** The comments of an issue the caller sees, as views (the issue itself is known visible). */
export async function issueCommentViews(
  services: AppServices,
  access: ProjectAccess,
  issueId: number,
  issueVisibility: string,
): Promise<CommentView[]> {
  const { db } = services.database;
  const rows = await loadIssueComments(db, access, issueId);
  return loadCommentViews(db, access, new Map([[issueId, issueVisibility]]), rows);
}

/** One comment as the caller sees it, or undefined when they may not (for subscriptions). */
export async function visibleCommentView(
  services: AppServices,
  access: ProjectAccess,
  commentId: number,
): Promise<CommentView | undefined> {
  const { db } = services.database;
  try {
    const { comment, issue } = await loadVisibleComment(db, access, commentId);
    const [view] = await loadCommentViews(db, access, new Map([[issue.id, issue.visibility]]), [comment]);
    return view;
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

/**
 * The comments the caller sees of issues of a list page they already see (id → the issue's visibility), through
 * the list's filter, by issue (every id present): three queries in all.
 */
export async function commentViewsOfIssues(
  services: AppServices,
  access: ProjectAccess,
  issueVisibilities: ReadonlyMap<number, string>,
  filter: CommentsFilter,
): Promise<Map<number, CommentView[]>> {
  const { db } = services.database;
  const ids = [...issueVisibilities.keys()];
  const rows = await loadCommentsOfIssues(db, access, ids, filter);
  const views = await loadCommentViews(db, access, issueVisibilities, rows);
  const byIssue = new Map<number, CommentView[]>(ids.map((id) => [id, []]));
  for (const view of views) byIssue.get(view.row.issueId)?.push(view);
  return byIssue;
}
