import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { driveDocuments, driveFiles, drivePdfPages, users } from '../../db/schema/index.ts';

/** What the preview jobs need of a stored file. */
export async function driveFileContent(db: Db, fileId: number) {
  const [file] = await db
    .select({
      storageKey: driveFiles.storageKey,
      contentType: driveFiles.contentType,
      fileSize: driveFiles.fileSize,
      uploadState: driveFiles.uploadState,
    })
    .from(driveFiles)
    .where(eq(driveFiles.id, fileId));
  return file;
}

/** Records how a file's preview went (`none`, `done` with its thumbnail, `failed`). */
export async function setDriveFileProcessing(
  db: Db,
  fileId: number,
  processingState: string,
  thumbKey: string | null = null,
): Promise<void> {
  await db.update(driveFiles).set({ processingState, thumbKey }).where(eq(driveFiles.id, fileId));
}

/** The people who uploaded the listed files, by id, with the name the list shows (else their e-mail). */
export async function uploadersOf(db: Db, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  const people = await db
    .select({ id: users.id, name: users.name, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return people.map((p) => ({ id: p.id, name: [p.name, p.lastName].filter(Boolean).join(' ') || p.email }));
}

/** Writes a revision's own fields (status, visibility and their stamps, the last change). */
export async function updateDriveFileRow(
  tx: Db,
  fileId: number,
  set: Partial<typeof driveFiles.$inferInsert>,
): Promise<void> {
  await tx.update(driveFiles).set(set).where(eq(driveFiles.id, fileId));
}

/** Writes a document's fields (discipline, location, phase), which every revision shares. */
export async function updateDriveDocumentRow(
  tx: Db,
  documentId: number,
  set: Partial<typeof driveDocuments.$inferInsert>,
): Promise<void> {
  await tx.update(driveDocuments).set(set).where(eq(driveDocuments.id, documentId));
}

/** Deletes a revision's row; answers the keys of its page previews (a prepared PDF's), read before the delete. */
export async function deleteDriveFileRow(tx: Db, fileId: number): Promise<string[]> {
  const previews = await tx
    .select({ key: drivePdfPages.previewKey })
    .from(drivePdfPages)
    .where(and(eq(drivePdfPages.fileId, fileId), isNotNull(drivePdfPages.previewKey)));
  await tx.delete(driveFiles).where(eq(driveFiles.id, fileId));
  return previews.flatMap((p) => (p.key ? [p.key] : []));
}
