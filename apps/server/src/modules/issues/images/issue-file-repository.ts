import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { issueFiles, issueImages } from '../../../db/schema/index.ts';

/** A stored upload row. */
export type IssueFileRow = typeof issueFiles.$inferSelect;

/** Writes a pending upload. */
export async function insertIssueFile(
  db: Db,
  values: {
    guid: string;
    projectId: number;
    createdByUserId: number;
    fileName: string;
    storageKey: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(issueFiles).values(values);
}

/**
 * Writes an upload the server made itself and has already checked (a BCF snapshot, a demo image): confirmed at
 * once, with its thumbnail. Answers the row.
 */
export async function insertConfirmedIssueFile(
  db: Db,
  values: Omit<typeof issueFiles.$inferInsert, 'id' | 'status' | 'confirmedAt'> & { confirmedAt: Date },
): Promise<IssueFileRow> {
  const [row] = await db
    .insert(issueFiles)
    .values({ ...values, status: 'confirmed' })
    .returning();
  if (!row) throw new Error('upload not stored');
  return row;
}

/** A user's uploads in a project with these guids. */
export async function findOwnIssueFiles(
  db: Db,
  projectId: number,
  userId: number,
  guids: readonly string[],
): Promise<IssueFileRow[]> {
  return db
    .select()
    .from(issueFiles)
    .where(
      and(
        inArray(issueFiles.guid, [...guids]),
        eq(issueFiles.projectId, projectId),
        eq(issueFiles.createdByUserId, userId),
      ),
    );
}

/** Deletes an upload's row. */
export async function deleteIssueFile(db: Db, id: number): Promise<void> {
  await db.delete(issueFiles).where(eq(issueFiles.id, id));
}

/** Marks an upload confirmed with what its content says and its thumbnail; undefined when the row is gone. */
export async function writeIssueFileConfirmed(
  db: Db,
  id: number,
  facts: {
    contentType: string;
    size: number;
    width: number;
    height: number;
    thumbKey: string;
    thumbWidth: number;
    thumbHeight: number;
  },
): Promise<IssueFileRow | undefined> {
  const [confirmed] = await db
    .update(issueFiles)
    .set({ status: 'confirmed', ...facts, confirmedAt: new Date() })
    .where(eq(issueFiles.id, id))
    .returning();
  return confirmed;
}

/** No image uses the file (as its original or its marked-up rendering). */
function unused() {
  return sql`not exists (select 1 from ${issueImages} where ${issueImages.originalFileId} = ${issueFiles.id} or ${issueImages.markedUpFileId} = ${issueFiles.id})`;
}

/**
 * Up to `limit` uploads no image uses that never counted: pending ones expired before `now`, confirmed ones
 * confirmed before `unusedSince`.
 */
export async function unusedIssueFileIds(
  db: Db,
  bounds: { now: Date; unusedSince: Date; limit: number },
): Promise<number[]> {
  const rows = await db
    .select({ id: issueFiles.id })
    .from(issueFiles)
    .where(
      and(
        or(
          and(eq(issueFiles.status, 'pending'), lt(issueFiles.expiresAt, bounds.now)),
          and(eq(issueFiles.status, 'confirmed'), lt(issueFiles.confirmedAt, bounds.unusedSince)),
        ),
        unused(),
      ),
    )
    .limit(bounds.limit);
  return rows.map((r) => r.id);
}

/**
 * Deletes these uploads while still unused (an image may have taken one since it was selected); answers the
 * storage keys of those deleted.
 */
export async function deleteIssueFilesIfUnused(
  db: Db,
  ids: readonly number[],
): Promise<{ key: string; thumbKey: string | null }[]> {
  return db
    .delete(issueFiles)
    .where(and(inArray(issueFiles.id, [...ids]), unused()))
    .returning({ key: issueFiles.storageKey, thumbKey: issueFiles.thumbKey });
}
