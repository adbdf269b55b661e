import type { Readable } from 'node:stream';
import { AppError, canSeeDocument } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { isBimBounds, type BimBounds } from './bim-convert.ts';
import { loadDriveAccess } from '../drive/drive-access.ts';
import {
  documentRevisions,
  findDriveFile,
  listDriveFiles,
  type DriveFileRecord,
} from '../drive/drive-repository.ts';
import { conversionsByFileId, type BimConversionRow } from './bim-conversion-repository.ts';

/** A model revision as the model list and viewer read it (docs/bim.md). */
export interface BimModelRevision {
  fileId: number;
  documentId: number;
  documentName: string;
  fileName: string;
  revisionName: string;
  disciplineId: number | null;
  status: string;
  visibility: string;
  uploadedAt: string | null;
  processingState: string;
  processingError: string | null;
  /** While the conversion is queued: the place of its job in the queue (1 = next); null otherwise. */
  queuePosition: number | null;
  schema: string | null;
  elementCount: number | null;
  fragmentsSize: number | null;
  /** Where the model lies (its elements' box in IFC world coordinates), null when unknown (docs/bim.md). */
  bounds: BimBounds | null;
}

/** The largest number of models the list answers (the drive's IFC documents, newest visible revision each). */
const MODEL_LIST_LIMIT = 500;

function present(file: DriveFileRecord, conversion: BimConversionRow | undefined): BimModelRevision {
  return {
    fileId: file.id,
    documentId: file.documentId,
    documentName: file.documentName,
    fileName: file.fileName,
    revisionName: file.revisionName,
    disciplineId: file.disciplineId,
    status: file.status,
    visibility: file.visibility,
    uploadedAt: file.uploadedAt,
    processingState: conversion?.state ?? file.processingState,
    processingError: conversion?.error ?? null,
    queuePosition: (conversion?.state ?? file.processingState) === 'queued' ? file.queuePosition : null,
    schema: conversion?.schema ?? null,
    elementCount: conversion?.elementCount ?? null,
    fragmentsSize: conversion?.fragmentsSize ?? null,
    bounds: isBimBounds(conversion?.bounds) ? conversion.bounds : null,
  };
}

/** GET /bim/projects/{projectId}/models: the IFC documents of the drive the caller sees, newest revision each. */
export async function listModels(
  services: AppServices,
  actor: Actor,
  projectId: number,
): Promise<{ models: BimModelRevision[] }> {
  const { db } = services.database;
  const { viewer } = await loadDriveAccess(db, actor, projectId);
  const { files } = await listDriveFiles(db, viewer, projectId, {
    filters: { extension: ['ifc'] },
    sort: 'fileName',
    order: 'asc',
    page: 1,
    pageSize: MODEL_LIST_LIMIT,
  });
  const conversions = await conversionsByFileId(
    db,
    files.map((f) => f.id),
  );
  return { models: files.map((f) => present(f, conversions.get(f.id))) };
}

/**
 * A model revision the caller may open: DOCUMENTS_NOT_FOUND when the project has no such IFC revision,
 * DOCUMENT_PERMISSION_DENIED when it exists but the caller may not see it (editor §8.1 "You do not have access
 * to this document").
 */
async function loadModelFile(services: AppServices, actor: Actor, projectId: number, fileId: number) {
  const { db } = services.database;
  const drive = await loadDriveAccess(db, actor, projectId);
  const file = await findDriveFile(db, projectId, fileId);
  if (!file || file.uploadState !== 'confirmed' || file.extension.toLowerCase() !== 'ifc')
    throw new AppError('DOCUMENTS_NOT_FOUND');
  if (!canSeeDocument(drive.viewer, file)) throw new AppError('DOCUMENT_PERMISSION_DENIED');
  return { file, viewer: drive.viewer };
}

/**
 * GET /bim/projects/{projectId}/models/{fileId}: the revision with its conversion state, the document's other
 * revisions the caller sees (newest first) and whether this one is the latest of them (editor §8.1 warning).
 */
export async function getModel(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; fileId: number },
): Promise<BimModelRevision & { isLatest: boolean; revisions: BimModelRevision[] }> {
  const { db } = services.database;
  const { file, viewer } = await loadModelFile(services, actor, input.projectId, input.fileId);
  const revisions = await documentRevisions(db, viewer, file.documentId);
  const conversions = await conversionsByFileId(db, [file.id, ...revisions.map((r) => r.id)]);
  return {
    ...present(file, conversions.get(file.id)),
    isLatest: revisions[0]?.id === file.id,
    revisions: revisions.map((r) => present(r, conversions.get(r.id))),
  };
}

/** The stored fragments or properties file of a converted revision the caller sees, as a stream. */
export async function modelOutput(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; fileId: number; part: 'fragments' | 'properties' },
): Promise<{ stream: Readable; size: number; contentType: string }> {
  await loadModelFile(services, actor, input.projectId, input.fileId);
  const conversion = (await conversionsByFileId(services.database.db, [input.fileId])).get(input.fileId);
  const key = input.part === 'fragments' ? conversion?.fragmentsKey : conversion?.propertiesKey;
  if (!conversion || conversion.state !== 'success' || !key)
    throw new AppError('DOCUMENTS_PROCESSING_ERROR', { processingState: conversion?.state ?? 'pending' });
  const stored = await services.files.store.stat(key);
  if (!stored) throw new AppError('DOCUMENTS_PROCESSING_ERROR', { processingState: 'missing' });
  return {
    stream: await services.files.store.readStream(key),
    size: stored.size,
    contentType: input.part === 'fragments' ? 'application/octet-stream' : 'application/json',
  };
}
