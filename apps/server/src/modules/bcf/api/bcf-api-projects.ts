import {
  AppError,
  BCF_PRIORITY_OF,
  BCF_STATUS_OF,
  bcfStageOf,
  bcfTopicTypeOf,
  canInProject,
  isBcfGuid,
  PROJECT_STATUS,
} from '@obra/domain';
import type { Actor } from '../../../auth/actor.ts';
import type { AppServices } from '../../../services.ts';
import { companyProjectIds } from './bcf-api-repository.ts';
import { requireIssueReader } from '../../projects/project-access.ts';
import {
  loadProjectAccess,
  loadProjectAccessByGuid,
  requireActive,
  type ProjectAccess,
} from '../../projects/project-access.ts';
import { updateProject } from '../../projects/project-service.ts';
import { loadBcfProjectSetup } from '../bcf-repository.ts';
import { TOPIC_ACTIONS } from './bcf-api-mapping.ts';

/**
 * The BCF-API 3.0 over Obra's issues (docs/api-bcf.md). Reads go through the issue list's SQL and visibility
 * (getIssues, getIssue, issueCommentViews, loadVisibleHistory): what a caller may not see is never read, and
 * a hidden topic or comment answers 404 like a missing one. Writes go through the import's write path
 * (writeApiTopic) or the comment services: the web app's rules, history and live events.
 */

/** The largest page of topics or events one request answers (`$top`'s maximum and its default). */
export const BCF_API_TOPIC_LIMIT = 10_000;

export type Json = Record<string, unknown>;

export function writes(access: ProjectAccess): boolean {
  return !access.actor.account.isDemo;
}

export function active(access: ProjectAccess): boolean {
  return access.project.status === PROJECT_STATUS.active;
}

export function requireWrites(access: ProjectAccess): void {
  if (access.actor.account.isDemo) throw new AppError('FORBIDDEN_DEMO_MODE');
  requireActive(access);
}

// --- projects -------------------------------------------------------------------------------------------

/**
 * The project's actions from the project policy: `update` (rename) with project.update, `createTopic` with
 * issue.create, `createDocument` with drive.upload; none on an inactive project or for a demo user.
 */
export function projectActionsOf(access: Pick<ProjectAccess, 'project' | 'policyActor' | 'actor'>): string[] {
  if (access.project.status !== PROJECT_STATUS.active || access.actor.account.isDemo) return [];
  return [
    ...(canInProject(access.policyActor, 'project.update') ? ['update'] : []),
    ...(canInProject(access.policyActor, 'issue.create') ? ['createTopic'] : []),
    ...(canInProject(access.policyActor, 'drive.upload') ? ['createDocument'] : []),
  ];
}

function projectJson(access: Pick<ProjectAccess, 'project' | 'policyActor' | 'actor'>): Json {
  return {
    project_id: access.project.guid,
    name: access.project.name,
    authorization: { project_actions: projectActionsOf(access) },
  };
}

export function requireProjectAction(
  access: ProjectAccess,
  action: 'update' | 'createTopic' | 'createDocument',
): void {
  requireWrites(access);
  if (!projectActionsOf(access).includes(action)) throw new AppError('FORBIDDEN');
}

/** A project the caller changes: its access (bcfProjectAccess), writes allowed and `action` in its project_actions. */
export async function bcfProjectFor(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  action: 'update' | 'createTopic' | 'createDocument',
): Promise<ProjectAccess> {
  const access = await bcfProjectAccess(services, actor, projectGuid);
  requireProjectAction(access, action);
  return access;
}

/** The projects whose issues the caller reads: those their company takes part in. */
export async function listBcfProjects(services: AppServices, actor: Actor): Promise<Json[]> {
  const companyId = actor.account.companyId;
  if (companyId === null || actor.account.isAdmin) return [];
  const out: Json[] = [];
  for (const projectId of await companyProjectIds(services.database.db, companyId)) {
    const access = await loadProjectAccess(services.database.db, actor, projectId);
    if (access.role !== null) out.push(projectJson(access));
  }
  return out;
}

/** A GUID from a request path, lower-cased; `notFound` is thrown when it is no GUID (nothing can have it). */
export function pathGuid(guid: string, notFound: 'PROJECT_NOT_FOUND' | 'NOT_FOUND'): string {
  const key = guid.toLowerCase();
  if (!isBcfGuid(key)) throw new AppError(notFound);
  return key;
}

/** The caller's access to a project named by its GUID (BCF's project_id); PROJECT_NOT_FOUND alike. */
export async function bcfProjectAccess(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
): Promise<ProjectAccess> {
  const guid = pathGuid(projectGuid, 'PROJECT_NOT_FOUND');
  const access = await loadProjectAccessByGuid(services.database.db, actor, guid);
  requireIssueReader(access);
  return access;
}

export async function getBcfProject(services: AppServices, actor: Actor, projectGuid: string): Promise<Json> {
  return projectJson(await bcfProjectAccess(services, actor, projectGuid));
}

/** PUT project: renames the project (project_PUT) through updateProject, with `update` in project_actions. */
export async function updateBcfProject(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  body: unknown,
): Promise<Json> {
  const access = await bcfProjectFor(services, actor, projectGuid, 'update');
  const name = (body as Json | null)?.['name'];
  if (typeof name !== 'string' || name.trim() === '')
    throw new AppError('REQUIRED_FIELD', { fields: ['name'] });
  return projectJson(await updateProject(services, actor, access.project.id, { name }));
}

/** extensions_GET: the values the project's topics take, and what the caller may do. */
export async function getBcfExtensions(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
): Promise<Json> {
  const access = await bcfProjectAccess(services, actor, projectGuid);
  const setup = await loadBcfProjectSetup(services.database.db, access.project.id);
  const project = projectJson(access);
  const mayWrite = active(access) && writes(access);
  return {
    topic_type: setup.activeCategoryIds.map((id) => bcfTopicTypeOf(id)),
    topic_status: Object.values(BCF_STATUS_OF),
    topic_label: setup.labels.map((l) => l.name),
    snippet_type: [],
    priority: Object.values(BCF_PRIORITY_OF),
    users: [...setup.members.values()].map((m) => m.email),
    stage: setup.activePhaseIds.map((id) => bcfStageOf(id)).filter((s): s is string => s !== undefined),
    project_actions: (project['authorization'] as { project_actions: string[] }).project_actions,
    topic_actions: mayWrite ? [...TOPIC_ACTIONS] : [],
    comment_actions: mayWrite ? ['update', 'delete'] : [],
  };
}
