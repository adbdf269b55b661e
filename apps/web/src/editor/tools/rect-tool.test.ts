import { describe, expect, it } from 'vitest';
import { canUndo } from '../model/history-model';
import { TestEditor } from './test-editor';

describe('rect tool', () => {
  it('press starts, move sizes, release selects the new rectangle as one undo step', () => {
    const editor = new TestEditor().tool('rect');
    editor.down([100, 100]).move([150, 130]);
    expect(editor.state.markup.rects[0]).toMatchObject({ x: 100, y: 100, width: 50, height: 30 });
    expect(editor.state.selection).toEqual([]);
    editor.up([200, 180]);
    const rect = editor.state.markup.rects[0];
    expect(rect).toMatchObject({ x: 100, y: 100, width: 100, height: 80, highlight: false });
    expect(rect?.style).toEqual({ stroke: 'red', fill: null, strokeWidth: 5, opacity: 1 });
    expect(editor.state.selection).toEqual([rect?.id]);
    expect(editor.state.past).toHaveLength(1);
  });

  it('normalises a drag up and to the left', () => {
    const editor = new TestEditor().tool('rect').drag([200, 200], [120, 150]);
    expect(editor.state.markup.rects[0]).toMatchObject({ x: 120, y: 150, width: 80, height: 50 });
  });

  it('draws in page coordinates whatever the zoom and pan', () => {
    const editor = new TestEditor();
    editor.controller.store.setState({ ...editor.state, viewpoint: { x: 50, y: 20, scale: 2 } });
    editor.tool('rect').drag([150, 120], [250, 220]);
    expect(editor.state.markup.rects[0]).toMatchObject({ x: 50, y: 50, width: 50, height: 50 });
  });

  it('does not draw when the press lands on a draggable element', () => {
    const editor = new TestEditor().tool('rect');
    editor.drag([10, 10], [90, 90], { target: { kind: 'transformer' } });
    expect(editor.state.markup.rects).toHaveLength(0);
    expect(canUndo(editor.state)).toBe(false);
  });

  it('leaves nothing behind for a click without a drag', () => {
    const editor = new TestEditor().tool('rect').click([10, 10]);
    expect(editor.state.markup.rects).toHaveLength(0);
    expect(editor.state.past).toHaveLength(0);
  });

  it('draws with the chosen stroke colour', () => {
    const editor = new TestEditor();
    editor.controller.store.setState({ ...editor.state, strokeColor: 'blue' });
    editor.tool('rect').drag([0, 0], [10, 10]);
    expect(editor.state.markup.rects[0]?.style.stroke).toBe('blue');
  });

  it('Escape drops the shape being drawn', () => {
    const editor = new TestEditor().tool('rect').down([0, 0]).move([40, 40]);
    editor.key('Escape');
    expect(editor.state.markup.rects).toHaveLength(0);
    editor.up([50, 50]);
    expect(editor.state.markup.rects).toHaveLength(0);
  });

  it('ignores the secondary button', () => {
    const editor = new TestEditor().tool('rect').drag([0, 0], [40, 40], { button: 2 });
    expect(editor.state.markup.rects).toHaveLength(0);
  });
});

describe('highlight tool', () => {
  it('draws a half-opacity rectangle filled with the stroke colour', () => {
    const editor = new TestEditor().tool('highlight').drag([10, 10], [60, 30]);
    expect(editor.state.markup.rects[0]).toMatchObject({
      highlight: true,
      width: 50,
      height: 20,
      name: 'highlight',
    });
    expect(editor.state.markup.rects[0]?.style).toMatchObject({ fill: 'red', stroke: 'red', opacity: 0.5 });
  });
});
