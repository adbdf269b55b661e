import { AppError, checkDriveFileName, isDriveExtension, splitFileName } from '@obra/domain';
import type { Actor } from '../../auth/actor.ts';

// What every new upload into a project's stored files (the drive's revisions, the project files' versions) is
// checked against and written with, before its bytes arrive.

/** The largest drive file (issue 14: drawing sets and models up to 2 GB). */
export const DRIVE_MAX_FILE_BYTES = 2 * 1024 * 1024 * 1024;
/** How long an unconfirmed upload may still be confirmed before the cleanup removes it. */
export const PENDING_SECONDS = 2 * 60 * 60;

/**
 * The name (no path, 255 characters, an extension the drive takes) and the size (1 byte to DRIVE_MAX_FILE_BYTES)
 * of a new upload, checked: its clean name and extension, or the catalogue's error (DOCUMENT_NAME_INVALID,
 * FILE_EXTENSION_NOT_ALLOWED, SELECT_FILE, FILE_SIZE_LIMIT_EXCEEDED).
 */
export function checkNewUpload(input: { fileName: string; fileSize: number }): {
  fileName: string;
  extension: string;
} {
  const checked = checkDriveFileName(input.fileName);
  if (!checked.ok)
    throw new AppError('DOCUMENT_NAME_INVALID', { reason: checked.problem, field: 'fileName' });
  const { extension } = splitFileName(checked.fileName);
  if (!isDriveExtension(extension)) throw new AppError('FILE_EXTENSION_NOT_ALLOWED', { extension });
  if (input.fileSize <= 0) throw new AppError('SELECT_FILE');
  if (input.fileSize > DRIVE_MAX_FILE_BYTES)
    throw new AppError('FILE_SIZE_LIMIT_EXCEEDED', { max: DRIVE_MAX_FILE_BYTES });
  return { fileName: checked.fileName, extension };
}

/**
 * The columns of a pending upload's row that say whose it is and how long it waits for its bytes: the uploader
 * (and their company, the owner for visibility) and the expiry after PENDING_SECONDS from `now` (ms).
 */
export function pendingUploadColumns(
  actor: Actor,
  upload: { fileSize: number; storageKey: string },
  now: number,
) {
  return {
    fileSize: upload.fileSize,
    storageKey: upload.storageKey,
    companyId: actor.account.companyId,
    createdByUserId: actor.account.id,
    updatedByUserId: actor.account.id,
    expiresAt: new Date(now + PENDING_SECONDS * 1000),
  };
}
