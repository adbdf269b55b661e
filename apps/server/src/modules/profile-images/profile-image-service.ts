import { randomUUID } from 'node:crypto';
import { AppError, canInCompany, PROFILE_IMAGE_SIZES, type ProfileImageKind } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import { renderExactImage } from '../../storage/image-content.ts';
import { profileImageKey, profileImageUrl } from '../../storage/profile-image-files.ts';
import {
  checkImageFileName,
  confirmImageUpload,
  startImageUpload,
  type ImageUploadAddress,
} from '../../storage/signed-upload.ts';
import { companyPolicyActor, type Actor } from '../../auth/actor.ts';
import {
  deleteProfileImage,
  findOwnProfileImage,
  insertProfileImage,
  markProfileImageReady,
  type ProfileImageRecord,
} from './profile-image-repository.ts';

/** A stored profile image row. */
export type ProfileImageRow = ProfileImageRecord;

/** A confirmed profile image: re-encoded, stored and addressable. */
export type ReadyProfileImage = ProfileImageRow & {
  url: string;
  storageKey: string;
  size: number;
  width: number;
  height: number;
};

/** Whether a row is a ready image with everything that implies. */
export function isReady(row: ProfileImageRow): row is ReadyProfileImage {
  return (
    row.status === 'ready' &&
    row.url !== null &&
    row.storageKey !== null &&
    row.size !== null &&
    row.width !== null &&
    row.height !== null
  );
}

/**
 * Who may upload an image of a kind at all (an early screen: the owner's mutation checks the actual permission on
 * the project, company or user): a company logo needs a company administrator or a platform administrator; a
 * project image someone with a company (projects belong to companies) or a platform administrator; a photo anyone.
 */
function mayUpload(actor: Actor, kind: ProfileImageKind): boolean {
  if (kind === 'COMPANY_LOGO') return canInCompany(companyPolicyActor(actor), 'company.updateProfile');
  if (kind === 'PROJECT_IMAGE') return actor.account.isAdmin || actor.account.companyId !== null;
  return true;
}

/**
 * createProfileImageUpload: an address to PUT one image to (15 minutes, at most 5 MB) and the upload's id. The name
 * screens early (SELECT_FILE, FILE_EXTENSION_NOT_ALLOWED); the content decides at confirmation.
 */
export async function createProfileImageUpload(
  services: AppServices,
  actor: Actor,
  input: { kind: ProfileImageKind; filename: string; origin: string },
): Promise<ImageUploadAddress & { fileId: string }> {
  if (!mayUpload(actor, input.kind)) throw new AppError('FORBIDDEN');
  checkImageFileName(input.filename);
  const guid = randomUUID();
  const uploadKey = `profile-uploads/${guid}`;
  const address = await startImageUpload(services.files.store, uploadKey, input.origin, (expiresAt) =>
    insertProfileImage(services.database.db, {
      guid,
      kind: input.kind,
      createdByUserId: actor.account.id,
      uploadKey,
      expiresAt,
    }),
  );
  return { ...address, fileId: guid };
}

/**
 * confirmProfileImageUpload: the caller's own upload (NOT_FOUND otherwise) is checked — arrived (USER_UPLOAD_ERROR
 * while nothing did, or once expired), at most 5 MB (FILE_SIZE_LIMIT_EXCEEDED), not empty (SELECT_FILE), an image
 * by content that decodes (FILE_EXTENSION_NOT_ALLOWED) — then re-encoded to its kind's exact size and stored at its
 * public address; the raw upload is deleted. A refused upload is deleted with its row. Confirming again answers the
 * same image.
 */
export async function confirmProfileImageUpload(
  services: AppServices,
  actor: Actor,
  fileId: string,
): Promise<ReadyProfileImage> {
  const { db } = services.database;
  if (!/^[0-9a-f-]{36}$/i.test(fileId)) throw new AppError('NOT_FOUND');
  const row = await findOwnProfileImage(db, fileId.toLowerCase(), actor.account.id);
  if (!row) throw new AppError('NOT_FOUND');
  if (isReady(row)) return row;
  const { store } = services.files;
  const kind = row.kind as ProfileImageKind;
  const pending = {
    key: row.uploadKey,
    expiresAt: row.expiresAt,
    deleteRow: () => deleteProfileImage(db, row.id),
  };
  const render = (bytes: Buffer) => renderExactImage(bytes, PROFILE_IMAGE_SIZES[kind]);
  return confirmImageUpload(store, pending, render, async (image) => {
    const storageKey = profileImageKey(row.guid);
    await store.write(storageKey, image.data, image.contentType);
    const ready = await markProfileImageReady(db, row.id, {
      storageKey,
      url: profileImageUrl(row.guid),
      size: image.data.length,
      width: image.width,
      height: image.height,
    });
    await store.remove([row.uploadKey]);
    if (!ready || !isReady(ready)) throw new AppError('USER_UPLOAD_ERROR', 'the upload disappeared');
    return ready;
  });
}
