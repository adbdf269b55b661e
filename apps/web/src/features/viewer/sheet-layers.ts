import { createDividers, type Divider } from '@obra/domain';
import type { CompareMode } from './document-viewer-model.ts';
import type { SheetLayer } from './sheet-paint.ts';
import type { RenderedPage } from './sheet-source.ts';

/** The compared page aligned over the base one, and the overlay of the two (overlay-render.ts). */
export interface ComposedPages {
  readonly aligned: HTMLCanvasElement;
  readonly overlay: HTMLCanvasElement;
}

/**
 * The layers drawn for the mode: the base page alone; white paper under the overlay; side by side, the base page,
 * the overlay and the aligned compared page between the two dividers.
 */
export function sheetLayers(
  page: RenderedPage,
  composed: ComposedPages | null,
  mode: CompareMode,
  dividers: readonly Divider[] | null,
): SheetLayer[] {
  const scale = page.renderScale;
  if (mode === 'single' || !composed) return [{ canvas: page.canvas, renderScale: scale }];
  const white = whitePaper(page);
  if (mode === 'overlay')
    return [
      { canvas: white, renderScale: scale },
      { canvas: composed.overlay, renderScale: scale },
    ];
  const [first, second] = dividers ?? createDividers(page.width);
  const d1 = first?.x ?? 0;
  const d2 = second?.x ?? page.width;
  return [
    { canvas: page.canvas, renderScale: scale, clip: { from: 0, to: d1 } },
    { canvas: white, renderScale: scale, clip: { from: d1, to: d2 } },
    { canvas: composed.overlay, renderScale: scale, clip: { from: d1, to: d2 } },
    { canvas: composed.aligned, renderScale: scale, clip: { from: d2, to: page.width } },
  ];
}

const paperCache = new WeakMap<HTMLCanvasElement, HTMLCanvasElement>();

/** White paper the size of a page, under a transparent overlay. */
function whitePaper(page: RenderedPage): HTMLCanvasElement {
  const found = paperCache.get(page.canvas);
  if (found) return found;
  const canvas = document.createElement('canvas');
  canvas.width = page.canvas.width;
  canvas.height = page.canvas.height;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  paperCache.set(page.canvas, canvas);
  return canvas;
}
