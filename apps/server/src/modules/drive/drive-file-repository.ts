import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { driveFiles } from '../../db/schema/index.ts';

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
