import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  AppError,
  BCF_PRIORITY_OF,
  BCF_STATUS_OF,
  bcfStageOf,
  bcfTopicTypeOf,
  canInProject,
  canUploadInDiscipline,
  COMMENT_VISIBILITIES,
  isBcfGuid,
  matchesODataFilter,
  orderByOData,
  parseODataCount,
  parseODataFilter,
  parseODataOrderBy,
  PROJECT_STATUS,
  type BcfTopic,
  type BcfViewpoint,
  type BcfVisualization,
} from '@obra/domain';
import type { Actor } from '../../../auth/actor.ts';
import {
  bcfComments,
  bcfTopics,
  issues,
  projectCompanies,
  projects,
  users,
} from '../../../db/schema/index.ts';
import { unitOfWork } from '../../../db/unit-of-work.ts';
import type { AppServices } from '../../../services.ts';
import {
  commentViewsOfIssues,
  issueCommentViews,
} from '../../issues/comments/issue-comment-query-service.ts';
import { createComment, deleteComment, updateComment } from '../../issues/comments/issue-comment-service.ts';
import type { CommentView } from '../../issues/comments/issue-comment-repository.ts';
import { deleteIssue } from '../../issues/issue-delete-service.ts';
import { canDeleteIssue, editScopeOn, requireIssueReader } from '../../issues/issue-permissions.ts';
import type { IssueView } from '../../issues/issue-repository.ts';
import { getIssue, getIssues, loadVisibleHistory } from '../../issues/list/issue-query-service.ts';
import type { IssueColumn, IssuePageShape } from '../../issues/list/issue-page-sql.ts';
import {
  loadProjectAccess,
  loadProjectAccessByGuid,
  requireActive,
  type ProjectAccess,
} from '../../projects/project-access.ts';
import { loadDriveAccess } from '../../drive/drive-access.ts';
import { listDriveFiles } from '../../drive/drive-repository.ts';
import { confirmDriveUpload, createDriveFile } from '../../drive/drive-upload-service.ts';
import { updateProject } from '../../projects/project-service.ts';
import {
  derivedCommentGuid,
  derivedDocumentGuid,
  derivedTopicGuid,
  derivedViewpointGuid,
} from '../bcf-guids.ts';
import { readStoredViewpoints, writeApiTopic, type StoredBcfDocument } from '../bcf-import-service.ts';
import {
  issueImagesWithFiles,
  loadBcfProjectSetup,
  loadBcfRows,
  loadBcfTopicContext,
} from '../bcf-repository.ts';
import {
  bitmapGuid,
  commentAuthorization,
  commentOf,
  coloringOf,
  documentReferenceOf,
  fileOf,
  TOPIC_ACTIONS,
  TOPIC_EVENT_FIELDS,
  topicCreationActions,
  topicEventActions,
  selectionOf,
  topicAuthorization,
  topicFieldsOf,
  topicOf,
  viewpointOf,
  visibilityOf,
  visualizationOf,
  type BcfCommentEventType,
  type EventAction,
  type KeptTopic,
  type TopicEventField,
  type ViewpointSource,
} from './bcf-api-mapping.ts';

/**
 * The BCF-API 3.0 over Obra's issues (docs/api-bcf.md). Reads go through the issue list's SQL and visibility
 * (getIssues, getIssue, issueCommentViews, loadVisibleHistory): what a caller may not see is never read, and
 * a hidden topic or comment answers 404 like a missing one. Writes go through the import's write path
 * (writeApiTopic) or the comment services: the web app's rules, history and live events.
 */

/** The largest page of topics or events one request answers (`$top`'s maximum and its default). */
export const BCF_API_TOPIC_LIMIT = 10_000;

type Json = Record<string, unknown>;

function writes(access: ProjectAccess): boolean {
  return !access.actor.account.isDemo;
}

function active(access: ProjectAccess): boolean {
  return access.project.status === PROJECT_STATUS.active;
}

function requireWrites(access: ProjectAccess): void {
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

function requireProjectAction(
  access: ProjectAccess,
  action: 'update' | 'createTopic' | 'createDocument',
): void {
  requireWrites(access);
  if (!projectActionsOf(access).includes(action)) throw new AppError('FORBIDDEN');
}

/** The projects whose issues the caller reads: those their company takes part in. */
export async function listBcfProjects(services: AppServices, actor: Actor): Promise<Json[]> {
  const companyId = actor.account.companyId;
  if (companyId === null || actor.account.isAdmin) return [];
  const rows = await services.database.db
    .select({ id: projects.id })
    .from(projectCompanies)
    .innerJoin(projects, eq(projects.id, projectCompanies.projectId))
    .where(eq(projectCompanies.companyId, companyId))
    .orderBy(projects.name, projects.id);
  const out: Json[] = [];
  for (const row of rows) {
    const access = await loadProjectAccess(services.database.db, actor, row.id);
    if (access.role !== null) out.push(projectJson(access));
  }
  return out;
}

/** The caller's access to a project named by its GUID (BCF's project_id); PROJECT_NOT_FOUND alike. */
export async function bcfProjectAccess(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
): Promise<ProjectAccess> {
  const guid = projectGuid.toLowerCase();
  if (!isBcfGuid(guid)) throw new AppError('PROJECT_NOT_FOUND');
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
  const access = await bcfProjectAccess(services, actor, projectGuid);
  requireProjectAction(access, 'update');
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

// --- topics ---------------------------------------------------------------------------------------------

/** A topic as the API answers it, with what its sub-resources need. */
interface LoadedTopic {
  guid: string;
  view: IssueView;
  kept: KeptTopic | undefined;
  json: Json;
}

/** Maps visible issues to topics in one statement (loadBcfTopicContext) and no per-topic work but the JSON. */
async function topicsOf(
  services: AppServices,
  access: ProjectAccess,
  views: readonly IssueView[],
): Promise<LoadedTopic[]> {
  if (views.length === 0) return [];
  const userIds = new Set<number>();
  for (const { row } of views) {
    userIds.add(row.createdByUserId);
    if (row.editedByUserId) userIds.add(row.editedByUserId);
  }
  const context = await loadBcfTopicContext(
    services.database.db,
    access.project.id,
    views.map((v) => v.row.id),
    [...userIds],
  );
  const facts = {
    active: active(access),
    writes: writes(access),
    canComment: canInProject(access.policyActor, 'comment.create'),
  };
  // A topic's authorization depends on the issue only through its edit scope and deletability: the topics of a
  // page share the few distinct values (read-only JSON).
  const authorizations = new Map<string, ReturnType<typeof topicAuthorization>>();
  return views.map((view) => {
    const row = view.row;
    const bcf = context.topics.get(row.id);
    const guid = bcf?.guid ?? derivedTopicGuid(access.project.guid, row.id);
    const kept = bcf ? (bcf.topic as KeptTopic) : undefined;
    const editScope = editScopeOn(
      access,
      row,
      view.disciplines.map((d) => d.disciplineId),
    );
    const canDelete = canDeleteIssue(access, row);
    const key = `${editScope}:${canDelete}`;
    let authorization = authorizations.get(key);
    if (!authorization) {
      authorization = topicAuthorization({ ...facts, editScope, canDelete });
      authorizations.set(key, authorization);
    }
    const json = topicOf({
      guid,
      issue: row,
      kept,
      labelNames: view.labelIds
        .map((id) => context.labelNames.get(id))
        .filter((n): n is string => n !== undefined),
      emails: context.emails,
      activeCategoryIds: context.activeCategoryIds,
      activePhaseIds: context.activePhaseIds,
      authorization,
    });
    return { guid, view, kept, json };
  });
}

/**
 * How a page of the list is read for topics: the columns and children topicsOf and topicOf read (the topic's
 * fields, visibility and authorship for the authorization, the disciplines' ids for the edit scope, the labels'
 * ids), not the list's discipline details, locals, image titles, thumbnails, nor the caller's star, tags and
 * marks. The rows carry only these columns, and the views no locals, star or tags.
 */
const TOPIC_PAGE_SHAPE: IssuePageShape = {
  columns: new Set<IssueColumn>([
    'code',
    'title',
    'description',
    'status',
    'priority',
    'categoryId',
    'creationPhase',
    'deadline',
    'createdAt',
    'editedAt',
    'editedByUserId',
  ]),
  disciplineDetails: false,
  disciplineDoneAt: false,
  imageTitles: false,
  cover: false,
  localIds: false,
  userState: false,
  notifications: false,
};

/**
 * How the visible issues are read: page by page (`pageSize` issues a query) through the list's own SQL, as far
 * as a request needs, without a cap. A test lowers the page size to prove that lists read past any page.
 */
export const BCF_API_PAGING = { pageSize: 500 };

/**
 * The issues the caller sees in the project, one page of the issue list at a time, in the list's order, read
 * with the access the request loaded. `shape` narrows what is read of each issue (all of it when undefined).
 */
async function* visiblePages(
  services: AppServices,
  access: ProjectAccess,
  shape?: IssuePageShape,
): AsyncGenerator<IssueView[]> {
  let after: string | null = null;
  for (;;) {
    const page = await getIssues(services, access.actor, {
      projectId: access.project.id,
      access,
      filter: {},
      after,
      first: BCF_API_PAGING.pageSize,
      shape,
    });
    if (page.issues.length > 0) yield page.issues;
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return;
    after = page.pageInfo.endCursor;
  }
}

/** The issues the caller sees in the project (the first `limit` of them; all without one). */
async function visibleViews(
  services: AppServices,
  access: ProjectAccess,
  limit = Number.POSITIVE_INFINITY,
  shape?: IssuePageShape,
): Promise<IssueView[]> {
  const all: IssueView[] = [];
  for await (const page of visiblePages(services, access, shape)) {
    all.push(...page);
    if (all.length >= limit) break;
  }
  return all.slice(0, limit);
}

export interface ODataQuery {
  $filter?: string | undefined;
  $orderby?: string | undefined;
  $top?: string | undefined;
  $skip?: string | undefined;
}

/**
 * GET topics: the visible topics through `$filter`, `$orderby`, `$skip` and `$top` (absent: a page of at most
 * BCF_API_TOPIC_LIMIT). Without a filter or an order, only the list pages up to the one asked for are read.
 * With a filter, every visible issue is read page by page and only the matching topics are kept (without an
 * order, reading stops once `$skip + $top` matched); with an order, all matching topics are ordered.
 */
export async function listBcfTopics(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  query: ODataQuery,
): Promise<Json[]> {
  const filter = parseODataFilter(query.$filter);
  const order = parseODataOrderBy(query.$orderby);
  const top = parseODataCount('$top', query.$top, BCF_API_TOPIC_LIMIT) ?? BCF_API_TOPIC_LIMIT;
  const skip = parseODataCount('$skip', query.$skip, 1_000_000) ?? 0;
  const access = await bcfProjectAccess(services, actor, projectGuid);
  if (!filter && order.length === 0) {
    const views = await visibleViews(services, access, skip + top, TOPIC_PAGE_SHAPE);
    return (await topicsOf(services, access, views.slice(skip, skip + top))).map((t) => t.json);
  }
  const enough = order.length === 0 ? skip + top : Number.POSITIVE_INFINITY;
  const matching: Json[] = [];
  for await (const page of visiblePages(services, access, TOPIC_PAGE_SHAPE)) {
    for (const topic of await topicsOf(services, access, page))
      if (matchesODataFilter(filter, topic.json)) matching.push(topic.json);
    if (matching.length >= enough) break;
  }
  return orderByOData(matching, order).slice(skip, skip + top);
}

/** Derived topic GUIDs (of issues made in Obra) by project, remembered once computed. */
const derivedGuids = new Map<string, number>();
const DERIVED_GUIDS_MAX = 200_000;

/** The issue id of a topic GUID of the project (visible or not: the caller checks). */
async function issueIdOfTopic(services: AppServices, access: ProjectAccess, guid: string): Promise<number> {
  const key = guid.toLowerCase();
  if (!isBcfGuid(key)) throw new AppError('NOT_FOUND');
  const { db } = services.database;
  const [row] = await db
    .select({ issueId: bcfTopics.issueId })
    .from(bcfTopics)
    .where(and(eq(bcfTopics.projectId, access.project.id), eq(bcfTopics.guid, key)))
    .limit(1);
  if (row) return row.issueId;
  const cached = derivedGuids.get(`${access.project.guid}/${key}`);
  if (cached !== undefined) return cached;
  // An issue made in Obra answers to a GUID derived from its id: found by deriving the project's GUIDs once.
  const ids = await db
    .select({ id: issues.id })
    .from(issues)
    .leftJoin(bcfTopics, eq(bcfTopics.issueId, issues.id))
    .where(and(eq(issues.projectId, access.project.id), isNull(bcfTopics.issueId)));
  let found: number | undefined;
  for (const { id } of ids) {
    const derived = derivedTopicGuid(access.project.guid, id);
    if (derivedGuids.size < DERIVED_GUIDS_MAX) derivedGuids.set(`${access.project.guid}/${derived}`, id);
    if (derived === key) found = id;
  }
  if (found === undefined) throw new AppError('NOT_FOUND');
  return found;
}

async function loadTopic(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
): Promise<{ access: ProjectAccess; topic: LoadedTopic }> {
  const access = await bcfProjectAccess(services, actor, projectGuid);
  const issueId = await issueIdOfTopic(services, access, topicGuid);
  const { view } = await getIssue(services, actor, access.project.id, issueId);
  const [topic] = await topicsOf(services, access, [view]);
  if (!topic) throw new AppError('NOT_FOUND');
  return { access, topic };
}

export async function getBcfTopic(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
): Promise<Json> {
  return (await loadTopic(services, actor, projectGuid, topicGuid)).topic.json;
}

function requireTopicAction(topic: LoadedTopic, action: string): void {
  const actions = (topic.json['authorization'] as { topic_actions: string[] }).topic_actions;
  if (!actions.includes(action)) throw new AppError('FORBIDDEN');
}

/** A topic the caller changes: loaded as they see it, writes allowed, and `action` in its topic_actions. */
async function loadTopicFor(
  services: AppServices,
  actor: Actor,
  ids: { projectGuid: string; topicGuid: string },
  action: string,
): Promise<{ access: ProjectAccess; topic: LoadedTopic }> {
  const loaded = await loadTopic(services, actor, ids.projectGuid, ids.topicGuid);
  requireWrites(loaded.access);
  requireTopicAction(loaded.topic, action);
  return loaded;
}

function checkTopicBody(body: unknown): Json {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new AppError('BAD_USER_INPUT', 'expected a JSON object', { field: 'body' });
  const json = body as Json;
  if (typeof json['title'] !== 'string' || json['title'].trim() === '')
    throw new AppError('REQUIRED_FIELD', { fields: ['title'] });
  return json;
}

/** The stored viewpoints of a topic as BCF-XML's model (what a topic write keeps). */
function storedViewpointsOf(topic: LoadedTopic): BcfViewpoint[] {
  return readStoredViewpoints(topic.view.row.viewpoints).map((v) => ({
    guid: v.guid,
    index: v.index ?? undefined,
    snapshot: v.snapshot ? 'snapshot' : undefined,
    visualization: (v.visualization ?? undefined) as BcfVisualization | undefined,
  }));
}

/** The BCF topic a write starts from: the stored one as the API shows it, with its relations. */
function baseTopicOf(topic: LoadedTopic): BcfTopic {
  const kept = topic.kept ?? {};
  return {
    ...topicFieldsOf(topic.json, {
      guid: topic.guid,
      referenceLinks: [],
      title: '',
      labels: [],
      creationDate: String(topic.json['creation_date']),
      creationAuthor: String(topic.json['creation_author']),
      documentReferences: [],
      relatedTopics: [],
      headerFiles: [],
      comments: [],
      viewpoints: [],
    }),
    serverAssignedId: kept.serverAssignedId,
    documentReferences: kept.documentReferences ?? [],
    relatedTopics: kept.relatedTopics ?? [],
    headerFiles: kept.headerFiles ?? [],
    comments: [],
    viewpoints: storedViewpointsOf(topic),
  };
}

async function writeTopic(
  services: AppServices,
  access: ProjectAccess,
  topic: BcfTopic,
  existing: LoadedTopic | undefined,
  snapshots?: ReadonlyMap<string, { name: string; bytes: Buffer }>,
  removeImageIds?: readonly number[],
): Promise<number> {
  return writeApiTopic(services, access, topic, {
    existingIssueId: existing?.view.row.id,
    snapshots,
    removeImageIds,
    documents: (existing?.kept?.documents ?? []) as StoredBcfDocument[],
  });
}

/** POST topics: a new issue (issue.create), public like imported topics, with the GUID given or a new one. */
export async function createBcfTopic(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  body: unknown,
): Promise<Json> {
  const access = await bcfProjectAccess(services, actor, projectGuid);
  requireWrites(access);
  if (!canInProject(access.policyActor, 'issue.create')) throw new AppError('FORBIDDEN');
  const json = checkTopicBody(body);
  const given = typeof json['guid'] === 'string' ? json['guid'].toLowerCase() : undefined;
  if (given !== undefined && !isBcfGuid(given))
    throw new AppError('BAD_USER_INPUT', 'guid is not a GUID', { field: 'guid' });
  const guid = (given ?? randomUUID()).toLowerCase();
  const taken = await services.database.db
    .select({ issueId: bcfTopics.issueId })
    .from(bcfTopics)
    .where(and(eq(bcfTopics.projectId, access.project.id), eq(bcfTopics.guid, guid)))
    .limit(1);
  if (taken.length > 0)
    throw new AppError('BAD_USER_INPUT', 'a topic with this guid exists', { field: 'guid' });
  const now = new Date().toISOString();
  const topic = topicFieldsOf(json, {
    guid,
    referenceLinks: [],
    title: '',
    labels: [],
    creationDate: now,
    creationAuthor: actor.account.email,
    documentReferences: [],
    relatedTopics: [],
    headerFiles: [],
    comments: [],
    viewpoints: [],
  });
  await writeTopic(services, access, topic, undefined);
  return getBcfTopic(services, actor, projectGuid, guid);
}

/** PUT topic: replaces the topic's fields (update), keeping its relations, comments and viewpoints. */
export async function updateBcfTopic(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
  body: unknown,
): Promise<Json> {
  const { access, topic } = await loadTopicFor(services, actor, { projectGuid, topicGuid }, 'update');
  const json = checkTopicBody(body);
  const base = baseTopicOf(topic);
  await writeTopic(services, access, { ...topicFieldsOf(json, base), guid: topic.guid }, topic);
  return getBcfTopic(services, actor, projectGuid, topic.guid);
}

/** DELETE topic: deletes the issue (canDeleteIssue). */
export async function deleteBcfTopic(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
): Promise<void> {
  const { access, topic } = await loadTopicFor(services, actor, { projectGuid, topicGuid }, 'delete');
  await deleteIssue(services, actor, access.project.id, topic.view.row.id);
}

// --- topic relations ------------------------------------------------------------------------------------

export async function getBcfTopicFiles(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
): Promise<Json[]> {
  const { topic } = await loadTopic(services, actor, projectGuid, topicGuid);
  return (topic.kept?.headerFiles ?? []).map(fileOf);
}

/** files_information: the model files the visible topics refer to, once each. */
export async function getBcfFilesInformation(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
): Promise<Json[]> {
  const access = await bcfProjectAccess(services, actor, projectGuid);
  const views = await visibleViews(services, access);
  const rows = await loadBcfRows(
    services.database.db,
    views.map((v) => v.row.id),
  );
  const seen = new Map<string, Json>();
  for (const row of rows.topics.values())
    for (const file of (row.topic as KeptTopic).headerFiles ?? []) {
      const key = JSON.stringify([file.reference, file.filename, file.ifcProject]);
      if (!seen.has(key))
        seen.set(key, {
          display_information: [
            { field_display_name: 'Filename', field_value: file.filename ?? file.reference ?? '' },
          ],
          file: fileOf(file),
        });
    }
  return [...seen.values()];
}

/** The related topics of a topic; a related topic the caller may not see is left out. */
export async function getBcfRelatedTopics(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
): Promise<Json[]> {
  const { access, topic } = await loadTopic(services, actor, projectGuid, topicGuid);
  const out: Json[] = [];
  for (const guid of topic.kept?.relatedTopics ?? []) {
    if (await topicVisible(services, actor, access, guid)) out.push({ related_topic_guid: guid });
  }
  return out;
}

/** Whether a GUID is a topic of the project the caller sees, or one the project does not know at all. */
async function topicVisible(
  services: AppServices,
  actor: Actor,
  access: ProjectAccess,
  guid: string,
): Promise<boolean> {
  let issueId: number;
  try {
    issueId = await issueIdOfTopic(services, access, guid);
  } catch {
    return false;
  }
  try {
    await getIssue(services, actor, access.project.id, issueId);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** PUT related_topics: replaces the list; every GUID must be a topic of the project the caller sees. */
export async function putBcfRelatedTopics(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
  body: unknown,
): Promise<Json[]> {
  const { access, topic } = await loadTopicFor(
    services,
    actor,
    { projectGuid, topicGuid },
    'updateRelatedTopics',
  );
  if (!Array.isArray(body)) throw new AppError('BAD_USER_INPUT', 'expected a list', { field: 'body' });
  const guids: string[] = [];
  for (const item of body) {
    const guid = (item as { related_topic_guid?: unknown } | null)?.related_topic_guid;
    if (typeof guid !== 'string' || !(await topicVisible(services, actor, access, guid)))
      throw new AppError('BAD_USER_INPUT', 'unknown related topic', { field: 'related_topic_guid' });
    if (guid.toLowerCase() !== topic.guid && !guids.includes(guid.toLowerCase()))
      guids.push(guid.toLowerCase());
  }
  await writeTopic(services, access, { ...baseTopicOf(topic), relatedTopics: guids }, topic);
  return getBcfRelatedTopics(services, actor, projectGuid, topic.guid);
}

export async function getBcfDocumentReferences(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
): Promise<Json[]> {
  const { topic } = await loadTopic(services, actor, projectGuid, topicGuid);
  return (topic.kept?.documentReferences ?? []).map((d, i) => documentReferenceOf(d, topic.guid, i));
}

/** POST document_references: an external document (url) or one of the project's documents (document_guid). */
export async function addBcfDocumentReference(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
  body: unknown,
): Promise<Json> {
  const { access, topic } = await loadTopicFor(
    services,
    actor,
    { projectGuid, topicGuid },
    'updateDocumentReferences',
  );
  const json = (typeof body === 'object' && body !== null ? body : {}) as Json;
  const url = typeof json['url'] === 'string' ? json['url'] : undefined;
  const documentGuid = typeof json['document_guid'] === 'string' ? json['document_guid'] : undefined;
  if ((url === undefined) === (documentGuid === undefined))
    throw new AppError('BAD_USER_INPUT', 'give url or document_guid', { field: 'url' });
  const given = typeof json['guid'] === 'string' ? json['guid'].toLowerCase() : undefined;
  if (given !== undefined && !isBcfGuid(given))
    throw new AppError('BAD_USER_INPUT', 'guid is not a GUID', { field: 'guid' });
  const guid = given ?? randomUUID();
  const base = baseTopicOf(topic);
  if (base.documentReferences.some((d) => d.guid === guid))
    throw new AppError('BAD_USER_INPUT', 'a document reference with this guid exists', { field: 'guid' });
  const reference = {
    guid,
    url,
    documentGuid,
    description: typeof json['description'] === 'string' ? json['description'] : undefined,
  };
  await writeTopic(
    services,
    access,
    { ...base, documentReferences: [...base.documentReferences, reference] },
    topic,
  );
  return documentReferenceOf(reference, topic.guid, base.documentReferences.length);
}

/** PUT document_references/{guid}: replaces one reference's url or document and description. */
export async function putBcfDocumentReference(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
  referenceGuid: string,
  body: unknown,
): Promise<Json> {
  const { access, topic } = await loadTopicFor(
    services,
    actor,
    { projectGuid, topicGuid },
    'updateDocumentReferences',
  );
  const base = baseTopicOf(topic);
  const references = base.documentReferences.map((d, i) => ({
    ...d,
    guid: String(documentReferenceOf(d, topic.guid, i).guid),
  }));
  const position = references.findIndex((d) => d.guid === referenceGuid.toLowerCase());
  if (position < 0) throw new AppError('NOT_FOUND');
  const json = (typeof body === 'object' && body !== null ? body : {}) as Json;
  const url = typeof json['url'] === 'string' ? json['url'] : undefined;
  const documentGuid = typeof json['document_guid'] === 'string' ? json['document_guid'] : undefined;
  if ((url === undefined) === (documentGuid === undefined))
    throw new AppError('BAD_USER_INPUT', 'give url or document_guid', { field: 'url' });
  const reference = {
    guid: referenceGuid.toLowerCase(),
    url,
    documentGuid,
    description: typeof json['description'] === 'string' ? json['description'] : undefined,
  };
  references[position] = reference;
  await writeTopic(services, access, { ...base, documentReferences: references }, topic);
  return documentReferenceOf(reference, topic.guid, position);
}

/**
 * DELETE document_references/{guid}: removes one reference (updateDocumentReferences). Not in the official 3.0
 * endpoint list (docs/api-bcf.md): Obra's addition, so that a reference added by mistake can go.
 */
export async function deleteBcfDocumentReference(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
  referenceGuid: string,
): Promise<void> {
  const { access, topic } = await loadTopicFor(
    services,
    actor,
    { projectGuid, topicGuid },
    'updateDocumentReferences',
  );
  const base = baseTopicOf(topic);
  const references = base.documentReferences.map((d, i) => ({
    ...d,
    guid: String(documentReferenceOf(d, topic.guid, i).guid),
  }));
  const kept = references.filter((d) => d.guid !== referenceGuid.toLowerCase());
  if (kept.length === references.length) throw new AppError('NOT_FOUND');
  await writeTopic(services, access, { ...base, documentReferences: kept }, topic);
}

/** Where the file of a topic's internal BIM snippet is kept. */
function snippetKey(access: ProjectAccess, topic: LoadedTopic): string {
  return `bcf/${access.project.id}/snippets/${topic.guid}`;
}

/** GET snippet: the file of the topic's internal BIM snippet (NOT_FOUND when external or never sent). */
export async function getBcfSnippet(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
): Promise<{ bytes: Buffer; filename: string }> {
  const { access, topic } = await loadTopic(services, actor, projectGuid, topicGuid);
  const snippet = topic.kept?.bimSnippet;
  if (!snippet || snippet.isExternal) throw new AppError('NOT_FOUND');
  const key = snippetKey(access, topic);
  if (!(await services.files.store.stat(key))) throw new AppError('NOT_FOUND');
  return { bytes: await services.files.store.read(key), filename: snippet.reference || 'snippet' };
}

/** The largest BIM snippet file PUT snippet takes. */
export const BCF_API_SNIPPET_MAX_BYTES = 16 * 1024 * 1024;

/**
 * PUT snippet: the file of the topic's BIM snippet (updateBimSnippet). As the spec says, the topic's
 * `bim_snippet` must already be internal (`is_external` false, `reference` the file name), set by PUT topic.
 */
export async function putBcfSnippet(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
  bytes: Buffer,
): Promise<void> {
  const { access, topic } = await loadTopicFor(
    services,
    actor,
    { projectGuid, topicGuid },
    'updateBimSnippet',
  );
  const snippet = topic.kept?.bimSnippet;
  if (!snippet || snippet.isExternal)
    throw new AppError('BAD_USER_INPUT', 'the topic has no internal bim_snippet', { field: 'bim_snippet' });
  if (bytes.length === 0) throw new AppError('REQUIRED_FIELD', { fields: ['body'] });
  if (bytes.length > BCF_API_SNIPPET_MAX_BYTES) throw new AppError('FILE_SIZE_LIMIT_EXCEEDED');
  await services.files.store.write(snippetKey(access, topic), bytes, 'application/octet-stream');
}

/** PUT files: replaces the topic's header files (the models it refers to). */
export async function putBcfTopicFiles(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
  body: unknown,
): Promise<Json[]> {
  const { access, topic } = await loadTopicFor(services, actor, { projectGuid, topicGuid }, 'updateFiles');
  if (!Array.isArray(body)) throw new AppError('BAD_USER_INPUT', 'expected a list', { field: 'body' });
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const files = body
    .filter((f): f is Json => typeof f === 'object' && f !== null)
    .map((f) => ({
      ifcProject: text(f['ifc_project']),
      ifcSpatialStructureElement: text(f['ifc_spatial_structure_element']),
      filename: text(f['filename']),
      date: text(f['date']),
      reference: text(f['reference']),
      isExternal: true,
    }));
  await writeTopic(services, access, { ...baseTopicOf(topic), headerFiles: files }, topic);
  return files.map(fileOf);
}

/** A project document as the API answers it, with where its bytes are. */
export interface BcfDocument {
  guid: string;
  filename: string;
  description?: string | undefined;
  storageKey: string;
  contentType: string;
}

/**
 * The documents of the project the caller sees: the project drive's documents (the newest revision of each the
 * caller sees, through the drive's own visibility) and the documents kept from imported packages'
 * documents.xml that visible topics reference.
 */
export async function listBcfDocuments(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
): Promise<BcfDocument[]> {
  const access = await bcfProjectAccess(services, actor, projectGuid);
  const { db } = services.database;
  const documents = new Map<string, BcfDocument>();
  const { viewer } = await loadDriveAccess(db, actor, access.project.id);
  for (let page = 1; ; page += 1) {
    const { files } = await listDriveFiles(db, viewer, access.project.id, {
      filters: {},
      sort: 'fileName',
      order: 'asc',
      page,
      pageSize: BCF_API_PAGING.pageSize,
    });
    for (const file of files) {
      const guid = derivedDocumentGuid(access.project.guid, file.id);
      documents.set(guid, {
        guid,
        filename: file.fileName,
        storageKey: file.storageKey,
        contentType: file.contentType ?? 'application/octet-stream',
      });
    }
    if (files.length < BCF_API_PAGING.pageSize) break;
  }
  const views = await visibleViews(services, access);
  const rows = await loadBcfRows(
    db,
    views.map((v) => v.row.id),
  );
  for (const row of rows.topics.values())
    for (const d of (row.topic as KeptTopic).documents ?? [])
      documents.set(d.guid, { ...d, contentType: 'application/octet-stream' });
  return [...documents.values()];
}

/** One document of the project the caller sees (NOT_FOUND otherwise). */
export async function getBcfDocument(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  documentGuid: string,
): Promise<BcfDocument> {
  const documents = await listBcfDocuments(services, actor, projectGuid);
  const document = documents.find((d) => d.guid === documentGuid.toLowerCase());
  if (!document) throw new AppError('NOT_FOUND');
  return document;
}

/**
 * POST documents: uploads a document to the project drive as the drive's upload does (createDriveFile checks the
 * name, size, naming rule and permissions; the bytes are stored at its address; confirmDriveUpload checks them
 * against the extension and confirms the revision). Needs `createDocument` in project_actions. The GUID is
 * Obra's (derived from the revision); a desired `guid` is not kept.
 */
export async function createBcfDocument(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  input: { filename: string | undefined; bytes: Buffer; origin: string },
): Promise<{ guid: string; filename: string }> {
  const access = await bcfProjectAccess(services, actor, projectGuid);
  requireProjectAction(access, 'createDocument');
  if (!input.filename) throw new AppError('REQUIRED_FIELD', { fields: ['filename'] });
  // A collaborator uploads in their own discipline (the drive's rule); managers upload project-wide.
  const { viewer } = await loadDriveAccess(services.database.db, actor, access.project.id);
  const disciplineId = canUploadInDiscipline(viewer, null) ? null : (viewer.disciplineIds[0] ?? null);
  const { file } = await createDriveFile(services, actor, {
    projectId: access.project.id,
    disciplineId,
    fileName: input.filename,
    fileSize: input.bytes.length,
    origin: input.origin,
  });
  await services.files.store.write(file.storageKey, input.bytes, 'application/octet-stream');
  const confirmed = await confirmDriveUpload(services, actor, {
    projectId: access.project.id,
    fileId: file.id,
  });
  return { guid: derivedDocumentGuid(access.project.guid, confirmed.id), filename: confirmed.fileName };
}

// --- comments -------------------------------------------------------------------------------------------

interface LoadedComment {
  guid: string;
  view: CommentView;
  /** What BCF keeps of the comment (bcf_comments.comment), if anything. */
  kept: unknown;
  json: Json;
}

async function commentsOf(
  services: AppServices,
  access: ProjectAccess,
  topic: LoadedTopic,
): Promise<LoadedComment[]> {
  const row = topic.view.row;
  const views = (await issueCommentViews(services, access, row.id, row.visibility)).filter(
    (c) => c.row.deletedAt === null && c.showMessage,
  );
  const kept = views.length
    ? await services.database.db
        .select()
        .from(bcfComments)
        .where(
          inArray(
            bcfComments.commentId,
            views.map((v) => v.row.id),
          ),
        )
    : [];
  const byId = new Map(kept.map((k) => [k.commentId, k]));
  const viewpointGuids = new Set(viewpointsOf(access, topic, []).map((v) => v.guid));
  return views.map((view) => {
    const bcf = byId.get(view.row.id);
    const guid = bcf?.guid ?? derivedCommentGuid(access.project.guid, view.row.id);
    return {
      guid,
      view,
      kept: bcf?.comment,
      json: commentOf({
        guid,
        topicGuid: topic.guid,
        message: view.row.message,
        createdAt: view.row.createdAt,
        authorEmail: view.users.get(view.row.createdByUserId)?.email,
        editedAt: view.row.editedAt,
        kept: bcf?.comment as Parameters<typeof commentOf>[0]['kept'],
        viewpointGuids,
        authorization: commentAuthorization({
          active: active(access),
          writes: writes(access),
          canEdit: view.canEdit,
          canDelete: view.canDelete,
        }),
      }),
    };
  });
}

export async function listBcfComments(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
  query: ODataQuery,
): Promise<Json[]> {
  const order = parseODataOrderBy(query.$orderby, ['date']);
  const filter = parseODataFilter(query.$filter, { author: 'text', date: 'date', viewpoint_guid: 'text' });
  const { access, topic } = await loadTopic(services, actor, projectGuid, topicGuid);
  const comments = (await commentsOf(services, access, topic)).map((c) => c.json);
  return orderByOData(
    comments.filter((c) =>
      matchesODataFilter(filter, c, { author: 'text', date: 'date', viewpoint_guid: 'text' }),
    ),
    order,
    { date: 'date' },
  );
}

async function loadComment(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
  commentGuid: string,
): Promise<{ access: ProjectAccess; topic: LoadedTopic; comment: LoadedComment }> {
  const { access, topic } = await loadTopic(services, actor, projectGuid, topicGuid);
  const comment = (await commentsOf(services, access, topic)).find(
    (c) => c.guid === commentGuid.toLowerCase(),
  );
  if (!comment) throw new AppError('NOT_FOUND');
  return { access, topic, comment };
}

export async function getBcfComment(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
  commentGuid: string,
): Promise<Json> {
  return (await loadComment(services, actor, projectGuid, topicGuid, commentGuid)).comment.json;
}

function commentBody(body: unknown): {
  message: string;
  viewpointGuid: string | undefined;
  guid: string | undefined;
} {
  const json = (typeof body === 'object' && body !== null ? body : {}) as Json;
  const message = typeof json['comment'] === 'string' ? json['comment'] : '';
  if (message.trim() === '') throw new AppError('REQUIRED_FIELD', { fields: ['comment'] });
  const guid = typeof json['guid'] === 'string' ? json['guid'].toLowerCase() : undefined;
  if (guid !== undefined && !isBcfGuid(guid))
    throw new AppError('BAD_USER_INPUT', 'guid is not a GUID', { field: 'guid' });
  const viewpointGuid = typeof json['viewpoint_guid'] === 'string' ? json['viewpoint_guid'] : undefined;
  return { message, viewpointGuid: viewpointGuid?.toLowerCase(), guid: guid?.toLowerCase() };
}

/**
 * POST comments: a public comment through createComment (comment.create, notifications, live events); its BCF
 * GUID and viewpoint are kept beside it. The comment is created before its BCF row is written.
 */
export async function createBcfComment(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
  body: unknown,
): Promise<Json> {
  const { access, topic } = await loadTopicFor(services, actor, { projectGuid, topicGuid }, 'createComment');
  const input = commentBody(body);
  const known = await commentsOf(services, access, topic);
  if (input.guid && known.some((c) => c.guid === input.guid))
    throw new AppError('BAD_USER_INPUT', 'a comment with this guid exists', { field: 'guid' });
  if (input.viewpointGuid && !viewpointsOf(access, topic, []).some((v) => v.guid === input.viewpointGuid))
    throw new AppError('BAD_USER_INPUT', 'unknown viewpoint', { field: 'viewpoint_guid' });
  const row = topic.view.row;
  const created = await createComment(services, actor, {
    projectId: access.project.id,
    issueId: row.id,
    message: input.message,
    visibility: 'public',
  });
  const guid = input.guid ?? derivedCommentGuid(access.project.guid, created.row.id);
  await unitOfWork(services, async (tx) => {
    await tx.insert(bcfComments).values({
      commentId: created.row.id,
      issueId: row.id,
      guid,
      comment: {
        author: actor.account.email,
        date: created.row.createdAt.toISOString(),
        viewpointGuid: input.viewpointGuid,
      },
    });
  });
  return getBcfComment(services, actor, projectGuid, topic.guid, guid);
}

/** PUT comment: its text (the author only, as updateComment rules); its visibility stays. */
export async function updateBcfComment(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
  commentGuid: string,
  body: unknown,
): Promise<Json> {
  const { access, topic, comment } = await loadComment(services, actor, projectGuid, topicGuid, commentGuid);
  requireWrites(access);
  const actions = (comment.json['authorization'] as { comment_actions: string[] }).comment_actions;
  if (!actions.includes('update')) throw new AppError('FORBIDDEN');
  const input = commentBody(body);
  if (input.viewpointGuid && !viewpointsOf(access, topic, []).some((v) => v.guid === input.viewpointGuid))
    throw new AppError('BAD_USER_INPUT', 'unknown viewpoint', { field: 'viewpoint_guid' });
  await updateComment(services, actor, {
    projectId: access.project.id,
    commentId: comment.view.row.id,
    message: input.message,
    visibility: comment.view.row.visibility,
    groupId: comment.view.row.groupId,
  });
  // The comment's BCF identity keeps its GUID; its viewpoint is the one sent (none when none is sent).
  const kept = (comment.kept ?? {}) as Record<string, unknown>;
  await unitOfWork(services, async (tx) => {
    await tx
      .insert(bcfComments)
      .values({
        commentId: comment.view.row.id,
        issueId: topic.view.row.id,
        guid: comment.guid,
        comment: { ...kept, viewpointGuid: input.viewpointGuid },
      })
      .onConflictDoUpdate({
        target: bcfComments.commentId,
        set: { comment: { ...kept, viewpointGuid: input.viewpointGuid } },
      });
  });
  return getBcfComment(services, actor, projectGuid, topicGuid, comment.guid);
}

export async function deleteBcfComment(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
  commentGuid: string,
): Promise<void> {
  const { access, comment } = await loadComment(services, actor, projectGuid, topicGuid, commentGuid);
  requireWrites(access);
  const actions = (comment.json['authorization'] as { comment_actions: string[] }).comment_actions;
  if (!actions.includes('delete')) throw new AppError('FORBIDDEN');
  await deleteComment(services, actor, { projectId: access.project.id, commentId: comment.view.row.id });
}

// --- viewpoints -----------------------------------------------------------------------------------------

interface LoadedViewpoint extends ViewpointSource {
  /** The issue image holding its snapshot. */
  imageId: number | undefined;
}

type Images = Awaited<ReturnType<typeof issueImagesWithFiles>>;

/** The viewpoints of a topic: its stored BCF viewpoints, then its other images as snapshot-only viewpoints. */
function viewpointsOf(access: ProjectAccess, topic: LoadedTopic, images: Images): LoadedViewpoint[] {
  const stored = readStoredViewpoints(topic.view.row.viewpoints);
  const own = images.filter((i) => i.issueId === topic.view.row.id);
  const byFile = new Map(own.map((i) => [i.fileGuid, i]));
  const used = new Set(stored.map((v) => v.snapshot).filter((s): s is string => s !== null));
  const type = (contentType: string | null) =>
    (contentType === 'image/jpeg' ? 'jpg' : 'png') as 'jpg' | 'png';
  return [
    ...stored.map((v) => {
      const image = v.snapshot ? byFile.get(v.snapshot) : undefined;
      return {
        guid: v.guid,
        index: v.index,
        snapshotType: image ? type(image.contentType) : v.snapshot ? ('png' as const) : undefined,
        visualization: (v.visualization ?? undefined) as BcfVisualization | undefined,
        imageId: image?.id,
      };
    }),
    ...own
      .filter((i) => !used.has(i.fileGuid))
      .map((i) => ({
        guid: derivedViewpointGuid(access.project.guid, i.id),
        index: null,
        snapshotType: type(i.contentType),
        visualization: undefined,
        imageId: i.id,
      })),
  ];
}

async function loadViewpoints(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
): Promise<{ access: ProjectAccess; topic: LoadedTopic; viewpoints: LoadedViewpoint[]; images: Images }> {
  const { access, topic } = await loadTopic(services, actor, projectGuid, topicGuid);
  const images = await issueImagesWithFiles(services.database.db, [topic.view.row.id]);
  return { access, topic, viewpoints: viewpointsOf(access, topic, images), images };
}

export async function listBcfViewpoints(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
): Promise<Json[]> {
  const { topic, viewpoints } = await loadViewpoints(services, actor, projectGuid, topicGuid);
  return viewpoints.map((v) => viewpointOf({ ...v, actions: viewpointActions(topic) }));
}

async function loadViewpoint(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
  viewpointGuid: string,
) {
  const loaded = await loadViewpoints(services, actor, projectGuid, topicGuid);
  const viewpoint = loaded.viewpoints.find((v) => v.guid === viewpointGuid.toLowerCase());
  if (!viewpoint) throw new AppError('NOT_FOUND');
  return { ...loaded, viewpoint };
}

export type ViewpointPart = 'viewpoint' | 'selection' | 'coloring' | 'visibility';

export async function getBcfViewpoint(
  services: AppServices,
  actor: Actor,
  ids: { projectGuid: string; topicGuid: string; viewpointGuid: string },
  part: ViewpointPart,
): Promise<Json> {
  const { topic, viewpoint } = await loadViewpoint(
    services,
    actor,
    ids.projectGuid,
    ids.topicGuid,
    ids.viewpointGuid,
  );
  if (part === 'selection') return selectionOf(viewpoint.visualization);
  if (part === 'coloring') return coloringOf(viewpoint.visualization);
  if (part === 'visibility') return visibilityOf(viewpoint.visualization);
  return viewpointOf({ ...viewpoint, actions: viewpointActions(topic) });
}

/** A viewpoint's actions: `delete` with the topic's full edit scope (as createViewpoint). */
function viewpointActions(topic: LoadedTopic): 'delete'[] {
  const actions = (topic.json['authorization'] as { topic_actions: string[] }).topic_actions;
  return actions.includes('createViewpoint') ? ['delete'] : [];
}

/**
 * DELETE viewpoint: removes a viewpoint and its snapshot (the issue image) with `delete` in viewpoint_actions.
 * A viewpoint a comment the caller sees refers to is refused with 409 BCF_VIEWPOINT_IN_USE, as the spec asks:
 * the client detaches the comment first.
 */
export async function deleteBcfViewpoint(
  services: AppServices,
  actor: Actor,
  ids: { projectGuid: string; topicGuid: string; viewpointGuid: string },
): Promise<void> {
  const { access, topic, viewpoint } = await loadViewpoint(
    services,
    actor,
    ids.projectGuid,
    ids.topicGuid,
    ids.viewpointGuid,
  );
  requireWrites(access);
  if (!viewpointActions(topic).includes('delete')) throw new AppError('FORBIDDEN');
  const comments = await commentsOf(services, access, topic);
  if (comments.some((c) => c.json['viewpoint_guid'] === viewpoint.guid))
    throw new AppError('BCF_VIEWPOINT_IN_USE');
  const base = baseTopicOf(topic);
  await writeTopic(
    services,
    access,
    { ...base, viewpoints: base.viewpoints.filter((v) => v.guid !== viewpoint.guid) },
    topic,
    undefined,
    viewpoint.imageId === undefined ? [] : [viewpoint.imageId],
  );
}

/** The snapshot image of a viewpoint (NOT_FOUND when it has none). */
export async function getBcfSnapshot(
  services: AppServices,
  actor: Actor,
  ids: { projectGuid: string; topicGuid: string; viewpointGuid: string },
): Promise<{ bytes: Buffer; contentType: string }> {
  const { viewpoint, images } = await loadViewpoint(
    services,
    actor,
    ids.projectGuid,
    ids.topicGuid,
    ids.viewpointGuid,
  );
  const image = images.find((i) => i.id === viewpoint.imageId);
  if (!image) throw new AppError('NOT_FOUND');
  const bytes = await services.files.store.read(image.storageKey);
  return { bytes, contentType: image.contentType ?? 'image/png' };
}

/** A bitmap image of a viewpoint, when the viewpoint carried its data. */
export async function getBcfBitmap(
  services: AppServices,
  actor: Actor,
  ids: { projectGuid: string; topicGuid: string; viewpointGuid: string; bitmapGuid: string },
): Promise<{ bytes: Buffer; contentType: string }> {
  const { viewpoint } = await loadViewpoint(
    services,
    actor,
    ids.projectGuid,
    ids.topicGuid,
    ids.viewpointGuid,
  );
  const bitmaps = viewpoint.visualization?.bitmaps ?? [];
  const position = bitmaps.findIndex(
    (_, i) => bitmapGuid(viewpoint.guid, i) === ids.bitmapGuid.toLowerCase(),
  );
  const bitmap = bitmaps[position];
  if (!bitmap?.data) throw new AppError('NOT_FOUND');
  return {
    bytes: Buffer.from(bitmap.data, 'base64'),
    contentType: bitmap.format === 'jpg' ? 'image/jpeg' : 'image/png',
  };
}

/** The largest snapshot or bitmap a viewpoint_POST may carry (decoded). */
export const BCF_API_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** POST viewpoints: adds a viewpoint (createViewpoint); its snapshot becomes an issue image. */
export async function createBcfViewpoint(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  topicGuid: string,
  body: unknown,
): Promise<Json> {
  const { access, topic } = await loadTopicFor(
    services,
    actor,
    { projectGuid, topicGuid },
    'createViewpoint',
  );
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new AppError('BAD_USER_INPUT', 'expected a JSON object', { field: 'body' });
  const json = body as Json;
  const given = typeof json['guid'] === 'string' ? json['guid'].toLowerCase() : undefined;
  if (given !== undefined && !isBcfGuid(given))
    throw new AppError('BAD_USER_INPUT', 'guid is not a GUID', { field: 'guid' });
  const guid = (given ?? randomUUID()).toLowerCase();
  const base = baseTopicOf(topic);
  if (base.viewpoints.some((v) => v.guid === guid))
    throw new AppError('BAD_USER_INPUT', 'a viewpoint with this guid exists', { field: 'guid' });
  const { visualization, snapshot } = visualizationOf(json, guid);
  for (const bitmap of visualization.bitmaps)
    if (bitmap.data && Buffer.byteLength(bitmap.data, 'base64') > BCF_API_IMAGE_MAX_BYTES)
      throw new AppError('FILE_SIZE_LIMIT_EXCEEDED');
  const snapshots = new Map<string, { name: string; bytes: Buffer }>();
  if (snapshot) {
    const bytes = Buffer.from(snapshot.data, 'base64');
    if (bytes.length > BCF_API_IMAGE_MAX_BYTES) throw new AppError('FILE_SIZE_LIMIT_EXCEEDED');
    snapshots.set(guid, { name: `snapshot.${snapshot.type}`, bytes });
  }
  const index = typeof json['index'] === 'number' ? json['index'] : undefined;
  await writeTopic(
    services,
    access,
    {
      ...base,
      viewpoints: [
        ...base.viewpoints,
        { guid, index, snapshot: snapshot ? `snapshot.${snapshot.type}` : undefined, visualization },
      ],
    },
    topic,
    snapshots,
  );
  return getBcfViewpoint(
    services,
    actor,
    { projectGuid, topicGuid: topic.guid, viewpointGuid: guid },
    'viewpoint',
  );
}

// --- events ---------------------------------------------------------------------------------------------

/**
 * Topic events from the issues' history as the caller may see it (loadVisibleHistory), and comment events from
 * the comments the caller sees (created, and text updated): a comment the caller may not see leaves no event,
 * and no event carries a comment's text. `topicGuid` (and `commentGuid`) narrow the list.
 */
export async function listBcfEvents(
  services: AppServices,
  actor: Actor,
  projectGuid: string,
  kind: 'topic' | 'comment',
  options: { topicGuid?: string | undefined; commentGuid?: string | undefined; query: ODataQuery },
): Promise<Json[]> {
  const fields: Record<string, 'text' | 'date'> =
    kind === 'topic'
      ? { topic_guid: 'text', author: 'text', date: 'date', type: 'text' }
      : { topic_guid: 'text', comment_guid: 'text', author: 'text', date: 'date', type: 'text' };
  const filter = parseODataFilter(options.query.$filter, fields);
  const order = parseODataOrderBy(options.query.$orderby, ['date']);
  const top = parseODataCount('$top', options.query.$top, BCF_API_TOPIC_LIMIT);
  const skip = parseODataCount('$skip', options.query.$skip, 1_000_000) ?? 0;
  let access: ProjectAccess;
  let topics: LoadedTopic[];
  if (options.topicGuid) {
    const loaded = await loadTopic(services, actor, projectGuid, options.topicGuid);
    access = loaded.access;
    topics = [loaded.topic];
  } else {
    access = await bcfProjectAccess(services, actor, projectGuid);
    topics = await topicsOf(services, access, await visibleViews(services, access));
  }
  const events =
    kind === 'topic'
      ? await topicEvents(services, access, topics)
      : await commentEvents(services, access, topics);
  const wanted = options.commentGuid?.toLowerCase();
  if (kind === 'comment' && wanted !== undefined && !events.some((e) => e['comment_guid'] === wanted))
    throw new AppError('NOT_FOUND');
  // Each event carries one action, so that `type` filters as the spec's examples do.
  const matching = orderByOData(
    events.filter(
      (e) =>
        (wanted === undefined || e['comment_guid'] === wanted) &&
        matchesODataFilter(filter, { ...e, type: (e['actions'] as EventAction<string>[])[0]?.type }, fields),
    ),
    order.length ? order : [{ field: 'date', descending: false }],
    { date: 'date' },
  );
  return matching.slice(skip, top === undefined ? undefined : skip + top);
}

async function emailsOf(
  services: AppServices,
  ids: readonly (number | null)[],
): Promise<Map<number, string>> {
  const userIds = [...new Set(ids.filter((id): id is number => id !== null))];
  if (userIds.length === 0) return new Map();
  const rows = await services.database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((u) => [u.id, u.email]));
}

/** Each field's value before its first change in the history, else its value now. */
function initialValues(
  topic: LoadedTopic,
  entries: readonly { fields: unknown }[],
): Record<TopicEventField, unknown> {
  const row = topic.view.row;
  const initial: Record<TopicEventField, unknown> = {
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    categoryId: row.categoryId,
    deadline: row.deadline,
    creationPhase: row.creationPhase,
    labels: topic.view.labelIds,
  };
  const seen = new Set<string>();
  for (const entry of entries) {
    const changed = (entry.fields ?? {}) as Record<string, { old: unknown } | undefined>;
    for (const field of TOPIC_EVENT_FIELDS) {
      const change = changed[field];
      if (change && !seen.has(field)) {
        seen.add(field);
        initial[field] = change.old;
      }
    }
  }
  return initial;
}

/**
 * Topic events (the official types, docs/api-bcf.md "Events") from the issues' history as the caller may see
 * it, one action each: the creation entry gives `topic_created` and an event per field then set; later
 * entries give an event per change BCF names.
 */
async function topicEvents(
  services: AppServices,
  access: ProjectAccess,
  topics: readonly LoadedTopic[],
): Promise<Json[]> {
  const [history, setup] = await Promise.all([
    loadVisibleHistory(
      services,
      access,
      topics.map((t) => t.view.row),
    ),
    loadBcfProjectSetup(services.database.db, access.project.id),
  ]);
  const labels = new Map(setup.labels.map((l) => [l.id, l.name]));
  const labelName = (id: number) => labels.get(id);
  const emails = await emailsOf(
    services,
    [...history.values()].flat().map((e) => e.userId),
  );
  const events: Json[] = [];
  for (const topic of topics) {
    const entries = history.get(topic.view.row.id) ?? [];
    for (const [position, entry] of entries.entries()) {
      const changed = (entry.fields ?? {}) as Record<string, { old: unknown; new: unknown } | undefined>;
      // The creation entry is `created` (createIssue's history).
      const actions =
        changed['created'] !== undefined
          ? topicCreationActions(initialValues(topic, entries.slice(position + 1)), labelName)
          : Object.entries(changed).flatMap(([field, change]) =>
              change ? topicEventActions(field, change, labelName) : [],
            );
      const author = (entry.userId !== null ? emails.get(entry.userId) : undefined) ?? 'unknown';
      for (const action of actions)
        events.push({
          topic_guid: topic.guid,
          date: entry.createdAt.toISOString(),
          author,
          actions: [action],
        });
    }
  }
  return events;
}

async function commentEvents(
  services: AppServices,
  access: ProjectAccess,
  topics: readonly LoadedTopic[],
): Promise<Json[]> {
  const byIssue = await commentViewsOfIssues(
    services,
    access,
    new Map(topics.map((t) => [t.view.row.id, t.view.row.visibility])),
    { visibilities: COMMENT_VISIBILITIES, includeDeleted: false },
  );
  const views = [...byIssue.values()].flat().filter((v) => v.row.deletedAt === null && v.showMessage);
  const kept = views.length
    ? await services.database.db
        .select({ commentId: bcfComments.commentId, guid: bcfComments.guid, comment: bcfComments.comment })
        .from(bcfComments)
        .where(
          inArray(
            bcfComments.commentId,
            views.map((v) => v.row.id),
          ),
        )
    : [];
  const guids = new Map(kept.map((k) => [k.commentId, k.guid]));
  const viewpoints = new Map(
    kept.map((k) => [k.commentId, (k.comment as { viewpointGuid?: unknown } | null)?.viewpointGuid]),
  );
  const events: Json[] = [];
  for (const topic of topics)
    for (const view of byIssue.get(topic.view.row.id) ?? []) {
      if (view.row.deletedAt !== null || !view.showMessage) continue;
      const guid = guids.get(view.row.id) ?? derivedCommentGuid(access.project.guid, view.row.id);
      const author = view.users.get(view.row.createdByUserId)?.email ?? 'unknown';
      const base = { comment_guid: guid, topic_guid: topic.guid, author };
      const created = view.row.createdAt.toISOString();
      const viewpoint = viewpoints.get(view.row.id);
      const actions: [string, EventAction<BcfCommentEventType>][] = [
        [created, { type: 'comment_created', value: null }],
        // As the spec asks, a comment made with a viewpoint also has its viewpoint_updated event.
        ...(typeof viewpoint === 'string'
          ? [
              [created, { type: 'viewpoint_updated', value: viewpoint }] as [
                string,
                EventAction<BcfCommentEventType>,
              ],
            ]
          : []),
        // The last edit of the text (Obra keeps when, not every version): its text is the comment's text now.
        ...(view.row.editedAt
          ? [
              [
                view.row.editedAt.toISOString(),
                { type: 'comment_text_updated', value: view.row.message },
              ] as [string, EventAction<BcfCommentEventType>],
            ]
          : []),
      ];
      for (const [date, action] of actions) events.push({ ...base, date, actions: [action] });
    }
  return events;
}
