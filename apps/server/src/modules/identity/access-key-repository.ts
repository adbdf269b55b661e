import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { accessKeys } from '../../db/schema/index.ts';

/** A stored access key. */
export type AccessKeyRow = typeof accessKeys.$inferSelect;

/** Stores a key. */
export async function insertAccessKey(db: Db, values: typeof accessKeys.$inferInsert): Promise<AccessKeyRow> {
  const [row] = await db.insert(accessKeys).values(values).returning();
  if (!row) throw new Error('access key not stored');
  return row;
}

/** A user's keys that are not revoked, newest first. */
export async function listAccessKeys(db: Db, userId: number): Promise<AccessKeyRow[]> {
  return db
    .select()
    .from(accessKeys)
    .where(and(eq(accessKeys.userId, userId), isNull(accessKeys.revokedAt)))
    .orderBy(desc(accessKeys.id));
}

/** The unrevoked key with a public id. */
export async function findActiveAccessKey(db: Db, keyId: string): Promise<AccessKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(accessKeys)
    .where(and(eq(accessKeys.keyId, keyId), isNull(accessKeys.revokedAt)))
    .limit(1);
  return row;
}

/** Revokes a key of a user; false when the user has no such key. */
export async function revokeAccessKey(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(accessKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accessKeys.id, id), eq(accessKeys.userId, userId), isNull(accessKeys.revokedAt)))
    .returning({ id: accessKeys.id });
  return rows.length > 0;
}

/** Records a use (coarse: callers throttle it). */
export async function touchAccessKey(db: Db, id: number): Promise<void> {
  await db
    .update(accessKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(accessKeys.id, id));
}
