import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { driveBulkDownloads, driveFiles } from '../../db/schema/index.ts';
import type { DriveArea } from './drive-repository.ts';
import { ownRows } from '../../db/own-rows-sql.ts';

export type BulkDownloadRow = typeof driveBulkDownloads.$inferSelect;

/** Records a bulk download to prepare; returns its id. */
export async function insertBulkDownload(
  db: Db,
  values: Pick<BulkDownloadRow, 'projectId' | 'area' | 'userId' | 'fileIds' | 'fileCount' | 'expiresAt'>,
): Promise<string> {
  const [row] = await db.insert(driveBulkDownloads).values(values).returning({ id: driveBulkDownloads.id });
  if (!row) throw new Error('bulk download not written');
  return row.id;
}

/** The person's own bulk download of this project and area, or undefined. */
export async function findOwnBulkDownload(
  db: Db,
  where: { id: string; projectId: number; userId: number; area: DriveArea },
): Promise<BulkDownloadRow | undefined> {
  const [row] = await db
    .select()
    .from(driveBulkDownloads)
    .where(
      and(
        eq(driveBulkDownloads.id, where.id),
        ownRows(driveBulkDownloads, where),
        eq(driveBulkDownloads.area, where.area),
      ),
    );
  return row;
}

export async function findBulkDownload(db: Db, id: string): Promise<BulkDownloadRow | undefined> {
  const [row] = await db.select().from(driveBulkDownloads).where(eq(driveBulkDownloads.id, id));
  return row;
}

export async function updateBulkDownload(
  db: Db,
  id: string,
  values: Partial<
    Pick<BulkDownloadRow, 'status' | 'errorCode' | 'storageKey' | 'size' | 'processedCount' | 'completedAt'>
  >,
): Promise<void> {
  await db.update(driveBulkDownloads).set(values).where(eq(driveBulkDownloads.id, id));
}

/**
 * Deletes the uploads never confirmed past their expiry (and the documents left without revisions) and the bulk
 * downloads past theirs; returns the storage keys of what went (each upload's key, the archives' keys).
 */
export async function deleteExpiredDriveRows(
  tx: Db,
  now: Date,
): Promise<{ fileKeys: string[]; archiveKeys: string[] }> {
  const files = await tx
    .delete(driveFiles)
    .where(and(eq(driveFiles.uploadState, 'pending'), lt(driveFiles.expiresAt, now)))
    .returning({ key: driveFiles.storageKey, documentId: driveFiles.documentId });
  if (files.length > 0)
    await tx.execute(sql`delete from drive_documents d where d.id in
      (select value::int from jsonb_array_elements_text(${JSON.stringify(files.map((f) => f.documentId))}::jsonb))
      and not exists (select 1 from drive_files f where f.document_id = d.id)`);
  const zips = await tx
    .delete(driveBulkDownloads)
    .where(lt(driveBulkDownloads.expiresAt, now))
    .returning({ key: driveBulkDownloads.storageKey });
  return {
    fileKeys: files.map((f) => f.key),
    archiveKeys: zips.flatMap((z) => (z.key ? [z.key] : [])),
  };
}
