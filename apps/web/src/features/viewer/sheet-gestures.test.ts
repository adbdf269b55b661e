import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screenPoint, type ScreenPoint, type Viewpoint } from '../../editor/model/geometry.ts';
import { SheetGestures } from './sheet-gestures.ts';

function setup(view: Viewpoint = { scale: 1, x: 0, y: 0 }) {
  const views: Viewpoint[] = [];
  const taps: ScreenPoint[] = [];
  const gestures = new SheetGestures(view, { onView: (v) => views.push(v), onTap: (at) => taps.push(at) });
  const p = (x: number, y: number) => screenPoint(x, y);
  return { gestures, views, taps, p, last: () => views[views.length - 1] };
}

describe('viewer touch gestures (the editor’s rules)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('zooms with two fingers around their midpoint, amplified by the throttle multiplier', () => {
    const { gestures, p, last, taps } = setup();
    gestures.touch.start([p(100, 100), p(200, 100)]);
    gestures.touch.move([p(90, 100), p(210, 100)]);
    // Fingers 100 → 120 apart: 1 + 0.2 × 2.
    expect(last()?.scale).toBeCloseTo(1.4);
    // The midpoint (150, 100) stays over the same page point.
    expect(((150 - (last()?.x ?? 0)) / (last()?.scale ?? 1)).toFixed(3)).toBe('150.000');
    gestures.touch.end(0);
    expect(taps).toEqual([]);
  });

  it('pans with one finger only after 200 ms, and taps pick', () => {
    const { gestures, p, views, taps, last } = setup();
    gestures.touch.start([p(50, 50)]);
    gestures.touch.move([p(80, 90)]);
    expect(views).toHaveLength(0);
    vi.advanceTimersByTime(200);
    expect(last()).toMatchObject({ x: 30, y: 40, scale: 1 });
    gestures.touch.end(0);
    expect(taps).toEqual([]);

    gestures.touch.start([p(300, 200)]);
    gestures.touch.end(0);
    expect(taps).toEqual([{ x: 300, y: 200 }]);
  });

  it('ignores touches for 200 ms after a pinch', () => {
    const { gestures, p, taps } = setup();
    gestures.touch.start([p(100, 100), p(200, 100)]);
    gestures.touch.move([p(80, 100), p(220, 100)]);
    gestures.touch.end(0);
    gestures.touch.start([p(10, 10)]);
    gestures.touch.end(0);
    expect(taps).toEqual([]);
    vi.advanceTimersByTime(200);
    gestures.touch.start([p(10, 10)]);
    gestures.touch.end(0);
    expect(taps).toEqual([{ x: 10, y: 10 }]);
  });

  it('goes on from a view the viewer set (wheel, slider) without echoing it back', () => {
    const { gestures, p, views, last } = setup();
    gestures.setView({ scale: 2, x: -100, y: -50 });
    expect(views).toHaveLength(0);
    gestures.touch.start([p(100, 100), p(200, 100)]);
    gestures.touch.move([p(75, 100), p(225, 100)]);
    expect(last()?.scale).toBeCloseTo(2 * 2);
    gestures.dispose();
  });
});
