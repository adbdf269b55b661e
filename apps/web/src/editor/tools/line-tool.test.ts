import { describe, expect, it } from 'vitest';
import { TestEditor } from './test-editor';

describe('line tool', () => {
  it('takes its points from the origin, with width 4', () => {
    const editor = new TestEditor().tool('line').drag([10, 20], [110, 70]);
    expect(editor.state.markup.lines[0]).toMatchObject({ x: 10, y: 20, points: [0, 0, 100, 50] });
    expect(editor.state.markup.lines[0]?.style.strokeWidth).toBe(4);
  });

  it('draws nothing for a click', () => {
    expect(new TestEditor().tool('line').click([5, 5]).state.markup.lines).toHaveLength(0);
  });
});

describe('arrow tool', () => {
  it('takes its points from the origin, with a 15 × 15 head filled in the stroke colour', () => {
    const editor = new TestEditor().tool('arrow').drag([300, 300], [200, 250]);
    expect(editor.state.markup.arrows[0]).toMatchObject({
      x: 300,
      y: 300,
      points: [0, 0, -100, -50],
      pointerLength: 15,
      pointerWidth: 15,
      style: { stroke: 'red', fill: 'red', strokeWidth: 4 },
    });
    expect(editor.state.selection).toHaveLength(1);
  });
});
