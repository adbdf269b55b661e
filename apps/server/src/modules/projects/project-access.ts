import {
  AppError,
  canInProject,
  canReadIssues,
  managesDisciplines,
  PROJECT_STATUS,
  projectRoleById,
  type Actor as PolicyActor,
  type CompanyRoleKey,
  type IssueEditor,
  type ProjectActor,
  type ProjectAction,
  type ProjectRole,
} from '@obra/domain';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../auth/actor.ts';
import type { AppServices } from '../../services.ts';
import {
  findProjectByKey,
  findProjectWithParticipation,
  type ProjectKey,
  type ProjectRecord,
} from './project-access-repository.ts';

/** A stored project. */
export type ProjectRow = ProjectRecord;

/** What the caller is in a project: the basis of every permission check and of the pending rules. */
export interface ProjectAccess {
  readonly project: ProjectRow;
  readonly actor: Actor;
  /** null for platform admins, who reach projects only through the admin area. */
  readonly role: ProjectRole | null;
  readonly manageDisciplines: boolean;
  /** The caller's disciplines in the project (all of the project's with allDisciplines). */
  readonly userDisciplines: number[];
  readonly groupIds: number[];
  readonly policyActor: PolicyActor;
}

/**
 * Loads the caller's access to a project. A project that does not exist and one the caller's company does not
 * take part in look the same (PROJECT_NOT_FOUND): nothing of it leaves the server.
 *
 * One statement: the project with the caller's company's participation, the project's disciplines (only when
 * the company has them all) and the caller's groups in it, in id order (platform admins: the project alone).
 * Nearly every call of the API starts here, so a round trip saved here is saved on every request.
 */
export async function loadProjectAccess(db: Db, actor: Actor, projectId: number): Promise<ProjectAccess> {
  return loadAccessWhere(db, actor, { id: projectId });
}

/**
 * A read of a project's list (its people, disciplines, companies) for its participants only: the caller's access
 * is loaded first (PROJECT_NOT_FOUND otherwise), then `read` answers.
 */
export function participantsRead<T>(read: (db: Db, projectId: number) => Promise<T>) {
  return async (services: Pick<AppServices, 'database'>, actor: Actor, projectId: number): Promise<T> => {
    const { db } = services.database;
    await loadProjectAccess(db, actor, projectId);
    return read(db, projectId);
  };
}

/** loadProjectAccess for a project named by its GUID (the BCF-API's project_id), in the same one statement. */
export async function loadProjectAccessByGuid(db: Db, actor: Actor, guid: string): Promise<ProjectAccess> {
  return loadAccessWhere(db, actor, { guid });
}

async function loadAccessWhere(db: Db, actor: Actor, key: ProjectKey): Promise<ProjectAccess> {
  const account = actor.account;
  const companyRole = (account.companyRole ?? null) as CompanyRoleKey | null;
  if (account.isAdmin) {
    const project = await findProjectByKey(db, key);
    if (!project) throw new AppError('PROJECT_NOT_FOUND');
    return {
      project,
      actor,
      role: null,
      manageDisciplines: true,
      userDisciplines: [],
      groupIds: [],
      policyActor: { isAdmin: true, companyRole, projectRole: null },
    };
  }
  if (account.companyId === null) throw new AppError('PROJECT_NOT_FOUND');
  const found = await findProjectWithParticipation(db, key, {
    userId: account.id,
    companyId: account.companyId,
  });
  const role = found?.roleId != null ? projectRoleById(found.roleId) : undefined;
  if (!found || !role) throw new AppError('PROJECT_NOT_FOUND');
  const userDisciplines = found.allDisciplines
    ? (found.projectDisciplineIds ?? [])
    : (found.disciplineIds as number[]);
  return {
    project: found.project,
    actor,
    role,
    manageDisciplines: managesDisciplines(role),
    userDisciplines,
    groupIds: found.groupIds,
    policyActor: { isAdmin: false, companyRole, projectRole: role },
  };
}

/** Throws FORBIDDEN unless the caller may take the action. */
export function requireAction(access: ProjectAccess, action: ProjectAction): void {
  if (!canInProject(access.policyActor, action)) throw new AppError('FORBIDDEN');
}

/**
 * Personal calls (starring, tags, leaving a group) are for the people taking part; platform administrators reach
 * a project only for its setup (docs/permissions.md) and get FORBIDDEN.
 */
export function requireParticipant(access: ProjectAccess): void {
  if (access.role === null) throw new AppError('FORBIDDEN');
}

/** Writes to an inactive project fail with FORBIDDEN_PROJECT_NOT_ACTIVE (reactivating it is the exception). */
export function requireActive(access: ProjectAccess): void {
  if (access.project.status !== PROJECT_STATUS.active) throw new AppError('FORBIDDEN_PROJECT_NOT_ACTIVE');
}

/** Loads access and checks that the project is active: the guard of a write any participant may try (issues). */
export async function loadActiveAccess(db: Db, actor: Actor, projectId: number): Promise<ProjectAccess> {
  const access = await loadProjectAccess(db, actor, projectId);
  requireActive(access);
  return access;
}

/** Loads access, then checks an action and that the project is active: the usual guard of a setup write. */
export async function loadForWrite(
  db: Db,
  actor: Actor,
  projectId: number,
  action: ProjectAction,
): Promise<ProjectAccess> {
  const access = await loadProjectAccess(db, actor, projectId);
  requireAction(access, action);
  requireActive(access);
  return access;
}

// ——— The caller as the issue and visibility policies, and their SQL, see them ———

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

/** Who looks at a project's issues: what visibility and the pending rules need, in SQL terms. */
export interface IssueAudience {
  readonly projectId: number;
  readonly userId: number;
  readonly manageDisciplines: boolean;
  readonly groupIds: readonly number[];
  readonly userDisciplines: readonly number[];
}

/**
 * The audience of a loaded project access. Every read of issues and comments goes through here, so a caller who
 * reads no issues at all (a platform administrator, spec core §6) is refused here with FORBIDDEN whatever the call.
 */
export function audienceOf(access: ProjectAccess): IssueAudience {
  requireIssueReader(access);
  return {
    projectId: access.project.id,
    userId: access.actor.account.id,
    manageDisciplines: access.manageDisciplines,
    groupIds: access.groupIds,
    userDisciplines: access.userDisciplines,
  };
}

/** The caller as the domain's visibility policy sees them (FORBIDDEN for those who read no issues). */
export function projectActorOf(access: ProjectAccess): ProjectActor {
  requireIssueReader(access);
  return {
    userId: access.actor.account.id,
    manageDisciplines: access.manageDisciplines,
    groupIds: access.groupIds,
  };
}
