import { DIVIDER_MIN_GAP, DIVIDER_START_FRACTIONS } from './editor-constants';
import { clamp } from './geometry';

/** A vertical line that splits the background images, in page x. */
export interface Divider {
  readonly id: string;
  readonly x: number;
}

export function createDividers(width: number): Divider[] {
  return DIVIDER_START_FRACTIONS.map((fraction, index) => ({
    id: `divider-${index + 1}`,
    x: width * fraction,
  }));
}

/**
 * Moves one divider and pushes its neighbours to keep the minimum gap.
 * When the neighbours are already against an edge the drag stops there, so the gap always holds.
 */
export function dragDivider(dividers: readonly Divider[], id: string, x: number, width: number): Divider[] {
  const index = dividers.findIndex((divider) => divider.id === id);
  if (index < 0) return [...dividers];
  const count = dividers.length;
  const min = index * DIVIDER_MIN_GAP;
  const max = width - (count - 1 - index) * DIVIDER_MIN_GAP;
  const target = clamp(x, min, Math.max(min, max));
  const xs = dividers.map((divider) => divider.x);
  xs[index] = target;
  for (let i = index - 1; i >= 0; i -= 1) {
    xs[i] = Math.min(xs[i] ?? 0, (xs[i + 1] ?? 0) - DIVIDER_MIN_GAP);
  }
  for (let i = index + 1; i < count; i += 1) {
    xs[i] = Math.max(xs[i] ?? 0, (xs[i - 1] ?? 0) + DIVIDER_MIN_GAP);
  }
  return dividers.map((divider, i) => ({ ...divider, x: xs[i] ?? divider.x }));
}

/** The horizontal page ranges [from, to) the dividers cut the page into. */
export function dividerSections(
  dividers: readonly Divider[],
  width: number,
): Array<{ from: number; to: number }> {
  const edges = [0, ...dividers.map((divider) => divider.x), width];
  return edges.slice(0, -1).map((from, i) => ({ from, to: edges[i + 1] ?? width }));
}
