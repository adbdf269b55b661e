import { describe, expect, it } from 'vitest';
import { canvasShift } from './view-shift.ts';

const size = { width: 1600, height: 1000 };
const page = { width: 3370, height: 2384 };

describe('canvas shift while a fitted page is dragged', () => {
  it('moves the canvas by the pan when the drawn page lay inside it', () => {
    const drawn = { scale: 0.4, x: 126, y: 23 };
    expect(canvasShift(drawn, { scale: 0.4, x: 176, y: -7 }, size, page)).toEqual({ x: 50, y: -30 });
  });

  it('draws again after a zoom, before any draw, or when the drawn page went past the canvas', () => {
    const drawn = { scale: 0.4, x: 126, y: 23 };
    expect(canvasShift(drawn, { scale: 0.44, x: 126, y: 23 }, size, page)).toBeNull();
    expect(canvasShift(null, drawn, size, page)).toBeNull();
    // Zoomed in: the page is larger than the view, a pan brings in parts the canvas does not hold.
    const deep = { scale: 1.2, x: -400, y: -300 };
    expect(canvasShift(deep, { ...deep, x: -350 }, size, page)).toBeNull();
    // Fitted but already dragged past the left edge.
    expect(canvasShift({ scale: 0.4, x: -10, y: 23 }, { scale: 0.4, x: 40, y: 23 }, size, page)).toBeNull();
  });
});
