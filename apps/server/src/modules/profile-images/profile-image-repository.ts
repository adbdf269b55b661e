import { and, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { companies, profileImages, projects, users } from '../../db/schema/index.ts';

/** A profile image upload as stored. */
export type ProfileImageRecord = typeof profileImages.$inferSelect;

/** Records a pending upload. */
export async function insertProfileImage(db: Db, values: typeof profileImages.$inferInsert): Promise<void> {
  await db.insert(profileImages).values(values);
}

/** Forgets an upload's row. */
export async function deleteProfileImage(db: Db, id: number): Promise<void> {
  await db.delete(profileImages).where(eq(profileImages.id, id));
}

/** The user's own upload of that id, or undefined. */
export async function findOwnProfileImage(
  db: Db,
  guid: string,
  userId: number,
): Promise<ProfileImageRecord | undefined> {
  const [row] = await db
    .select()
    .from(profileImages)
    .where(and(eq(profileImages.guid, guid), eq(profileImages.createdByUserId, userId)))
    .limit(1);
  return row;
}

/** Marks an upload ready with its stored image; the row as it is now. */
export async function markProfileImageReady(
  db: Db,
  id: number,
  values: { storageKey: string; url: string; size: number; width: number; height: number },
): Promise<ProfileImageRecord | undefined> {
  const [ready] = await db
    .update(profileImages)
    .set({ status: 'ready', ...values, readyAt: new Date() })
    .where(eq(profileImages.id, id))
    .returning();
  return ready;
}

/** The image of an address, or undefined. */
export async function findProfileImageByUrl(db: Db, url: string): Promise<ProfileImageRecord | undefined> {
  const [row] = await db.select().from(profileImages).where(eq(profileImages.url, url)).limit(1);
  return row;
}

/**
 * Rows whose objects may go: pending past their expiry at `now`, or ready before `unusedSince` and used by no
 * project, company or user.
 */
function removable(now: Date, unusedSince: Date): SQL {
  const unused = sql`not exists (select 1 from ${projects} where ${projects.image} = ${profileImages.url})
    and not exists (select 1 from ${companies} where ${companies.logo} = ${profileImages.url})
    and not exists (select 1 from ${users} where ${users.photo} = ${profileImages.url})`;
  const condition = or(
    and(eq(profileImages.status, 'pending'), lt(profileImages.expiresAt, now)),
    and(eq(profileImages.status, 'ready'), lt(profileImages.readyAt, unusedSince), unused),
  );
  if (!condition) throw new Error('unreachable');
  return condition;
}

/** Up to `limit` ids of removable rows. */
export function removableProfileImageIds(
  db: Db,
  now: Date,
  unusedSince: Date,
  limit: number,
): Promise<{ id: number }[]> {
  return db
    .select({ id: profileImages.id })
    .from(profileImages)
    .where(removable(now, unusedSince))
    .limit(limit);
}

/**
 * Deletes the rows with these ids that are still removable (an owner may have taken the image since it was
 * selected); the object keys of those that went.
 */
export function deleteRemovableProfileImages(
  db: Db,
  ids: readonly number[],
  now: Date,
  unusedSince: Date,
): Promise<{ uploadKey: string; storageKey: string | null }[]> {
  return db
    .delete(profileImages)
    .where(and(inArray(profileImages.id, [...ids]), removable(now, unusedSince)))
    .returning({ uploadKey: profileImages.uploadKey, storageKey: profileImages.storageKey });
}
