import { describe, expect, it } from 'vitest';
import { createEditorState } from '../model/editor-state';
import { panBy, togglePins } from '../model/view-actions';
import { sameExceptViewpoint, selectSliderValue } from './use-editor-selector';

const size = { width: 1000, height: 800 };
const state = createEditorState({ pageSize: size, viewSize: size });

describe('what makes the editor re-render', () => {
  it('ignores a change of the viewpoint alone, so panning and zooming do not re-render the frame', () => {
    expect(sameExceptViewpoint(state, panBy(state, 10, 5))).toBe(true);
    expect(sameExceptViewpoint(state, togglePins(state))).toBe(false);
    expect(sameExceptViewpoint(panBy(state, 10, 5), togglePins(panBy(state, 10, 5)))).toBe(false);
  });

  it('gives the slider a value that does not change while panning', () => {
    expect(selectSliderValue(panBy(state, 300, -200))).toBe(selectSliderValue(state));
    expect(selectSliderValue(state)).toBe(50);
  });
});
