import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** Why a PDF could not be prepared (the drive file's `processingError`). */
export type PdfPreparationFailure = 'unreadable' | 'encrypted' | 'tooLarge' | 'timeout' | 'preparationFailed';

/** A page drawn for the viewer's first view: WebP bytes and their size in pixels. */
export interface PdfPagePreview {
  data: Uint8Array;
  width: number;
  height: number;
}

/** One page of a prepared PDF: size in PDF points (1/72 in), its text and its preview (null when none was made). */
export interface PdfPage {
  width: number;
  height: number;
  text: string;
  preview: PdfPagePreview | null;
}

export type PdfPreparation =
  | { ok: true; pageCount: number; pages: PdfPage[]; thumbnail: Uint8Array }
  | { ok: false; reason: PdfPreparationFailure; message: string };

/** The largest PDF the server prepares (read whole by pdf.js); larger ones are `failed` with `tooLarge`. */
export const PDF_PREPARE_MAX_BYTES = 256 * 1024 * 1024;
/** How long one preparation may run before it is stopped (`timeout`). */
export const PDF_PREPARE_TIME_LIMIT_MS = 5 * 60 * 1000;
/** The longest side of the thumbnail of page 1, in pixels (the drive's thumbnails are 320 px). */
export const PDF_THUMBNAIL_SIZE = 320;
/**
 * The longest side of a page's preview, in pixels: readable when the page fits a large screen; the viewer shows it
 * at once and draws sharper tiles with pdf.js beyond (issue 15, first readable view).
 */
export const PDF_PREVIEW_SIZE = 2048;
/** Pages past this one get no preview (the viewer draws them with pdf.js). */
export const PDF_PREVIEW_MAX_PAGES = 60;
/** The time the previews may take in all; later pages get none, the preparation itself goes on. */
export const PDF_PREVIEW_BUDGET_MS = 2 * 60 * 1000;
/** The most characters of text kept per page (for the search). */
export const PDF_PAGE_TEXT_MAX_CHARS = 100_000;

const workerUrl = new URL('./drive-pdf-worker.mjs', import.meta.url);

function fontsDirectory(): string {
  const require = createRequire(import.meta.url);
  return `${path.dirname(require.resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
}

/**
 * Reads a PDF with pdf.js (legacy build, rendering through @napi-rs/canvas) in a worker thread stopped after
 * `timeLimitMs`: page count, each page's size, text and WebP preview, and a PNG thumbnail of page 1. Never throws for a bad
 * file: it answers why.
 */
export async function preparePdf(
  bytes: Uint8Array,
  options: { timeLimitMs?: number } = {},
): Promise<PdfPreparation> {
  if (bytes.length > PDF_PREPARE_MAX_BYTES)
    return { ok: false, reason: 'tooLarge', message: `${bytes.length} bytes` };
  const limit = options.timeLimitMs ?? PDF_PREPARE_TIME_LIMIT_MS;
  return new Promise<PdfPreparation>((resolve) => {
    const worker = new Worker(workerUrl, {
      workerData: {
        bytes,
        fontsDir: fontsDirectory(),
        thumbnailSize: PDF_THUMBNAIL_SIZE,
        maxTextChars: PDF_PAGE_TEXT_MAX_CHARS,
        previewSize: PDF_PREVIEW_SIZE,
        previewMaxPages: PDF_PREVIEW_MAX_PAGES,
        previewBudgetMs: Math.min(PDF_PREVIEW_BUDGET_MS, Math.floor(limit / 2)),
      },
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    let settled = false;
    const finish = (value: PdfPreparation) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(value);
    };
    const timer = setTimeout(
      () => finish({ ok: false, reason: 'timeout', message: `stopped after ${limit} ms` }),
      limit,
    );
    worker.once('message', (message: PdfPreparation) => finish(message));
    worker.once('error', (error) =>
      finish({ ok: false, reason: 'preparationFailed', message: error.message }),
    );
    worker.once('exit', (code) =>
      finish({ ok: false, reason: 'preparationFailed', message: `the worker exited (${code})` }),
    );
  });
}
