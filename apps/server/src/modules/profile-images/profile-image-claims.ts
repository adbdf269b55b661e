import { AppError, type ProfileImageKind } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import type { AppServices } from '../../services.ts';
import { isProfileImageUrl } from '../../storage/profile-image-files.ts';
import type { Actor } from '../../auth/actor.ts';
import {
  deleteRemovableProfileImages,
  findProfileImageByUrl,
  removableProfileImageIds,
} from './profile-image-repository.ts';

/** How long after its confirmation an image may still be put on a project, company or user. */
export const CLAIM_SECONDS = 60 * 60;
/**
 * How long a ready image nothing points at is kept. Longer than the claim window, so that an image is never
 * deleted while a claim of it may still commit (a claim checks the row, then writes the owner's column).
 */
export const UNUSED_SECONDS = 2 * 60 * 60;
const BATCH = 500;

/**
 * The value an owner's image field takes from a mutation's input (spec core §7 updateProject image, the company's
 * logo, the user's photo): undefined when it is left out or unchanged (the current URL sent back), null to remove
 * the image (null or ''), else the URL of a ready upload of this kind that the caller made and confirmed within the
 * last hour. Anything else is BAD_USER_INPUT (`details.field`): a URL from elsewhere, someone else's upload, an
 * upload of another kind. An older upload is USER_UPLOAD_ERROR. The caller has already checked the permission.
 */
export async function claimProfileImage(
  db: Db,
  actor: Actor,
  input: { kind: ProfileImageKind; field: string; value: string | null | undefined; current: string | null },
): Promise<string | null | undefined> {
  const { value, current, field } = input;
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') return current === null ? undefined : null;
  const url = value.trim();
  if (url === current) return undefined;
  if (!isProfileImageUrl(url)) throw new AppError('BAD_USER_INPUT', { field });
  const row = await findProfileImageByUrl(db, url);
  if (
    !row ||
    row.status !== 'ready' ||
    row.createdByUserId !== actor.account.id ||
    row.kind !== input.kind ||
    !row.readyAt
  ) {
    throw new AppError('BAD_USER_INPUT', { field });
  }
  if (row.readyAt.getTime() < Date.now() - CLAIM_SECONDS * 1000)
    throw new AppError('USER_UPLOAD_ERROR', 'the upload expired');
  return url;
}

/** Ready images confirmed before this instant and used by no owner may go. */
function unusedSince(now: Date): Date {
  return new Date(now.getTime() - UNUSED_SECONDS * 1000);
}

/** Deletes the rows with these ids that are still removable, then their objects; returns how many went. */
async function removeRows(services: AppServices, ids: readonly number[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  // The condition again in the delete: an owner may have taken the image since it was selected.
  const gone = await deleteRemovableProfileImages(services.database.db, ids, now, unusedSince(now));
  await services.files.store.remove(
    gone.flatMap((g) => (g.storageKey ? [g.uploadKey, g.storageKey] : [g.uploadKey])),
  );
  return gone.length;
}

/**
 * After an owner's image was replaced or removed (and committed): deletes the old image at once when nothing else
 * uses it and it is past UNUSED_SECONDS; a younger one is left to the files.cleanup job.
 */
export async function releaseProfileImage(
  services: AppServices,
  url: string | null,
  now = new Date(),
): Promise<void> {
  if (url === null || !isProfileImageUrl(url)) return;
  const row = await findProfileImageByUrl(services.database.db, url);
  await removeRows(services, row ? [row.id] : [], now);
}

/**
 * The files.cleanup job's part for profile images: removes pending uploads past their expiry (never sent or never
 * confirmed) and ready images no project, company or user has used for UNUSED_SECONDS — rows first, then objects.
 */
export async function cleanupProfileImages(services: AppServices, now = new Date()): Promise<number> {
  let removed = 0;
  for (;;) {
    const candidates = await removableProfileImageIds(services.database.db, now, unusedSince(now), BATCH);
    removed += await removeRows(
      services,
      candidates.map((c) => c.id),
      now,
    );
    if (candidates.length < BATCH) return removed;
  }
}
