import { describe, expect, it } from 'vitest';
import {
  boxFromCorners,
  fitViewpoint,
  pagePoint,
  pageToScreen,
  screenPoint,
  screenToPage,
  zoomAround,
} from './geometry';

describe('geometry', () => {
  const viewpoint = { x: 100, y: 50, scale: 2 };

  it('converts between screen and page coordinates both ways', () => {
    const page = screenToPage(viewpoint, screenPoint(300, 250));
    expect(page).toEqual({ x: 100, y: 100 });
    expect(pageToScreen(viewpoint, page)).toEqual({ x: 300, y: 250 });
  });

  it('keeps the page point under the anchor when zooming', () => {
    const anchor = screenPoint(400, 300);
    const before = screenToPage(viewpoint, anchor);
    const after = screenToPage(zoomAround(viewpoint, anchor, 3.5), anchor);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it('normalises a box dragged up and to the left', () => {
    expect(boxFromCorners(pagePoint(50, 60), pagePoint(10, 20))).toEqual({
      x: 10,
      y: 20,
      width: 40,
      height: 40,
    });
  });

  it('fits the page in the view, centred', () => {
    expect(fitViewpoint({ width: 6000, height: 4000 }, { width: 1200, height: 1000 })).toEqual({
      scale: 0.2,
      x: 0,
      y: 100,
    });
    expect(fitViewpoint({ width: 0, height: 0 }, { width: 10, height: 10 }).scale).toBe(1);
  });
});
