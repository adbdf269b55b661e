import { describe, expect, it } from 'vitest';
import { TestEditor } from './test-editor';

const otherPin = { id: '42', x: 10, y: 10, color: 'blue' as const, originalPosition: { x: 10, y: 10 } };

describe('pin tool', () => {
  it("places a red pin with id 'new' and emits pinCreated", () => {
    const editor = new TestEditor().tool('pin').click([300, 200]);
    expect(editor.state.markup.pin).toEqual({ x: 300, y: 200, color: 'red' });
    expect(editor.eventsOf('pinCreated')).toEqual([
      {
        type: 'pinCreated',
        pin: { id: 'new', x: 300, y: 200, color: 'red', originalPosition: { x: 300, y: 200 } },
      },
    ]);
  });

  it('moves the one pin when placed again, and shows pins if they were hidden', () => {
    const editor = new TestEditor().tool('pin');
    editor.controller.store.setState({ ...editor.state, pinsVisible: false });
    editor.click([1, 2]).click([3, 4]);
    expect(editor.state.markup.pin).toMatchObject({ x: 3, y: 4 });
    expect(editor.state.pinsVisible).toBe(true);
    expect(editor.eventsOf('pinCreated')).toHaveLength(2);
  });

  it('emits pinClicked for a click on a pin in select mode', () => {
    const editor = new TestEditor({ pins: [otherPin] }).tool('select');
    editor.click([10, 10], { target: { kind: 'pin', id: '42' } });
    expect(editor.eventsOf('pinClicked')).toEqual([{ type: 'pinClicked', pin: otherPin }]);
  });

  it("drags the markup's pin in select mode without reporting a click", () => {
    const editor = new TestEditor().tool('pin').click([300, 200]).tool('select');
    editor.drag([300, 200], [350, 260], { target: { kind: 'pin', id: 'new' } });
    expect(editor.state.markup.pin).toMatchObject({ x: 350, y: 260, color: 'red' });
    expect(editor.eventsOf('pinClicked')).toHaveLength(0);
    editor.key('z', { ctrl: true });
    expect(editor.state.markup.pin).toMatchObject({ x: 300, y: 200 });
  });

  it('does not drag other issues pins', () => {
    const editor = new TestEditor({ pins: [otherPin] }).tool('select');
    editor.drag([10, 10], [100, 100], { target: { kind: 'pin', id: '42' } });
    expect(editor.state.pins[0]).toEqual(otherPin);
  });
});
