import { and, desc, eq, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { bimPluginSessions } from '../../db/schema/index.ts';

/** A plugin session's row (docs/plugins.md "Plugin sessions"). */
export type PluginSessionRow = typeof bimPluginSessions.$inferSelect;

/** Writes a new session; answers its row (with its random id). */
export async function insertPluginSession(
  db: Db,
  session: {
    projectId: number;
    userId: number;
    clientId: string | null;
    fileIds: number[];
    viewpoint: unknown;
    expiresAt: Date;
  },
): Promise<PluginSessionRow> {
  const [row] = await db.insert(bimPluginSessions).values(session).returning();
  if (!row) throw new Error('plugin session not written');
  return row;
}

/** The session with this id, whoever owns it. */
export async function findPluginSession(db: Db, id: string): Promise<PluginSessionRow | undefined> {
  const [row] = await db.select().from(bimPluginSessions).where(eq(bimPluginSessions.id, id)).limit(1);
  return row;
}

/** Replaces the session's viewpoint, counts a new version and moves its expiry; answers the row. */
export async function updatePluginSessionViewpoint(
  db: Db,
  id: string,
  viewpoint: unknown,
  expiresAt: Date,
): Promise<PluginSessionRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(bimPluginSessions)
    .set({ viewpoint, version: sqlIncrement(), updatedAt: now, expiresAt })
    .where(eq(bimPluginSessions.id, id))
    .returning();
  return row;
}

function sqlIncrement() {
  // version + 1, read and written in the same statement (two plugins' calls never lose a version).
  return sql`${bimPluginSessions.version} + 1`;
}

/** Removes a session. */
export async function deletePluginSessionRow(db: Db, id: string): Promise<void> {
  await db.delete(bimPluginSessions).where(eq(bimPluginSessions.id, id));
}

/**
 * Removes a person's sessions that expired before `now`, and all but their `keep` most recently changed ones
 * (called when their plugin makes a new one).
 */
export async function prunePluginSessions(db: Db, userId: number, now: Date, keep: number): Promise<void> {
  await db
    .delete(bimPluginSessions)
    .where(and(eq(bimPluginSessions.userId, userId), lt(bimPluginSessions.expiresAt, now)));
  const newest = db
    .select({ id: bimPluginSessions.id })
    .from(bimPluginSessions)
    .where(eq(bimPluginSessions.userId, userId))
    .orderBy(desc(bimPluginSessions.updatedAt), desc(bimPluginSessions.createdAt))
    .limit(keep);
  await db
    .delete(bimPluginSessions)
    .where(and(eq(bimPluginSessions.userId, userId), notInArray(bimPluginSessions.id, newest)));
}
