import type Konva from 'konva';
import { SceneCanvas } from 'konva/lib/Canvas';
import type { Shape } from '../model/shape-model';
import { drawShapes } from './draw-shapes';
import { renderBudget } from './text-bitmap-cache';

/**
 * A zoom or pan step within this time of the previous one continues a gesture; the gesture ends this long after its
 * last step.
 */
export const ZOOM_GESTURE_SETTLE_MS = 150;
/** Time one draw may spend rendering text bitmaps; the rest follow in the next frames. */
const TEXT_BUDGET_MS = 4;
/**
 * Zooming out, the snapshot reaches this fraction of the view beyond each side (so zooming out to half shows no
 * empty edge), at half resolution: as many pixels as the view, so taking it costs about one ordinary frame, and
 * it gets sharper as the zoom goes on out. Zooming in needs no margin: the snapshot is the view at full resolution.
 */
const ZOOM_OUT_MARGIN = 0.5;
const ZOOM_OUT_RESOLUTION = 0.5;
/**
 * Panning, the snapshot is at full resolution (every frame shows it unscaled) and reaches this fraction of the view
 * beyond each side, so a drag of up to half the view in any direction draws one bitmap per frame; a longer one
 * takes the snapshot again around the new view.
 */
const PAN_MARGIN = 0.5;
/** Screen pixels per snapshot pixel beyond which the snapshot is too blurry and is taken again. */
const MAX_UPSCALE = 2;

/** The scene rendered once: snapshot pixel = scale × page point + (originX, originY). */
interface Snapshot {
  readonly width: number;
  readonly height: number;
  readonly scale: number;
  readonly originX: number;
  readonly originY: number;
}

type Context = CanvasRenderingContext2D;

/**
 * Draws the unselected shapes of the scene layer, above the drawing (the underlay). A single zoom or pan step is
 * drawn at full quality. During a continuous zoom (wheel, slider, pinch: a second step within the settle time) each
 * frame would otherwise redraw hundreds of shapes, re-render text bitmaps at each doubling and draw the drawing
 * again, so drawing and shapes are rendered once into a snapshot of the view (with margins when zooming out), the
 * underlay is hidden, and each frame draws only that one bitmap, scaled; it is taken again when it no longer
 * covers the view or would be enlarged too much. A continuous pan at a fixed zoom does the same with a snapshot at
 * full resolution and half a view of margin on each side, drawn unscaled. When the view has been still for the
 * settle time, the underlay comes back and the layer is drawn at full quality.
 */
export class ShapeLayerPainter {
  private shapes: readonly Shape[] = [];
  private node: Konva.Shape | null = null;
  private underlay: Konva.Group | null = null;
  private lastScale: number | null = null;
  private lastX = 0;
  private lastY = 0;
  private lastZoomAt = Number.NEGATIVE_INFINITY;
  private lastPanAt = Number.NEGATIVE_INFINITY;
  private zooming = false;
  private panning = false;
  private zoomingIn = true;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private snapshotCanvas: SceneCanvas | null = null;
  private snapshot: Snapshot | null = null;

  /** The Konva shape this painter draws, as a ref callback. */
  readonly attach = (node: Konva.Shape | null): void => {
    this.node = node;
  };

  /** What is drawn under the shapes on the same layer; it goes into the snapshot too. */
  setUnderlay(underlay: Konva.Group | null): void {
    this.endGesture();
    this.underlay = underlay;
  }

  /** Redraws only when the list holds other shapes: a drag of the selection leaves it unchanged. */
  setShapes(shapes: readonly Shape[]): void {
    if (shapes.length === this.shapes.length && shapes.every((shape, index) => shape === this.shapes[index]))
      return;
    this.shapes = shapes;
    this.snapshot = null;
    this.node?.getLayer()?.batchDraw();
  }

  readonly sceneFunc = (context: Konva.Context, shape: Konva.Shape): void => {
    const layer = shape.getLayer();
    const target = context._context;
    // Exports and caches draw into other canvases: always at full quality, with every text bitmap.
    if (!layer || context.canvas !== layer.getCanvas()) {
      drawShapes(target, this.shapes);
      return;
    }
    const transform = target.getTransform();
    this.noteView(transform);
    if (this.zooming && this.drawSnapshot(target, transform, layer)) return;
    if (this.panning && this.drawPanSnapshot(target, transform)) return;
    const budget = renderBudget(TEXT_BUDGET_MS);
    drawShapes(target, this.shapes, budget);
    if (budget.deferred) layer.batchDraw();
  };

  /** Back to full quality at once (the shapes are being hidden, the underlay replaced, or the editor closes). */
  endGesture(): void {
    if (this.settleTimer !== null) clearTimeout(this.settleTimer);
    this.settleTimer = null;
    if (!this.zooming && !this.panning) return;
    this.zooming = false;
    this.panning = false;
    this.releaseSnapshot();
    // Showing the underlay again redraws the layer.
    this.underlay?.visible(true);
    this.node?.getLayer()?.batchDraw();
  }

  private noteView(transform: DOMMatrix): void {
    const { a: scale, e: x, f: y } = transform;
    const previous = this.lastScale;
    const moved = x !== this.lastX || y !== this.lastY;
    this.lastScale = scale;
    this.lastX = x;
    this.lastY = y;
    if (previous === null || (scale === previous && !moved)) return;
    const now = performance.now();
    if (scale !== previous) {
      if (now - this.lastZoomAt < ZOOM_GESTURE_SETTLE_MS) this.zooming = true;
      // A zoom takes over from a pan: its snapshot is of another kind.
      if (this.panning) this.releasePan();
      this.zoomingIn = scale > previous;
      this.lastZoomAt = now;
    } else if (!this.zooming) {
      if (now - this.lastPanAt < ZOOM_GESTURE_SETTLE_MS) this.panning = true;
      this.lastPanAt = now;
    }
    if (this.settleTimer !== null) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => this.endGesture(), ZOOM_GESTURE_SETTLE_MS);
  }

  private releasePan(): void {
    this.panning = false;
    this.releaseSnapshot();
    this.underlay?.visible(true);
  }

  private releaseSnapshot(): void {
    this.snapshot = null;
    // A zero-sized canvas gives its pixels back at once instead of at the next garbage collection.
    this.snapshotCanvas?.setSize(0, 0);
  }

  /** Draws the zooming frame from the snapshot, taking one first when none covers the view sharply enough. */
  private drawSnapshot(target: Context, transform: DOMMatrix, layer: Konva.Layer): boolean {
    const { width, height } = target.canvas;
    const snapshot = this.snapshot;
    if (snapshot && covers(snapshot, transform, width, height)) {
      this.blit(target, transform, snapshot);
      return true;
    }
    if (this.zoomingIn) {
      this.drawAndKeep(target, layer);
      return true;
    }
    const margined = this.takeMarginedSnapshot(transform, width, height);
    this.dropUnderlay(target);
    this.blit(target, transform, margined);
    return true;
  }

  /**
   * Hides the underlay for the rest of the gesture, the snapshot holding it already; when the layer has just drawn
   * it before this shape, what it drew is cleared.
   */
  private dropUnderlay(target: Context): void {
    if (!this.underlay?.visible()) return;
    target.save();
    target.setTransform(1, 0, 0, 1, 0, 0);
    target.clearRect(0, 0, target.canvas.width, target.canvas.height);
    target.restore();
    this.underlay.visible(false);
  }

  private blit(target: Context, transform: DOMMatrix, snapshot: Snapshot): void {
    const canvas = this.snapshotCanvas;
    if (!canvas) return;
    const k = transform.a / snapshot.scale;
    target.save();
    if (k === 1) {
      // Unscaled (panning): whole pixels, so the copy is exact rather than resampled.
      target.setTransform(
        1,
        0,
        0,
        1,
        Math.round(transform.e - snapshot.originX),
        Math.round(transform.f - snapshot.originY),
      );
    } else {
      target.setTransform(k, 0, 0, k, transform.e - k * snapshot.originX, transform.f - k * snapshot.originY);
    }
    target.imageSmoothingEnabled = true;
    target.drawImage(canvas._canvas, 0, 0);
    target.restore();
  }

  private snapshotCanvasOf(width: number, height: number): SceneCanvas {
    // A Konva canvas, so that the underlay's nodes can draw themselves into it; in its own pixels (ratio 1).
    const canvas = (this.snapshotCanvas ??= new SceneCanvas({ width: 0, height: 0, pixelRatio: 1 }));
    if (canvas.width !== width || canvas.height !== height) canvas.setSize(width, height);
    const context = canvas.getContext()._context;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, width, height);
    return canvas;
  }

  /**
   * Zooming in, the view shows less of the page, so the snapshot is simply this frame: drawn in full (with the
   * underlay, which is hidden after the first snapshot) and copied. It costs one ordinary frame and a copy.
   */
  private drawAndKeep(target: Context, layer: Konva.Layer): void {
    const transform = target.getTransform();
    if (this.underlay && !this.underlay.visible()) {
      // Drawn relative to the underlay itself, under the page transform the layer has set for this shape.
      this.underlay.drawScene(layer.getCanvas(), this.underlay);
      target.setTransform(transform);
    }
    // No text bitmap is rendered for a snapshot: texts use a bitmap of another level (or are drawn live), since
    // the snapshot lives only while the zoom moves; the full draw at the end renders the right ones.
    drawShapes(target, this.shapes, renderBudget(0));
    const { width, height } = target.canvas;
    const canvas = this.snapshotCanvasOf(width, height);
    canvas.getContext()._context.drawImage(target.canvas, 0, 0);
    this.snapshot = { width, height, scale: transform.a, originX: transform.e, originY: transform.f };
    this.underlay?.visible(false);
  }

  /** Draws the panning frame from the full-resolution snapshot, taking one around the view when none covers it. */
  private drawPanSnapshot(target: Context, transform: DOMMatrix): boolean {
    const { width, height } = target.canvas;
    let snapshot = this.snapshot;
    if (!snapshot || snapshot.scale !== transform.a || !covers(snapshot, transform, width, height)) {
      snapshot = this.takeMarginedSnapshot(transform, width, height, 1, PAN_MARGIN);
    }
    this.dropUnderlay(target);
    this.blit(target, transform, snapshot);
    return true;
  }

  /** The view and a margin around it: at half resolution zooming out, at full resolution panning. */
  private takeMarginedSnapshot(
    transform: DOMMatrix,
    width: number,
    height: number,
    r = ZOOM_OUT_RESOLUTION,
    margin = ZOOM_OUT_MARGIN,
  ): Snapshot {
    const marginX = Math.round(width * r * margin);
    const marginY = Math.round(height * r * margin);
    const size = { width: Math.round(width * r) + 2 * marginX, height: Math.round(height * r) + 2 * marginY };
    const canvas = this.snapshotCanvasOf(size.width, size.height);
    const context = canvas.getContext()._context;
    const snapshot = {
      ...size,
      scale: transform.a * r,
      originX: transform.e * r + marginX,
      originY: transform.f * r + marginY,
    };
    const pageToSnapshot = () =>
      context.setTransform(snapshot.scale, 0, 0, transform.d * r, snapshot.originX, snapshot.originY);
    pageToSnapshot();
    // Drawn relative to the underlay itself (so also while it is hidden), under the page transform just set.
    this.underlay?.drawScene(canvas, this.underlay);
    pageToSnapshot();
    drawShapes(context, this.shapes, renderBudget(0));
    this.snapshot = snapshot;
    return snapshot;
  }
}

/** Whether the snapshot holds every page point of the view, and is not enlarged past MAX_UPSCALE. */
function covers(snapshot: Snapshot, transform: DOMMatrix, width: number, height: number): boolean {
  const k = transform.a / snapshot.scale;
  if (k > MAX_UPSCALE) return false;
  // View pixel v shows snapshot pixel (v − e) / k + origin.
  const left = (0 - transform.e) / k + snapshot.originX;
  const top = (0 - transform.f) / k + snapshot.originY;
  const right = (width - transform.e) / k + snapshot.originX;
  const bottom = (height - transform.f) / k + snapshot.originY;
  return left >= -1 && top >= -1 && right <= snapshot.width + 1 && bottom <= snapshot.height + 1;
}
