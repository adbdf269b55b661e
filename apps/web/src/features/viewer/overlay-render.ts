import { alignmentMatrix, compositeOverlay, type Alignment, type OverlayFilters } from '@obra/domain';
import type { RenderedPage } from './sheet-source.ts';

function canvasOf(
  width: number,
  height: number,
): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('canvas unavailable');
  return { canvas, ctx };
}

/**
 * The compared page drawn in the base page's bitmap space through the alignment (compared page units → base page
 * units), on white paper: what the compared sheet looks like laid over the base one.
 */
export function alignedPage(
  base: RenderedPage,
  compared: RenderedPage,
  alignment: Alignment,
): HTMLCanvasElement {
  const { canvas, ctx } = canvasOf(base.canvas.width, base.canvas.height);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(base.renderScale, 0, 0, base.renderScale, 0, 0);
  const [a, b, c, d, e, f] = alignmentMatrix(alignment);
  ctx.transform(a, b, c, d, e, f);
  ctx.scale(1 / compared.renderScale, 1 / compared.renderScale);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(compared.canvas, 0, 0);
  return canvas;
}

/**
 * The overlay of two pages (the domain's colour rules, pixel by pixel): base ink red, compared ink cyan, common
 * ink dark, paper transparent or white by the filters. Drawn once per change of pages, alignment or filters, not on
 * pan or zoom.
 */
export function overlayPage(
  base: RenderedPage,
  aligned: HTMLCanvasElement,
  filters: OverlayFilters,
): HTMLCanvasElement {
  const width = base.canvas.width;
  const height = base.canvas.height;
  const baseCtx = base.canvas.getContext('2d', { willReadFrequently: true });
  const alignedCtx = aligned.getContext('2d', { willReadFrequently: true });
  if (!baseCtx || !alignedCtx) throw new Error('canvas unavailable');
  const basePixels = baseCtx.getImageData(0, 0, width, height).data;
  const comparedPixels = alignedCtx.getImageData(0, 0, width, height).data;
  const { canvas, ctx } = canvasOf(width, height);
  const out = ctx.createImageData(width, height);
  compositeOverlay(basePixels, comparedPixels, out.data, filters);
  ctx.putImageData(out, 0, 0);
  return canvas;
}
