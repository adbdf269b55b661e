import {
  AppError,
  allowedDocumentStatuses,
  allowedDocumentVisibilities,
  canDeleteDocument,
  canSeeDocument,
  canUploadInDiscipline,
  driveAuthorization,
  isAppError,
  type DocumentStatus,
  type DocumentVisibility,
  type DriveAuthorization,
  type DriveViewer,
  type ErrorCode,
  type NamingContext,
} from '@obra/domain';
import { savepoint, unitOfWork } from '../../db/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/database.ts';
import { loadDriveAccess, loadDriveWriter } from './drive-access.ts';
import {
  documentRevisions,
  driveFilteringData,
  findDriveFile,
  listDriveFiles,
  type DriveArea,
  type DriveFileRecord,
  type DriveListFilters,
  type DriveSortKey,
} from './drive-repository.ts';
import { deleteEmptyDocument } from './drive-upload-service.ts';
import { loadNamingContext } from './drive-naming-repository.ts';
import {
  deleteDriveFileRow,
  updateDriveDocumentRow,
  updateDriveFileRow,
  uploadersOf,
} from './drive-file-repository.ts';
import { thumbnailKey } from './drive-thumbnail-service.ts';
import { uploadKeyOf } from '../../storage/file-store.ts';
import { bimKeys } from '../bim/bim-conversion-service.ts';

/** The converted model objects of a revision (removed with it; missing ones are ignored). */
function bimObjectKeys(projectId: number, fileId: number): string[] {
  const keys = bimKeys(projectId, fileId);
  return [keys.fragments, keys.properties];
}

/** How long a download address lives (short: it is the permission). */
export const DOWNLOAD_URL_SECONDS = 5 * 60;

/** What the caller may do with one file. */
export interface FilePermissions {
  statuses: readonly DocumentStatus[];
  visibilities: readonly DocumentVisibility[];
  delete: boolean;
}

/** A drive file as served: the record without its storage keys, with the caller's permissions. */
export type PresentedDriveFile = Omit<DriveFileRecord, 'storageKey' | 'expiresAt' | 'thumbKey'> & {
  permissions: FilePermissions;
  thumbnailUrl?: string | null;
};

/**
 * Signs thumbnail addresses for one answer. They expire at the end of the next full hour, so that one address
 * stays the same for a while and the browser's cache serves repeated list loads.
 */
export function thumbnailSigner(services: AppServices, origin: string): (key: string) => string {
  const expires = (Math.floor(Date.now() / 3_600_000) + 2) * 3600;
  return (key) => `${origin}${services.files.signer.signedPath('GET', key, expires, 'image/webp')}`;
}

/** A file as the API serves it to this viewer (with a signed thumbnail address when `thumb` is given). */
export function presentFile(
  viewer: DriveViewer,
  file: DriveFileRecord,
  thumb?: (key: string) => string,
): PresentedDriveFile {
  const { storageKey: _key, expiresAt: _expires, thumbKey, ...rest } = file;
  const facts = {
    companyId: file.companyId,
    createdByUserId: file.createdByUserId,
    disciplineId: file.disciplineId,
    visibility: file.visibility,
    status: file.status,
  };
  const confirmed = file.uploadState === 'confirmed';
  return {
    ...rest,
    ...(thumb ? { thumbnailUrl: thumbKey ? thumb(thumbKey) : null } : {}),
    permissions: {
      statuses: confirmed ? allowedDocumentStatuses(viewer, facts) : [],
      visibilities: confirmed ? allowedDocumentVisibilities(viewer, facts) : [],
      delete: canDeleteDocument(viewer, facts) || (!confirmed && file.createdByUserId === viewer.userId),
    },
  };
}

/**
 * A file the viewer sees, of the drive (default) or of the project files (`area: 'files'`): a confirmed one (in the
 * drive, of a document they see; project files are the whole project's) or their own pending upload;
 * DOCUMENTS_NOT_FOUND otherwise.
 */
export async function loadVisibleFile(
  db: Db,
  viewer: DriveViewer,
  projectId: number,
  fileId: number,
  options: { area?: DriveArea; forUpdate?: boolean } = {},
): Promise<DriveFileRecord> {
  const area = options.area ?? 'drive';
  const file = await findDriveFile(db, projectId, fileId, { forUpdate: options.forUpdate ?? false, area });
  if (!file) throw new AppError('DOCUMENTS_NOT_FOUND');
  if (file.uploadState === 'pending') {
    if (file.createdByUserId !== viewer.userId) throw new AppError('DOCUMENTS_NOT_FOUND');
    return file;
  }
  if (area === 'drive' && !canSeeDocument(viewer, { ...file, createdByUserId: file.createdByUserId }))
    throw new AppError('DOCUMENTS_NOT_FOUND');
  return file;
}

/** The caller's drive viewer and a file they see (loadVisibleFile), for the reads of one file. */
export async function openFile(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; fileId: number },
  area: DriveArea,
): Promise<{ db: Db; viewer: DriveViewer; file: DriveFileRecord }> {
  const { db } = services.database;
  const { viewer } = await loadDriveAccess(db, actor, input.projectId);
  const file = await loadVisibleFile(db, viewer, input.projectId, input.fileId, { area });
  return { db, viewer, file };
}

/** What a page of the drive's or the project files' list is asked with (`S`: the list's sort keys). */
export type FilesPageInput<S> = {
  projectId: number;
  page: number;
  pageSize: number;
  sort: S;
  order: 'asc' | 'desc';
  origin: string;
};

/** A page of the drive's or the project files' list as answered. */
export type FilesPage<P> = { files: P[]; total: number; page: number; pageSize: number };

/** The answer of a files list: the page's rows, each presented (`present`), with the page it is. */
export function filesPageOf<R, P>(
  listed: { files: R[]; total: number },
  input: { page: number; pageSize: number },
  present: (row: R) => P,
): FilesPage<P> {
  return {
    files: listed.files.map(present),
    total: listed.total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** GET /files: a page of the documents the caller sees. */
export async function listFiles(
  services: AppServices,
  actor: Actor,
  input: FilesPageInput<DriveSortKey> & { filters: DriveListFilters },
): Promise<FilesPage<PresentedDriveFile>> {
  const { db } = services.database;
  const { viewer } = await loadDriveAccess(db, actor, input.projectId);
  const listed = await listDriveFiles(db, viewer, input.projectId, input);
  const thumb = thumbnailSigner(services, input.origin);
  return filesPageOf(listed, input, (f) => presentFile(viewer, f, thumb));
}

/** GET /files/filtering-data. */
export async function filteringData(
  services: AppServices,
  actor: Actor,
  projectId: number,
): Promise<Awaited<ReturnType<typeof driveFilteringData>> & { uploaders: { id: number; name: string }[] }> {
  const { db } = services.database;
  const { viewer } = await loadDriveAccess(db, actor, projectId);
  const data = await driveFilteringData(db, viewer, projectId);
  const ids = (data['createdByUserId'] ?? []).map((c) => Number(c.value));
  return Object.assign(data, { uploaders: await uploadersOf(db, ids) });
}

/** GET /files/{id}: the file with every revision of its document the caller sees (newest first). */
export async function getFile(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; fileId: number; origin: string },
): Promise<PresentedDriveFile & { revisions: PresentedDriveFile[] }> {
  const { db, viewer, file } = await openFile(services, actor, input, 'drive');
  const revisions = await documentRevisions(db, viewer, file.documentId);
  const thumb = thumbnailSigner(services, input.origin);
  return {
    ...presentFile(viewer, file, thumb),
    revisionsCount: revisions.length,
    revisions: revisions.map((r) => presentFile(viewer, r, thumb)),
  };
}

/** GET /files/{id}/download-url: a signed address valid for five minutes, for a confirmed file the caller sees. */
export async function downloadUrl(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; fileId: number; origin: string },
): Promise<{ url: string; expiresAt: string }> {
  const { file } = await openFile(services, actor, input, 'drive');
  return signedDownloadOf(services, file, input.origin);
}

/**
 * The signed download address of a stored file, valid for five minutes (DOWNLOAD_URL_SECONDS), once its upload is
 * confirmed (DOCUMENTS_NOT_FOUND before): drive documents and project files alike.
 */
export function signedDownloadOf(
  services: AppServices,
  file: { uploadState: string; contentType: string | null; storageKey: string },
  origin: string,
): { url: string; expiresAt: string } {
  if (file.uploadState !== 'confirmed' || !file.contentType) throw new AppError('DOCUMENTS_NOT_FOUND');
  const expires = Math.floor(Date.now() / 1000) + DOWNLOAD_URL_SECONDS;
  const path = services.files.signer.signedPath('GET', file.storageKey, expires, file.contentType);
  return { url: `${origin}${path}`, expiresAt: new Date(expires * 1000).toISOString() };
}

/** GET /user-authorization. */
export async function userAuthorization(
  services: AppServices,
  actor: Actor,
  projectId: number,
): Promise<DriveAuthorization & { projectActive: boolean }> {
  const { access, viewer } = await loadDriveAccess(services.database.db, actor, projectId);
  return { ...driveAuthorization(viewer), projectActive: access.project.status === 1 };
}

type Change = { kind: 'status'; value: DocumentStatus } | { kind: 'visibility'; value: DocumentVisibility };

async function applyChange(
  tx: Db,
  viewer: DriveViewer,
  projectId: number,
  fileId: number,
  change: Change,
): Promise<void> {
  const file = await loadVisibleFile(tx, viewer, projectId, fileId, { forUpdate: true });
  if (file.uploadState !== 'confirmed') throw new AppError('DOCUMENT_UPLOAD_INCOMPLETE');
  const facts = { companyId: file.companyId, disciplineId: file.disciplineId };
  const now = new Date();
  if (change.kind === 'status') {
    if (!allowedDocumentStatuses(viewer, facts).includes(change.value))
      throw new AppError('DOCUMENT_PERMISSION_DENIED', { field: 'status' });
    if (file.status === change.value) return;
    await updateDriveFileRow(tx, file.id, {
      status: change.value,
      statusUpdatedAt: now,
      updatedAt: now,
      updatedByUserId: viewer.userId,
    });
  } else {
    if (!allowedDocumentVisibilities(viewer, facts).includes(change.value))
      throw new AppError('DOCUMENT_PERMISSION_DENIED', { field: 'visibility' });
    if (file.visibility === change.value) return;
    await updateDriveFileRow(tx, file.id, {
      visibility: change.value,
      visibilityUpdatedAt: now,
      updatedAt: now,
      updatedByUserId: viewer.userId,
    });
  }
}

/** PATCH /files/{id}/status and /visibility: one unit of work; answers the updated file. */
export async function changeFile(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; fileId: number; change: Change },
): Promise<PresentedDriveFile> {
  const { db } = services.database;
  const { viewer } = await loadDriveWriter(db, actor, input.projectId);
  await unitOfWork(services, (tx) => applyChange(tx, viewer, input.projectId, input.fileId, input.change));
  const file = await findDriveFile(db, input.projectId, input.fileId);
  if (!file) throw new AppError('DOCUMENTS_NOT_FOUND');
  return presentFile(viewer, file);
}

/** Deletes a revision; answers its storage key and the keys of its page previews (a prepared PDF's). */
async function applyDelete(
  tx: Db,
  viewer: DriveViewer,
  projectId: number,
  fileId: number,
): Promise<{ key: string; previews: string[] }> {
  const file = await loadVisibleFile(tx, viewer, projectId, fileId, { forUpdate: true });
  const own = file.uploadState === 'pending' && file.createdByUserId === viewer.userId;
  if (!own && !canDeleteDocument(viewer, file)) throw new AppError('DOCUMENT_DELETE_FORBIDDEN');
  const previews = await deleteDriveFileRow(tx, file.id);
  await deleteEmptyDocument(tx, file.documentId);
  return { key: file.storageKey, previews };
}

/** The objects of deleted revisions: their bytes and their thumbnails. */
function objectsOf(keys: readonly string[]): string[] {
  // A pending upload's bytes are still under its upload key.
  return keys.flatMap((key) => [key, thumbnailKey(key), uploadKeyOf(key)]);
}

/** DELETE /files/{id}: the revision goes (its document too when it was the last); its bytes after the commit. */
export async function deleteFile(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; fileId: number },
): Promise<void> {
  const { db } = services.database;
  const { viewer } = await loadDriveWriter(db, actor, input.projectId);
  const { key, previews } = await unitOfWork(services, (tx) =>
    applyDelete(tx, viewer, input.projectId, input.fileId),
  );
  await removeObjects(services, [
    ...objectsOf([key]),
    ...previews,
    ...bimObjectKeys(input.projectId, input.fileId),
  ]);
}

async function removeObjects(services: AppServices, keys: string[]): Promise<void> {
  try {
    await services.files.store.remove(keys);
  } catch (error) {
    // The rows are gone; an object left behind is only disk space, never visible.
    services.logger.warn({ err: error, keys }, 'drive objects not removed');
  }
}

/** One refused item of a bulk call. */
export interface BulkFailure {
  fileId: number;
  code: ErrorCode;
}

function failureOf(fileId: number, error: unknown): BulkFailure {
  if (isAppError(error)) return { fileId, code: error.code };
  throw error;
}

/** A change of the document's own fields (discipline, location, phase): undefined leaves a field, null clears it. */
interface DocumentFieldsChange {
  disciplineId?: number | null | undefined;
  localId?: number | null | undefined;
  phase?: number | null | undefined;
}

/**
 * Checks the new discipline, location and phase against the project: a field the naming rule reads from the name
 * cannot be changed apart from the name (INVALID_ACTION, `reason: "namingRule"`); an unknown discipline or
 * location or a phase switched off is BAD_USER_INPUT; a location group is refused like in a name.
 */
function checkDocumentFields(context: NamingContext, change: DocumentFieldsChange): void {
  const rule = new Set<string>(context.rule);
  const given = (v: unknown) => v !== undefined;
  for (const [field, ruleField, value] of [
    ['newDisciplineId', 'discipline', change.disciplineId],
    ['newLocalId', 'local', change.localId],
    ['newPhase', 'phase', change.phase],
  ] as const) {
    if (given(value) && rule.has(ruleField))
      throw new AppError('INVALID_ACTION', { reason: 'namingRule', field: ruleField, input: field });
  }
  if (
    typeof change.disciplineId === 'number' &&
    !context.disciplines.some((d) => d.id === change.disciplineId)
  )
    throw new AppError('BAD_USER_INPUT', { field: 'newDisciplineId' });
  if (typeof change.localId === 'number') {
    const local = context.locals.find((l) => l.id === change.localId);
    if (!local) throw new AppError('BAD_USER_INPUT', { field: 'newLocalId' });
    if (local.isGroup)
      throw new AppError('DOCUMENT_NAME_INVALID', {
        reason: 'locationGroup',
        field: 'local',
        value: local.abbreviation,
      });
  }
  if (typeof change.phase === 'number' && !context.phases.some((p) => p.id === change.phase))
    throw new AppError('BAD_USER_INPUT', { field: 'newPhase' });
}

/**
 * Changes the discipline, location or phase of the document of a file the viewer sees (every revision shares
 * them): only who may govern the file (set its visibility) may (DOCUMENT_PERMISSION_DENIED), and a collaborator
 * only into a discipline they upload in.
 */
async function applyDocumentChange(
  tx: Db,
  viewer: DriveViewer,
  projectId: number,
  fileId: number,
  change: DocumentFieldsChange,
): Promise<void> {
  const file = await loadVisibleFile(tx, viewer, projectId, fileId, { forUpdate: true });
  if (file.uploadState !== 'confirmed') throw new AppError('DOCUMENT_UPLOAD_INCOMPLETE');
  const facts = { companyId: file.companyId, disciplineId: file.disciplineId };
  const field =
    change.disciplineId !== undefined ? 'disciplineId' : change.localId !== undefined ? 'localId' : 'phase';
  if (allowedDocumentVisibilities(viewer, facts).length === 0)
    throw new AppError('DOCUMENT_PERMISSION_DENIED', { field });
  if (change.disciplineId !== undefined && !canUploadInDiscipline(viewer, change.disciplineId))
    throw new AppError('DOCUMENT_PERMISSION_DENIED', { field: 'disciplineId' });
  const set: Parameters<typeof updateDriveDocumentRow>[2] = {};
  if (change.disciplineId !== undefined) set.disciplineId = change.disciplineId;
  if (change.localId !== undefined) set.localId = change.localId;
  if (change.phase !== undefined) set.phase = change.phase;
  await updateDriveDocumentRow(tx, file.documentId, set);
  await updateDriveFileRow(tx, file.id, { updatedAt: new Date(), updatedByUserId: viewer.userId });
}

/**
 * Bulk change (editor §2.2 "bulk update"; issue 14: status, visibility, discipline, location, phase): one unit of
 * work, each file in its own savepoint; a refused file (hidden, not allowed, unconfirmed) is listed with its code
 * and the others are changed. Discipline, location and phase belong to the document: every revision follows.
 */
export async function bulkUpdateFiles(
  services: AppServices,
  actor: Actor,
  input: {
    projectId: number;
    fileIds: number[];
    newStatus?: DocumentStatus | undefined;
    newVisibility?: DocumentVisibility | undefined;
    newDisciplineId?: number | null | undefined;
    newLocalId?: number | null | undefined;
    newPhase?: number | null | undefined;
  },
): Promise<{ updated: number[]; failed: BulkFailure[] }> {
  const { db } = services.database;
  const { access, viewer } = await loadDriveWriter(db, actor, input.projectId);
  const fields: DocumentFieldsChange = {
    disciplineId: input.newDisciplineId,
    localId: input.newLocalId,
    phase: input.newPhase,
  };
  const changesDocument = Object.values(fields).some((v) => v !== undefined);
  if (!input.newStatus && !input.newVisibility && !changesDocument)
    throw new AppError('REQUIRED_FIELD', { field: 'newStatus' });
  if (changesDocument) checkDocumentFields(await loadNamingContext(db, access.project), fields);
  const ids = [...new Set(input.fileIds)];
  return unitOfWork(services, async (tx) => {
    const updated: number[] = [];
    const failed: BulkFailure[] = [];
    for (const fileId of ids) {
      try {
        await savepoint(tx, async (item) => {
          if (input.newStatus)
            await applyChange(item, viewer, input.projectId, fileId, {
              kind: 'status',
              value: input.newStatus,
            });
          if (input.newVisibility)
            await applyChange(item, viewer, input.projectId, fileId, {
              kind: 'visibility',
              value: input.newVisibility,
            });
          if (changesDocument) await applyDocumentChange(item, viewer, input.projectId, fileId, fields);
        });
        updated.push(fileId);
      } catch (error) {
        failed.push(failureOf(fileId, error));
      }
    }
    return { updated, failed };
  });
}

/** Bulk delete: like bulk update, each file alone; the bytes of deleted files go after the commit. */
export async function bulkDeleteFiles(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; fileIds: number[] },
): Promise<{ deleted: number[]; failed: BulkFailure[] }> {
  const { db } = services.database;
  const { viewer } = await loadDriveWriter(db, actor, input.projectId);
  const ids = [...new Set(input.fileIds)];
  const keys: string[] = [];
  const previews: string[] = [];
  const result = await unitOfWork(services, async (tx) => {
    const deleted: number[] = [];
    const failed: BulkFailure[] = [];
    for (const fileId of ids) {
      try {
        const removed = await savepoint(tx, (item) => applyDelete(item, viewer, input.projectId, fileId));
        keys.push(removed.key);
        previews.push(...removed.previews);
        keys.push(...bimObjectKeys(input.projectId, fileId));
        deleted.push(fileId);
      } catch (error) {
        failed.push(failureOf(fileId, error));
      }
    }
    return { deleted, failed };
  });
  if (keys.length > 0) await removeObjects(services, [...objectsOf(keys), ...previews]);
  return result;
}
