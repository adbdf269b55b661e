import {
  offlineDbAvailable,
  offlineFilesCacheName,
  openOfflineDb,
  type OfflineProject,
  type StoredQuery,
} from './offline-db.ts';
import { dropProjectDrawings } from './drawing-store.ts';

/**
 * The offline copy for reading (issue 34, docs/offline.md "Offline reading"): the answers of the screens' own
 * GraphQL queries, stored as the server gave them to this user, in the user's database. Only answers of the
 * user's own (profile, project list) and of the projects kept on this device (marked "available offline", or
 * the last one opened) are stored.
 */

/** The queries whose answers are kept, and whether each belongs to a project (`projectId` variable) or the user. */
export const OFFLINE_QUERIES: Readonly<Record<string, 'user' | 'project'>> = {
  LoggedUserData: 'user',
  WorkspaceHome: 'user',
  WorkspaceProjects: 'user',
  ProjectData: 'project',
  IssuesListContext: 'project',
  IssuesListPage: 'project',
  IssueScreenData: 'project',
  IssueDetail: 'project',
  SavedViews: 'project',
};

/** The key of an answer: the operation's name and its variables, without the absent ones, in a fixed order. */
export function queryId(name: string, variables: Record<string, unknown> | undefined): string {
  const kept = Object.entries(variables ?? {})
    .filter(([, value]) => value !== null && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${name}:${JSON.stringify(kept)}`;
}

/** The project an answer belongs to (null: the user's own); undefined when the query is not kept. */
export function scopeOf(
  name: string,
  variables: Record<string, unknown> | undefined,
): number | null | undefined {
  const scope = OFFLINE_QUERIES[name];
  if (scope === 'user') return null;
  const projectId = variables?.['projectId'];
  return scope === 'project' && typeof projectId === 'number' ? projectId : undefined;
}

export function isKept(project: OfflineProject | undefined): boolean {
  return project !== undefined && (project.offline || project.last);
}

/** Stores an answer when it is the user's own or belongs to a kept project. */
export async function storeAnswer(
  userId: number,
  name: string,
  variables: Record<string, unknown> | undefined,
  data: unknown,
): Promise<void> {
  const projectId = scopeOf(name, variables);
  if (projectId === undefined || !offlineDbAvailable()) return;
  const db = await openOfflineDb(userId);
  if (projectId !== null && !isKept(await db.get('projects', projectId))) return;
  const json = JSON.stringify(data);
  const stored: StoredQuery = {
    id: queryId(name, variables),
    name,
    projectId,
    data,
    storedAt: new Date().toISOString(),
    bytes: json.length,
  };
  await db.put('queries', stored);
}

/** The stored answer of a query, if there is one. */
export async function findAnswer(
  userId: number,
  name: string,
  variables: Record<string, unknown> | undefined,
): Promise<StoredQuery | undefined> {
  if (scopeOf(name, variables) === undefined || !offlineDbAvailable()) return undefined;
  return (await openOfflineDb(userId)).get('queries', queryId(name, variables));
}

/** Forgets one stored answer (the server now refuses it to the user). */
export async function forgetAnswer(
  userId: number,
  name: string,
  variables: Record<string, unknown> | undefined,
): Promise<void> {
  if (!offlineDbAvailable()) return;
  await (await openOfflineDb(userId)).delete('queries', queryId(name, variables));
}

export async function getProject(userId: number, projectId: number): Promise<OfflineProject | undefined> {
  if (!offlineDbAvailable()) return undefined;
  return (await openOfflineDb(userId)).get('projects', projectId);
}

export async function putProject(userId: number, project: OfflineProject): Promise<void> {
  await (await openOfflineDb(userId)).put('projects', project);
}

const newProject = (projectId: number, name: string): OfflineProject => ({
  projectId,
  name,
  offline: false,
  last: false,
  syncedAt: null,
  files: [],
  fileBytes: 0,
});

/**
 * The project just opened becomes the last one (kept anyway); the one before it, unless marked "available
 * offline", is dropped from the device.
 */
export async function markLastProject(userId: number, projectId: number, name?: string): Promise<void> {
  if (!offlineDbAvailable()) return;
  const db = await openOfflineDb(userId);
  const known = await db.get('projects', projectId);
  if (known?.last && (name === undefined || known.name === name)) return;
  for (const project of await db.getAll('projects')) {
    if (project.projectId === projectId || !project.last) continue;
    if (project.offline) await db.put('projects', { ...project, last: false });
    else await dropProject(userId, project.projectId);
  }
  const current = (await db.get('projects', projectId)) ?? newProject(projectId, name ?? '');
  await db.put('projects', { ...current, name: name ?? current.name, last: true });
}

/** Marks a project "available offline" or not; unmarked and not the last one, its copy is dropped. */
export async function setProjectOffline(
  userId: number,
  projectId: number,
  name: string,
  offline: boolean,
): Promise<void> {
  const current = (await getProject(userId, projectId)) ?? newProject(projectId, name);
  const next = { ...current, name, offline };
  if (!isKept(next)) await dropProject(userId, projectId);
  else await putProject(userId, next);
}

/** Removes a project's copy from the device: its answers, its thumbnails, its drawings, its mark. */
export async function dropProject(userId: number, projectId: number): Promise<void> {
  const db = await openOfflineDb(userId);
  const project = await db.get('projects', projectId);
  const tx = db.transaction('queries', 'readwrite');
  for (const id of await tx.store.index('projectId').getAllKeys(projectId)) await tx.store.delete(id);
  await tx.done;
  await dropProjectDrawings(userId, projectId);
  await db.delete('projects', projectId);
  if (project && project.files.length > 0 && typeof caches !== 'undefined') {
    const cache = await caches.open(offlineFilesCacheName(userId));
    for (const url of project.files) await cache.delete(url);
  }
}

/** A kept project with the bytes its copy takes (answers, thumbnails and drawings). */
export interface OfflineProjectSize extends OfflineProject {
  bytes: number;
  /** Of which its drawings kept offline. */
  drawingBytes: number;
}

export async function listOfflineProjects(userId: number): Promise<OfflineProjectSize[]> {
  if (!offlineDbAvailable()) return [];
  const db = await openOfflineDb(userId);
  const sizes = new Map<number, number>();
  let cursor = await db.transaction('queries').store.openCursor();
  while (cursor) {
    const { projectId, bytes } = cursor.value;
    if (projectId !== null) sizes.set(projectId, (sizes.get(projectId) ?? 0) + bytes);
    cursor = await cursor.continue();
  }
  const drawings = new Map<number, number>();
  let drawing = await db.transaction('drawings').store.openCursor();
  while (drawing) {
    const { projectId, bytes } = drawing.value;
    drawings.set(projectId, (drawings.get(projectId) ?? 0) + bytes);
    drawing = await drawing.continue();
  }
  return (await db.getAll('projects')).map((project) => ({
    ...project,
    drawingBytes: drawings.get(project.projectId) ?? 0,
    bytes: (sizes.get(project.projectId) ?? 0) + project.fileBytes + (drawings.get(project.projectId) ?? 0),
  }));
}

/** Drops the answers of the user's own queries and every project's copy (a refresh the server refused). */
export async function clearOfflineCopy(userId: number): Promise<void> {
  if (!offlineDbAvailable()) return;
  const db = await openOfflineDb(userId);
  await db.clear('queries');
  await db.clear('projects');
  await db.clear('drawings');
  await db.clear('drawingPages');
  if (typeof caches !== 'undefined') await caches.delete(offlineFilesCacheName(userId));
}
