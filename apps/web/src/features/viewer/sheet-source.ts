import type * as PdfJs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { OFFLINE_SHEET_URL } from '../../lib/offline/drawing-store.ts';
import { paceRenderTask } from './render-gate.ts';
import { TILE_MEMORY_BUDGET, TILE_SIZE, TileCache, tileKeyString, tilePlace, type TileKey } from './tiles.ts';

/** One page drawn to a bitmap: page units (PDF points, or image pixels) times renderScale. */
export interface RenderedPage {
  readonly canvas: HTMLCanvasElement;
  /** The page's size in page units. */
  readonly width: number;
  readonly height: number;
  /** Bitmap pixels per page unit. */
  readonly renderScale: number;
  /**
   * Where the bitmap comes from: the server's prepared preview, pdf.js, the image itself, or a preview of a drawing
   * kept offline (issue 34).
   */
  readonly source?: 'preview' | 'pdf' | 'image' | 'offline';
}

/** Tiles of a sheet's pages drawn at a zoom level (a PDF's; an image's whole bitmap is its full resolution). */
export interface TileSource {
  /** A drawn tile, or undefined when not drawn (yet, or dropped from the cache). */
  cached(key: TileKey): HTMLCanvasElement | undefined;
  /** Draws a tile into the cache; the signal cancels the pdf.js render task. */
  draw(key: TileKey, signal: AbortSignal): Promise<void>;
}

/** A loaded sheet: a PDF (pages drawn on demand, cached) or an image (one page). */
export interface Sheet {
  readonly pageCount: number;
  page(pageNumber: number): Promise<RenderedPage>;
  readonly tiles: TileSource | null;
  dispose(): void;
  /** Frees what the pages other than this one hold (tiles, pdf.js's parsed drawing): the page shown changed. */
  releaseOthers?(pageNumber: number): void;
}

/** The drawn tiles of every open sheet, in one LRU bounded by memory; a dropped tile's bitmap is freed. */
const tileCache = new TileCache<HTMLCanvasElement>(TILE_MEMORY_BUDGET, (canvas) => {
  canvas.width = 0;
  canvas.height = 0;
});
let sheetCounter = 0;

/**
 * The largest bitmap one page is drawn to (pixels): an A0 sheet gets about 0.7 pixels per point, enough for the
 * fitted view of a large screen; deeper zooms draw tiles (tiles.ts). Smaller than before tiles (12 million) for a
 * quicker first view and less memory per cached page.
 */
export const MAX_PAGE_PIXELS = 4_000_000;
/** The most pixels per page unit: small sheets are drawn sharp enough for 4× zoom. */
export const MAX_RENDER_SCALE = 4;
/** Pages kept drawn per sheet (older ones are dropped, so a 50-page set stays within memory). */
export const PAGE_CACHE_SIZE = 4;
/**
 * Page previews kept decoded per prepared sheet (12 MB each for a 2048-pixel A0 preview): the page shown and the one
 * before, so that going back is instant; the others are fetched again (the browser's HTTP cache keeps the WebP).
 */
export const PREVIEW_CACHE_SIZE = 2;

/** The scale a page of this size is drawn at. */
export function renderScaleFor(width: number, height: number, devicePixelRatio = 1): number {
  const budget = Math.sqrt(MAX_PAGE_PIXELS / Math.max(1, width * height));
  return Math.max(0.1, Math.min(MAX_RENDER_SCALE * devicePixelRatio, budget));
}

function blankCanvas(
  width: number,
  height: number,
): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = Math.max(1, Math.round(height));
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('canvas unavailable');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  return { canvas, ctx };
}

let workerReady: Promise<typeof PdfJs> | null = null;

/** pdf.js with its worker served from our own bundle (never a CDN). */
function pdfjs(): Promise<typeof PdfJs> {
  workerReady ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([lib, worker]) => {
      lib.GlobalWorkerOptions.workerSrc = worker.default;
      return lib;
    },
  );
  return workerReady;
}

async function fetchBytes(url: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  const response = await fetch(url, signal ? { signal } : {});
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.arrayBuffer();
}

function pdfSheet(doc: PDFDocumentProxy): Sheet {
  const cache = pageCanvasCache(
    PAGE_CACHE_SIZE,
    (oldest) =>
      // Frees the parsed drawing of a page left behind (a 50-page set read page after page).
      void doc.getPage(oldest).then(
        (old) => old.cleanup(),
        () => undefined,
      ),
  );
  const draw = async (pageNumber: number): Promise<RenderedPage> => {
    const page = await doc.getPage(pageNumber);
    const unit = page.getViewport({ scale: 1 });
    const renderScale = renderScaleFor(unit.width, unit.height, window.devicePixelRatio || 1);
    const viewport = page.getViewport({ scale: renderScale });
    const { canvas } = blankCanvas(viewport.width, viewport.height);
    await page.render({ canvas, viewport }).promise;
    // The page's parsed drawing stays while the page is in the cache: its tiles are drawn from it.
    return { canvas, width: unit.width, height: unit.height, renderScale, source: 'pdf' };
  };
  const prefix = `sheet${(sheetCounter += 1)}:`;
  // Pages whose tiles were drawn: pdf.js keeps their parsed drawing until cleanup().
  const tilePages = new Set<number>();
  let shown = 0;
  /** Frees what the pages other than the one shown hold: their tiles and pdf.js's parsed drawing and fonts. */
  const releaseOthers = (pageNumber: number) => {
    if (shown === pageNumber) return;
    shown = pageNumber;
    for (const other of [...tilePages]) {
      if (other === pageNumber) continue;
      tilePages.delete(other);
      tileCache.deletePrefix(`${prefix}${other}/`);
      void doc.getPage(other).then(
        (old) => old.cleanup(),
        () => undefined,
      );
    }
  };
  const drawTile = async (key: TileKey, signal: AbortSignal): Promise<void> => {
    const id = prefix + tileKeyString(key);
    if (tileCache.has(id) || signal.aborted) return;
    tilePages.add(key.page);
    const page = await doc.getPage(key.page);
    if (signal.aborted) return;
    const unit = page.getViewport({ scale: 1 });
    const place = tilePlace(key, { width: unit.width, height: unit.height });
    if (place.pixelWidth <= 0 || place.pixelHeight <= 0) return;
    const { canvas } = blankCanvas(place.pixelWidth, place.pixelHeight);
    const task = page.render({
      canvas,
      viewport: page.getViewport({ scale: 2 ** key.level }),
      // Shifts the page so that this tile's corner is the canvas's origin (applied before the viewport).
      transform: [1, 0, 0, 1, -key.col * TILE_SIZE, -key.row * TILE_SIZE],
    });
    // Its slices go through the gate: one per frame, none while the view moves, about 8 ms each (render-gate.ts).
    paceRenderTask(task);
    const cancel = () => task.cancel();
    signal.addEventListener('abort', cancel, { once: true });
    try {
      await task.promise;
    } catch (error) {
      canvas.width = 0;
      canvas.height = 0;
      if (signal.aborted) return;
      throw error;
    } finally {
      signal.removeEventListener('abort', cancel);
    }
    if (signal.aborted) {
      canvas.width = 0;
      canvas.height = 0;
      return;
    }
    tileCache.set(id, canvas, canvas.width * canvas.height * 4);
  };
  return {
    pageCount: doc.numPages,
    tiles: {
      cached: (key) => tileCache.get(prefix + tileKeyString(key)),
      draw: drawTile,
    },
    releaseOthers,
    page(pageNumber) {
      const n = Math.min(Math.max(1, Math.round(pageNumber)), doc.numPages);
      releaseOthers(n);
      return cache.get(n, () => draw(n));
    },
    dispose() {
      cache.clear();
      tileCache.deletePrefix(prefix);
      void doc.destroy();
    },
  };
}

/**
 * The drawn pages of a sheet, least recently asked first out: `get` answers a page (now the most recent) or makes
 * it (a page that fails is not kept); past `limit` pages the oldest one's canvas is emptied at once (its bitmap is
 * not the JS heap's memory, so a collection may come late; the least recently asked page is not on screen), and
 * `evicted` hears its number.
 */
function pageCanvasCache(limit: number, evicted?: (page: number) => void) {
  const pages = new Map<number, Promise<RenderedPage>>();
  return {
    get(n: number, make: () => Promise<RenderedPage>): Promise<RenderedPage> {
      const found = pages.get(n);
      if (found) {
        pages.delete(n);
        pages.set(n, found);
        return found;
      }
      const made = make();
      made.catch(() => pages.get(n) === made && pages.delete(n));
      pages.set(n, made);
      while (pages.size > limit) {
        const oldest = pages.keys().next().value;
        if (oldest === undefined) break;
        const dropped = pages.get(oldest);
        pages.delete(oldest);
        void dropped?.then(
          (old) => {
            old.canvas.width = 0;
            old.canvas.height = 0;
          },
          () => undefined,
        );
        evicted?.(oldest);
      }
      return made;
    },
    delete(n: number): void {
      pages.delete(n);
    },
    clear(): void {
      pages.clear();
    },
  };
}

async function imageSheet(url: string): Promise<Sheet> {
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
  await image.decode();
  const width = image.naturalWidth;
  const height = image.naturalHeight;
  const renderScale = Math.min(1, renderScaleFor(width, height));
  const { canvas, ctx } = blankCanvas(width * renderScale, height * renderScale);
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  const page: RenderedPage = { canvas, width, height, renderScale, source: 'image' };
  return { pageCount: 1, page: async () => page, tiles: null, dispose() {} };
}

/** Without requestIdleCallback: how long after a prepared sheet's first view pdf.js starts reading the file (ms). */
const PDF_WARM_DELAY = 2000;

/** A page of a prepared PDF: its size in points and its server-drawn preview (null: pdf.js draws it). */
export interface PreparedPage {
  readonly width: number;
  readonly height: number;
  readonly preview: { readonly url: string; readonly width: number; readonly height: number } | null;
}

async function pdfDocument(url: string, signal?: AbortSignal): Promise<PDFDocumentProxy> {
  const [lib, data] = await Promise.all([pdfjs(), fetchBytes(url, signal)]);
  // No eval: the page's CSP forbids it (pdf.js then draws glyphs without compiled paths).
  return lib.getDocument({ data: new Uint8Array(data), isEvalSupported: false }).promise;
}

/** A page preview decoded into a canvas (its bitmap closed at once: the canvas keeps the pixels). */
async function previewPage(
  page: PreparedPage,
  preview: NonNullable<PreparedPage['preview']>,
): Promise<RenderedPage> {
  const response = await fetch(preview.url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const bitmap = await createImageBitmap(await response.blob());
  try {
    const { canvas, ctx } = blankCanvas(bitmap.width, bitmap.height);
    ctx.drawImage(bitmap, 0, 0);
    return {
      canvas,
      width: page.width,
      height: page.height,
      renderScale: bitmap.width / page.width,
      source: 'preview',
    };
  } finally {
    bitmap.close();
  }
}

/**
 * A prepared PDF (issue 15, first readable view): the page count and sizes are known from the preparation, each
 * page shows its server-drawn preview at once, and pdf.js reads the file afterwards, when the browser is idle (or
 * at once when needed: tiles when the view zooms past the preview, or a page without a preview). Pages are never
 * drawn whole by pdf.js: only the tiles of a zoomed view.
 */
function preparedSheet(url: string, pages: readonly PreparedPage[]): Sheet {
  let full: Promise<Sheet> | null = null;
  let loaded: Sheet | null = null;
  let disposed = false;
  let shown = 1;
  const pdf = (): Promise<Sheet> => {
    full ??= pdfDocument(url).then((doc) => {
      const sheet = pdfSheet(doc);
      if (disposed) sheet.dispose();
      else {
        loaded = sheet;
        sheet.releaseOthers?.(shown);
      }
      return sheet;
    });
    return full;
  };
  const cache = pageCanvasCache(PREVIEW_CACHE_SIZE);
  // Once the first preview is shown, pdf.js reads the file when the browser is idle, so that the first zoom past
  // the preview finds its tiles' source ready instead of parsing the file while the view moves.
  let warmed = false;
  const warm = () => {
    if (warmed) return;
    warmed = true;
    const start = () => {
      if (!disposed) void pdf().catch(() => undefined);
    };
    // Idle time only: a view being panned or zoomed keeps the main thread, and the reading waits for a pause.
    if ('requestIdleCallback' in window) window.requestIdleCallback(start);
    else setTimeout(start, PDF_WARM_DELAY);
  };
  return {
    pageCount: pages.length,
    tiles: {
      cached: (key) => loaded?.tiles?.cached(key),
      draw: async (key, signal) => {
        const sheet = await pdf();
        if (!signal.aborted) await sheet.tiles?.draw(key, signal);
      },
    },
    page(pageNumber) {
      const n = Math.min(Math.max(1, Math.round(pageNumber)), pages.length);
      shown = n;
      loaded?.releaseOthers?.(n);
      const prepared = pages[n - 1];
      if (!prepared?.preview) return pdf().then((sheet) => sheet.page(n));
      return cache.get(n, () => {
        // A preview that does not load falls back to pdf.js, whose page is its own cache's: out of this one.
        const found = previewPage(prepared, prepared.preview!).catch(() => {
          cache.delete(n);
          return pdf().then((sheet) => sheet.page(n));
        });
        void found.then(warm, () => undefined);
        return found;
      });
    },
    dispose() {
      disposed = true;
      cache.clear();
      loaded?.dispose();
    },
  };
}

/**
 * A drawing kept offline (issue 34, docs/offline.md "Offline drawings"): its pages are the stored previews only;
 * no tiles (pdf.js would need the file), so zooming past a preview enlarges it.
 */
function offlineSheet(pages: readonly PreparedPage[]): Sheet {
  const cache = pageCanvasCache(PREVIEW_CACHE_SIZE);
  return {
    pageCount: pages.length,
    tiles: null,
    page(pageNumber) {
      const n = Math.min(Math.max(1, Math.round(pageNumber)), pages.length);
      const prepared = pages[n - 1];
      if (!prepared?.preview) return Promise.reject(new Error('page not kept offline'));
      const preview = prepared.preview;
      return cache.get(n, () =>
        previewPage(prepared, preview).then((page) => ({ ...page, source: 'offline' as const })),
      );
    },
    dispose() {
      cache.clear();
    },
  };
}

/**
 * Loads a sheet from its address: a prepared PDF from its page previews (pdf.js later, on demand), another PDF
 * through pdf.js in its worker, or an image the browser decodes.
 */
export async function loadSheet(
  url: string,
  kind: 'pdf' | 'image',
  signal?: AbortSignal,
  pages?: readonly PreparedPage[] | null,
): Promise<Sheet> {
  if (kind === 'image') return imageSheet(url);
  if (url === OFFLINE_SHEET_URL) return offlineSheet(pages ?? []);
  if (pages && pages.length > 0 && pages[0]?.preview) return preparedSheet(url, pages);
  return pdfSheet(await pdfDocument(url, signal));
}
