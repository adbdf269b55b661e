import { describe, expect, it } from 'vitest';
import { DISCIPLINE_STATUSES } from '../enums/project-enums.ts';
import {
  canBulkUpdateIssues,
  canCopyIssues,
  canCreateIssues,
  canDeleteIssue,
  canReadIssues,
  canSetDisciplineDeadline,
  canSetDisciplineStatus,
  issueEditScope,
  settableDisciplineStatuses,
  type IssueEditor,
  type IssuePolicyFacts,
} from './issue-policy.ts';
import { disciplineStatusMap } from './issue-types.ts';

const statuses = disciplineStatusMap(DISCIPLINE_STATUSES);
const settings = DISCIPLINE_STATUSES.map((s) => ({
  name: s.key,
  active: true,
  allowCollaboratorUpdateTo: s.allowCollaboratorUpdateTo,
}));

// The editors, as columns: project admin, coordinator, the issue's creator (a collaborator), a collaborator of
// discipline 10, a collaborator of another discipline, a platform administrator (no project role).
const EDITORS: Record<string, IssueEditor> = {
  admin: { userId: 1, role: 'project_admin', userDisciplines: [] },
  coord: { userId: 2, role: 'coordinator', userDisciplines: [] },
  creator: { userId: 3, role: 'collaborator', userDisciplines: [20] },
  collab10: { userId: 4, role: 'collaborator', userDisciplines: [10] },
  collab30: { userId: 5, role: 'collaborator', userDisciplines: [30] },
  platform: { userId: 6, role: null, userDisciplines: [10, 20, 30] },
};
const COLUMNS = Object.keys(EDITORS);

// Issue states: a published issue and a draft, both by user 3, with disciplines 10 and 20.
const ISSUES: Record<string, IssuePolicyFacts> = {
  public: {
    createdByUserId: 3,
    visibility: 'public',
    disciplines: [{ disciplineId: 10 }, { disciplineId: 20 }],
  },
  draft: {
    createdByUserId: 3,
    visibility: 'creator',
    disciplines: [{ disciplineId: 10 }, { disciplineId: 20 }],
  },
};

type Action = (editor: IssueEditor, issue: IssuePolicyFacts) => string;
const yn = (b: boolean) => (b ? 'Y' : '-');

// Each action answers one letter per editor: Y allowed, - refused (scope: F full, O own statuses, - none).
const ACTIONS: Record<string, Action> = {
  scope: (e, i) => ({ full: 'F', ownDisciplineStatuses: 'O', none: '-' })[issueEditScope(e, i)],
  delete: (e, i) => yn(canDeleteIssue(e, i)),
  // discipline 10 to 'doing' (collaborators may) and to 'done' (they may not: allowCollaboratorUpdateTo off)
  'status 10→doing': (e, i) => yn(canSetDisciplineStatus(e, issueEditScope(e, i), 10, 'doing', statuses)),
  'status 10→validated': (e, i) =>
    yn(canSetDisciplineStatus(e, issueEditScope(e, i), 10, 'validated', statuses)),
  'status 20→doing': (e, i) => yn(canSetDisciplineStatus(e, issueEditScope(e, i), 20, 'doing', statuses)),
  'deadline in todo': (e, i) => yn(canSetDisciplineDeadline(issueEditScope(e, i), 'todo', statuses)),
  read: (e) => yn(canReadIssues(e)),
  create: (e) => yn(canCreateIssues(e)),
  bulkUpdate: (e) => yn(canBulkUpdateIssues(e)),
  copy: (e) => yn(canCopyIssues(e)),
};

// Columns: admin, coord, creator, collab10, collab30, platform.
const TABLE: Record<string, Record<string, string>> = {
  public: {
    scope: 'FFFO--',
    delete: 'YY----',
    'status 10→doing': 'YYYY--',
    'status 10→validated': 'YY----',
    'status 20→doing': 'YYY---',
    'deadline in todo': 'YYY---',
    read: 'YYYYY-',
    create: 'YYYYY-',
    bulkUpdate: 'YYYYY-',
    copy: 'YY----',
  },
  draft: {
    scope: 'FFFO--',
    delete: 'YYY---',
    'status 10→doing': 'YYYY--',
    'status 10→validated': 'YY----',
    'status 20→doing': 'YYY---',
    'deadline in todo': 'YYY---',
    read: 'YYYYY-',
    create: 'YYYYY-',
    bulkUpdate: 'YYYYY-',
    copy: 'YY----',
  },
};

describe('issue policy (docs/permissions.md)', () => {
  for (const [state, issue] of Object.entries(ISSUES)) {
    for (const [name, action] of Object.entries(ACTIONS)) {
      it(`${state}: ${name} → ${TABLE[state]![name]}`, () => {
        const row = COLUMNS.map((c) => action(EDITORS[c]!, issue)).join('');
        expect(row).toBe(TABLE[state]![name]);
      });
    }
  }

  it('offers managers every switched-on status and collaborators those allowed to them', () => {
    const issue = ISSUES.public!;
    const coord = EDITORS.coord!;
    const collab = EDITORS.collab10!;
    const all = settableDisciplineStatuses(
      coord,
      issueEditScope(coord, issue),
      { disciplineId: 10, status: 'todo' },
      settings,
    );
    expect(all).toEqual(DISCIPLINE_STATUSES.map((s) => s.key));
    const own = settableDisciplineStatuses(
      collab,
      issueEditScope(collab, issue),
      { disciplineId: 10, status: 'todo' },
      settings,
    );
    expect(own).toEqual([
      'todo',
      ...DISCIPLINE_STATUSES.filter((s) => s.allowCollaboratorUpdateTo).map((s) => s.key),
    ]);
    expect(
      settableDisciplineStatuses(
        collab,
        issueEditScope(collab, issue),
        { disciplineId: 20, status: 'todo' },
        settings,
      ),
    ).toEqual([]);
    const switchedOff = settings.map((s) => (s.name === 'doing' ? { ...s, active: false } : s));
    expect(
      settableDisciplineStatuses(coord, 'full', { disciplineId: 10, status: 'todo' }, switchedOff),
    ).not.toContain('doing');
  });

  it('gives a platform administrator nothing, whatever disciplines they carry', () => {
    const platform = EDITORS.platform!;
    expect(issueEditScope(platform, { createdByUserId: platform.userId, disciplines: [] })).toBe('none');
    expect(
      settableDisciplineStatuses(platform, 'none', { disciplineId: 10, status: 'todo' }, settings),
    ).toEqual([]);
  });
});
