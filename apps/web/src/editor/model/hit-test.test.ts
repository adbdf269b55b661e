import { describe, expect, it } from 'vitest';
import { pagePoint } from './geometry';
import { shapeAt } from './hit-test';
import { EMPTY_MARKUP, upsertShape } from './markup-model';
import { createArrow, createCircle, createLine, createRect, createText } from './shape-model';

const markup = [
  { ...createRect('rect', pagePoint(100, 100), 'red'), width: 200, height: 100 },
  { ...createCircle('circle', pagePoint(500, 500), 'red'), radius: 50 },
  { ...createLine('line', pagePoint(0, 700), 'red'), points: [0, 0, 300, 0] },
  { ...createArrow('arrow', pagePoint(600, 100), 'red'), points: [0, 0, 0, 200] },
  createText('text', pagePoint(800, 800), 'red', 'Hello', 1),
  { ...createRect('rotated', pagePoint(900, 100), 'red'), width: 100, height: 10, rotation: 90 },
].reduce((state, shape) => upsertShape(state, shape), EMPTY_MARKUP);

const at = (x: number, y: number, zoom = 1) => shapeAt(markup, pagePoint(x, y), zoom)?.id;

describe('shape hit test', () => {
  it('finds each kind of shape under the point', () => {
    expect(at(150, 150)).toBe('rect');
    expect(at(540, 500)).toBe('circle');
    expect(at(150, 703)).toBe('line');
    expect(at(603, 150)).toBe('arrow');
    expect(at(820, 815)).toBe('text');
    expect(at(895, 150)).toBe('rotated');
  });

  it('misses empty space, with a tolerance that is constant on screen', () => {
    expect(at(150, 720)).toBeUndefined();
    expect(at(150, 712, 1)).toBeUndefined();
    expect(at(150, 712, 0.5)).toBe('line');
    expect(at(920, 150)).toBeUndefined();
  });

  it('prefers the topmost shape', () => {
    const over = upsertShape(markup, { ...createCircle('top', pagePoint(150, 150), 'blue'), radius: 10 });
    expect(shapeAt(over, pagePoint(150, 150), 1)?.id).toBe('top');
  });
});
