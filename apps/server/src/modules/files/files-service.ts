import { randomUUID } from 'node:crypto';
import {
  AppError,
  canDeleteProjectFile,
  projectFilesAuthorization,
  type DriveViewer,
  type ProjectFilesAuthorization,
} from '@obra/domain';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/database.ts';
import { requireAction } from '../projects/project-access.ts';
import { loadDriveAccess, loadDriveWriter } from '../drive/drive-access.ts';
import { findDriveFile, lockDocumentForUpload, type DriveFileRecord } from '../drive/drive-repository.ts';
import {
  confirmStoredUpload,
  deleteEmptyDocument,
  uploadTarget,
  type UploadTarget,
} from '../drive/drive-upload-service.ts';
import {
  filesPageOf,
  loadVisibleFile,
  openFile,
  signedDownloadOf,
  thumbnailSigner,
  type FilesPage,
  type FilesPageInput,
} from '../drive/drive-file-service.ts';
import { thumbnailKey } from '../drive/drive-thumbnail-service.ts';
import { checkNewUpload, pendingUploadColumns } from '../drive/pending-upload.ts';
import {
  deleteProjectFileVersionRow,
  deleteProjectFileVersions,
  insertProjectFileVersion,
  listProjectFiles,
  lockProjectFileVersions,
  projectFileVersions,
  topVersionNumber,
  type ProjectFilesSortKey,
} from './files-repository.ts';
import { uploadKeyOf } from '../../storage/file-store.ts';

/** A version of a project file as the API serves it (docs/api-drive.md "Project files"). */
export type PresentedProjectFile = Pick<
  DriveFileRecord,
  | 'id'
  | 'projectId'
  // The file (every version of one name shares it).
  | 'documentId'
  | 'fileName'
  | 'extension'
  | 'fileSize'
  | 'contentType'
  | 'uploadState'
  | 'processingState'
  | 'processingError'
  | 'queuePosition'
  | 'createdByUserId'
  | 'createdByName'
  | 'createdAt'
  | 'uploadedAt'
  | 'updatedAt'
> & {
  /** 1, 2, 3… in the order the versions were sent. */
  version: number;
  versionsCount: number;
  thumbnailUrl?: string | null;
  permissions: { delete: boolean };
};

function present(
  viewer: DriveViewer,
  file: DriveFileRecord,
  thumb?: (key: string) => string,
): PresentedProjectFile {
  const confirmed = file.uploadState === 'confirmed';
  return {
    id: file.id,
    projectId: file.projectId,
    documentId: file.documentId,
    fileName: file.fileName,
    extension: file.extension,
    version: Number(file.revisionName),
    versionsCount: file.revisionsCount,
    fileSize: file.fileSize,
    contentType: file.contentType,
    uploadState: file.uploadState,
    processingState: file.processingState,
    processingError: file.processingError,
    queuePosition: file.queuePosition,
    createdByUserId: file.createdByUserId,
    createdByName: file.createdByName,
    createdAt: file.createdAt,
    uploadedAt: file.uploadedAt,
    updatedAt: file.updatedAt,
    ...(thumb ? { thumbnailUrl: file.thumbKey ? thumb(file.thumbKey) : null } : {}),
    permissions: {
      delete: confirmed
        ? canDeleteProjectFile(viewer, file)
        : file.createdByUserId === viewer.userId && viewer.role !== null,
    },
  };
}

/** GET /files: a page of the project's files (the newest version of each). */
export async function listProjectFilesPage(
  services: AppServices,
  actor: Actor,
  input: FilesPageInput<ProjectFilesSortKey> & {
    search?: string | undefined;
    extension?: string[] | undefined;
  },
): Promise<FilesPage<PresentedProjectFile>> {
  const { db } = services.database;
  const { viewer } = await loadDriveAccess(db, actor, input.projectId);
  const listed = await listProjectFiles(db, input.projectId, input);
  const thumb = thumbnailSigner(services, input.origin);
  return filesPageOf(listed, input, (f) => present(viewer, f, thumb));
}

/** GET /files/{id}: the version with every version of its file (newest first). */
export async function getProjectFile(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; fileId: number; origin: string },
): Promise<PresentedProjectFile & { versions: PresentedProjectFile[] }> {
  const { db, viewer, file } = await openFile(services, actor, input, 'files');
  const versions = await projectFileVersions(db, file.documentId);
  const thumb = thumbnailSigner(services, input.origin);
  return {
    ...present(viewer, file, thumb),
    versionsCount: versions.length,
    versions: versions.map((v) => present(viewer, { ...v, revisionsCount: versions.length }, thumb)),
  };
}

/** GET /files/{id}/download-url: a signed address valid five minutes, for a confirmed version. */
export async function projectFileDownloadUrl(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; fileId: number; origin: string },
): Promise<{ url: string; expiresAt: string }> {
  const { file } = await openFile(services, actor, input, 'files');
  return signedDownloadOf(services, file, input.origin);
}

/** GET /user-authorization. */
export async function projectFilesUserAuthorization(
  services: AppServices,
  actor: Actor,
  projectId: number,
): Promise<ProjectFilesAuthorization & { projectActive: boolean }> {
  const { access, viewer } = await loadDriveAccess(services.database.db, actor, projectId);
  return { ...projectFilesAuthorization(viewer), projectActive: access.project.status === 1 };
}

/**
 * POST /files: checks the name (no path, 255 characters, an extension the drive takes) and the size (1 byte to
 * 2 GB), then writes the file (when its name is new, case ignored) and a pending version numbered after the
 * highest one, in one unit of work. Returns the record and a signed address to PUT exactly fileSize bytes to.
 */
export async function createProjectFile(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; fileName: string; fileSize: number; origin: string },
): Promise<{ file: PresentedProjectFile; upload: UploadTarget }> {
  const { db } = services.database;
  const { access, viewer } = await loadDriveWriter(db, actor, input.projectId);
  requireAction(access, 'drive.upload');
  const { fileName, extension } = checkNewUpload(input);
  const now = Date.now();
  const storageKey = `files/${input.projectId}/${randomUUID()}`;
  const fileId = await unitOfWork(services, async (tx) => {
    const document = await lockDocumentForUpload(tx, {
      projectId: input.projectId,
      area: 'files',
      name: fileName,
      createdByUserId: actor.account.id,
    });
    const top = await topVersionNumber(tx, document.id);
    const created = await insertProjectFileVersion(tx, {
      projectId: input.projectId,
      documentId: document.id,
      fileName,
      extension,
      revisionName: String(top + 1),
      status: 'ANALYSING',
      visibility: 'public',
      ...pendingUploadColumns(actor, { fileSize: input.fileSize, storageKey }, now),
    });
    if (created === undefined) throw new Error('project file not written');
    return created;
  });
  const file = await findDriveFile(db, input.projectId, fileId, { area: 'files' });
  if (!file) throw new AppError('DOCUMENTS_NOT_FOUND');
  return {
    file: present(viewer, file),
    upload: await uploadTarget(services, storageKey, input.fileSize, input.origin, now),
  };
}

/**
 * PATCH /files/{id}/confirm-upload: the caller's own pending upload becomes a confirmed version once its bytes
 * are checked as the drive checks them (size, type by content); confirming twice answers the version.
 */
export async function confirmProjectFile(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; fileId: number },
): Promise<PresentedProjectFile> {
  const { db } = services.database;
  const { viewer } = await loadDriveWriter(db, actor, input.projectId);
  const file = await findDriveFile(db, input.projectId, input.fileId, { area: 'files' });
  if (!file || file.createdByUserId !== actor.account.id) throw new AppError('DOCUMENTS_NOT_FOUND');
  if (file.uploadState === 'pending') await confirmStoredUpload(services, file, 'files');
  const confirmed = await findDriveFile(db, input.projectId, input.fileId, { area: 'files' });
  if (!confirmed) throw new AppError('DOCUMENTS_NOT_FOUND');
  return present(viewer, confirmed);
}

/**
 * Deletes what `remove` deletes of the caller's version (loaded for update, DOCUMENTS_NOT_FOUND when they do not
 * see it) in one unit of work, then the objects of the storage keys it answers: their bytes (a pending upload's
 * still under its upload key) and thumbnails, after the commit.
 */
async function deleteWithObjects(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; fileId: number },
  remove: (tx: Db, viewer: DriveViewer, file: DriveFileRecord) => Promise<string[]>,
): Promise<void> {
  const { viewer } = await loadDriveWriter(services.database.db, actor, input.projectId);
  const keys = await unitOfWork(services, async (tx) =>
    remove(
      tx,
      viewer,
      await loadVisibleFile(tx, viewer, input.projectId, input.fileId, { area: 'files', forUpdate: true }),
    ),
  );
  try {
    await services.files.store.remove(keys.flatMap((key) => [key, thumbnailKey(key), uploadKeyOf(key)]));
  } catch (error) {
    // The rows are gone; an object left behind is only disk space, never visible.
    services.logger.warn({ err: error, keys }, 'project file objects not removed');
  }
}

/**
 * DELETE /files/{id}: one version goes (DOCUMENT_DELETE_FORBIDDEN unless the caller manages the project or sent
 * it; anyone their own pending upload); the file goes with its last version. Bytes after the commit.
 */
export async function deleteProjectFileVersion(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; fileId: number },
): Promise<void> {
  await deleteWithObjects(services, actor, input, async (tx, viewer, file) => {
    const own = file.uploadState === 'pending' && file.createdByUserId === viewer.userId;
    if (!own && !canDeleteProjectFile(viewer, file)) throw new AppError('DOCUMENT_DELETE_FORBIDDEN');
    await deleteProjectFileVersionRow(tx, file.id);
    await deleteEmptyDocument(tx, file.documentId);
    return [file.storageKey];
  });
}

/**
 * DELETE /files/{id}/versions: the file of this version with every version (pending ones included), when the
 * caller may delete each confirmed one (DOCUMENT_DELETE_FORBIDDEN otherwise, and nothing goes).
 */
export async function deleteProjectFile(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; fileId: number },
): Promise<void> {
  await deleteWithObjects(services, actor, input, async (tx, viewer, file) => {
    const versions = await lockProjectFileVersions(tx, file.documentId);
    for (const version of versions) {
      if (version.uploadState === 'confirmed' && !canDeleteProjectFile(viewer, version))
        throw new AppError('DOCUMENT_DELETE_FORBIDDEN', { fileId: version.id });
    }
    await deleteProjectFileVersions(tx, file.documentId);
    await deleteEmptyDocument(tx, file.documentId);
    return versions.map((v) => v.storageKey);
  });
}
