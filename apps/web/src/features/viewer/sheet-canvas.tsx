import { Box } from '@mantine/core';
import type { Divider, SheetPoint, ShownPin } from '@obra/domain';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { renderGate } from './render-gate.ts';
import {
  fitView,
  pageOf,
  type SheetLayer,
  type SheetMarkup,
  type SheetTiles,
  type SheetView,
} from './sheet-paint.ts';
import { SheetDividers, SheetMarkers, SheetPins } from './sheet-overlays.tsx';
import { sheetKeyAction, sheetViewReducer, type SheetViewAction } from './sheet-view-model.ts';
import { SheetZoomBar } from './sheet-zoom-bar.tsx';
import { useSheetDraw } from './use-sheet-draw.ts';
import { useSheetTiles } from './use-sheet-tiles.ts';
import { useSheetTouch } from './use-sheet-touch.ts';

export type { SheetLayer, SheetMarkup, SheetTiles, SheetView } from './sheet-paint.ts';

const NO_MARKUPS: readonly SheetMarkup[] = [];

/** Pointer travel (px) under which a press is a click, not a pan. */
const CLICK_TOLERANCE = 4;

export interface SheetCanvasProps {
  readonly width: number;
  readonly height: number;
  readonly layers: readonly SheetLayer[];
  readonly tiles?: SheetTiles | null;
  readonly pins?: readonly ShownPin[];
  readonly markups?: readonly SheetMarkup[];
  readonly markers?: readonly SheetPoint[];
  readonly dividers?: readonly Divider[] | null;
  readonly onDividerDrag?: (id: string, x: number) => void;
  /** A click on the sheet, in page units (pin placing, align picks). */
  readonly onPick?: ((point: SheetPoint) => void) | undefined;
  readonly onPinClick?: (pin: ShownPin) => void;
  /** Changing this fits the page in the view again (another page or document). */
  readonly fitKey: string;
  readonly picking?: boolean;
  readonly label: string;
}

/**
 * The sheet on a canvas: wheel zoom around the pointer (delta / 40 steps of 1.1, spec editor §4.3), the zoom slider
 * (10–100, §2.1), zoom to fit, drag to pan, keyboard (+ − 0 and arrows). Pins and picked points are DOM over it.
 * Each input is an action on the view (sheet-view-model.ts).
 */
export function SheetCanvas(props: SheetCanvasProps) {
  const { width, height, layers, fitKey } = props;
  const tiles = props.tiles ?? null;
  const markups = props.markups ?? NO_MARKUPS;
  const { t } = useTranslation('viewer');
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [view, setViewState] = useState<SheetView>({ scale: 1, x: 0, y: 0 });
  // Every change of the view tells the render gate at once, in the input event that makes it: pdf.js's slices
  // stop before the frame that shows the move, not after it was drawn (render-gate.ts).
  const apply = useCallback((action: SheetViewAction) => {
    renderGate.moved();
    setViewState((current) => sheetViewReducer(current, action));
  }, []);
  const [tileTick, setTileTick] = useState(0);
  const drag = useRef<{ startX: number; startY: number; view: SheetView; moved: boolean; id: number } | null>(
    null,
  );
  const dividerDrag = useRef<string | null>(null);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setSize({ width: box.clientWidth, height: box.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  // Fit once per page shown; a later resize (a message above the sheet, a narrower window) keeps the view.
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (size.width <= 0 || size.height <= 0) return;
    const key = `${fitKey}:${width}:${height}`;
    if (fitted.current === key) return;
    fitted.current = key;
    setViewState(fitView(width, height, size.width, size.height));
  }, [fitKey, width, height, size.width, size.height]);

  const inputs = { layers, tiles, tileTick, markups, view, size, width, height };
  useSheetDraw(canvasRef, boxRef, () => drag.current?.moved === true, inputs, setTileTick);
  useSheetTiles(tiles, view, size, { width, height }, setTileTick);
  const tapRef = useSheetTouch(boxRef, view, apply);

  const page = { width, height };
  const zoomBy = (steps: number) => apply({ type: 'zoom', steps, size });
  const fit = () => apply({ type: 'fit', page, size });

  const toPage = useCallback(
    (clientX: number, clientY: number): SheetPoint | null => {
      const box = boxRef.current;
      if (!box) return null;
      const rect = box.getBoundingClientRect();
      return pageOf(view, clientX - rect.left, clientY - rect.top);
    },
    [view],
  );

  const pick = (clientX: number, clientY: number) => {
    const at = toPage(clientX, clientY);
    if (at && at.x >= 0 && at.y >= 0 && at.x <= width && at.y <= height) props.onPick?.(at);
  };
  tapRef.current = pick;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // Fingers go through the touch gestures.
    if (event.pointerType === 'touch') return;
    if (event.button !== 0 && event.button !== 1) return;
    boxRef.current?.focus();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startY: event.clientY, view, moved: false, id: event.pointerId };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dividerDrag.current && props.onDividerDrag) {
      const at = toPage(event.clientX, event.clientY);
      if (at) props.onDividerDrag(dividerDrag.current, at.x);
      return;
    }
    const d = drag.current;
    if (!d) return;
    const dx = event.clientX - d.startX;
    const dy = event.clientY - d.startY;
    if (!d.moved && Math.hypot(dx, dy) < CLICK_TOLERANCE) return;
    d.moved = true;
    apply({ type: 'drag', from: d.view, dx, dy });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (dividerDrag.current) {
      dividerDrag.current = null;
      return;
    }
    const d = drag.current;
    drag.current = null;
    // A drag that moved the canvas element ends with the canvas drawn at the view.
    if (d?.moved) setTileTick((n) => n + 1);
    if (!d || d.moved || event.button !== 0) return;
    pick(event.clientX, event.clientY);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const action = sheetKeyAction(event.key, page, size);
    if (!action || event.target !== event.currentTarget) return;
    event.preventDefault();
    apply(action);
  };

  return (
    <Box style={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <Box
        ref={boxRef}
        tabIndex={0}
        role="application"
        aria-label={props.label}
        aria-roledescription={t('sheet.roleDescription')}
        data-testid="sheet-canvas"
        data-view={JSON.stringify(view)}
        data-markups={markups.length}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onKeyDown={onKeyDown}
        style={{
          position: 'relative',
          flex: 1,
          minHeight: 0,
          overflow: 'hidden',
          background: '#dee2e6',
          cursor: props.picking ? 'crosshair' : 'grab',
          touchAction: 'none',
          outlineOffset: -2,
        }}
      >
        <canvas
          ref={canvasRef}
          data-testid="sheet-bitmap"
          style={{
            position: 'absolute',
            inset: 0,
            width: size.width,
            height: size.height,
          }}
        />
        {props.dividers && (
          <SheetDividers
            dividers={props.dividers}
            view={view}
            pageWidth={width}
            dragging={dividerDrag}
            onDividerDrag={props.onDividerDrag}
          />
        )}
        {props.pins && (
          <SheetPins pins={props.pins} view={view} page={{ width, height }} onPinClick={props.onPinClick} />
        )}
        {props.markers && <SheetMarkers markers={props.markers} view={view} />}
      </Box>
      <SheetZoomBar
        scale={view.scale}
        onZoom={zoomBy}
        onSlider={(value) => apply({ type: 'slider', value, size })}
        onFit={fit}
      />
    </Box>
  );
}
