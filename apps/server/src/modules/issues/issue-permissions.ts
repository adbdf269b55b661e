import {
  AppError,
  canDeleteIssue as policyCanDelete,
  canReadIssues,
  issueEditScope,
  type EditScope,
  type IssueEditor,
} from '@obra/domain';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { IssueRow } from './issue-repository.ts';

/** The caller as the domain's issue policy sees them (packages/domain/src/issues/issue-policy.ts). */
export function issueEditorOf(access: ProjectAccess): IssueEditor {
  return { userId: access.actor.account.id, role: access.role, userDisciplines: access.userDisciplines };
}

/**
 * Throws FORBIDDEN unless the caller reads the project's issues: participants do; platform administrators,
 * who reach a project only for its setup, see no issue (spec core §6, docs/permissions.md).
 */
export function requireIssueReader(access: ProjectAccess): void {
  if (!canReadIssues(issueEditorOf(access))) throw new AppError('FORBIDDEN');
}

/** How much of an issue the caller may change (the domain policy's issueEditScope). */
export function editScopeOn(
  access: ProjectAccess,
  row: Pick<IssueRow, 'createdByUserId'>,
  disciplineIds: readonly number[],
): EditScope {
  return issueEditScope(issueEditorOf(access), {
    createdByUserId: row.createdByUserId,
    disciplines: disciplineIds.map((disciplineId) => ({ disciplineId })),
  });
}

/** Whether the caller may change anything of an issue (the permission flag `edit`). */
export function canEditIssue(
  access: ProjectAccess,
  row: Pick<IssueRow, 'createdByUserId'>,
  disciplineIds: readonly number[],
): boolean {
  return editScopeOn(access, row, disciplineIds) !== 'none';
}

/** Whether the caller may delete an issue (the domain policy's canDeleteIssue). */
export function canDeleteIssue(
  access: ProjectAccess,
  row: Pick<IssueRow, 'createdByUserId' | 'visibility'>,
): boolean {
  return policyCanDelete(issueEditorOf(access), row);
}
