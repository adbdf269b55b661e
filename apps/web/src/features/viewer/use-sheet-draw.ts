import { useEffect, useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { SETTLE_MS, renderGate } from './render-gate.ts';
import {
  paintSheet,
  type Extent,
  type SheetLayer,
  type SheetMarkup,
  type SheetTiles,
  type SheetView,
} from './sheet-paint.ts';
import { canvasShift } from './view-shift.ts';

/** What the sheet is drawn from. */
export interface SheetDrawInputs {
  readonly layers: readonly SheetLayer[];
  readonly tiles: SheetTiles | null;
  readonly tileTick: number;
  readonly markups: readonly SheetMarkup[];
  readonly view: SheetView;
  readonly size: Extent;
  readonly width: number;
  readonly height: number;
}

/**
 * Draws the sheet on its canvas once a frame when what it is drawn from changes. A view that moves holds pdf.js back
 * (render-gate.ts) and draws with cheaper smoothing until it stands still (`setTileTick` draws it again then); a
 * mouse drag (`dragging`) of a page that fits moves the canvas element instead (view-shift.ts).
 */
export function useSheetDraw(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  boxRef: RefObject<HTMLDivElement | null>,
  dragging: () => boolean,
  inputs: SheetDrawInputs,
  setTileTick: Dispatch<SetStateAction<number>>,
): void {
  const { layers, tiles, tileTick, markups, view, size, width, height } = inputs;
  const drawnView = useRef<SheetView | null>(null);
  /** What the canvas was last drawn from besides the view (a change draws it again rather than moving it). */
  const drawnWith = useRef<Record<string, unknown> | null>(null);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (settleTimer.current) clearTimeout(settleTimer.current);
    },
    [],
  );
  const draggingRef = useRef(dragging);
  draggingRef.current = dragging;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const frame = requestAnimationFrame(() => {
      const dpr = window.devicePixelRatio || 1;
      const pixelWidth = Math.round(size.width * dpr);
      const pixelHeight = Math.round(size.height * dpr);
      const page = { width, height };
      // A view that moved since the last draw holds pdf.js back (render-gate.ts) and draws with cheaper smoothing;
      // once it stands still it is drawn again with the finer one.
      const last = drawnView.current;
      const moved = last !== null && (last.scale !== view.scale || last.x !== view.x || last.y !== view.y);
      if (moved) {
        renderGate.moved();
        if (settleTimer.current) clearTimeout(settleTimer.current);
        settleTimer.current = setTimeout(() => {
          settleTimer.current = null;
          setTileTick((n) => n + 1);
        }, SETTLE_MS);
      }
      // A mouse drag of a page that fits the view, with nothing else changed since the canvas was drawn: the canvas
      // element moves (view-shift.ts); it is drawn again when the view stands still or the drag ends.
      const inputs = { layers, tiles, tileTick, markups, width, height, size };
      const same =
        drawnWith.current !== null &&
        (Object.keys(inputs) as (keyof typeof inputs)[]).every(
          (key) => drawnWith.current?.[key] === inputs[key],
        );
      const shift = draggingRef.current() && same ? canvasShift(last, view, size, page) : null;
      if (shift) {
        // Its own compositing layer while it is moved, so that moving it repaints nothing; only then, so that the
        // other gestures, which draw it each frame, compose as before.
        canvas.style.willChange = 'transform';
        canvas.style.transform = `translate(${shift.x}px, ${shift.y}px)`;
        return;
      }
      canvas.style.transform = '';
      canvas.style.willChange = '';
      drawnView.current = view;
      drawnWith.current = inputs;
      if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
      if (canvas.height !== pixelHeight) canvas.height = pixelHeight;
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      if (!ctx) return;
      const still = !moved && settleTimer.current === null;
      const missing = paintSheet(ctx, { layers, tiles, markups, view, size, page, dpr, still });
      const box = boxRef.current;
      if (box) {
        box.dataset.tileLevel = missing ? String(missing.level) : '';
        box.dataset.tilesMissing = missing ? String(missing.count) : '0';
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [canvasRef, boxRef, layers, tiles, tileTick, view, size, width, height, markups, setTileTick]);
}
