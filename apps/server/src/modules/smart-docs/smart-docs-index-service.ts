import type { AppServices } from '../../services.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { aiProviderOf } from '../ai/ai-provider-choice.ts';
import { cutPage, unitVector } from './smart-docs-passages.ts';
import {
  fileExists,
  pageTexts,
  replaceIndex,
  unindexedPreparedFiles,
  type NewPassage,
} from './smart-docs-repository.ts';

/** Why a revision could not be indexed: a PDF (scanned, or drawings only) or an image without text. */
export const NO_TEXT = 'noText';

/**
 * The smartDocs.index job (queued by the drive's PDF preparation, drive-pdf-service.ts, when it succeeds): cuts the text drive.pdfPrepare extracted from each page (pdf.js, in its worker) into
 * passages that keep their page number, and stores them with their full-text vectors (and their embeddings when an
 * embedding model is configured), replacing an earlier index
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
  await embedPassages(services, passages);
  const state =
    passages.length > 0
      ? { state: 'indexed' as const, error: null }
      : { state: 'failed' as const, error: NO_TEXT };
  await unitOfWork(services, (tx) => replaceIndex(tx, fileId, passages, state));
  return state.state;
}

/** Texts sent to the embedding endpoint per request. */
const EMBED_BATCH = 64;

/**
 * Adds each passage's embedding (unit length) when an embedding model is configured (AI_EMBEDDING_MODEL). An
 * endpoint that fails leaves the revision without embeddings: it is still indexed for full-text search, and the
 * failure is logged (the next revision or a re-index adds them).
 */
async function embedPassages(services: AppServices, passages: NewPassage[]): Promise<void> {
  const provider = aiProviderOf(services);
  if (!provider || !services.config.ai.provider?.embeddingModel || passages.length === 0) return;
  try {
    for (let start = 0; start < passages.length; start += EMBED_BATCH) {
      const batch = passages.slice(start, start + EMBED_BATCH);
      const vectors = await provider.embed(
        batch.map((p) => p.text),
        AbortSignal.timeout(services.config.ai.timeoutMs),
      );
      batch.forEach((p, i) => (p.embedding = vectors[i] ? unitVector(vectors[i]) : null));
    }
  } catch (error) {
    services.logger.warn({ err: error }, 'Smart Docs embeddings failed; indexed for full-text only');
    for (const p of passages) p.embedding = null;
  }
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
