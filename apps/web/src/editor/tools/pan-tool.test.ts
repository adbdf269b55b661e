import { describe, expect, it } from 'vitest';
import { cursorFor } from '../model/editor-state';
import { TestEditor } from './test-editor';

describe('pan tool', () => {
  it('moves the view and reports the viewpoint once at the end', () => {
    const editor = new TestEditor().tool('pan').drag([100, 100], [160, 130]);
    expect(editor.state.viewpoint).toEqual({ x: 60, y: 30, scale: 1 });
    expect(editor.eventsOf('userChangedViewpoint')).toEqual([
      { type: 'userChangedViewpoint', viewpoint: { x: 60, y: 30, scale: 1, width: 1000, height: 800 } },
    ]);
  });

  it('does not report a click without movement', () => {
    expect(new TestEditor().tool('pan').click([1, 1]).eventsOf('userChangedViewpoint')).toHaveLength(0);
  });
});

describe('middle button', () => {
  it('pans temporarily, then restores the tool and the selection', () => {
    const editor = new TestEditor().tool('rect').drag([0, 0], [50, 50]);
    const selection = editor.state.selection;
    editor.down([200, 200], { button: 1 });
    expect(editor.state.tool).toBe('pan');
    expect(cursorFor(editor.state.tool)).toBe('move');
    editor.move([260, 240], { button: 1 }).up([260, 240], { button: 1 });
    expect(editor.state.viewpoint).toMatchObject({ x: 60, y: 40 });
    expect(editor.state.tool).toBe('rect');
    expect(editor.state.selection).toEqual(selection);
    expect(editor.state.markup.rects).toHaveLength(1);
  });

  it('restores the tool if the pan is cancelled', () => {
    const editor = new TestEditor().tool('circle').down([0, 0], { button: 1 });
    editor.key('Escape');
    expect(editor.state.tool).toBe('circle');
  });
});
