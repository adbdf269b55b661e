/**
 * Side-by-side compare (spec editor §2.1, §4.4, §5.1, §9): two draggable vertical dividers split the view; they
 * start at one third and two thirds; dragging one pushes its neighbours so that no two come closer than 100 units,
 * and a drag stops where the neighbours are pressed against an edge.
 */

/** Minimum gap between dividers (and between a divider and an edge it is pushed against). */
export const DIVIDER_MIN_GAP = 100;
/** Where the dividers start, as fractions of the width. */
export const DIVIDER_START_FRACTIONS = [1 / 3, 2 / 3] as const;

/** A vertical divider, at x in the units of the width it splits. */
export interface Divider {
  readonly id: string;
  readonly x: number;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** The two dividers of a width, at one third and two thirds. */
export function createDividers(width: number): Divider[] {
  return DIVIDER_START_FRACTIONS.map((fraction, index) => ({
    id: `divider-${index + 1}`,
    x: width * fraction,
  }));
}

/**
 * Moves one divider to x and pushes its neighbours to keep the minimum gap. The divider cannot go where its
 * neighbours would have to leave the width, so the gap always holds.
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
  for (let i = index - 1; i >= 0; i -= 1) xs[i] = Math.min(xs[i] ?? 0, (xs[i + 1] ?? 0) - DIVIDER_MIN_GAP);
  for (let i = index + 1; i < count; i += 1) xs[i] = Math.max(xs[i] ?? 0, (xs[i - 1] ?? 0) + DIVIDER_MIN_GAP);
  return dividers.map((divider, i) => ({ ...divider, x: xs[i] ?? divider.x }));
}

/** The horizontal ranges [from, to) the dividers cut a width into, left to right. */
export function dividerSections(
  dividers: readonly Divider[],
  width: number,
): Array<{ from: number; to: number }> {
  const edges = [0, ...dividers.map((divider) => divider.x), width];
  return edges.slice(0, -1).map((from, i) => ({ from, to: edges[i + 1] ?? width }));
}

/** Keeps dividers in proportion when the width changes (a resized window), then re-applies the gap rule. */
export function resizeDividers(dividers: readonly Divider[], from: number, to: number): Divider[] {
  if (from <= 0) return createDividers(to);
  const scaled = dividers.map((divider) => ({ ...divider, x: (divider.x / from) * to }));
  const first = scaled[0];
  return first ? dragDivider(scaled, first.id, first.x, to) : scaled;
}
