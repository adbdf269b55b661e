import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestEditor } from './test-editor';

describe('touch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts a single-finger gesture only after 200 ms', () => {
    const editor = new TestEditor().tool('rect').touchStart([100, 100]);
    editor.touchMove([150, 150]);
    vi.advanceTimersByTime(199);
    expect(editor.state.markup.rects).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(editor.state.markup.rects[0]).toMatchObject({ width: 50, height: 50 });
    editor.touchMove([200, 180]).touchEnd(0);
    expect(editor.state.markup.rects[0]).toMatchObject({ width: 100, height: 80 });
    expect(editor.state.selection).toHaveLength(1);
  });

  it('treats a quick tap as a press and release', () => {
    const editor = new TestEditor().tool('pin').touchStart([40, 60]).touchEnd(0);
    expect(editor.state.markup.pin).toMatchObject({ x: 40, y: 60 });
  });

  it('turns into a pinch when a second finger arrives within the delay, drawing nothing', () => {
    const editor = new TestEditor().tool('rect').touchStart([100, 100]);
    vi.advanceTimersByTime(100);
    editor.touchStart([100, 100], [200, 100]);
    expect(editor.state.tool).toBe('pan');
    editor.touchMove([90, 100], [210, 100]);
    expect(editor.state.viewpoint.scale).toBeCloseTo(1.4);
    vi.advanceTimersByTime(500);
    editor.touchEnd(1);
    expect(editor.state.markup.rects).toHaveLength(0);
    expect(editor.state.tool).toBe('rect');
    expect(editor.eventsOf('userChangedViewpoint')).toHaveLength(1);
  });

  it('cancels a single-finger shape when a second finger lands later', () => {
    const editor = new TestEditor().tool('rect').touchStart([100, 100]).touchMove([150, 150]);
    vi.advanceTimersByTime(200);
    expect(editor.state.markup.rects).toHaveLength(1);
    editor.touchStart([150, 150], [250, 150]);
    expect(editor.state.markup.rects).toHaveLength(0);
  });

  it('needs more than 10 px of two-finger movement to start panning', () => {
    const editor = new TestEditor().touchStart([100, 100], [200, 100]);
    editor.touchMove([110, 100], [210, 100]);
    expect(editor.state.viewpoint).toMatchObject({ x: 0, y: 0 });
    editor.touchMove([111, 100], [211, 100]);
    expect(editor.state.viewpoint).toMatchObject({ x: 1, y: 0 });
    editor.touchMove([121, 100], [221, 100]);
    expect(editor.state.viewpoint).toMatchObject({ x: 11, y: 0 });
  });

  it('pans after 5 px once zooming has begun', () => {
    const editor = new TestEditor().touchStart([100, 100], [200, 100]);
    editor.touchMove([95, 100], [205, 100]);
    const zoomed = editor.state.viewpoint;
    expect(zoomed.scale).toBeCloseTo(1.2);
    vi.advanceTimersByTime(16);
    editor.touchMove([101, 100], [211, 100]);
    expect(editor.state.viewpoint.x).toBeCloseTo(zoomed.x + 6);
  });

  it('throttles pinch zoom steps to one per 16 ms and ignores changes under 0.005', () => {
    const editor = new TestEditor().touchStart([100, 100], [200, 100]);
    editor.touchMove([99.9, 100], [200.1, 100]);
    expect(editor.state.viewpoint.scale).toBe(1);
    editor.touchMove([95, 100], [205, 100]);
    const first = editor.state.viewpoint.scale;
    editor.touchMove([90, 100], [210, 100]);
    expect(editor.state.viewpoint.scale).toBe(first);
    vi.advanceTimersByTime(16);
    editor.touchMove([85, 100], [215, 100]);
    expect(editor.state.viewpoint.scale).toBeGreaterThan(first);
  });

  it('ignores touches for 200 ms after a pinch ends', () => {
    const editor = new TestEditor().tool('pin').touchStart([100, 100], [200, 100]).touchEnd(1);
    editor.touchStart([50, 50]).touchEnd(0);
    expect(editor.state.markup.pin).toBeNull();
    vi.advanceTimersByTime(200);
    editor.touchStart([50, 50]).touchEnd(0);
    expect(editor.state.markup.pin).toMatchObject({ x: 50, y: 50 });
  });
});
