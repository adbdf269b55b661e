import type { ArrowShape, Shape, TextShape } from '../model/shape-model';
import { boundingCircle } from '../model/shape-bounds';
import { TEXT_BITMAP_PADDING, textBitmap, type RenderBudget } from './text-bitmap-cache';

type Context = CanvasRenderingContext2D;

const baselineCache = new Map<string, number>();

/** Vertical offset of the first line, computed as Konva.Text does so a text looks the same batched or selected. */
function firstLineOffset(context: Context, font: string, fontSize: number): number {
  const cached = baselineCache.get(font);
  if (cached !== undefined) return cached;
  const metrics = context.measureText('M');
  const ascent = metrics.fontBoundingBoxAscent || metrics.actualBoundingBoxAscent;
  const descent = metrics.fontBoundingBoxDescent || metrics.actualBoundingBoxDescent;
  const offset = (ascent - descent) / 2 + fontSize / 2;
  baselineCache.set(font, offset);
  return offset;
}

function drawText(
  context: Context,
  shape: TextShape,
  viewScale: number,
  budget: RenderBudget | undefined,
): void {
  const font = `normal normal ${shape.fontSize}px ${shape.fontFamily}`;
  context.font = font;
  const bitmap = textBitmap(
    shape,
    viewScale * Math.abs(shape.scaleY),
    firstLineOffset(context, font, shape.fontSize),
    budget,
  );
  if (bitmap) {
    const { canvas, level } = bitmap;
    const pad = TEXT_BITMAP_PADDING / level;
    context.drawImage(canvas, -pad, -pad, canvas.width / level, canvas.height / level);
    return;
  }
  context.textBaseline = 'alphabetic';
  context.fillStyle = shape.style.fill ?? shape.style.stroke;
  const offset = firstLineOffset(context, font, shape.fontSize);
  shape.text.split('\n').forEach((line, index) => context.fillText(line, 0, offset + index * shape.fontSize));
}

function tracePoints(context: Context, points: readonly number[]): void {
  context.beginPath();
  context.moveTo(points[0] ?? 0, points[1] ?? 0);
  for (let i = 2; i + 1 < points.length; i += 2) context.lineTo(points[i] ?? 0, points[i + 1] ?? 0);
}

/** The head as Konva.Arrow draws it: a triangle at the last point, pointing along the last segment. */
function drawArrowHead(context: Context, shape: ArrowShape): void {
  const n = shape.points.length;
  const [x1, y1, x2, y2] = [
    shape.points[n - 4] ?? 0,
    shape.points[n - 3] ?? 0,
    shape.points[n - 2] ?? 0,
    shape.points[n - 1] ?? 0,
  ];
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  // Corners computed directly: a save/restore per arrow costs more than the drawing on a software canvas.
  const corner = (along: number, across: number): [number, number] => [
    x2 + along * cos - across * sin,
    y2 + along * sin + across * cos,
  ];
  const [ax, ay] = corner(-shape.pointerLength, shape.pointerWidth / 2);
  const [bx, by] = corner(-shape.pointerLength, -shape.pointerWidth / 2);
  context.beginPath();
  context.moveTo(x2, y2);
  context.lineTo(ax, ay);
  context.lineTo(bx, by);
  context.closePath();
  context.fillStyle = shape.style.fill ?? shape.style.stroke;
  context.fill();
  context.stroke();
}

function drawOne(context: Context, shape: Shape, viewScale: number, budget: RenderBudget | undefined): void {
  const { style } = shape;
  context.globalAlpha = style.opacity;
  context.strokeStyle = style.stroke;
  context.lineWidth = style.strokeWidth;
  switch (shape.kind) {
    case 'rect':
      if (style.fill) {
        context.fillStyle = style.fill;
        context.fillRect(0, 0, shape.width, shape.height);
      }
      context.strokeRect(0, 0, shape.width, shape.height);
      return;
    case 'circle':
      context.beginPath();
      context.arc(0, 0, shape.radius, 0, Math.PI * 2);
      if (style.fill) {
        context.fillStyle = style.fill;
        context.fill();
      }
      context.stroke();
      return;
    case 'line':
      context.lineCap = 'round';
      context.lineJoin = 'round';
      tracePoints(context, shape.points);
      context.stroke();
      context.lineCap = 'butt';
      context.lineJoin = 'miter';
      return;
    case 'arrow':
      tracePoints(context, shape.points);
      context.stroke();
      drawArrowHead(context, shape);
      return;
    case 'text':
      drawText(context, shape, viewScale, budget);
  }
}

/**
 * Draws many shapes in one pass. Konva would save, transform and restore the context for each node and walk
 * its scene graph; one pass with a reset transform per shape keeps 500 shapes well inside a frame. With a budget,
 * text bitmaps that do not fit in it are drawn from stand-ins and `budget.deferred` says a later draw should
 * finish them.
 */
export function drawShapes(context: Context, shapes: readonly Shape[], budget?: RenderBudget): void {
  const base = context.getTransform();
  const alpha = context.globalAlpha;
  const viewScale = Math.hypot(base.a, base.b);
  const { width, height } = context.canvas;
  for (const shape of shapes) {
    // Off-screen shapes are skipped: zoomed in on a large drawing, most of them are.
    const bound = boundingCircle(shape);
    const cx = base.a * bound.x + base.c * bound.y + base.e;
    const cy = base.b * bound.x + base.d * bound.y + base.f;
    const r = bound.radius * viewScale;
    if (cx + r < 0 || cy + r < 0 || cx - r > width || cy - r > height) continue;
    context.setTransform(base);
    context.translate(shape.x, shape.y);
    if (shape.rotation) context.rotate((shape.rotation * Math.PI) / 180);
    context.scale(shape.scaleX, shape.scaleY);
    drawOne(context, shape, viewScale, budget);
  }
  context.setTransform(base);
  context.globalAlpha = alpha;
}
