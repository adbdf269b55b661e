/** Project roles a company takes part in a project with (the system roles of type 'project'). */
export const PROJECT_ROLES = [
  { id: 1, key: 'project_admin' },
  { id: 2, key: 'coordinator' },
  { id: 3, key: 'collaborator' },
] as const;

/** A project role key. */
export type ProjectRole = (typeof PROJECT_ROLES)[number]['key'];

/** Company roles (the system roles of type 'company'). */
export const COMPANY_ROLE_DEFINITIONS = [
  { id: 4, key: 'admin' },
  { id: 5, key: 'manager' },
  { id: 6, key: 'collaborator' },
] as const;

/** Every system role served by `systemRoles` (spec core §3 "System role"). */
export const SYSTEM_ROLES = [
  ...PROJECT_ROLES.map((r) => ({ ...r, type: 'project' as const })),
  ...COMPANY_ROLE_DEFINITIONS.map((r) => ({ ...r, type: 'company' as const })),
];

/** The project role with a given id, if any. */
export function projectRoleById(id: number): ProjectRole | undefined {
  return PROJECT_ROLES.find((r) => r.id === id)?.key;
}

/** Coordinators and project administrators manage disciplines: they are the 'manager' kind (spec core §6). */
export function managesDisciplines(role: ProjectRole): boolean {
  return role === 'project_admin' || role === 'coordinator';
}

/** A project role key as the API serves it (a string, null for platform admins), or null when it is none. */
export function projectRoleOf(key: string | null | undefined): ProjectRole | null {
  return PROJECT_ROLES.find((r) => r.key === key)?.key ?? null;
}
