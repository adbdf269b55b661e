import { describe, expect, it } from 'vitest';
import { createDividers, dividerSections, dragDivider } from './divider-model';

const xs = (list: ReadonlyArray<{ x: number }>) => list.map((divider) => divider.x);

describe('compare dividers', () => {
  const start = createDividers(900);

  it('start at one third and two thirds', () => {
    expect(xs(start)).toEqual([300, 600]);
    expect(dividerSections(start, 900)).toEqual([
      { from: 0, to: 300 },
      { from: 300, to: 600 },
      { from: 600, to: 900 },
    ]);
  });

  it('push the right neighbour to keep a gap of 100', () => {
    expect(xs(dragDivider(start, 'divider-1', 550, 900))).toEqual([550, 650]);
  });

  it('push the left neighbour to keep a gap of 100', () => {
    expect(xs(dragDivider(start, 'divider-2', 320, 900))).toEqual([220, 320]);
  });

  it('stop at the edge when the neighbour cannot be pushed further', () => {
    expect(xs(dragDivider(start, 'divider-1', 890, 900))).toEqual([800, 900]);
    expect(xs(dragDivider(start, 'divider-2', -50, 900))).toEqual([0, 100]);
  });

  it('move freely when the gap is kept and ignore unknown ids', () => {
    expect(xs(dragDivider(start, 'divider-1', 450, 900))).toEqual([450, 600]);
    expect(xs(dragDivider(start, 'nope', 450, 900))).toEqual([300, 600]);
  });
});
