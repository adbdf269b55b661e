import {
  ARROW_POINTER_LENGTH,
  ARROW_POINTER_WIDTH,
  CIRCLE_DEFAULT_RADIUS,
  HIGHLIGHT_OPACITY,
  STROKE_WIDTH,
  TEXT_FONT_FAMILY,
  TEXT_FONT_SIZE,
} from './editor-constants';
import type { ArrowShape, CircleShape, LineShape, RectShape, Shape, TextShape } from '@obra/domain';
import type { PagePoint } from './geometry';

export type {
  ArrowShape,
  CircleShape,
  LineShape,
  RectShape,
  Shape,
  ShapeKind,
  ShapeStyle,
  TextShape,
} from '@obra/domain';

const BASE = { rotation: 0, scaleX: 1, scaleY: 1 } as const;

export function createRect(id: string, at: PagePoint, stroke: string): RectShape {
  return {
    ...BASE,
    id,
    name: 'rect',
    kind: 'rect',
    x: at.x,
    y: at.y,
    width: 0,
    height: 0,
    highlight: false,
    style: { stroke, fill: null, strokeWidth: STROKE_WIDTH.rect, opacity: 1 },
  };
}

/** The highlight's fill is the fill colour, or else the stroke colour (spec §3.1). */
export function createHighlight(
  id: string,
  at: PagePoint,
  stroke: string,
  fill: string | null = null,
): RectShape {
  const rect = createRect(id, at, stroke);
  return {
    ...rect,
    name: 'highlight',
    highlight: true,
    style: { ...rect.style, fill: fill ?? stroke, opacity: HIGHLIGHT_OPACITY },
  };
}

export function createCircle(id: string, at: PagePoint, stroke: string): CircleShape {
  return {
    ...BASE,
    id,
    name: 'circle',
    kind: 'circle',
    x: at.x,
    y: at.y,
    radius: CIRCLE_DEFAULT_RADIUS,
    style: { stroke, fill: null, strokeWidth: STROKE_WIDTH.circle, opacity: 1 },
  };
}

export function createLine(id: string, at: PagePoint, stroke: string): LineShape {
  return {
    ...BASE,
    id,
    name: 'line',
    kind: 'line',
    x: at.x,
    y: at.y,
    points: [0, 0, 0, 0],
    style: { stroke, fill: null, strokeWidth: STROKE_WIDTH.line, opacity: 1 },
  };
}

/** An arrow's head is filled with its stroke colour (spec §3.1). */
export function createArrow(id: string, at: PagePoint, stroke: string): ArrowShape {
  return {
    ...BASE,
    id,
    name: 'arrow',
    kind: 'arrow',
    x: at.x,
    y: at.y,
    points: [0, 0, 0, 0],
    pointerLength: ARROW_POINTER_LENGTH,
    pointerWidth: ARROW_POINTER_WIDTH,
    style: { stroke, fill: stroke, strokeWidth: STROKE_WIDTH.arrow, opacity: 1 },
  };
}

/** Text keeps a 30 px look at the zoom it was written at, so its scale is the inverse of that zoom. */
export function createText(id: string, at: PagePoint, stroke: string, text: string, zoom: number): TextShape {
  const scale = zoom > 0 ? 1 / zoom : 1;
  return {
    ...BASE,
    id,
    name: 'text',
    kind: 'text',
    x: at.x,
    y: at.y,
    scaleX: scale,
    scaleY: scale,
    text,
    fontSize: TEXT_FONT_SIZE,
    fontFamily: TEXT_FONT_FAMILY,
    style: { stroke, fill: stroke, strokeWidth: 0, opacity: 1 },
  };
}

/** Moves a shape by a page-space offset. */
export function translateShape<S extends Shape>(shape: S, dx: number, dy: number): S {
  return { ...shape, x: shape.x + dx, y: shape.y + dy };
}
