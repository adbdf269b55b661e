import { randomUUID } from 'node:crypto';
import {
  AppError,
  canUploadInDiscipline,
  isBcfGuid,
  type BcfDocumentReference,
  type BcfTopic,
} from '@obra/domain';
import type { Actor } from '../../../auth/actor.ts';
import type { AppServices } from '../../../services.ts';
import { getIssue } from '../../issues/list/issue-query-service.ts';
import { type ProjectAccess } from '../../projects/project-access.ts';
import { loadDriveAccess } from '../../drive/drive-access.ts';
import { listDriveFiles } from '../../drive/drive-repository.ts';
import { confirmDriveUpload, createDriveFile } from '../../drive/drive-upload-service.ts';
import { derivedDocumentGuid } from '../bcf-guids.ts';
import { loadBcfRows } from '../bcf-repository.ts';
import type { KeptTopic } from '../bcf-kept-values.ts';
import { documentReferenceOf, fileOf } from './bcf-api-mapping.ts';
import { bcfProjectAccess, bcfProjectFor, type Json } from './bcf-api-projects.ts';
import {
  BCF_API_PAGING,
  baseTopicOf,
  issueIdOfTopic,
  loadTopic,
  loadTopicFor,
  type LoadedTopic,
  type TopicAt,
  visibleViews,
  writeTopic,
} from './bcf-api-topics.ts';

// --- topic relations ------------------------------------------------------------------------------------

export async function getBcfTopicFiles(services: AppServices, actor: Actor, at: TopicAt): Promise<Json[]> {
  const { topic } = await loadTopic(services, actor, at);
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
export async function getBcfRelatedTopics(services: AppServices, actor: Actor, at: TopicAt): Promise<Json[]> {
  const { access, topic } = await loadTopic(services, actor, at);
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
  at: TopicAt,
  body: unknown,
): Promise<Json[]> {
  const { access, topic } = await loadTopicFor(services, actor, at, 'updateRelatedTopics');
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
  return getBcfRelatedTopics(services, actor, { ...at, topicGuid: topic.guid });
}

export async function getBcfDocumentReferences(
  services: AppServices,
  actor: Actor,
  at: TopicAt,
): Promise<Json[]> {
  const { topic } = await loadTopic(services, actor, at);
  return (topic.kept?.documentReferences ?? []).map((d, i) => documentReferenceOf(d, topic.guid, i));
}

/** A document reference body's url or document_guid: exactly one of them (BAD_USER_INPUT otherwise). */
function referenceTargetOf(body: unknown): {
  json: Json;
  url: string | undefined;
  documentGuid: string | undefined;
} {
  const json = (typeof body === 'object' && body !== null ? body : {}) as Json;
  const url = typeof json['url'] === 'string' ? json['url'] : undefined;
  const documentGuid = typeof json['document_guid'] === 'string' ? json['document_guid'] : undefined;
  if ((url === undefined) === (documentGuid === undefined))
    throw new AppError('BAD_USER_INPUT', 'give url or document_guid', { field: 'url' });
  return { json, url, documentGuid };
}

/** A topic's document references, each with the GUID it answers to (its own, or the one derived from its place). */
function referencesWithGuids(
  base: BcfTopic,
  topic: LoadedTopic,
): (BcfDocumentReference & { guid: string })[] {
  return base.documentReferences.map((d, i) => ({
    ...d,
    guid: String(documentReferenceOf(d, topic.guid, i).guid),
  }));
}

/** POST document_references: an external document (url) or one of the project's documents (document_guid). */
export async function addBcfDocumentReference(
  services: AppServices,
  actor: Actor,
  at: TopicAt,
  body: unknown,
): Promise<Json> {
  const { access, topic } = await loadTopicFor(services, actor, at, 'updateDocumentReferences');
  const { json, url, documentGuid } = referenceTargetOf(body);
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
  at: TopicAt,
  referenceGuid: string,
  body: unknown,
): Promise<Json> {
  const { access, topic } = await loadTopicFor(services, actor, at, 'updateDocumentReferences');
  const base = baseTopicOf(topic);
  const references = referencesWithGuids(base, topic);
  const position = references.findIndex((d) => d.guid === referenceGuid.toLowerCase());
  if (position < 0) throw new AppError('NOT_FOUND');
  const { json, url, documentGuid } = referenceTargetOf(body);
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
  at: TopicAt,
  referenceGuid: string,
): Promise<void> {
  const { access, topic } = await loadTopicFor(services, actor, at, 'updateDocumentReferences');
  const base = baseTopicOf(topic);
  const references = referencesWithGuids(base, topic);
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
  at: TopicAt,
): Promise<{ bytes: Buffer; filename: string }> {
  const { access, topic } = await loadTopic(services, actor, at);
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
  at: TopicAt,
  bytes: Buffer,
): Promise<void> {
  const { access, topic } = await loadTopicFor(services, actor, at, 'updateBimSnippet');
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
  at: TopicAt,
  body: unknown,
): Promise<Json[]> {
  const { access, topic } = await loadTopicFor(services, actor, at, 'updateFiles');
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
  const access = await bcfProjectFor(services, actor, projectGuid, 'createDocument');
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
