import { describe, expect, it } from 'vitest';
import {
  clampCrop,
  cropRect,
  drawPlan,
  imagePlacement,
  initialCrop,
  MAX_ZOOM,
  minZoom,
  panCrop,
  zoomCrop,
} from './crop-geometry.ts';

const AVATAR = { width: 200, height: 200 };
const LOGO = { width: 800, height: 200 };
const WIDE = { width: 1600, height: 900 };
const SQUARE = { width: 600, height: 600 };

describe('crop geometry', () => {
  it('starts centred, covering the image for avatars, with the output aspect', () => {
    const rect = cropRect(WIDE, AVATAR, initialCrop(WIDE, AVATAR, 'cover'));
    expect(rect).toEqual({ x: 350, y: 0, width: 900, height: 900 });
    const logo = cropRect(WIDE, LOGO, initialCrop(WIDE, LOGO, 'cover'));
    expect([logo.width / logo.height, logo.width, logo.x]).toEqual([4, 1600, 0]);
  });

  it('shows a whole square logo inside the 4:1 band when it starts with contain', () => {
    const state = initialCrop(SQUARE, LOGO, 'contain');
    expect(state.zoom).toBeCloseTo(0.25);
    const rect = cropRect(SQUARE, LOGO, state);
    expect(rect).toEqual({ x: -900, y: 0, width: 2400, height: 600 });
    const plan = drawPlan(SQUARE, rect, LOGO);
    expect(plan.source).toEqual({ x: 0, y: 0, width: 600, height: 600 });
    expect(plan.target).toEqual({ x: 300, y: 0, width: 200, height: 200 });
  });

  it('keeps the crop inside the image when panning, and the image inside the crop when zoomed out', () => {
    const start = initialCrop(WIDE, AVATAR, 'cover');
    const right = cropRect(WIDE, AVATAR, panCrop(WIDE, AVATAR, start, 10_000, 50));
    expect([right.x + right.width, right.y]).toEqual([1600, 0]);
    const left = cropRect(WIDE, AVATAR, panCrop(WIDE, AVATAR, start, -10_000, 0));
    expect(left.x).toBe(0);
    const out = zoomCrop(WIDE, AVATAR, start, 0.01);
    expect(out.zoom).toBeCloseTo(minZoom(WIDE, AVATAR));
    const wideCrop = cropRect(WIDE, AVATAR, panCrop(WIDE, AVATAR, out, 5_000, 0));
    expect(wideCrop.x).toBeLessThanOrEqual(0);
    expect(wideCrop.x + wideCrop.width).toBeGreaterThanOrEqual(1600);
  });

  it('bounds the zoom and keeps the aspect at every zoom', () => {
    expect(clampCrop(WIDE, LOGO, { zoom: 99, centerX: 800, centerY: 450 }).zoom).toBe(MAX_ZOOM);
    expect(clampCrop(WIDE, LOGO, { zoom: Number.NaN, centerX: 800, centerY: 450 }).zoom).toBe(1);
    for (const zoom of [0.3, 1, 2.5, MAX_ZOOM]) {
      const rect = cropRect(WIDE, LOGO, zoomCrop(WIDE, LOGO, initialCrop(WIDE, LOGO, 'cover'), zoom));
      expect(rect.width / rect.height).toBeCloseTo(4);
    }
  });

  it('places the image in the frame in percent, matching the crop', () => {
    const rect = { x: 350, y: 0, width: 900, height: 900 };
    const placed = imagePlacement(WIDE, rect);
    expect(placed.x).toBeCloseTo(-38.889, 2);
    expect(placed.y).toBe(-0);
    expect(placed.width).toBeCloseTo(177.778, 2);
    expect(placed.height).toBe(100);
    expect(drawPlan(WIDE, rect, AVATAR)).toEqual({
      source: rect,
      target: { x: 0, y: 0, width: 200, height: 200 },
    });
  });
});
