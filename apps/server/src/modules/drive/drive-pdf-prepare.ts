import { createRequire } from 'node:module';
import path from 'node:path';
import { runChildWork } from '../../lib/child-work.ts';

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
/** The most CPU time one preparation may use before it is stopped (`timeout`), whatever the file's size. */
export const PDF_PREPARE_TIME_LIMIT_MS = 10 * 60 * 1000;
/**
 * The CPU time a preparation may use, in proportion to the work: a minute, plus 10 s per MB of file, at most
 * PDF_PREPARE_TIME_LIMIT_MS. A small file that keeps the CPU busy for minutes (a stream that inflates to hundreds of
 * MB) is stopped early instead of holding the queue.
 */
export function pdfCpuLimitMs(bytes: number): number {
  return Math.min(PDF_PREPARE_TIME_LIMIT_MS, 60_000 + Math.ceil((bytes / (1024 * 1024)) * 10_000));
}
/**
 * The resident memory a preparation may use, in proportion to the file: 768 MB plus three times its size. Past it
 * the child is stopped and the file reported `tooLarge` (a 787 KB PDF that inflated to 540 MB grew the server by
 * about 1 GB while pdf.js ran in a worker thread: array buffers escape V8's heap limit).
 */
export function pdfMemoryLimitBytes(bytes: number): number {
  return 768 * 1024 * 1024 + 3 * bytes;
}
/** V8's heap limit of the preparing child (MB). */
const PDF_HEAP_LIMIT_MB = 512;
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
 * Reads a PDF with pdf.js (legacy build, rendering through @napi-rs/canvas) in a child process at nice 19 with
 * limits in CPU time and memory (lib/child-work.ts; `timeLimitMs` replaces the CPU limit): page count, each page's
 * size, text and WebP preview, and a PNG thumbnail of page 1. Never throws for a bad file: it answers why.
 */
export async function preparePdf(
  bytes: Uint8Array,
  options: { timeLimitMs?: number } = {},
): Promise<PdfPreparation> {
  if (bytes.length > PDF_PREPARE_MAX_BYTES)
    return { ok: false, reason: 'tooLarge', message: `${bytes.length} bytes` };
  const limit = options.timeLimitMs ?? pdfCpuLimitMs(bytes.length);
  const end = await runChildWork<PdfPreparation>(
    workerUrl,
    {
      bytes,
      fontsDir: fontsDirectory(),
      thumbnailSize: PDF_THUMBNAIL_SIZE,
      maxTextChars: PDF_PAGE_TEXT_MAX_CHARS,
      previewSize: PDF_PREVIEW_SIZE,
      previewMaxPages: PDF_PREVIEW_MAX_PAGES,
      previewBudgetMs: Math.min(PDF_PREVIEW_BUDGET_MS, Math.floor(limit / 2)),
    },
    {
      cpuLimitMs: limit,
      memoryLimitBytes: pdfMemoryLimitBytes(bytes.length),
      heapLimitMb: PDF_HEAP_LIMIT_MB,
    },
  );
  if (end.ended === 'cpuLimit' || end.ended === 'wallClockLimit')
    return { ok: false, reason: 'timeout', message: `stopped after ${Math.round(end.cpuMs)} ms of CPU time` };
  if (end.ended === 'memoryLimit')
    return { ok: false, reason: 'tooLarge', message: 'stopped past its memory limit' };
  if (end.answer) return end.answer;
  // Killed by its own heap limit (V8 aborts) or any other crash: the file is more than pdf.js can read here.
  return {
    ok: false,
    reason: end.signal || (end.code !== null && end.code !== 0) ? 'unreadable' : 'preparationFailed',
    message:
      end.error?.message ??
      `the preparation exited (${end.signal ?? end.code}) ${end.stderr.slice(-300)}`.trim(),
  };
}
