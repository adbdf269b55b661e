import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { bcfJobs, pushSubscriptions } from '../../db/schema/index.ts';
import { ownRows } from '../../db/own-rows-sql.ts';

/** A BCF import or export job's row. */
export type BcfJobRow = typeof bcfJobs.$inferSelect;
export type BcfJobKind = 'import' | 'export';
export type BcfJobState = 'queued' | 'running' | 'completed' | 'failed';

export async function insertBcfJob(
  db: Db,
  values: {
    projectId: number;
    userId: number;
    kind: BcfJobKind;
    fileName: string;
    storageKey: string | null;
    size: number | null;
    sha256: string | null;
    options: unknown;
    total: number;
  },
): Promise<BcfJobRow> {
  const [row] = await db.insert(bcfJobs).values(values).returning();
  if (!row) throw new Error('bcf job not written');
  return row;
}

export async function findBcfJob(db: Db, id: string): Promise<BcfJobRow | undefined> {
  const [row] = await db.select().from(bcfJobs).where(eq(bcfJobs.id, id));
  return row;
}

/** The caller's own job of this project. */
export async function findUserBcfJob(
  db: Db,
  where: { id: string; projectId: number; userId: number },
): Promise<BcfJobRow | undefined> {
  const [row] = await db
    .select()
    .from(bcfJobs)
    .where(
      and(eq(bcfJobs.id, where.id), eq(bcfJobs.projectId, where.projectId), eq(bcfJobs.userId, where.userId)),
    );
  return row;
}

/** The caller's unfinished import of the same package (same SHA-256) in this project, if any. */
export async function findUnfinishedImport(
  db: Db,
  where: { projectId: number; userId: number; sha256: string },
): Promise<BcfJobRow | undefined> {
  const [row] = await db
    .select()
    .from(bcfJobs)
    .where(
      and(
        ownRows(bcfJobs, where),
        eq(bcfJobs.kind, 'import'),
        eq(bcfJobs.sha256, where.sha256),
        inArray(bcfJobs.state, ['queued', 'running']),
      ),
    )
    .orderBy(desc(bcfJobs.createdAt))
    .limit(1);
  return row;
}

export async function updateBcfJob(
  db: Db,
  id: string,
  patch: Partial<
    Pick<
      BcfJobRow,
      'state' | 'done' | 'total' | 'report' | 'errorCode' | 'storageKey' | 'size' | 'finishedAt'
    >
  >,
): Promise<void> {
  await db
    .update(bcfJobs)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(bcfJobs.id, id));
}

/** Removes the jobs finished before `before`; answers the file-store keys they held. */
export async function deleteFinishedBcfJobs(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .delete(bcfJobs)
    .where(and(inArray(bcfJobs.state, ['completed', 'failed']), lt(bcfJobs.finishedAt, before)))
    .returning({ key: bcfJobs.storageKey });
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

/** The Web Push subscriptions of a user (the job's end is told to each of their devices). */
export async function pushSubscriptionIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return rows.map((r) => r.id);
}

/** The jobs still queued or running that nothing touched since `before` (their worker gave up): failed. */
export async function failAbandonedBcfJobs(db: Db, before: Date): Promise<number> {
  const rows = await db
    .update(bcfJobs)
    .set({
      state: 'failed',
      errorCode: 'INTERNAL_SERVER_ERROR',
      finishedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(inArray(bcfJobs.state, ['queued', 'running']), lt(bcfJobs.updatedAt, before)))
    .returning({ id: bcfJobs.id });
  return rows.length;
}
