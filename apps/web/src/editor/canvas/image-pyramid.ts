import { fitWithin } from '../model/image-size';
import type { Size } from '../model/geometry';
import { liftNearBlack, whiteToTransparent, type Pixels, type Rgb } from '../model/image-filters';

/** One pre-scaled copy of a background image; `scale` is its size relative to the page. */
export interface PyramidLevel {
  readonly canvas: HTMLCanvasElement;
  readonly scale: number;
}

/** The largest level kept: browsers refuse bigger canvases and nothing on screen needs more. */
const MAX_LEVEL_SIDE = 8192;
/** Levels stop halving once the image is this small. */
const MIN_LEVEL_SIDE = 256;

function drawScaled(source: CanvasImageSource, size: Size): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, size.width);
  canvas.height = Math.max(1, size.height);
  const context = canvas.getContext('2d');
  if (context) {
    context.imageSmoothingQuality = 'high';
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
  }
  return canvas;
}

/**
 * Halving copies of the image. Drawing a 6000 × 4000 bitmap every frame at 20 % zoom costs far more than drawing
 * the nearest copy, and it keeps zoomed-out drawings free of aliasing.
 */
export function buildPyramid(source: CanvasImageSource, page: Size): PyramidLevel[] {
  const first = fitWithin(page, MAX_LEVEL_SIDE, MAX_LEVEL_SIDE);
  const levels: PyramidLevel[] = [{ canvas: drawScaled(source, first), scale: first.width / page.width }];
  let size = first;
  while (Math.max(size.width, size.height) / 2 >= MIN_LEVEL_SIDE) {
    size = { width: Math.round(size.width / 2), height: Math.round(size.height / 2) };
    const previous = levels[levels.length - 1];
    if (!previous) break;
    levels.push({ canvas: drawScaled(previous.canvas, size), scale: size.width / page.width });
  }
  return levels;
}

/** The smallest level that still has at least one image pixel per screen pixel. */
export function pickLevel<L extends { scale: number }>(
  levels: readonly L[],
  screenScale: number,
): L | undefined {
  let chosen = levels[0];
  for (const level of levels) {
    if (level.scale >= screenScale) chosen = level;
  }
  return chosen;
}

export interface FilterOptions {
  readonly whiteToTransparent: boolean;
  readonly liftNearBlack: boolean;
  readonly tint: Rgb;
}

/** Applies the compare filters to every level, leaving the originals untouched. */
export function filterPyramid(levels: readonly PyramidLevel[], options: FilterOptions): PyramidLevel[] {
  if (!options.whiteToTransparent && !options.liftNearBlack) return [...levels];
  return levels.map((level) => {
    const canvas = document.createElement('canvas');
    canvas.width = level.canvas.width;
    canvas.height = level.canvas.height;
    const source = level.canvas.getContext('2d', { willReadFrequently: true });
    const target = canvas.getContext('2d');
    if (!source || !target) return level;
    const raw = source.getImageData(0, 0, canvas.width, canvas.height);
    let pixels: Pixels = { width: raw.width, height: raw.height, data: raw.data };
    if (options.liftNearBlack) pixels = liftNearBlack(pixels, options.tint);
    if (options.whiteToTransparent) pixels = whiteToTransparent(pixels);
    raw.data.set(pixels.data);
    target.putImageData(raw, 0, 0);
    return { canvas, scale: level.scale };
  });
}
