import { describe, expect, it } from 'vitest';
import { shapeCount } from '../model/markup-model';
import { loadMarkup, serializeMarkup } from '../model/markup-schema';
import { seedShapes } from './seed-shapes';

describe('seeded shapes', () => {
  it('makes the requested number of valid shapes, the same every time', () => {
    const page = { width: 6000, height: 4000 };
    const markup = seedShapes(500, page);
    expect(shapeCount(markup)).toBe(500);
    expect(seedShapes(500, page)).toEqual(markup);
    expect(loadMarkup(serializeMarkup(markup)).droppedItems).toBe(0);
  });
});
