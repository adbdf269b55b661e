import { ActionIcon, Box, Group, Slider, Tooltip } from '@mantine/core';
import { IconArrowsMaximize, IconMapPinFilled, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
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
import { clampScale, scaleToSlider, sliderToScale, wheelScale } from '../../editor/model/zoom-model.ts';
import { statusLook } from '../issues/shared/indicator-model.ts';
import { screenPoint } from '../../editor/model/geometry.ts';
import { drawShapes } from '../../editor/canvas/draw-shapes.ts';
import type { Shape } from '../../editor/model/shape-model.ts';
import { SheetGestures } from './sheet-gestures.ts';
import { SETTLE_MS, renderGate } from './render-gate.ts';
import type { TileSource } from './sheet-source.ts';
import { canvasShift } from './view-shift.ts';
import { MIN_TILE_LEVEL, TileQueue, needsTiles, tileLevel, tilesCovering, type TileKey } from './tiles.ts';

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

const NO_MARKUPS: readonly SheetMarkup[] = [];

/** How often a moving view asks for its tiles (ms): intermediate views of a fast gesture are skipped. */
const TILE_REQUEST_INTERVAL = 120;

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

function fitView(width: number, height: number, viewWidth: number, viewHeight: number): SheetView {
  if (viewWidth <= 0 || viewHeight <= 0) return { scale: 1, x: 0, y: 0 };
  const scale = clampScale(Math.min(viewWidth / width, viewHeight / height) * 0.95);
  return { scale, x: (viewWidth - width * scale) / 2, y: (viewHeight - height * scale) / 2 };
}

function zoomAround(view: SheetView, scale: number, at: { x: number; y: number }): SheetView {
  const next = clampScale(scale);
  const ratio = next / view.scale;
  return { scale: next, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio };
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
  size: { width: number; height: number },
  page: { width: number; height: number },
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
  size: { width: number; height: number },
  page: { width: number; height: number },
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
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      const still = !moved && settleTimer.current === null;
      const hidden = tilesHideLayers(layers, tiles, view, size, page, dpr);
      for (const layer of hidden ? [] : layers) {
        ctx.save();
        ctx.setTransform(dpr * view.scale, 0, 0, dpr * view.scale, dpr * view.x, dpr * view.y);
        if (layer.clip) {
          ctx.beginPath();
          ctx.rect(layer.clip.from, 0, layer.clip.to - layer.clip.from, height);
          ctx.clip();
        }
        ctx.scale(1 / layer.renderScale, 1 / layer.renderScale);
        ctx.imageSmoothingEnabled = view.scale * dpr < layer.renderScale;
        ctx.drawImage(layer.canvas, 0, 0);
        ctx.restore();
      }
      const missing = tiles ? drawTiles(ctx, tiles, view, size, page, dpr, still ? 'high' : 'low') : null;
      for (const markup of markups) {
        ctx.save();
        const k = (dpr * view.scale) / markup.scale;
        ctx.setTransform(k, 0, 0, k, dpr * view.x, dpr * view.y);
        ctx.globalAlpha = markup.faded ? 0.55 : 1;
        drawShapes(ctx, markup.shapes);
        ctx.restore();
      }
      const box = boxRef.current;
      if (box) {
        box.dataset.tileLevel = missing ? String(missing.level) : '';
        box.dataset.tilesMissing = missing ? String(missing.count) : '0';
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [layers, tiles, tileTick, view, size, width, height, markups]);

  // Tiles: a queue per tile source; each tile drawn redraws the view, a moving view asks for its tiles at most
  // every TILE_REQUEST_INTERVAL ms and cancels the stale ones.
  const queue = useMemo(
    () =>
      tiles
        ? new TileQueue(async (key, signal) => {
            await tiles.source.draw(key, signal);
            if (!signal.aborted) setTileTick((n) => n + 1);
          })
        : null,
    [tiles],
  );
  useEffect(() => () => queue?.stop(), [queue]);
  const lastRequest = useRef(0);
  useEffect(() => {
    if (!queue || !tiles) return;
    const ask = () => {
      lastRequest.current = performance.now();
      const dpr = window.devicePixelRatio || 1;
      if (!needsTiles(view.scale, dpr, tiles.renderScale)) {
        queue.stop();
        return;
      }
      const level = tileLevel(view.scale, dpr);
      const wanted: TileKey[] = tilesCovering(view, size, { width, height }, tiles.page, level).filter(
        (tile) => !tiles.source.cached(tile),
      );
      queue.want(wanted);
    };
    const wait = TILE_REQUEST_INTERVAL - (performance.now() - lastRequest.current);
    if (wait <= 0) {
      ask();
      return;
    }
    const timer = setTimeout(ask, wait);
    return () => clearTimeout(timer);
  }, [queue, tiles, view, size, width, height]);

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
      return {
        x: (clientX - rect.left - view.x) / view.scale,
        y: (clientY - rect.top - view.y) / view.scale,
      };
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

  const screen = (p: SheetPoint) => ({ left: p.x * view.scale + view.x, top: p.y * view.scale + view.y });
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
        {props.dividers?.map((divider) => (
          <Box
            key={divider.id}
            role="separator"
            aria-orientation="vertical"
            aria-valuenow={Math.round(divider.x)}
            aria-valuemin={0}
            aria-valuemax={Math.round(width)}
            aria-label={t('compare.divider')}
            tabIndex={0}
            data-testid={`divider-${divider.id}`}
            onPointerDown={(event) => {
              event.stopPropagation();
              event.currentTarget.parentElement?.setPointerCapture(event.pointerId);
              dividerDrag.current = divider.id;
            }}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowLeft' ? -10 : event.key === 'ArrowRight' ? 10 : 0;
              if (step === 0) return;
              event.preventDefault();
              event.stopPropagation();
              props.onDividerDrag?.(divider.id, divider.x + step);
            }}
            style={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: divider.x * view.scale + view.x - 4,
              width: 8,
              cursor: 'ew-resize',
              background:
                'linear-gradient(90deg, transparent 3px, #1c7ed6 3px, #1c7ed6 5px, transparent 5px)',
            }}
          />
        ))}
        {props.pins?.map((pin) => {
          const at = screen({ x: pin.x * width, y: pin.y * height });
          const colour = statusLook(pin.status).color;
          return (
            <Tooltip
              key={`${pin.issueId}-${pin.revision}-${pin.page}-${pin.x}-${pin.y}`}
              label={
                pin.revisionChanged
                  ? t('pins.changed', { code: pin.code, title: pin.title, revision: pin.revision })
                  : t('pins.label', { code: pin.code, title: pin.title })
              }
            >
              <ActionIcon
                variant="transparent"
                aria-label={
                  pin.revisionChanged
                    ? t('pins.changed', { code: pin.code, title: pin.title, revision: pin.revision })
                    : t('pins.label', { code: pin.code, title: pin.title })
                }
                data-testid="sheet-pin"
                data-issue-id={pin.issueId}
                data-revision-changed={pin.revisionChanged ? 'true' : 'false'}
                onPointerDown={(event) => event.stopPropagation()}
                onClick={() => props.onPinClick?.(pin)}
                style={{ position: 'absolute', left: at.left - 14, top: at.top - 28 }}
              >
                <IconMapPinFilled size={28} color={`var(--mantine-color-${colour}-filled)`} />
                {pin.revisionChanged && (
                  <Box
                    component="span"
                    aria-hidden
                    style={{
                      position: 'absolute',
                      right: -4,
                      top: -4,
                      width: 12,
                      height: 12,
                      borderRadius: 6,
                      background: 'var(--mantine-color-yellow-filled)',
                      border: '2px solid white',
                    }}
                  />
                )}
              </ActionIcon>
            </Tooltip>
          );
        })}
        {props.markers?.map((marker, index) => {
          const at = screen(marker);
          return (
            <Box
              key={index}
              data-testid="align-marker"
              style={{
                position: 'absolute',
                left: at.left - 6,
                top: at.top - 6,
                width: 12,
                height: 12,
                borderRadius: 6,
                border: '2px solid #f08c00',
                pointerEvents: 'none',
              }}
            />
          );
        })}
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
