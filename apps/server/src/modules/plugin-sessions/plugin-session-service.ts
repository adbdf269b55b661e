import { randomUUID } from 'node:crypto';
import { AppError, type BcfViewpoint, type BcfVisualization } from '@obra/domain';
import type { Actor } from '../../auth/actor.ts';
import type { AppServices } from '../../services.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { loadProjectAccess } from '../projects/project-access.ts';
import { requireIssueReader } from '../projects/project-access.ts';
import { bcfProjectAccess } from '../bcf/api/bcf-api-projects.ts';
import { visualizationOf } from '../bcf/api/bcf-api-bodies.ts';
import { coloringOf, selectionOf, viewpointOf, visibilityOf } from '../bcf/api/bcf-api-mapping.ts';
import { getModel, listModels, type BimModelRevision } from '../bim/bim-model-service.ts';
import {
  deletePluginSessionRow,
  findPluginSession,
  insertPluginSession,
  prunePluginSessions,
  updatePluginSessionViewpoint,
  type PluginSessionRow,
} from './plugin-session-repository.ts';

/**
 * BIM plugin sessions (issue 32 item 2; docs/plugins.md "Plugin sessions"), an Obra extension beside the BCF-API
 * 3.0: a paired desktop plugin opens the web app's model viewer as an overlay on some models at its own BCF
 * viewpoint, moves that viewpoint while the person looks, and ends the session. The person who owns the plugin's
 * token is the only one who opens the session, with their own rights on the project and its models.
 */

/** A session ends this long after the plugin last made or moved it. */
export const PLUGIN_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** The most models one session opens together. */
export const PLUGIN_SESSION_MAX_MODELS = 20;

/** The most sessions a person keeps: making one more ends their least recently changed one. */
export const PLUGIN_SESSIONS_PER_PERSON = 20;

/** The largest viewpoint a session keeps (its JSON, bitmaps and snapshot left out). */
const MAX_VIEWPOINT_CHARS = 200_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A BCF-API 3.0 viewpoint (camera, components, clipping planes, lines) as the viewpoint issues store
 * (packages/domain BcfViewpoint), under a new GUID. Snapshot and bitmaps are left out: the overlay shows the model
 * itself. A camera must have a direction (BAD_USER_INPUT otherwise).
 */
export function sessionViewpointOf(body: unknown): BcfViewpoint {
  if (!isObject(body))
    throw new AppError('BAD_USER_INPUT', 'expected a BCF viewpoint', { field: 'viewpoint' });
  const guid = randomUUID();
  const { visualization } = visualizationOf(body, guid);
  const direction = visualization.camera?.direction;
  if (direction && Math.hypot(direction.x, direction.y, direction.z) === 0)
    throw new AppError('BAD_USER_INPUT', 'the camera has no direction', { field: 'viewpoint' });
  const viewpoint: BcfViewpoint = { guid, index: 0, visualization: { ...visualization, bitmaps: [] } };
  if (JSON.stringify(viewpoint).length > MAX_VIEWPOINT_CHARS)
    throw new AppError('BAD_USER_INPUT', 'the viewpoint is too large', { field: 'viewpoint' });
  return viewpoint;
}

/** A stored viewpoint as the BCF-API answers a viewpoint (viewpoint_GET with its components). */
export function bcfApiViewpointOf(viewpoint: BcfViewpoint): Json {
  const visualization = viewpoint.visualization as BcfVisualization | undefined;
  const { authorization: _none, ...json } = viewpointOf({
    guid: viewpoint.guid,
    index: null,
    snapshotType: undefined,
    visualization,
  });
  return {
    ...json,
    components: {
      ...selectionOf(visualization),
      ...coloringOf(visualization),
      ...visibilityOf(visualization),
    },
  };
}

/**
 * The models a plugin names, each the newest revision the caller sees of an IFC document: `{ file_id }` (an Obra
 * model revision, as `GET …/plugin-models` lists them) or `{ filename }` (an IFC document's file or document name,
 * case ignored). A revision that does not exist is DOCUMENTS_NOT_FOUND, one the caller may not see
 * DOCUMENT_PERMISSION_DENIED (as the model routes answer); a file name they see no document of is
 * DOCUMENTS_NOT_FOUND.
 */
async function resolveModels(
  services: AppServices,
  actor: Actor,
  projectId: number,
  given: unknown,
): Promise<BimModelRevision[]> {
  if (!Array.isArray(given) || given.length === 0 || given.length > PLUGIN_SESSION_MAX_MODELS)
    throw new AppError('BAD_USER_INPUT', `1 to ${PLUGIN_SESSION_MAX_MODELS} models`, { field: 'models' });
  let listed: BimModelRevision[] | undefined;
  const out: BimModelRevision[] = [];
  for (const entry of given) {
    const fileId = isObject(entry) ? entry['file_id'] : undefined;
    const filename = isObject(entry) ? entry['filename'] : undefined;
    let model: BimModelRevision | undefined;
    if (typeof fileId === 'number' && Number.isSafeInteger(fileId) && fileId > 0) {
      const {
        isLatest: _latest,
        revisions: _revisions,
        ...found
      } = await getModel(services, actor, {
        projectId,
        fileId,
      });
      model = found;
    } else if (typeof filename === 'string' && filename.trim() !== '') {
      listed ??= (await listModels(services, actor, projectId)).models;
      const wanted = filename.trim().toLowerCase();
      model = listed.find(
        (m) => m.fileName.toLowerCase() === wanted || m.documentName.toLowerCase() === wanted,
      );
      if (!model) throw new AppError('DOCUMENTS_NOT_FOUND', { filename: filename.trim() });
    } else
      throw new AppError('BAD_USER_INPUT', 'a model is { file_id } or { filename }', { field: 'models' });
    if (!out.some((m) => m.fileId === model.fileId)) out.push(model);
  }
  return out;
}

/** The models of a stored session, read again with the caller's rights (their visibility may have changed). */
async function modelsOf(services: AppServices, actor: Actor, row: PluginSessionRow) {
  const out: (BimModelRevision & { isLatest: boolean })[] = [];
  for (const fileId of row.fileIds) {
    const { revisions: _revisions, ...model } = await getModel(services, actor, {
      projectId: row.projectId,
      fileId,
    });
    out.push(model);
  }
  return out;
}

/**
 * The caller's own session: PLUGIN_SESSION_NOT_FOUND when there is none with this id or it is another
 * person's (the same answer, so an id tells nothing), PLUGIN_SESSION_EXPIRED when it ended.
 */
async function loadOwnSession(services: AppServices, actor: Actor, id: string): Promise<PluginSessionRow> {
  if (!UUID.test(id)) throw new AppError('PLUGIN_SESSION_NOT_FOUND');
  const row = await findPluginSession(services.database.db, id.toLowerCase());
  if (!row || row.userId !== actor.account.id) throw new AppError('PLUGIN_SESSION_NOT_FOUND');
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('PLUGIN_SESSION_EXPIRED');
  return row;
}

/** The plugin's own session in the project it names (PLUGIN_SESSION_NOT_FOUND in another project). */
async function loadPluginSession(services: AppServices, actor: Actor, projectGuid: string, id: string) {
  const access = await bcfProjectAccess(services, actor, projectGuid);
  const row = await loadOwnSession(services, actor, id);
  if (row.projectId !== access.project.id) throw new AppError('PLUGIN_SESSION_NOT_FOUND');
  return { access, row };
}

/** Where the web app opens a session: the project's models, with the overlay on top. */
export function pluginSessionPath(projectId: number, id: string): string {
  return `/workspace/project/${projectId}/bim-files/models?pluginSession=${id}`;
}

function pluginAnswer(
  row: PluginSessionRow,
  projectGuid: string,
  models: BimModelRevision[],
  origin: string,
): Json {
  return {
    id: row.id,
    url: `${origin}${pluginSessionPath(row.projectId, row.id)}`,
    project_id: projectGuid,
    models: models.map((m) => ({
      file_id: m.fileId,
      document_id: m.documentId,
      filename: m.fileName,
      revision: m.revisionName,
      processing_state: m.processingState,
    })),
    viewpoint: row.viewpoint ? bcfApiViewpointOf(row.viewpoint as BcfViewpoint) : null,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

/** GET …/plugin-models: the project's IFC models the caller sees (newest visible revision each). */
export async function listPluginModels(services: AppServices, actor: Actor, projectGuid: string) {
  const access = await bcfProjectAccess(services, actor, projectGuid);
  const { models } = await listModels(services, actor, access.project.id);
  return models.map((m) => ({
    file_id: m.fileId,
    document_id: m.documentId,
    filename: m.fileName,
    revision: m.revisionName,
    processing_state: m.processingState,
  }));
}

/** POST …/plugin-sessions: `{ models, viewpoint? }`; 201 with the session and the address that opens it. */
export async function createPluginSession(
  services: AppServices,
  actor: Actor,
  input: { projectGuid: string; body: unknown; origin: string },
): Promise<Json> {
  const access = await bcfProjectAccess(services, actor, input.projectGuid);
  const body = isObject(input.body) ? input.body : {};
  const models = await resolveModels(services, actor, access.project.id, body['models']);
  const viewpoint =
    body['viewpoint'] === undefined || body['viewpoint'] === null
      ? null
      : sessionViewpointOf(body['viewpoint']);
  const clientId = actor.accessKeyId?.startsWith('oauth:') ? actor.accessKeyId.slice(6) : null;
  const now = new Date();
  const row = await unitOfWork(services, async (tx) => {
    const inserted = await insertPluginSession(tx, {
      projectId: access.project.id,
      userId: actor.account.id,
      clientId,
      fileIds: models.map((m) => m.fileId),
      viewpoint,
      expiresAt: new Date(now.getTime() + PLUGIN_SESSION_TTL_MS),
    });
    await prunePluginSessions(tx, actor.account.id, now, PLUGIN_SESSIONS_PER_PERSON);
    return inserted;
  });
  return pluginAnswer(row, access.project.guid, models, input.origin);
}

/** GET …/plugin-sessions/{id}: the plugin's session as it stands. */
export async function getPluginSession(
  services: AppServices,
  actor: Actor,
  input: { projectGuid: string; id: string; origin: string },
): Promise<Json> {
  const { access, row } = await loadPluginSession(services, actor, input.projectGuid, input.id);
  return pluginAnswer(row, access.project.guid, await modelsOf(services, actor, row), input.origin);
}

/** PUT …/plugin-sessions/{id}/viewpoint: the plugin's new viewpoint; the open overlay follows it. */
export async function putPluginSessionViewpoint(
  services: AppServices,
  actor: Actor,
  input: { projectGuid: string; id: string; body: unknown; origin: string },
): Promise<Json> {
  const { access, row } = await loadPluginSession(services, actor, input.projectGuid, input.id);
  const viewpoint = sessionViewpointOf(input.body);
  const expiresAt = new Date(Date.now() + PLUGIN_SESSION_TTL_MS);
  const updated = await unitOfWork(services, (tx) =>
    updatePluginSessionViewpoint(tx, row.id, viewpoint, expiresAt),
  );
  if (!updated) throw new AppError('PLUGIN_SESSION_NOT_FOUND');
  return pluginAnswer(updated, access.project.guid, await modelsOf(services, actor, updated), input.origin);
}

/** DELETE …/plugin-sessions/{id}: ends the session (the open overlay then says so). */
export async function deletePluginSession(
  services: AppServices,
  actor: Actor,
  input: { projectGuid: string; id: string },
): Promise<void> {
  const { row } = await loadPluginSession(services, actor, input.projectGuid, input.id);
  await unitOfWork(services, (tx) => deletePluginSessionRow(tx, row.id));
}

/** The web app's reading of its own session: the person must still read the project's issues. */
async function loadOpenedSession(services: AppServices, actor: Actor, id: string) {
  const row = await loadOwnSession(services, actor, id);
  requireIssueReader(await loadProjectAccess(services.database.db, actor, row.projectId));
  return row;
}

/** What the overlay follows: the viewpoint and its version. */
export interface PluginSessionViewpoint {
  version: number;
  viewpoint: BcfViewpoint | null;
  expiresAt: string;
}

/**
 * GET /plugin-sessions/{id} (the web app): the session's project, its models with the person's rights (a model
 * they may not see: DOCUMENT_PERMISSION_DENIED or DOCUMENTS_NOT_FOUND) and the viewpoint.
 */
export async function openPluginSession(
  services: AppServices,
  actor: Actor,
  id: string,
): Promise<PluginSessionViewpoint & { id: string; projectId: number; models: BimModelRevision[] }> {
  const row = await loadOpenedSession(services, actor, id);
  return {
    id: row.id,
    projectId: row.projectId,
    models: await modelsOf(services, actor, row),
    version: row.version,
    viewpoint: (row.viewpoint as BcfViewpoint | null) ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** GET /plugin-sessions/{id}/viewpoint (the overlay, while it is open): the current viewpoint and version. */
export async function pluginSessionViewpoint(
  services: AppServices,
  actor: Actor,
  id: string,
): Promise<PluginSessionViewpoint> {
  const row = await loadOpenedSession(services, actor, id);
  return {
    version: row.version,
    viewpoint: (row.viewpoint as BcfViewpoint | null) ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}
