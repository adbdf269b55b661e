import { randomUUID } from 'node:crypto';
import {
  AppError,
  canInProject,
  isBcfGuid,
  matchesODataFilter,
  orderByOData,
  parseODataCount,
  parseODataFilter,
  parseODataOrderBy,
  type BcfTopic,
  type BcfViewpoint,
  type BcfVisualization,
  canDeleteIssue,
  editScopeOn,
} from '@obra/domain';
import type { Actor } from '../../../auth/actor.ts';
import type { AppServices } from '../../../services.ts';
import { issueIdOfStoredTopic, issueIdsWithoutTopic } from './bcf-api-repository.ts';
import { deleteIssue } from '../../issues/issue-delete-service.ts';
import type { IssueView } from '../../issues/issue-repository.ts';
import { getIssue, getIssues } from '../../issues/list/issue-query-service.ts';
import type { IssueColumn, IssuePageShape } from '../../issues/list/issue-page-sql.ts';
import { issueEditorOf, type ProjectAccess } from '../../projects/project-access.ts';
import { derivedTopicGuid } from '../bcf-guids.ts';
import { readStoredViewpoints, type StoredBcfDocument } from '../bcf-import-files.ts';
import { writeApiTopic } from '../bcf-import-service.ts';
import { loadBcfTopicContext } from '../bcf-repository.ts';
import type { KeptTopic } from '../bcf-kept-values.ts';
import { topicAuthorization, topicOf } from './bcf-api-mapping.ts';
import { topicFieldsOf } from './bcf-api-bodies.ts';
import {
  BCF_API_TOPIC_LIMIT,
  active,
  bcfProjectAccess,
  pathGuid,
  requireWrites,
  type Json,
  writes,
} from './bcf-api-projects.ts';

// --- topics ---------------------------------------------------------------------------------------------

/** A topic as the API answers it, with what its sub-resources need. */
export interface LoadedTopic {
  guid: string;
  view: IssueView;
  kept: KeptTopic | undefined;
  json: Json;
}

/** Maps visible issues to topics in one statement (loadBcfTopicContext) and no per-topic work but the JSON. */
export async function topicsOf(
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
    const editor = issueEditorOf(access);
    const editScope = editScopeOn(
      editor,
      row,
      view.disciplines.map((d) => d.disciplineId),
    );
    const canDelete = canDeleteIssue(editor, row);
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
export async function visibleViews(
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
export async function issueIdOfTopic(
  services: AppServices,
  access: ProjectAccess,
  guid: string,
): Promise<number> {
  const key = pathGuid(guid, 'NOT_FOUND');
  const { db } = services.database;
  const stored = await issueIdOfStoredTopic(db, access.project.id, key);
  if (stored !== undefined) return stored;
  const cached = derivedGuids.get(`${access.project.guid}/${key}`);
  if (cached !== undefined) return cached;
  // An issue made in Obra answers to a GUID derived from its id: found by deriving the project's GUIDs once.
  let found: number | undefined;
  for (const id of await issueIdsWithoutTopic(db, access.project.id)) {
    const derived = derivedTopicGuid(access.project.guid, id);
    if (derivedGuids.size < DERIVED_GUIDS_MAX) derivedGuids.set(`${access.project.guid}/${derived}`, id);
    if (derived === key) found = id;
  }
  if (found === undefined) throw new AppError('NOT_FOUND');
  return found;
}

/** Where a topic is asked for: its project's GUID (BCF's project_id) and its own GUID, as the caller wrote them. */
export type TopicAt = { projectGuid: string; topicGuid: string };

export async function loadTopic(
  services: AppServices,
  actor: Actor,
  at: TopicAt,
): Promise<{ access: ProjectAccess; topic: LoadedTopic }> {
  const access = await bcfProjectAccess(services, actor, at.projectGuid);
  const issueId = await issueIdOfTopic(services, access, at.topicGuid);
  const { view } = await getIssue(services, actor, access.project.id, issueId);
  const [topic] = await topicsOf(services, access, [view]);
  if (!topic) throw new AppError('NOT_FOUND');
  return { access, topic };
}

export async function getBcfTopic(services: AppServices, actor: Actor, at: TopicAt): Promise<Json> {
  return (await loadTopic(services, actor, at)).topic.json;
}

function requireTopicAction(topic: LoadedTopic, action: string): void {
  const actions = (topic.json['authorization'] as { topic_actions: string[] }).topic_actions;
  if (!actions.includes(action)) throw new AppError('FORBIDDEN');
}

/** A topic the caller changes: loaded as they see it, writes allowed, and `action` in its topic_actions. */
export async function loadTopicFor(
  services: AppServices,
  actor: Actor,
  at: TopicAt,
  action: string,
): Promise<{ access: ProjectAccess; topic: LoadedTopic }> {
  const loaded = await loadTopic(services, actor, at);
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
export function baseTopicOf(topic: LoadedTopic): BcfTopic {
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

export async function writeTopic(
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
  if ((await issueIdOfStoredTopic(services.database.db, access.project.id, guid)) !== undefined)
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
  return getBcfTopic(services, actor, { projectGuid, topicGuid: guid });
}

/** PUT topic: replaces the topic's fields (update), keeping its relations, comments and viewpoints. */
export async function updateBcfTopic(
  services: AppServices,
  actor: Actor,
  at: TopicAt,
  body: unknown,
): Promise<Json> {
  const { access, topic } = await loadTopicFor(services, actor, at, 'update');
  const json = checkTopicBody(body);
  const base = baseTopicOf(topic);
  await writeTopic(services, access, { ...topicFieldsOf(json, base), guid: topic.guid }, topic);
  return getBcfTopic(services, actor, { ...at, topicGuid: topic.guid });
}

/** DELETE topic: deletes the issue (canDeleteIssue). */
export async function deleteBcfTopic(services: AppServices, actor: Actor, at: TopicAt): Promise<void> {
  const { access, topic } = await loadTopicFor(services, actor, at, 'delete');
  await deleteIssue(services, actor, access.project.id, topic.view.row.id);
}
