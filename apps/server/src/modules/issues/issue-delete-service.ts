import { AppError, canDeleteIssue } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { issueEditorOf, loadProjectAccess, requireActive } from '../projects/project-access.ts';
import { emitProjectEvent, unitOfWork } from '../../db/unit-of-work.ts';
import { deleteIssueRow, loadVisibleIssue } from './issue-repository.ts';
import { writeIssueStarred } from './issue-user-state-repository.ts';

/**
 * Deletes an issue: its creator while it is a draft, or whoever has issue.deleteAny (FORBIDDEN otherwise). The
 * deletion event carries the issue's visibility facts, so that only those who saw it hear of it.
 */
export async function deleteIssue(
  services: AppServices,
  actor: Actor,
  projectId: number,
  issueId: number,
): Promise<boolean> {
  const { db } = services.database;
  const access = await loadProjectAccess(db, actor, projectId);
  requireActive(access);
  return unitOfWork(services, async (tx) => {
    const row = await loadVisibleIssue(tx, access, issueId, true);
    if (!canDeleteIssue(issueEditorOf(access), row)) throw new AppError('FORBIDDEN');
    await deleteIssueRow(tx, row.id);
    const { visibility, createdByUserId, groupId } = row;
    emitProjectEvent({
      kind: 'issue',
      action: 'deleted',
      projectId: row.projectId,
      issueId: row.id,
      facts: { visibility, createdByUserId, groupId },
    });
    return true;
  });
}

/** Stars or unstars an issue for the caller (their own mark; any issue they see, active project or not). */
export async function setIssueStarring(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; issueId: number; starred: boolean },
): Promise<boolean> {
  const access = await loadProjectAccess(services.database.db, actor, input.projectId);
  // The issue is read and locked in the star's own transaction: an issue deleted meanwhile is NOT_FOUND, never a
  // foreign-key failure (the PostgreSQL fuzz found one: a star and a deletion of the same issue at once).
  return unitOfWork(services, async (tx) => {
    const row = await loadVisibleIssue(tx, access, input.issueId, true);
    await writeIssueStarred(tx, row.id, actor.account.id, input.starred);
    return true;
  });
}
