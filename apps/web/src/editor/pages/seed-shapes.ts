import { pagePoint, type Size } from '../model/geometry';
import { EMPTY_MARKUP, upsertShape, type MarkupState } from '../model/markup-model';
import {
  createArrow,
  createCircle,
  createHighlight,
  createRect,
  createText,
  type Shape,
} from '../model/shape-model';

/** A small deterministic generator so the showroom and the benchmark always draw the same shapes. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const COLORS = ['red', 'blue', 'green', 'orange'] as const;

function seededShape(index: number, next: () => number, page: Size): Shape {
  const at = pagePoint(next() * page.width * 0.95, next() * page.height * 0.95);
  const color = COLORS[index % COLORS.length] ?? 'red';
  const id = `seed-${index}`;
  const w = 40 + next() * 200;
  const h = 40 + next() * 160;
  switch (index % 5) {
    case 0:
      return { ...createRect(id, at, color), width: w, height: h };
    case 1:
      return { ...createCircle(id, at, color), radius: 20 + next() * 80 };
    case 2:
      return { ...createArrow(id, at, color), points: [0, 0, w, h] };
    case 3:
      return { ...createHighlight(id, at, color), width: w, height: h / 3 };
    default:
      return createText(id, at, color, `Note ${index + 1}`, 0.5);
  }
}

/** `count` shapes spread over the page: rectangles, circles, arrows, highlights and texts in turn. */
export function seedShapes(count: number, page: Size, seed = 7): MarkupState {
  const next = random(seed);
  let markup = EMPTY_MARKUP;
  for (let index = 0; index < count; index += 1) markup = upsertShape(markup, seededShape(index, next, page));
  return markup;
}
