import {
  canSetDisciplineDeadline,
  DISCIPLINE_STATUSES,
  issueEditScope,
  settableDisciplineStatuses,
} from '@obra/domain';
import { describe, expect, it } from 'vitest';
import { projectStatusMap, type ProjectDisciplineStatusSetting } from '../shared/project-status-map.ts';
import {
  allowedIssueStatuses,
  isIssuePendingFor,
  withDisciplineStatus,
  type IssueEditor,
} from './issue-rules.ts';

const settings: ProjectDisciplineStatusSetting[] = DISCIPLINE_STATUSES.map((d) => ({
  name: d.key,
  statusGroup: d.statusGroup,
  responsibility: d.responsibility,
  deadline: d.deadline,
  doneAt: d.doneAt,
  keepIssueActive: d.keepIssueActive,
  deadlineAlert: d.deadlineAlert,
  allowCollaboratorUpdateTo: d.allowCollaboratorUpdateTo,
  allowDisable: d.allowDisable,
  active: d.key !== 'participate',
}));
const statuses = projectStatusMap(settings);
const issue = {
  createdByUserId: 1,
  status: 'active',
  disciplines: [
    { disciplineId: 10, status: 'todo', deadline: null },
    { disciplineId: 20, status: 'doing', deadline: '2026-03-01' },
  ],
};
// The edit rules live in the domain issue policy (issueEditScope, settableDisciplineStatuses); the web imports them.
const coordinator: IssueEditor = {
  userId: 2,
  role: 'coordinator',
  manageDisciplines: true,
  userDisciplines: [],
};
const collaborator: IssueEditor = {
  userId: 3,
  role: 'collaborator',
  manageDisciplines: false,
  userDisciplines: [20],
};
const outsider: IssueEditor = {
  userId: 4,
  role: 'collaborator',
  manageDisciplines: false,
  userDisciplines: [30],
};
const creator: IssueEditor = {
  userId: 1,
  role: 'collaborator',
  manageDisciplines: false,
  userDisciplines: [],
};
const editScopeFor = (i: typeof issue, editor: IssueEditor) => issueEditScope(editor, i);
const settableStatuses = (
  d: { disciplineId: number; status: string },
  scope: ReturnType<typeof issueEditScope>,
  editor: IssueEditor,
  list: typeof settings,
) => settableDisciplineStatuses(editor, scope, d, list);

describe('what a user may change on an issue (docs/api-issues.md updateIssue)', () => {
  it('gives coordinators and the creator everything, a discipline collaborator their statuses, others nothing', () => {
    expect(editScopeFor(issue, coordinator)).toBe('full');
    expect(editScopeFor(issue, creator)).toBe('full');
    expect(editScopeFor(issue, collaborator)).toBe('ownDisciplineStatuses');
    expect(editScopeFor(issue, outsider)).toBe('none');
  });

  it('offers a collaborator only their own discipline, only statuses open to collaborators, none switched off', () => {
    expect(settableStatuses(issue.disciplines[0]!, 'ownDisciplineStatuses', collaborator, settings)).toEqual(
      [],
    );
    const own = settableStatuses(issue.disciplines[1]!, 'ownDisciplineStatuses', collaborator, settings);
    expect(own).toEqual(['doing', 'review', 'validate', 'follow', 'aware', 'done', 'resolved']);
    expect(own).not.toContain('todo');
    expect(own).not.toContain('participate');
    expect(settableStatuses(issue.disciplines[0]!, 'none', outsider, settings)).toEqual([]);
  });

  it('offers a coordinator every active status, and keeps an unlisted current status first', () => {
    const all = settableStatuses(issue.disciplines[0]!, 'full', coordinator, settings);
    expect(all).toContain('validate');
    expect(all).not.toContain('participate');
    expect(
      settableStatuses({ disciplineId: 10, status: 'participate' }, 'full', coordinator, settings)[0],
    ).toBe('participate');
  });

  it('lets only the full scope set deadlines, in statuses that have one', () => {
    expect(canSetDisciplineDeadline('full', 'todo', statuses)).toBe(true);
    expect(canSetDisciplineDeadline('full', 'done', statuses)).toBe(false);
    expect(canSetDisciplineDeadline('ownDisciplineStatuses', 'todo', statuses)).toBe(false);
  });

  it('follows the status rules: pending keeps active, none pending cannot be active', () => {
    expect(allowedIssueStatuses('active', issue.disciplines, statuses)).toEqual(['active']);
    const finished = [{ disciplineId: 10, status: 'done', deadline: null }];
    expect(allowedIssueStatuses('resolved', finished, statuses)).toEqual(['resolved', 'reproved']);
  });

  it('marks the issue pending for the collaborator of a discipline with collaborator work', () => {
    expect(isIssuePendingFor(issue, collaborator, statuses)).toBe(true);
    expect(isIssuePendingFor(issue, outsider, statuses)).toBe(false);
    expect(isIssuePendingFor({ ...issue, status: 'resolved' }, collaborator, statuses)).toBe(false);
  });

  it('changes one discipline status and keeps the others and the deadlines', () => {
    expect(withDisciplineStatus(issue.disciplines, 20, 'done')).toEqual([
      { disciplineId: 10, status: 'todo', deadline: null },
      { disciplineId: 20, status: 'done', deadline: '2026-03-01' },
    ]);
  });
});
