import { describe, expect, it } from 'vitest';
import { MAX_SCALE } from '../../editor/model/zoom-model.ts';
import { fitView, pageOf, paintSheet, screenOf, zoomAround, type SheetLayer } from './sheet-paint.ts';

/** A 2D context that records the calls and assignments the painter makes. */
function recordingContext(width: number, height: number) {
  const calls: string[] = [];
  const target = { canvas: { width, height } } as Record<string, unknown>;
  const ctx = new Proxy(target, {
    get: (object, key: string) =>
      key in object ? object[key] : (...args: unknown[]) => calls.push(`${key}(${args.length})`),
    set: (object, key: string, value: unknown) => {
      calls.push(`${key}=${String(value)}`);
      object[key] = value;
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}

describe('the sheet view', () => {
  it('fits the page centred at 95% of the view, and falls back to 1:1 before the view is measured', () => {
    const view = fitView(1000, 500, 800, 800);
    expect(view.scale).toBeCloseTo(0.76);
    expect(view.x).toBeCloseTo((800 - 760) / 2);
    expect(view.y).toBeCloseTo((800 - 380) / 2);
    expect(fitView(1000, 500, 0, 800)).toEqual({ scale: 1, x: 0, y: 0 });
  });

  it('zooms around a point, which keeps the page point under it, within the zoom limits', () => {
    const view = { scale: 1, x: 40, y: 20 };
    const at = { x: 300, y: 200 };
    const before = pageOf(view, at.x, at.y);
    const zoomed = zoomAround(view, 2, at);
    expect(zoomed.scale).toBe(2);
    const after = pageOf(zoomed, at.x, at.y);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
    expect(zoomAround(view, 1e6, at).scale).toBe(MAX_SCALE);
  });

  it('places a page point on the screen and back', () => {
    const view = { scale: 0.5, x: 10, y: -30 };
    expect(screenOf(view, { x: 100, y: 200 })).toEqual({ left: 60, top: 70 });
    expect(pageOf(view, 60, 70)).toEqual({ x: 100, y: 200 });
  });
});

describe('painting a frame', () => {
  const layer = (clip?: SheetLayer['clip']): SheetLayer => ({
    canvas: {} as HTMLCanvasElement,
    renderScale: 2,
    ...(clip ? { clip } : {}),
  });
  const frame = {
    tiles: null,
    view: { scale: 1, x: 0, y: 0 },
    size: { width: 400, height: 300 },
    page: { width: 400, height: 300 },
    dpr: 1,
    still: true,
  };

  it('clears the canvas, draws each page bitmap (a clipped one inside its clip), and needs no tiles', () => {
    const { ctx, calls } = recordingContext(400, 300);
    const missing = paintSheet(ctx, {
      ...frame,
      layers: [layer(), layer({ from: 0, to: 200 })],
      markups: [],
    });
    expect(missing).toBeNull();
    expect(calls.slice(0, 2)).toEqual(['setTransform(6)', 'clearRect(4)']);
    expect(calls.filter((c) => c === 'drawImage(3)')).toHaveLength(2);
    expect(calls.filter((c) => c === 'clip(0)')).toHaveLength(1);
  });

  it('draws a markup of an older revision fainter', () => {
    const { ctx, calls } = recordingContext(400, 300);
    const markups = [
      { id: 1, shapes: [], scale: 1, faded: false },
      { id: 2, shapes: [], scale: 1, faded: true },
    ];
    paintSheet(ctx, { ...frame, layers: [], markups });
    // The editor's painter sets the alpha it was given again after each shape: the values, in order.
    const alphas = calls.filter((c) => c.startsWith('globalAlpha='));
    expect([...new Set(alphas)]).toEqual(['globalAlpha=1', 'globalAlpha=0.55']);
  });
});
