import { canInProject, type Actor } from '../permissions/permissions.ts';
import type { ProjectRole } from '../permissions/project-roles.ts';
import type { DisciplineStatusMap, IssueDisciplineState } from './issue-types.ts';

/**
 * The issue policy: what one user may do with the issues of a project. The server's checks, the API's
 * permission flags and the web's show/hide decisions all read these functions, so they cannot disagree.
 */

/**
 * Who acts on issues: their id, their project role (null for a platform administrator or anyone outside the
 * project: they see and change no issue, spec core §6) and the disciplines they answer for (userDisciplines).
 */
export interface IssueEditor {
  readonly userId: number;
  readonly role: ProjectRole | null;
  readonly userDisciplines: readonly number[];
}

/** How much of an issue the editor may change. */
export type EditScope = 'full' | 'ownDisciplineStatuses' | 'none';

/** The facts of an issue the policy reads. */
export interface IssuePolicyFacts {
  readonly createdByUserId: number;
  readonly visibility: string;
  readonly disciplines: readonly Pick<IssueDisciplineState, 'disciplineId'>[];
}

/** A discipline status as the policy reads it: its name, whether it is switched on, collaborators' use. */
export interface SettableStatus {
  readonly name: string;
  readonly active: boolean;
  readonly allowCollaboratorUpdateTo: boolean;
}

function projectActor(editor: Pick<IssueEditor, 'role'>): Actor {
  return { isAdmin: false, companyRole: null, projectRole: editor.role };
}

/** Whether the editor reads the project's issues at all: participants only (platform admins see none). */
export function canReadIssues(editor: Pick<IssueEditor, 'role'>): boolean {
  return canInProject(projectActor(editor), 'issue.view');
}

/** Whether the editor manages every issue (changes any of them, any discipline, to any status). */
export function managesIssues(editor: Pick<IssueEditor, 'role'>): boolean {
  return canInProject(projectActor(editor), 'issue.updateAny');
}

/**
 * How much of an issue the editor may change (docs/permissions.md): project administrators, coordinators and
 * the creator everything; a collaborator of one of its disciplines the statuses of their own disciplines;
 * anyone else (platform administrators included) nothing.
 */
export function issueEditScope(
  editor: IssueEditor,
  issue: Pick<IssuePolicyFacts, 'createdByUserId' | 'disciplines'>,
): EditScope {
  if (!canReadIssues(editor)) return 'none';
  if (managesIssues(editor) || issue.createdByUserId === editor.userId) return 'full';
  if (issue.disciplines.some((d) => editor.userDisciplines.includes(d.disciplineId)))
    return 'ownDisciplineStatuses';
  return 'none';
}

/** Whether the editor may delete an issue: managers any; its creator while it is a draft (creator visibility). */
export function canDeleteIssue(
  editor: IssueEditor,
  issue: Pick<IssuePolicyFacts, 'createdByUserId' | 'visibility'>,
): boolean {
  if (!canReadIssues(editor)) return false;
  if (canInProject(projectActor(editor), 'issue.deleteAny')) return true;
  return issue.createdByUserId === editor.userId && issue.visibility === 'creator';
}

/**
 * Whether the editor may move one discipline of an issue to a status: with the full scope any discipline,
 * with ownDisciplineStatuses only their own; managers to any status, others only to statuses that allow
 * collaborators (allowCollaboratorUpdateTo). An unknown status is refused.
 */
export function canSetDisciplineStatus(
  editor: IssueEditor,
  scope: EditScope,
  disciplineId: number,
  status: string,
  statuses: DisciplineStatusMap,
): boolean {
  if (scope === 'none') return false;
  if (scope === 'ownDisciplineStatuses' && !editor.userDisciplines.includes(disciplineId)) return false;
  const definition = statuses.get(status);
  if (!definition) return false;
  return managesIssues(editor) || definition.allowCollaboratorUpdateTo;
}

/**
 * The statuses the editor may move one discipline of the issue to, in the project's order; empty when they may
 * not change it. The current status is listed first when it is not otherwise offered (so a select shows it);
 * switched-off statuses are not offered.
 */
export function settableDisciplineStatuses(
  editor: IssueEditor,
  scope: EditScope,
  discipline: Pick<IssueDisciplineState, 'disciplineId' | 'status'>,
  statuses: readonly SettableStatus[],
): string[] {
  if (scope === 'none') return [];
  if (scope === 'ownDisciplineStatuses' && !editor.userDisciplines.includes(discipline.disciplineId))
    return [];
  const allowed = statuses
    .filter((s) => s.active && (managesIssues(editor) || s.allowCollaboratorUpdateTo))
    .map((s) => s.name);
  if (allowed.length === 0) return [];
  return allowed.includes(discipline.status) ? allowed : [discipline.status, ...allowed];
}

/** Whether the editor may change a discipline's deadline: only with the full scope, in a status that has one. */
export function canSetDisciplineDeadline(
  scope: EditScope,
  status: string,
  statuses: DisciplineStatusMap,
): boolean {
  return scope === 'full' && (statuses.get(status)?.deadline ?? false);
}

/** Whether the editor may add disciplines to an issue or remove them: only with the full scope. */
export function canChangeDisciplineSet(scope: EditScope): boolean {
  return scope === 'full';
}

/** Whether the editor may create issues in the project. */
export function canCreateIssues(editor: Pick<IssueEditor, 'role'>): boolean {
  return canInProject(projectActor(editor), 'issue.create');
}

/** Whether the editor may bulk edit selected issues (each one is still checked with issueEditScope). */
export function canBulkUpdateIssues(editor: Pick<IssueEditor, 'role'>): boolean {
  return canInProject(projectActor(editor), 'issue.bulkUpdate');
}

/** Whether the editor may copy issues of the project to another project (project admins and coordinators). */
export function canCopyIssues(editor: Pick<IssueEditor, 'role'>): boolean {
  return canInProject(projectActor(editor), 'issue.copy');
}
