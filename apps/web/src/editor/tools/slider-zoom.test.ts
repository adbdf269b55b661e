import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sliderToScale } from '../model/zoom-model';
import { TestEditor } from './test-editor';

describe('slider zoom as a person moves the slider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('applies the first change at once and the last of the rest after the 16 ms window', () => {
    const editor = new TestEditor();
    editor.controller.requestZoomSlider(51);
    expect(editor.state.viewpoint.scale).toBeCloseTo(sliderToScale(51));
    editor.controller.requestZoomSlider(52);
    editor.controller.requestZoomSlider(53);
    vi.advanceTimersByTime(15);
    expect(editor.state.viewpoint.scale).toBeCloseTo(sliderToScale(51));
    vi.advanceTimersByTime(1);
    expect(editor.state.viewpoint.scale).toBeCloseTo(sliderToScale(53));
    expect(editor.eventsOf('userChangedViewpoint')).toHaveLength(2);
  });

  it('applies a waiting change before saving, so the saved viewpoint is the one the slider shows', () => {
    const editor = new TestEditor();
    editor.controller.requestZoomSlider(55);
    editor.controller.requestZoomSlider(60);
    expect(editor.controller.requestSave()).toBe(true);
    expect(editor.state.viewpoint.scale).toBeCloseTo(sliderToScale(60));
    vi.advanceTimersByTime(100);
    expect(editor.eventsOf('userChangedViewpoint')).toHaveLength(2);
  });

  it('drops a waiting change when zoom to fit is chosen', () => {
    const editor = new TestEditor({ pageSize: { width: 2000, height: 1600 } });
    editor.controller.requestZoomSlider(55);
    editor.controller.requestZoomSlider(70);
    editor.controller.zoomToFit();
    vi.advanceTimersByTime(100);
    expect(editor.state.viewpoint.scale).toBe(0.5);
  });
});
