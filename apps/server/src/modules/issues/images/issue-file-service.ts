import { randomUUID } from 'node:crypto';
import { AppError, MAX_IMAGE_FILE_BYTES } from '@obra/domain';
import type { Db } from '../../../db/database.ts';
import type { AppServices } from '../../../services.ts';
import { inspectImage } from '../../../storage/image-content.ts';
import {
  checkImageFileName,
  confirmImageUpload,
  startImageUpload,
  type ImageUploadAddress,
} from '../../../storage/signed-upload.ts';
import type { Actor } from '../../../auth/actor.ts';
import { loadForWrite, type ProjectAccess } from '../../projects/project-access.ts';
import {
  deleteIssueFile,
  findOwnIssueFiles,
  insertIssueFile,
  writeIssueFileConfirmed,
  type IssueFileRow,
} from './issue-file-repository.ts';

/** The largest issue or comment image (editor §9: 5 MB). */
export const ISSUE_FILE_MAX_BYTES = MAX_IMAGE_FILE_BYTES;

export type { IssueFileRow };

/** A confirmed upload: its type, size and thumbnail are known. */
export type ConfirmedIssueFile = IssueFileRow & { contentType: string; size: number; thumbKey: string };

/**
 * createProjectIssueFileUploadSignedUrl: anyone who may comment in an active project gets an address to PUT one
 * image to, and the file's id. The name screens early (SELECT_FILE when empty, FILE_EXTENSION_NOT_ALLOWED for a
 * name that is not an image's); the content decides at confirmation. The row is pending until then.
 */
export async function createIssueFileUpload(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; filename: string; origin: string },
): Promise<ImageUploadAddress & { fileId: string }> {
  const { db } = services.database;
  await loadForWrite(db, actor, input.projectId, 'comment.create');
  const fileName = checkImageFileName(input.filename);
  const guid = randomUUID();
  const storageKey = `issues/${input.projectId}/${guid}`;
  const address = await startImageUpload(services.files.store, storageKey, input.origin, (expiresAt) =>
    insertIssueFile(db, {
      guid,
      projectId: input.projectId,
      createdByUserId: actor.account.id,
      fileName,
      storageKey,
      expiresAt,
    }),
  );
  return { ...address, fileId: guid };
}

/** The caller's uploads in the project with these ids (others' and other projects' are left out). */
export async function loadOwnFiles(
  db: Db,
  access: ProjectAccess,
  guids: readonly string[],
): Promise<Map<string, IssueFileRow>> {
  const wanted = [...new Set(guids)].filter((g) => /^[0-9a-f-]{36}$/i.test(g));
  if (wanted.length === 0) return new Map();
  const rows = await findOwnIssueFiles(db, access.project.id, access.actor.account.id, wanted);
  return new Map(rows.map((r) => [r.guid, r]));
}

/**
 * Confirms an upload (no-op when already confirmed): the stored object must exist (USER_UPLOAD_ERROR: nothing
 * arrived yet, or the upload expired), be at most 5 MB (FILE_SIZE_LIMIT_EXCEEDED), not be empty (SELECT_FILE)
 * and decode as PNG, JPEG, GIF or WebP by its content (FILE_EXTENSION_NOT_ALLOWED). A refused file is deleted
 * with its row. The thumbnail is written next to it before the row turns confirmed.
 */
export async function confirmIssueFile(
  services: AppServices,
  row: IssueFileRow,
): Promise<ConfirmedIssueFile> {
  if (isConfirmed(row)) return row;
  const { store } = services.files;
  const deleteRow = () => deleteIssueFile(services.database.db, row.id);
  const pending = { key: row.storageKey, expiresAt: row.expiresAt, deleteRow };
  return confirmImageUpload(store, pending, inspectImage, async (facts, { bytes, contentType }) => {
    const thumbKey = `${row.storageKey}.thumb.webp`;
    await store.write(thumbKey, facts.thumbnail.data, facts.thumbnail.contentType);
    const confirmed = await writeIssueFileConfirmed(services.database.db, row.id, {
      contentType,
      size: bytes.length,
      width: facts.width,
      height: facts.height,
      thumbKey,
      thumbWidth: facts.thumbnail.width,
      thumbHeight: facts.thumbnail.height,
    });
    if (!confirmed || !isConfirmed(confirmed))
      throw new AppError('USER_UPLOAD_ERROR', 'the upload disappeared');
    return confirmed;
  });
}

/** Whether a row is a confirmed upload with everything that implies. */
export function isConfirmed(row: IssueFileRow): row is ConfirmedIssueFile {
  return row.status === 'confirmed' && row.contentType !== null && row.size !== null && row.thumbKey !== null;
}

/** confirmProjectIssueFileUpload: the caller's own upload in the project (NOT_FOUND otherwise), confirmed. */
export async function confirmIssueFileUpload(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; fileId: string },
): Promise<ConfirmedIssueFile> {
  const access = await loadForWrite(services.database.db, actor, input.projectId, 'comment.create');
  const row = (await loadOwnFiles(services.database.db, access, [input.fileId])).get(input.fileId);
  if (!row) throw new AppError('NOT_FOUND');
  return confirmIssueFile(services, row);
}
