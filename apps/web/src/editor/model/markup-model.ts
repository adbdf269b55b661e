import type { MarkupState } from '@obra/domain';
import type { Shape } from './shape-model';

export type { MarkupPin, MarkupState, MarkupViewpoint, Pin, PinColor } from '@obra/domain';
export { EMPTY_MARKUP } from '@obra/domain';

/** All shapes in drawing order: the families are stacked as the spec lists them. */
export function listShapes(markup: MarkupState): Shape[] {
  return [...markup.rects, ...markup.circles, ...markup.lines, ...markup.arrows, ...markup.texts];
}

export function findShape(markup: MarkupState, id: string): Shape | undefined {
  return listShapes(markup).find((shape) => shape.id === id);
}

function upsert<S extends Shape>(list: readonly S[], shape: S): S[] {
  const index = list.findIndex((item) => item.id === shape.id);
  if (index < 0) return [...list, shape];
  return list.map((item, i) => (i === index ? shape : item));
}

/** Adds the shape, or replaces the shape with the same id, in its family's list. */
export function upsertShape(markup: MarkupState, shape: Shape): MarkupState {
  switch (shape.kind) {
    case 'rect':
      return { ...markup, rects: upsert(markup.rects, shape) };
    case 'circle':
      return { ...markup, circles: upsert(markup.circles, shape) };
    case 'line':
      return { ...markup, lines: upsert(markup.lines, shape) };
    case 'arrow':
      return { ...markup, arrows: upsert(markup.arrows, shape) };
    case 'text':
      return { ...markup, texts: upsert(markup.texts, shape) };
  }
}

export function removeShapes(markup: MarkupState, ids: ReadonlySet<string>): MarkupState {
  const keep = <S extends Shape>(list: readonly S[]): S[] => list.filter((shape) => !ids.has(shape.id));
  return {
    ...markup,
    rects: keep(markup.rects),
    circles: keep(markup.circles),
    lines: keep(markup.lines),
    arrows: keep(markup.arrows),
    texts: keep(markup.texts),
  };
}

export function shapeCount(markup: MarkupState): number {
  return (
    markup.rects.length +
    markup.circles.length +
    markup.lines.length +
    markup.arrows.length +
    markup.texts.length
  );
}
