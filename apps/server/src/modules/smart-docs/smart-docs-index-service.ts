import type { AppServices } from '../../services.ts';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import { cutPage } from './smart-docs-passages.ts';
import {
  fileExists,
  pageTexts,
  replaceIndex,
  unindexedPreparedFiles,
  type NewPassage,
} from './smart-docs-repository.ts';

/** Why a revision could not be indexed: a PDF (scanned, or drawings only) or an image without text. */
export const NO_TEXT = 'noText';

/** Queues the indexing of a prepared PDF revision in the caller's transaction (the job exists only if it commits). */
export async function queueSmartDocsIndex(services: AppServices, tx: Db, fileId: number): Promise<void> {
  await services.jobs.send('smartDocs.index', { fileId }, { executor: transactionExecutor(tx) });
}

/**
 * The smartDocs.index job: cuts the text drive.pdfPrepare extracted from each page (pdf.js, in its worker) into
 * passages that keep their page number, and stores them with their full-text vectors, replacing an earlier index
 * of the revision. A revision without any text is recorded as failed (`noText`: 'Unable to process your
 * document.'). A revision deleted meanwhile is skipped.
 */
export async function runSmartDocsIndex(
  services: AppServices,
  fileId: number,
): Promise<'indexed' | 'failed' | 'skipped'> {
  const { db } = services.database;
  if (!(await fileExists(db, fileId))) return 'skipped';
  const pages = await pageTexts(db, fileId);
  const passages: NewPassage[] = pages.flatMap((page) =>
    cutPage(page.text).map((text) => ({ pageNumber: page.pageNumber, text })),
  );
  const state =
    passages.length > 0
      ? { state: 'indexed' as const, error: null }
      : { state: 'failed' as const, error: NO_TEXT };
  await unitOfWork(services, (tx) => replaceIndex(tx, fileId, passages, state));
  return state.state;
}

/**
 * Queues the indexing of prepared PDF revisions that have none (files prepared before Smart Docs existed, and the
 * demo's when its seed ran before the workers), once per start. Returns how many were queued.
 */
export async function queueMissingSmartDocsIndexes(services: AppServices): Promise<number> {
  const ids = await unindexedPreparedFiles(services.database.db, 10_000);
  for (const fileId of ids) await services.jobs.send('smartDocs.index', { fileId });
  return ids.length;
}
