import { describe, expect, it } from 'vitest';
import { TestEditor } from './test-editor';

describe('circle tool', () => {
  it('takes the radius from the distance to the press point', () => {
    const editor = new TestEditor().tool('circle').drag([100, 100], [130, 140]);
    const circle = editor.state.markup.circles[0];
    expect(circle).toMatchObject({ x: 100, y: 100, radius: 50 });
    expect(circle?.style).toMatchObject({ stroke: 'red', strokeWidth: 4 });
    expect(editor.state.selection).toEqual([circle?.id]);
  });

  it('keeps the default radius 40 for a click', () => {
    const editor = new TestEditor().tool('circle').click([100, 100]);
    expect(editor.state.markup.circles[0]?.radius).toBe(40);
  });

  it('measures the radius in page units when zoomed', () => {
    const editor = new TestEditor();
    editor.controller.store.setState({ ...editor.state, viewpoint: { x: 0, y: 0, scale: 2 } });
    editor.tool('circle').drag([100, 100], [160, 180]);
    expect(editor.state.markup.circles[0]?.radius).toBe(50);
  });
});
