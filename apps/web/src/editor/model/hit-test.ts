import { distance, type PagePoint } from './geometry';
import { listShapes, type MarkupState } from './markup-model';
import type { Shape } from './shape-model';

/** How close (in screen pixels) a press must be to a thin shape to pick it. */
export const HIT_TOLERANCE_PX = 6;
/** Average glyph width relative to the font size, to estimate a text's box without measuring fonts. */
const GLYPH_WIDTH_RATIO = 0.55;

/** The point in the shape's own unrotated, unscaled frame. */
function toLocal(shape: Shape, point: PagePoint): { x: number; y: number } {
  const angle = (-shape.rotation * Math.PI) / 180;
  const dx = point.x - shape.x;
  const dy = point.y - shape.y;
  const rx = dx * Math.cos(angle) - dy * Math.sin(angle);
  const ry = dx * Math.sin(angle) + dy * Math.cos(angle);
  return { x: rx / (shape.scaleX || 1), y: ry / (shape.scaleY || 1) };
}

function segmentDistance(
  p: { x: number; y: number },
  a: { x: number; y: number },
  b: { x: number; y: number },
) {
  const lengthSq = (b.x - a.x) ** 2 + (b.y - a.y) ** 2;
  if (lengthSq === 0) return distance(p, a);
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / lengthSq));
  return distance(p, { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) });
}

function polylineDistance(p: { x: number; y: number }, points: readonly number[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 3 < points.length; i += 2) {
    const a = { x: points[i] ?? 0, y: points[i + 1] ?? 0 };
    const b = { x: points[i + 2] ?? 0, y: points[i + 3] ?? 0 };
    best = Math.min(best, segmentDistance(p, a, b));
  }
  return best;
}

function hits(shape: Shape, point: PagePoint, tolerance: number): boolean {
  const local = toLocal(shape, point);
  const scale = Math.min(Math.abs(shape.scaleX), Math.abs(shape.scaleY)) || 1;
  const reach = (shape.style.strokeWidth / 2 + tolerance) / scale;
  switch (shape.kind) {
    case 'rect':
      // The inside counts too: an outline is hard to hit on a busy drawing.
      return (
        local.x >= -reach &&
        local.y >= -reach &&
        local.x <= shape.width + reach &&
        local.y <= shape.height + reach
      );
    case 'circle':
      return distance(local, { x: 0, y: 0 }) <= shape.radius + reach;
    case 'line':
      return polylineDistance(local, shape.points) <= reach;
    case 'arrow':
      return polylineDistance(local, shape.points) <= reach + shape.pointerWidth / 2;
    case 'text': {
      const lines = shape.text.split('\n');
      const width = Math.max(...lines.map((line) => line.length), 1) * shape.fontSize * GLYPH_WIDTH_RATIO;
      const height = lines.length * shape.fontSize;
      return local.x >= -reach && local.y >= -reach && local.x <= width + reach && local.y <= height + reach;
    }
  }
}

/**
 * The topmost shape under a page point. Shapes are hit-tested here rather than through Konva's hit canvas,
 * which would be redrawn with all shapes on every pan and zoom frame.
 */
export function shapeAt(markup: MarkupState, point: PagePoint, zoom: number): Shape | undefined {
  const tolerance = HIT_TOLERANCE_PX / (zoom > 0 ? zoom : 1);
  const shapes = listShapes(markup);
  for (let i = shapes.length - 1; i >= 0; i -= 1) {
    const shape = shapes[i];
    if (shape && hits(shape, point, tolerance)) return shape;
  }
  return undefined;
}
