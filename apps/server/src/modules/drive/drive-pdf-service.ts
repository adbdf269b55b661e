import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AppServices } from '../../services.ts';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import { driveFiles, drivePdfPages, drivePdfPreviews } from '../../db/schema/index.ts';
import { PDF_PREPARE_MAX_BYTES, preparePdf, type PdfPreparationFailure } from './drive-pdf-prepare.ts';
import { pagePreviewKey, thumbnailKey } from './drive-thumbnail-service.ts';

/**
 * The processing states of a PDF revision (drive file `processingState`): the same values as a BIM model's
 * conversion (bim-conversion-service.ts), so that the drive shows one set of states.
 */
export type PdfProcessingState = 'queued' | 'processing' | 'success' | 'failed';

/**
 * Queues the preparation of a confirmed PDF, in the caller's transaction: the preview row and the drive file's
 * processingState become `queued`, and the drive.pdfPrepare job exists only if the transaction commits.
 */
export async function queuePdfPreparation(
  services: AppServices,
  tx: Db,
  file: { id: number },
): Promise<void> {
  await tx
    .insert(drivePdfPreviews)
    .values({ fileId: file.id })
    .onConflictDoUpdate({
      target: drivePdfPreviews.fileId,
      set: { error: null, queuedAt: new Date(), startedAt: null, finishedAt: null },
    });
  await tx.update(driveFiles).set({ processingState: 'queued' }).where(eq(driveFiles.id, file.id));
  await services.jobs.send('drive.pdfPrepare', { fileId: file.id }, { executor: transactionExecutor(tx) });
}

async function setState(
  services: AppServices,
  fileId: number,
  state: PdfProcessingState,
  fields: PgUpdateSetSource<typeof drivePdfPreviews> = {},
  thumbKey?: string,
): Promise<void> {
  await unitOfWork(services, async (tx) => {
    await tx.update(drivePdfPreviews).set(fields).where(eq(drivePdfPreviews.fileId, fileId));
    await tx
      .update(driveFiles)
      .set({ processingState: state, ...(thumbKey ? { thumbKey } : {}) })
      .where(eq(driveFiles.id, fileId));
  });
}

/**
 * The drive.pdfPrepare job: reads the PDF, prepares it in a worker thread (drive-pdf-prepare.ts), writes the
 * 320-pixel WebP thumbnail of page 1 next to the file (`<key>.thumb.webp`, as images) and each page's 2048-pixel
 * WebP preview for the viewer (`<key>.page-N.webp`), stores each page's size, preview and
 * text (drive_pdf_pages: the drive's text search reads them) and records success with the page count, or failed
 * with the reason. A bad file is an answer, not an error (no retry); a storage failure throws so that pg-boss
 * retries. A revision deleted meanwhile is skipped.
 */
export async function runPdfPreparation(
  services: AppServices,
  fileId: number,
  options: { timeLimitMs?: number } = {},
): Promise<PdfProcessingState | 'skipped'> {
  const { db } = services.database;
  const [row] = await db
    .select({
      storageKey: driveFiles.storageKey,
      uploadState: driveFiles.uploadState,
      processingState: driveFiles.processingState,
    })
    .from(drivePdfPreviews)
    .innerJoin(driveFiles, eq(driveFiles.id, drivePdfPreviews.fileId))
    .where(eq(drivePdfPreviews.fileId, fileId));
  if (!row || row.uploadState !== 'confirmed') return 'skipped';
  if (row.processingState === 'success') return 'success';
  await setState(services, fileId, 'processing', {
    startedAt: new Date(),
    attempts: sql`${drivePdfPreviews.attempts} + 1`,
  });
  const fail = async (reason: PdfPreparationFailure, message: string): Promise<'failed'> => {
    services.logger.info({ fileId, reason, message }, 'PDF preparation failed');
    await setState(services, fileId, 'failed', { error: reason, finishedAt: new Date() });
    return 'failed';
  };
  const stored = await services.files.store.stat(row.storageKey);
  if (!stored) return fail('unreadable', 'the stored file is missing');
  if (stored.size > PDF_PREPARE_MAX_BYTES) return fail('tooLarge', `${stored.size} bytes`);
  const bytes = await services.files.store.read(row.storageKey);
  const result = await preparePdf(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), options);
  if (!result.ok) return fail(result.reason, result.message);
  const thumbnail = await sharp(Buffer.from(result.thumbnail)).webp({ quality: 80 }).toBuffer();
  const key = thumbnailKey(row.storageKey);
  await services.files.store.write(key, thumbnail, 'image/webp');
  // The viewer's first view of each page (WebP, made in the worker), next to the file like the thumbnail.
  const previews = new Map<number, string>();
  for (const [i, page] of result.pages.entries()) {
    if (!page.preview) continue;
    const previewKey = pagePreviewKey(row.storageKey, i + 1);
    await services.files.store.write(previewKey, Buffer.from(page.preview.data), 'image/webp');
    previews.set(i + 1, previewKey);
  }
  await unitOfWork(services, async (tx) => {
    await tx.delete(drivePdfPages).where(eq(drivePdfPages.fileId, fileId));
    // A few hundred pages per statement keeps every insert well under the parameter limit.
    for (let start = 0; start < result.pages.length; start += 500) {
      await tx.insert(drivePdfPages).values(
        result.pages.slice(start, start + 500).map((page, i) => ({
          fileId,
          pageNumber: start + i + 1,
          width: page.width,
          height: page.height,
          text: page.text,
          previewKey: previews.get(start + i + 1) ?? null,
          previewWidth: page.preview?.width ?? null,
          previewHeight: page.preview?.height ?? null,
        })),
      );
    }
    await tx
      .update(drivePdfPreviews)
      .set({ error: null, pageCount: result.pageCount, finishedAt: new Date() })
      .where(eq(drivePdfPreviews.fileId, fileId));
    await tx
      .update(driveFiles)
      .set({ processingState: 'success', thumbKey: key })
      .where(eq(driveFiles.id, fileId));
    // Smart Docs indexes the pages' text (modules/smart-docs, docs/ai.md), once this commits.
    await services.jobs.send('smartDocs.index', { fileId }, { executor: transactionExecutor(tx) });
  });
  return 'success';
}
