import { describe, expect, it } from 'vitest';
import type { Pixels } from '../model/image-filters';
import { TestEditor } from './test-editor';

function gridPixels(): Pixels {
  const width = 200;
  const height = 100;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < height; y += 1) data.set([0, 0, 0, 255], (y * width + 150) * 4);
  return { width, height, data };
}

describe('align background image tool', () => {
  it('drags the background image and emits backgroundImageMoved with the offset', () => {
    const editor = new TestEditor().tool('alignBackgroundImage').drag([100, 100], [130, 90]);
    expect(editor.state.backgroundOffset).toEqual({ x: 30, y: -10 });
    expect(editor.eventsOf('backgroundImageMoved')).toEqual([
      { type: 'backgroundImageMoved', offset: { x: 30, y: -10 } },
    ]);
  });

  it('moves in page units when zoomed', () => {
    const editor = new TestEditor();
    editor.controller.store.setState({ ...editor.state, viewpoint: { x: 0, y: 0, scale: 2 } });
    editor.tool('alignBackgroundImage').drag([100, 100], [140, 100]);
    expect(editor.state.backgroundOffset).toEqual({ x: 20, y: 0 });
  });

  it('reports the nearest drawn line for a click (linePosition), following the image offset', () => {
    const editor = new TestEditor({ pixels: gridPixels() }).tool('alignBackgroundImage');
    editor.click([100, 50]);
    expect(editor.eventsOf('linePosition')[0]?.positions[0]).toMatchObject({
      direction: 'right',
      x: 150,
      y: 50,
    });
    editor.drag([0, 0], [10, 0]).click([100, 50]);
    expect(editor.eventsOf('linePosition')[1]?.positions[0]).toMatchObject({ x: 160, distance: 60 });
  });

  it('puts the image back when the drag is cancelled', () => {
    const editor = new TestEditor().tool('alignBackgroundImage').down([0, 0]).move([50, 50]);
    editor.key('Escape');
    expect(editor.state.backgroundOffset).toEqual({ x: 0, y: 0 });
  });
});

describe('compare dividers', () => {
  it('drag in any tool, pushing the neighbour to keep the gap of 100', () => {
    const editor = new TestEditor({
      compare: true,
      pageSize: { width: 900, height: 800 },
      viewSize: { width: 900, height: 800 },
    });
    editor.tool('rect').drag([300, 10], [580, 10], { target: { kind: 'divider', id: 'divider-1' } });
    expect(editor.state.compare?.dividers.map((divider) => divider.x)).toEqual([580, 680]);
    expect(editor.state.markup.rects).toHaveLength(0);
  });
});
