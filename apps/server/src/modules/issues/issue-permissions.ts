import { canInProject } from '@obra/domain';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { IssueRow } from './issue-repository.ts';

/**
 * Who may change an issue: managers with issue.updateAny any issue they see; its creator; a collaborator
 * the statuses of their own disciplines on it (checked in detail by updateIssue).
 */
export function canEditIssue(
  access: ProjectAccess,
  row: IssueRow,
  disciplineIds: readonly number[],
): boolean {
  if (canInProject(access.policyActor, 'issue.updateAny')) return true;
  if (row.createdByUserId === access.actor.account.id) return true;
  return disciplineIds.some((id) => access.userDisciplines.includes(id));
}

/** Who may delete an issue: the creator of a draft, or issue.deleteAny. */
export function canDeleteIssue(access: ProjectAccess, row: IssueRow): boolean {
  if (canInProject(access.policyActor, 'issue.deleteAny')) return true;
  return row.createdByUserId === access.actor.account.id && row.visibility === 'creator';
}
