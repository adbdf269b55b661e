import { describe, expect, it } from 'vitest';
import { pagePoint } from './geometry';
import { createArrow, createCircle, createRect, createText } from './shape-model';
import { boundingCircle } from './shape-bounds';

describe('shape bounds', () => {
  it('contains every corner of the shape, whatever its rotation', () => {
    const rect = { ...createRect('r', pagePoint(10, 20), 'red'), width: 300, height: 400, rotation: 33 };
    expect(boundingCircle(rect).radius).toBeGreaterThanOrEqual(500);
    const circle = { ...createCircle('c', pagePoint(0, 0), 'red'), radius: 50, scaleX: 2, scaleY: 1 };
    expect(boundingCircle(circle).radius).toBeGreaterThanOrEqual(100);
    const arrow = { ...createArrow('a', pagePoint(0, 0), 'red'), points: [0, 0, -30, 40] };
    expect(boundingCircle(arrow).radius).toBeGreaterThanOrEqual(50);
    const text = createText('t', pagePoint(0, 0), 'red', 'long line of text\nsecond', 0.5);
    expect(boundingCircle(text).radius).toBeGreaterThan(17 * 30 * 0.5 * 2);
  });
});
