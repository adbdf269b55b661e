import { ActionIcon, Box, Group, Slider } from '@mantine/core';
import { IconArrowsMaximize, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import type { Divider, SheetPoint, ShownPin } from '@obra/domain';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type SetStateAction,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ZOOM_FACTOR, ZOOM_SLIDER_MAX, ZOOM_SLIDER_MIN } from '../../editor/model/editor-constants.ts';
import { scaleToSlider, sliderToScale, wheelScale } from '../../editor/model/zoom-model.ts';
import { screenPoint } from '../../editor/model/geometry.ts';
import { SheetGestures } from './sheet-gestures.ts';
import { SETTLE_MS, renderGate } from './render-gate.ts';
import { canvasShift } from './view-shift.ts';
import {
  fitView,
  pageOf,
  paintSheet,
  zoomAround,
  type SheetLayer,
  type SheetMarkup,
  type SheetTiles,
  type SheetView,
} from './sheet-paint.ts';
import { SheetDividers, SheetMarkers, SheetPins } from './sheet-overlays.tsx';
import { useSheetTiles } from './use-sheet-tiles.ts';

export type { SheetLayer, SheetMarkup, SheetTiles, SheetView } from './sheet-paint.ts';

const NO_MARKUPS: readonly SheetMarkup[] = [];

/** Pointer travel (px) under which a press is a click, not a pan. */
const CLICK_TOLERANCE = 4;
/** Keyboard pan step (px). */
const PAN_STEP = 60;

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
  const setView = useCallback((next: SetStateAction<SheetView>) => {
    renderGate.moved();
    setViewState(next);
  }, []);
  const [tileTick, setTileTick] = useState(0);
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
      const shift = drag.current?.moved && same ? canvasShift(last, view, size, page) : null;
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
  }, [layers, tiles, tileTick, view, size, width, height, markups]);

  useSheetTiles(tiles, view, size, { width, height }, setTileTick);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = box.getBoundingClientRect();
      const at = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      setView((v) => zoomAround(v, wheelScale(v.scale, event.deltaY), at));
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  }, [setView]);

  // Fingers: the editor's touch gestures (pinch zoom and pan, one finger after its delay, taps pick).
  const tapRef = useRef<(clientX: number, clientY: number) => void>(() => undefined);
  const gestures = useMemo(
    () =>
      new SheetGestures(
        { scale: 1, x: 0, y: 0 },
        {
          onView: (viewpoint) => setView({ scale: viewpoint.scale, x: viewpoint.x, y: viewpoint.y }),
          onTap: (at) => {
            const rect = boxRef.current?.getBoundingClientRect();
            if (rect) tapRef.current(at.x + rect.left, at.y + rect.top);
          },
        },
      ),
    [setView],
  );
  useEffect(() => () => gestures.dispose(), [gestures]);
  useEffect(() => gestures.setView(view), [gestures, view]);
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const points = (event: TouchEvent) => {
      const rect = box.getBoundingClientRect();
      return Array.from(event.touches, (touch) =>
        screenPoint(touch.clientX - rect.left, touch.clientY - rect.top),
      );
    };
    // A pin or a divider under a single finger keeps its own handling (a tap opens the pin's issue).
    const onOwnControl = (event: TouchEvent) =>
      event.target instanceof Element &&
      event.target !== box &&
      event.target.closest('[data-testid="sheet-pin"], [role="separator"]') !== null;
    const onStart = (event: TouchEvent) => {
      if (event.touches.length === 1 && onOwnControl(event)) return;
      event.preventDefault();
      box.focus();
      gestures.touch.start(points(event));
    };
    const onMove = (event: TouchEvent) => {
      if (gestures.touch.phaseName === 'idle') return;
      event.preventDefault();
      gestures.touch.move(points(event));
    };
    const onEnd = (event: TouchEvent) => gestures.touch.end(event.touches.length);
    box.addEventListener('touchstart', onStart, { passive: false });
    box.addEventListener('touchmove', onMove, { passive: false });
    box.addEventListener('touchend', onEnd);
    box.addEventListener('touchcancel', onEnd);
    return () => {
      box.removeEventListener('touchstart', onStart);
      box.removeEventListener('touchmove', onMove);
      box.removeEventListener('touchend', onEnd);
      box.removeEventListener('touchcancel', onEnd);
    };
  }, [gestures]);

  const centre = { x: size.width / 2, y: size.height / 2 };
  const zoomBy = (steps: number) => setView((v) => zoomAround(v, v.scale * ZOOM_FACTOR ** steps, centre));
  const fit = () => setView(fitView(width, height, size.width, size.height));

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
    setView({ ...d.view, x: d.view.x + dx, y: d.view.y + dy });
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
    const keys: Record<string, () => void> = {
      '+': () => zoomBy(5),
      '=': () => zoomBy(5),
      '-': () => zoomBy(-5),
      '0': fit,
      ArrowLeft: () => setView((v) => ({ ...v, x: v.x + PAN_STEP })),
      ArrowRight: () => setView((v) => ({ ...v, x: v.x - PAN_STEP })),
      ArrowUp: () => setView((v) => ({ ...v, y: v.y + PAN_STEP })),
      ArrowDown: () => setView((v) => ({ ...v, y: v.y - PAN_STEP })),
    };
    const action = keys[event.key];
    if (!action || event.target !== event.currentTarget) return;
    event.preventDefault();
    action();
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
      <Group
        gap="xs"
        p={6}
        wrap="nowrap"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <ActionIcon variant="subtle" aria-label={t('zoom.out')} onClick={() => zoomBy(-5)}>
          <IconZoomOut size={18} />
        </ActionIcon>
        <Slider
          aria-label={t('zoom.slider')}
          data-testid="zoom-slider"
          min={ZOOM_SLIDER_MIN}
          max={ZOOM_SLIDER_MAX}
          step={1}
          value={Math.round(scaleToSlider(view.scale))}
          onChange={(value) => setView((v) => zoomAround(v, sliderToScale(value), centre))}
          label={(value) => `${Math.round(sliderToScale(value) * 100)}%`}
          style={{ flex: 1, maxWidth: 240 }}
        />
        <ActionIcon variant="subtle" aria-label={t('zoom.in')} onClick={() => zoomBy(5)}>
          <IconZoomIn size={18} />
        </ActionIcon>
        <ActionIcon variant="subtle" aria-label={t('zoom.fit')} onClick={fit}>
          <IconArrowsMaximize size={18} />
        </ActionIcon>
      </Group>
    </Box>
  );
}
