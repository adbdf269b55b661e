// What the sheet canvas shows and how one frame of it is painted (sheet-canvas.tsx holds the React state and the
// input): the view's geometry (fit, zoom around a point, screen ↔ page) and the painter of the page bitmaps, the
// sharp tiles and the markups, all functions of their arguments.
import { clampScale } from '../../editor/model/zoom-model.ts';
import { drawShapes } from '../../editor/canvas/draw-shapes.ts';
import type { Shape } from '../../editor/model/shape-model.ts';
import type { TileSource } from './sheet-source.ts';
import { MIN_TILE_LEVEL, needsTiles, tileLevel, tilesCovering } from './tiles.ts';

/** A bitmap drawn over the page (page units × renderScale), optionally only between two page x. */
export interface SheetLayer {
  readonly canvas: HTMLCanvasElement;
  readonly renderScale: number;
  readonly clip?: { readonly from: number; readonly to: number };
}

/**
 * Markup shapes drawn over the sheet (and over its tiles), by the editor's own painter: the shapes are in the
 * pixels of the page image they were drawn on, `scale` pixels per page unit.
 */
export interface SheetMarkup {
  readonly id: number;
  readonly shapes: readonly Shape[];
  readonly scale: number;
  /** Drawn on an older revision: shown fainter. */
  readonly faded: boolean;
}

/** The view: screen = page × scale + (x, y), in CSS pixels of the view. */
export interface SheetView {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}

/** Sharp tiles of the page shown, drawn over the layers when the view is finer than the page bitmap. */
export interface SheetTiles {
  readonly source: TileSource;
  readonly page: number;
  /** Pixels per page unit of the whole-page bitmap underneath. */
  readonly renderScale: number;
}

/** A width and a height (of the view, in CSS pixels, or of the page, in page units). */
export interface Extent {
  readonly width: number;
  readonly height: number;
}

/** The view that shows the whole page, centred, at 95% of the room it has. */
export function fitView(width: number, height: number, viewWidth: number, viewHeight: number): SheetView {
  if (viewWidth <= 0 || viewHeight <= 0) return { scale: 1, x: 0, y: 0 };
  const scale = clampScale(Math.min(viewWidth / width, viewHeight / height) * 0.95);
  return { scale, x: (viewWidth - width * scale) / 2, y: (viewHeight - height * scale) / 2 };
}

/** The view at `scale` (clamped) that keeps the page point under `at` (view pixels) where it is. */
export function zoomAround(view: SheetView, scale: number, at: { x: number; y: number }): SheetView {
  const next = clampScale(scale);
  const ratio = next / view.scale;
  return { scale: next, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio };
}

/** Where a page point stands in the view (CSS pixels from its top left corner). */
export function screenOf(view: SheetView, p: { x: number; y: number }): { left: number; top: number } {
  return { left: p.x * view.scale + view.x, top: p.y * view.scale + view.y };
}

/** The page point under a view point (CSS pixels from the view's top left corner). */
export function pageOf(view: SheetView, x: number, y: number): { x: number; y: number } {
  return { x: (x - view.x) / view.scale, y: (y - view.y) / view.scale };
}

/**
 * Draws the cached tiles of the view's level over the page bitmap; while some of them are missing, those of the
 * levels next to it first, so a zoom keeps the sharp tiles it had until the new ones arrive. Answers the level and
 * how many of its tiles are missing, or null when the page bitmap is fine enough. `quality` is the smoothing of the
 * shrunk tiles ('low' while the view moves: cheaper frames; 'high' once it stands still).
 */
function drawTiles(
  ctx: CanvasRenderingContext2D,
  tiles: SheetTiles,
  view: SheetView,
  size: Extent,
  page: Extent,
  dpr: number,
  quality: ImageSmoothingQuality,
): { level: number; count: number } | null {
  if (!needsTiles(view.scale, dpr, tiles.renderScale)) return null;
  const level = tileLevel(view.scale, dpr);
  const own = tilesCovering(view, size, page, tiles.page, level).map((tile) => ({
    tile,
    bitmap: tiles.source.cached(tile),
  }));
  const count = own.filter(({ bitmap }) => !bitmap || bitmap.width === 0).length;
  ctx.save();
  ctx.setTransform(dpr * view.scale, 0, 0, dpr * view.scale, dpr * view.x, dpr * view.y);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = quality;
  if (count > 0)
    for (const at of [level - 1, level + 1]) {
      if (at < MIN_TILE_LEVEL || !needsTiles(2 ** at, 1, tiles.renderScale)) continue;
      for (const tile of tilesCovering(view, size, page, tiles.page, at)) {
        const bitmap = tiles.source.cached(tile);
        if (bitmap && bitmap.width > 0) ctx.drawImage(bitmap, tile.x, tile.y, tile.width, tile.height);
      }
    }
  for (const { tile, bitmap } of own)
    if (bitmap && bitmap.width > 0) ctx.drawImage(bitmap, tile.x, tile.y, tile.width, tile.height);
  ctx.restore();
  return { level, count };
}

/** Whether the view's tiles, all drawn, hide the only page bitmap (which then need not be drawn under them). */
function tilesHideLayers(
  layers: readonly SheetLayer[],
  tiles: SheetTiles | null,
  view: SheetView,
  size: Extent,
  page: Extent,
  dpr: number,
): boolean {
  if (!tiles || layers.length !== 1 || layers[0]?.clip || !needsTiles(view.scale, dpr, tiles.renderScale))
    return false;
  const level = tileLevel(view.scale, dpr);
  return tilesCovering(view, size, page, tiles.page, level).every((tile) => {
    const bitmap = tiles.source.cached(tile);
    return bitmap !== undefined && bitmap.width > 0;
  });
}

/** What one frame of the sheet is painted from. */
export interface SheetFrame {
  readonly layers: readonly SheetLayer[];
  readonly tiles: SheetTiles | null;
  readonly markups: readonly SheetMarkup[];
  readonly view: SheetView;
  /** The view's size in CSS pixels. */
  readonly size: Extent;
  /** The page's size in page units. */
  readonly page: Extent;
  readonly dpr: number;
  /** The view stands still: tiles are smoothed at the finer quality. */
  readonly still: boolean;
}

/**
 * Paints a frame on a cleared canvas of the view's size × dpr: the page bitmaps (unless the view's tiles, all
 * there, hide the only one), the tiles, then the markups (faded ones fainter). Answers the tile level shown and how
 * many of its tiles are missing, or null when no tiles are needed.
 */
export function paintSheet(
  ctx: CanvasRenderingContext2D,
  frame: SheetFrame,
): { level: number; count: number } | null {
  const { layers, tiles, markups, view, size, page, dpr } = frame;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const hidden = tilesHideLayers(layers, tiles, view, size, page, dpr);
  for (const layer of hidden ? [] : layers) {
    ctx.save();
    ctx.setTransform(dpr * view.scale, 0, 0, dpr * view.scale, dpr * view.x, dpr * view.y);
    if (layer.clip) {
      ctx.beginPath();
      ctx.rect(layer.clip.from, 0, layer.clip.to - layer.clip.from, page.height);
      ctx.clip();
    }
    ctx.scale(1 / layer.renderScale, 1 / layer.renderScale);
    ctx.imageSmoothingEnabled = view.scale * dpr < layer.renderScale;
    ctx.drawImage(layer.canvas, 0, 0);
    ctx.restore();
  }
  const missing = tiles ? drawTiles(ctx, tiles, view, size, page, dpr, frame.still ? 'high' : 'low') : null;
  for (const markup of markups) {
    ctx.save();
    const k = (dpr * view.scale) / markup.scale;
    ctx.setTransform(k, 0, 0, k, dpr * view.x, dpr * view.y);
    ctx.globalAlpha = markup.faded ? 0.55 : 1;
    drawShapes(ctx, markup.shapes);
    ctx.restore();
  }
  return missing;
}
