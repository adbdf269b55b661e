import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { driveDocuments, driveFiles } from '../../db/schema/index.ts';

/** A revision of the document with this name (compared without case), if any. */
export async function findRevisionByName(
  db: Db,
  documentId: number,
  revisionName: string,
): Promise<{ id: number } | undefined> {
  const [taken] = await db
    .select({ id: driveFiles.id })
    .from(driveFiles)
    .where(
      and(
        eq(driveFiles.documentId, documentId),
        sql`lower(${driveFiles.revisionName}) = lower(${revisionName})`,
      ),
    );
  return taken;
}

/** Writes a pending revision (its bytes are still to come); returns its id. */
export async function insertPendingDriveFile(
  db: Db,
  values: typeof driveFiles.$inferInsert,
): Promise<{ id: number } | undefined> {
  const [created] = await db.insert(driveFiles).values(values).returning({ id: driveFiles.id });
  return created;
}

/** Removes a revision's row (its stored objects are the caller's). */
export async function deleteDriveFileRow(db: Db, fileId: number): Promise<void> {
  await db.delete(driveFiles).where(eq(driveFiles.id, fileId));
}

/** Removes a document that no longer has any revision. */
export async function deleteEmptyDocument(db: Db, documentId: number): Promise<void> {
  await db
    .delete(driveDocuments)
    .where(
      and(
        eq(driveDocuments.id, documentId),
        sql`not exists (select 1 from drive_files where document_id = ${documentId})`,
      ),
    );
}

/** Without a naming rule, revisions are numbered 1, 2, 3… after the highest numeric one. */
export async function nextRevision(db: Db, documentId: number): Promise<string> {
  const [row] = await db
    .select({
      top: sql<number>`coalesce(max(case when ${driveFiles.revisionName} ~ '^[0-9]{1,9}$' then ${driveFiles.revisionName}::int end), 0)`,
    })
    .from(driveFiles)
    .where(eq(driveFiles.documentId, documentId));
  return String(Number(row?.top ?? 0) + 1);
}

/** A pending revision whose bytes were checked becomes confirmed; a preview thumbnail is then due (or none). */
export async function markDriveFileConfirmed(
  db: Db,
  fileId: number,
  input: { contentType: string; preview: boolean },
): Promise<void> {
  await db
    .update(driveFiles)
    .set({
      uploadState: 'confirmed',
      contentType: input.contentType,
      uploadedAt: new Date(),
      updatedAt: new Date(),
      processingState: input.preview ? 'pending' : 'none',
    })
    .where(eq(driveFiles.id, fileId));
}
