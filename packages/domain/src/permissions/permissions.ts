import type { ProjectRole } from './project-roles.ts';

/** Company roles (mirrors identity's COMPANY_ROLES; kept here so policies need no identity import). */
export type CompanyRoleKey = 'admin' | 'manager' | 'collaborator';

/** Actions on a company. */
export const COMPANY_ACTIONS = [
  'company.view',
  'company.updateProfile',
  'company.inviteMembers',
  'company.manageMembers',
  'company.createProject',
  'company.acceptProjectInvites',
] as const;

/** A company action. */
export type CompanyAction = (typeof COMPANY_ACTIONS)[number];

/**
 * The project's own actions a platform administrator also takes from the admin area (seeing it, its profile, its
 * setup, duplicating it, copying its settings, its companies).
 */
const ADMIN_AREA_PROJECT_ACTIONS = [
  'project.view',
  'project.update',
  'project.setup',
  'project.duplicate',
  'project.copySettings',
  'project.manageCompanies',
] as const;

/** Actions inside a project. */
export const PROJECT_ACTIONS = [
  ...ADMIN_AREA_PROJECT_ACTIONS,
  'project.manageIntegrations',
  'project.createGroup',
  'project.manageAnyGroup',
  'issue.view',
  'issue.create',
  'issue.updateAny',
  'issue.deleteAny',
  'issue.bulkUpdate',
  'issue.copy',
  'comment.create',
  'drive.upload',
  'drive.deleteAny',
] as const;

/** A project action. */
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];

/** Who acts: their platform and company standing, and their role in the project at hand (if any). */
export interface Actor {
  readonly isAdmin: boolean;
  readonly companyRole: CompanyRoleKey | null;
  /** null when the actor's company does not take part in the project (non-participant). */
  readonly projectRole: ProjectRole | null;
}

const COMPANY_MATRIX: Record<CompanyAction, readonly CompanyRoleKey[]> = {
  'company.view': ['admin', 'manager', 'collaborator'],
  'company.updateProfile': ['admin'],
  'company.inviteMembers': ['admin', 'manager'],
  'company.manageMembers': ['admin'],
  'company.createProject': ['admin', 'manager'],
  // Only a company administrator accepts project invites (editor §6).
  'company.acceptProjectInvites': ['admin'],
};

const ALL: readonly ProjectRole[] = ['project_admin', 'coordinator', 'collaborator'];
const MANAGERS: readonly ProjectRole[] = ['project_admin', 'coordinator'];

const PROJECT_MATRIX: Record<ProjectAction, readonly ProjectRole[]> = {
  'project.view': ALL,
  'project.update': ['project_admin'],
  'project.setup': MANAGERS,
  'project.duplicate': ['project_admin'],
  'project.copySettings': ['project_admin'],
  'project.manageCompanies': MANAGERS,
  // Only coordinators create partner project links (editor §6 and its message 'Only coordinators can create
  // project connections.'): the project's administrators and managers are refused (docs/integrations.md).
  'project.manageIntegrations': ['coordinator'],
  'project.createGroup': ALL,
  'project.manageAnyGroup': MANAGERS,
  // Platform administrators see no issues (spec core §6): reading them is a participant's act.
  'issue.view': ALL,
  'issue.create': ALL,
  'issue.updateAny': MANAGERS,
  'issue.deleteAny': MANAGERS,
  'issue.bulkUpdate': ALL,
  'issue.copy': MANAGERS,
  'comment.create': ALL,
  'drive.upload': ALL,
  'drive.deleteAny': MANAGERS,
};

/** Platform administrators work in the admin area: company management and every project's setup. */
const ADMIN_PROJECT_ACTIONS: ReadonlySet<ProjectAction> = new Set(ADMIN_AREA_PROJECT_ACTIONS);

/**
 * Platform administrators act on any company through the admin area: they see it, edit its profile (with its
 * activation and project limit) and create projects for it. Membership and project invitations stay the company's
 * own acts: an administrator who is not in it does not answer for it.
 */
const ADMIN_COMPANY_ACTIONS: ReadonlySet<CompanyAction> = new Set([
  'company.view',
  'company.updateProfile',
  'company.createProject',
]);

/**
 * Whether the actor may take a company action. `companyRole` is the actor's role in the company acted on (null
 * when it is not theirs); a platform administrator may take the admin-area actions in any company.
 */
export function canInCompany(actor: Actor, action: CompanyAction): boolean {
  if (actor.isAdmin && ADMIN_COMPANY_ACTIONS.has(action)) return true;
  return actor.companyRole !== null && COMPANY_MATRIX[action].includes(actor.companyRole);
}

/**
 * The company roles a member may give someone they invite: only those who manage members may make an
 * administrator; managers bring in managers and collaborators.
 */
export function invitableCompanyRoles(actor: Actor): CompanyRoleKey[] {
  if (!canInCompany(actor, 'company.inviteMembers')) return [];
  return canInCompany(actor, 'company.manageMembers')
    ? ['admin', 'manager', 'collaborator']
    : ['manager', 'collaborator'];
}

/** Whether the actor may take a project action (non-participants may take none). */
export function canInProject(actor: Actor, action: ProjectAction): boolean {
  if (actor.isAdmin) return ADMIN_PROJECT_ACTIONS.has(action);
  return actor.projectRole !== null && PROJECT_MATRIX[action].includes(actor.projectRole);
}

/** The roles allowed each project action, for documentation and the permission table test. */
export function projectMatrix(): Readonly<Record<ProjectAction, readonly ProjectRole[]>> {
  return PROJECT_MATRIX;
}

/** The roles allowed each company action. */
export function companyMatrix(): Readonly<Record<CompanyAction, readonly CompanyRoleKey[]>> {
  return COMPANY_MATRIX;
}
