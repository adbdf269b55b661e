import { driveFileContent, setDriveFileProcessing } from './drive-file-repository.ts';
import type { AppServices } from '../../services.ts';
import { inspectImage, type ImageFacts } from '../../storage/image-content.ts';

/** Content types the drive makes a preview of (decoded by sharp). PDFs have none yet (docs/drive.md). */
const PREVIEWED = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/tiff']);

/** The largest image read whole to make its thumbnail; larger ones get no preview. */
export const THUMBNAIL_SOURCE_MAX_BYTES = 64 * 1024 * 1024;

/** Where the thumbnail of a stored object lives. */
export function thumbnailKey(storageKey: string): string {
  return `${storageKey}.thumb.webp`;
}

/** Where the viewer's preview of page `page` (1-based) of a prepared PDF lives (drive-pdf-service.ts). */
export function pagePreviewKey(storageKey: string, page: number): string {
  return `${storageKey}.page-${page}.webp`;
}

/** Whether a confirmed file of this type and size gets a preview (the job is queued at confirmation). */
export function hasPreview(contentType: string, size: number): boolean {
  return PREVIEWED.has(contentType) && size <= THUMBNAIL_SOURCE_MAX_BYTES;
}

/**
 * The drive.thumbnail job: reads a confirmed image, writes its thumbnail (320 px on the longest side, WebP,
 * upright) next to it and records it (`processingState` → `done`). An image that does not decode is `failed`
 * and not retried; a file deleted meanwhile is left alone.
 */
export async function runDriveThumbnail(services: AppServices, fileId: number): Promise<void> {
  const { db } = services.database;
  const file = await driveFileContent(db, fileId);
  if (!file || file.uploadState !== 'confirmed') return;
  const mark = (processingState: string, thumbKey: string | null = null) =>
    setDriveFileProcessing(db, fileId, processingState, thumbKey);
  if (!file.contentType || !hasPreview(file.contentType, file.fileSize)) {
    await mark('none');
    return;
  }
  let facts: ImageFacts;
  try {
    facts = await inspectImage(await services.files.store.read(file.storageKey));
  } catch (error) {
    services.logger.warn({ err: error, fileId }, 'drive thumbnail not made');
    await mark('failed');
    return;
  }
  const key = thumbnailKey(file.storageKey);
  await services.files.store.write(key, facts.thumbnail.data, facts.thumbnail.contentType);
  await mark('done', key);
}
