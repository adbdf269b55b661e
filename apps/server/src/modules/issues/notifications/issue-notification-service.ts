import { AppError } from '@obra/domain';
import type { AppServices } from '../../../services.ts';
import { emitProjectEvent, unitOfWork } from '../../../db/unit-of-work.ts';
import type { Actor } from '../../../auth/actor.ts';
import { loadProjectAccess } from '../../projects/project-access.ts';
import { loadVisibleComment } from '../comments/issue-comment-repository.ts';
import { loadVisibleIssueRows } from '../issue-repository.ts';
import { deleteUserIssueMarks, insertCommentMarkOnce, insertMarks } from '../issue-activity-repository.ts';

function changed(projectId: number, issueId: number, userId: number): void {
  emitProjectEvent({ kind: 'notifications', action: 'updated', projectId, issueId, userIds: [userId] });
}

/**
 * deleteProjectIssueNotifications (mark read): removes the caller's own unread marks on the issues, in any
 * project (the call has no projectId); ids without marks are ignored. Their count becomes 0.
 */
export async function markIssuesRead(
  services: AppServices,
  actor: Actor,
  issueIds: readonly number[],
): Promise<boolean> {
  const userId = actor.account.id;
  if (issueIds.length === 0) return true;
  return unitOfWork(services, async (tx) => {
    const removed = await deleteUserIssueMarks(tx, userId, [...new Set(issueIds)]);
    const seen = new Set<number>();
    for (const r of removed) {
      if (seen.has(r.issueId)) continue;
      seen.add(r.issueId);
      changed(r.projectId, r.issueId, userId);
    }
    return true;
  });
}

/**
 * setProjectIssuesUnread: each issue (all visible to the caller, else NOT_FOUND) keeps exactly one unread mark
 * of the caller, so its count becomes 1.
 */
export async function markIssuesUnread(
  services: AppServices,
  actor: Actor,
  projectId: number,
  issueIds: readonly number[],
): Promise<boolean> {
  const { db } = services.database;
  const access = await loadProjectAccess(db, actor, projectId);
  const ids = [...new Set(issueIds)];
  if (ids.length === 0) return true;
  const userId = actor.account.id;
  return unitOfWork(services, async (tx) => {
    const visible = await loadVisibleIssueRows(tx, access, ids);
    if (visible.length !== ids.length) throw new AppError('NOT_FOUND');
    await deleteUserIssueMarks(tx, userId, ids);
    await insertMarks(
      tx,
      ids.map((issueId) => ({ projectId, issueId, userId })),
    );
    for (const issueId of ids) changed(projectId, issueId, userId);
    return true;
  });
}

/**
 * setProjectIssueCommentUnread: an unread mark of the caller on one comment they see (of that issue, else
 * NOT_FOUND; deleted: INVALID_ACTION). Marking it twice keeps one mark.
 */
export async function markCommentUnread(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; issueId: number; commentId: number },
): Promise<boolean> {
  const { db } = services.database;
  const access = await loadProjectAccess(db, actor, input.projectId);
  const { comment } = await loadVisibleComment(db, access, input.commentId);
  if (comment.issueId !== input.issueId) throw new AppError('NOT_FOUND');
  if (comment.deletedAt) throw new AppError('INVALID_ACTION', 'the comment is deleted');
  const userId = actor.account.id;
  return unitOfWork(services, async (tx) => {
    await insertCommentMarkOnce(tx, {
      projectId: input.projectId,
      issueId: comment.issueId,
      userId,
      commentId: comment.id,
    });
    changed(input.projectId, comment.issueId, userId);
    return true;
  });
}
