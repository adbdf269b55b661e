import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screenToPage, screenPoint } from '../model/geometry';
import { TestEditor } from './test-editor';

describe('wheel zoom', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('zooms by 1.1 per wheel delta of 40 around the pointer and reports the viewpoint', () => {
    const editor = new TestEditor();
    const anchor = screenPoint(250, 100);
    const before = screenToPage(editor.state.viewpoint, anchor);
    editor.wheel(-40, [250, 100]);
    expect(editor.state.viewpoint.scale).toBeCloseTo(1.1);
    const after = screenToPage(editor.state.viewpoint, anchor);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
    expect(editor.eventsOf('userChangedViewpoint')).toHaveLength(1);
  });

  it('coalesces wheel events within 16 ms into one step', () => {
    const editor = new TestEditor();
    editor.wheel(-40).wheel(-40).wheel(-40);
    expect(editor.state.viewpoint.scale).toBeCloseTo(1.1);
    vi.advanceTimersByTime(15);
    expect(editor.state.viewpoint.scale).toBeCloseTo(1.1);
    vi.advanceTimersByTime(1);
    expect(editor.state.viewpoint.scale).toBeCloseTo(1.1 ** 3);
    expect(editor.eventsOf('userChangedViewpoint')).toHaveLength(2);
  });

  it('ignores a change below 0.005 and stops at the slider limits', () => {
    const editor = new TestEditor();
    editor.wheel(-0.1);
    expect(editor.state.viewpoint.scale).toBe(1);
    expect(editor.eventsOf('userChangedViewpoint')).toHaveLength(0);
    for (let i = 0; i < 20; i += 1) {
      vi.advanceTimersByTime(16);
      editor.wheel(4000);
    }
    expect(editor.state.viewpoint.scale).toBeCloseTo(1.1 ** -40);
  });
});

describe('slider and fit', () => {
  it('sets the zoom from the slider and fits the page', () => {
    const editor = new TestEditor({ pageSize: { width: 2000, height: 1600 } });
    editor.controller.setZoomSlider(60);
    expect(editor.state.viewpoint.scale).toBeCloseTo(1.1 ** 10);
    editor.controller.zoomToFit();
    expect(editor.state.viewpoint).toEqual({ x: 0, y: 0, scale: 0.5 });
    expect(editor.eventsOf('userChangedViewpoint')).toHaveLength(2);
  });
});
