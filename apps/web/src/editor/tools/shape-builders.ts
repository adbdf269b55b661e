import { CIRCLE_DEFAULT_RADIUS } from '../model/editor-constants';
import { boxFromCorners, distance, type PagePoint } from '../model/geometry';
import {
  createArrow,
  createCircle,
  createHighlight,
  createLine,
  createRect,
  type Shape,
} from '../model/shape-model';

export type DrawnKind = 'rect' | 'highlight' | 'circle' | 'line' | 'arrow';

export function startShape(kind: DrawnKind, id: string, origin: PagePoint, stroke: string): Shape {
  switch (kind) {
    case 'rect':
      return createRect(id, origin, stroke);
    case 'highlight':
      return createHighlight(id, origin, stroke);
    case 'circle':
      return createCircle(id, origin, stroke);
    case 'line':
      return createLine(id, origin, stroke);
    case 'arrow':
      return createArrow(id, origin, stroke);
  }
}

/** Sizes a shape being drawn from the press point to the current point (spec §4.2). */
export function sizeShape(shape: Shape, origin: PagePoint, current: PagePoint): Shape {
  switch (shape.kind) {
    case 'rect': {
      const box = boxFromCorners(origin, current);
      return { ...shape, ...box };
    }
    case 'circle': {
      const radius = distance(origin, current);
      return { ...shape, radius: radius > 0 ? radius : CIRCLE_DEFAULT_RADIUS };
    }
    case 'line':
    case 'arrow':
      return {
        ...shape,
        x: origin.x,
        y: origin.y,
        points: [0, 0, current.x - origin.x, current.y - origin.y],
      };
    case 'text':
      return shape;
  }
}

/** A press without a drag leaves nothing visible for these shapes; a circle keeps its default radius. */
export function isDegenerate(shape: Shape): boolean {
  switch (shape.kind) {
    case 'rect':
      return shape.width === 0 || shape.height === 0;
    case 'line':
    case 'arrow':
      return shape.points.slice(2).every((value) => value === 0);
    case 'circle':
    case 'text':
      return false;
  }
}
