import { describe, expect, it } from 'vitest';
import {
  canInCompany,
  canInProject,
  COMPANY_ACTIONS,
  invitableCompanyRoles,
  PROJECT_ACTIONS,
  type Actor,
} from './permissions.ts';
import { managesDisciplines, projectRoleById, SYSTEM_ROLES } from './project-roles.ts';

// The permission matrix of docs/permissions.md, as a table: Y allowed, - refused.
// Columns: project_admin, coordinator, collaborator, non-participant, platform admin.
const PROJECT_TABLE: Record<string, string> = {
  'project.view': 'YYY-Y',
  'project.update': 'Y---Y',
  'project.setup': 'YY--Y',
  'project.duplicate': 'Y---Y',
  'project.copySettings': 'Y---Y',
  'project.manageCompanies': 'YY--Y',
  'project.manageIntegrations': '-Y---',
  'project.createGroup': 'YYY--',
  'project.manageAnyGroup': 'YY---',
  'issue.view': 'YYY--',
  'issue.create': 'YYY--',
  'issue.updateAny': 'YY---',
  'issue.deleteAny': 'YY---',
  'issue.bulkUpdate': 'YYY--',
  'issue.copy': 'YY---',
  'comment.create': 'YYY--',
  'drive.upload': 'YYY--',
  'drive.deleteAny': 'YY---',
};

// Columns: company admin, company manager, company collaborator, no company, platform admin.
const COMPANY_TABLE: Record<string, string> = {
  'company.view': 'YYY-Y',
  'company.updateProfile': 'Y---Y',
  'company.inviteMembers': 'YY---',
  'company.manageMembers': 'Y----',
  'company.createProject': 'YY--Y',
  'company.acceptProjectInvites': 'Y----',
};

const projectActors: Actor[] = [
  { isAdmin: false, companyRole: 'collaborator', projectRole: 'project_admin' },
  { isAdmin: false, companyRole: 'collaborator', projectRole: 'coordinator' },
  { isAdmin: false, companyRole: 'admin', projectRole: 'collaborator' },
  { isAdmin: false, companyRole: 'admin', projectRole: null },
  { isAdmin: true, companyRole: null, projectRole: null },
];

const companyActors: Actor[] = [
  { isAdmin: false, companyRole: 'admin', projectRole: null },
  { isAdmin: false, companyRole: 'manager', projectRole: null },
  { isAdmin: false, companyRole: 'collaborator', projectRole: null },
  { isAdmin: false, companyRole: null, projectRole: null },
  { isAdmin: true, companyRole: null, projectRole: null },
];

describe('permission matrix', () => {
  it('covers every project action and every company action', () => {
    expect(Object.keys(PROJECT_TABLE).sort()).toEqual([...PROJECT_ACTIONS].sort());
    expect(Object.keys(COMPANY_TABLE).sort()).toEqual([...COMPANY_ACTIONS].sort());
  });

  for (const action of PROJECT_ACTIONS) {
    it(`project: ${action} → ${PROJECT_TABLE[action]}`, () => {
      const row = projectActors.map((actor) => (canInProject(actor, action) ? 'Y' : '-')).join('');
      expect(row).toBe(PROJECT_TABLE[action]);
    });
  }

  for (const action of COMPANY_ACTIONS) {
    it(`company: ${action} → ${COMPANY_TABLE[action]}`, () => {
      const row = companyActors.map((actor) => (canInCompany(actor, action) ? 'Y' : '-')).join('');
      expect(row).toBe(COMPANY_TABLE[action]);
    });
  }
});

describe('invitable company roles', () => {
  it('lets administrators invite any role, managers managers and collaborators, others none', () => {
    expect(companyActors.map((actor) => invitableCompanyRoles(actor))).toEqual([
      ['admin', 'manager', 'collaborator'],
      ['manager', 'collaborator'],
      [],
      [],
      [],
    ]);
  });
});

describe('system roles', () => {
  it('lists project and company roles with stable ids', () => {
    expect(SYSTEM_ROLES.map((r) => [r.id, r.type, r.key])).toEqual([
      [1, 'project', 'project_admin'],
      [2, 'project', 'coordinator'],
      [3, 'project', 'collaborator'],
      [4, 'company', 'admin'],
      [5, 'company', 'manager'],
      [6, 'company', 'collaborator'],
    ]);
    expect(projectRoleById(2)).toBe('coordinator');
    expect(projectRoleById(4)).toBeUndefined();
  });

  it('makes project administrators and coordinators managers, collaborators not', () => {
    expect(managesDisciplines('project_admin')).toBe(true);
    expect(managesDisciplines('coordinator')).toBe(true);
    expect(managesDisciplines('collaborator')).toBe(false);
  });
});
