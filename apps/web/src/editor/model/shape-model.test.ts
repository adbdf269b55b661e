import { describe, expect, it } from 'vitest';
import { pagePoint } from './geometry';
import {
  createArrow,
  createCircle,
  createHighlight,
  createLine,
  createRect,
  createText,
} from './shape-model';

const at = pagePoint(1, 2);

describe('shape defaults (spec §3.1)', () => {
  it('rectangle: stroke width 5, no fill, unrotated, unscaled', () => {
    expect(createRect('r', at, 'red')).toMatchObject({
      x: 1,
      y: 2,
      rotation: 0,
      scaleX: 1,
      scaleY: 1,
      style: { stroke: 'red', fill: null, strokeWidth: 5, opacity: 1 },
    });
  });

  it('highlight: half opacity, filled with the fill colour or else the stroke colour', () => {
    expect(createHighlight('h', at, 'blue').style).toEqual({
      stroke: 'blue',
      fill: 'blue',
      strokeWidth: 5,
      opacity: 0.5,
    });
    expect(createHighlight('h', at, 'blue', 'yellow').style.fill).toBe('yellow');
  });

  it('circle: radius 40, stroke width 4', () => {
    expect(createCircle('c', at, 'red')).toMatchObject({ radius: 40, style: { strokeWidth: 4 } });
  });

  it('line: width 4; arrow: width 4, pointer 15 × 15, filled with the stroke colour', () => {
    expect(createLine('l', at, 'green').style.strokeWidth).toBe(4);
    expect(createArrow('a', at, 'green')).toMatchObject({
      pointerLength: 15,
      pointerWidth: 15,
      style: { stroke: 'green', fill: 'green', strokeWidth: 4 },
    });
  });

  it('text: 30 px Calibri, filled with the stroke colour, scaled inverse to the zoom', () => {
    const text = createText('t', at, 'red', 'Digite aqui', 4);
    expect(text).toMatchObject({
      fontSize: 30,
      fontFamily: 'Calibri',
      scaleX: 0.25,
      scaleY: 0.25,
      text: 'Digite aqui',
    });
    expect(text.style.fill).toBe('red');
  });
});
