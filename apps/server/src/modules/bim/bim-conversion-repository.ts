import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { bimConversions, driveFiles } from '../../db/schema/index.ts';

/** A revision's conversion row (docs/bim.md). */
export type BimConversionRow = typeof bimConversions.$inferSelect;

/** The fields a conversion records with its state (outputs, error, times). */
export type BimConversionFields = Partial<
  Pick<
    typeof bimConversions.$inferInsert,
    | 'error'
    | 'schema'
    | 'fragmentsKey'
    | 'fragmentsSize'
    | 'propertiesKey'
    | 'elementCount'
    | 'bounds'
    | 'startedAt'
    | 'finishedAt'
  >
>;

/**
 * Marks a revision's conversion `queued` (a new row, or the old one reset) and the drive file's processingState
 * with it.
 */
export async function writeConversionQueued(db: Db, file: { id: number; projectId: number }): Promise<void> {
  await db
    .insert(bimConversions)
    .values({ fileId: file.id, projectId: file.projectId, state: 'queued' })
    .onConflictDoUpdate({
      target: bimConversions.fileId,
      set: { state: 'queued', error: null, queuedAt: new Date(), startedAt: null, finishedAt: null },
    });
  await db.update(driveFiles).set({ processingState: 'queued' }).where(eq(driveFiles.id, file.id));
}

/**
 * Writes a conversion's state with its fields, and the drive file's processingState with it; `countAttempt`
 * adds one to its attempts (a conversion starting).
 */
export async function writeConversionState(
  db: Db,
  fileId: number,
  state: string,
  fields: BimConversionFields,
  options: { countAttempt?: boolean } = {},
): Promise<void> {
  await db
    .update(bimConversions)
    .set({
      state,
      ...fields,
      ...(options.countAttempt ? { attempts: sql`${bimConversions.attempts} + 1` } : {}),
    })
    .where(eq(bimConversions.fileId, fileId));
  await db.update(driveFiles).set({ processingState: state }).where(eq(driveFiles.id, fileId));
}

/** The revisions converted before their bounds were recorded (migration 0021). */
export async function conversionsWithoutBounds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ fileId: bimConversions.fileId })
    .from(bimConversions)
    .where(and(eq(bimConversions.state, 'success'), isNull(bimConversions.bounds)));
  return rows.map((r) => r.fileId);
}

/** Records a conversion's bounds (`{}`: none can be read). */
export async function writeConversionBounds(db: Db, fileId: number, bounds: unknown): Promise<void> {
  await db.update(bimConversions).set({ bounds }).where(eq(bimConversions.fileId, fileId));
}

/** A conversion with what the bim.convert job reads of its drive file; undefined when there is none. */
export async function findConversionJob(db: Db, fileId: number) {
  const [row] = await db
    .select({
      state: bimConversions.state,
      projectId: driveFiles.projectId,
      storageKey: driveFiles.storageKey,
      uploadState: driveFiles.uploadState,
      bounds: bimConversions.bounds,
      fragmentsKey: bimConversions.fragmentsKey,
    })
    .from(bimConversions)
    .innerJoin(driveFiles, eq(driveFiles.id, bimConversions.fileId))
    .where(eq(bimConversions.fileId, fileId));
  return row;
}

/** The conversions of some revisions, by file id. */
export async function conversionsByFileId(db: Db, fileIds: number[]): Promise<Map<number, BimConversionRow>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db.select().from(bimConversions).where(inArray(bimConversions.fileId, fileIds));
  return new Map(rows.map((r) => [r.fileId, r]));
}
