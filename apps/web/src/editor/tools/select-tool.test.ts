import { describe, expect, it } from 'vitest';
import { TestEditor } from './test-editor';

function editorWithRect() {
  const editor = new TestEditor().tool('rect').drag([100, 100], [200, 200]).tool('select');
  const id = editor.state.markup.rects[0]?.id ?? '';
  return { editor, id, target: { kind: 'shape', id } as const };
}

describe('select tool', () => {
  it('selects on press and moves the shape by the drag as one undo step', () => {
    const { editor, id, target } = editorWithRect();
    editor.drag([150, 150], [180, 170], { target });
    expect(editor.state.selection).toEqual([id]);
    expect(editor.state.markup.rects[0]).toMatchObject({ x: 130, y: 120 });
    expect(editor.state.past).toHaveLength(2);
    editor.key('z', { ctrl: true });
    expect(editor.state.markup.rects[0]).toMatchObject({ x: 100, y: 100 });
  });

  it('adds and removes shapes from the selection with shift and clears it on the background', () => {
    const { editor, id, target } = editorWithRect();
    editor.tool('circle').click([500, 500]).tool('select');
    const circle = editor.state.markup.circles[0]?.id ?? '';
    editor
      .click([150, 150], { target })
      .click([500, 500], { target: { kind: 'shape', id: circle }, shiftKey: true });
    expect(editor.state.selection).toEqual([id, circle]);
    editor.click([150, 150], { target, shiftKey: true });
    expect(editor.state.selection).toEqual([circle]);
    editor.click([900, 10]);
    expect(editor.state.selection).toEqual([]);
  });

  it('moves every selected shape together', () => {
    const { editor, target } = editorWithRect();
    editor.tool('circle').click([500, 500]).tool('select');
    const circle = editor.state.markup.circles[0]?.id ?? '';
    editor
      .click([150, 150], { target })
      .click([500, 500], { target: { kind: 'shape', id: circle }, shiftKey: true });
    editor.drag([150, 150], [160, 150], { target });
    expect(editor.state.markup.rects[0]?.x).toBe(110);
    expect(editor.state.markup.circles[0]?.x).toBe(510);
  });

  it('deletes the selection with Delete and restores it with Ctrl+Z, Ctrl+Y redoes', () => {
    const { editor, target } = editorWithRect();
    editor.click([150, 150], { target });
    editor.key('Delete');
    expect(editor.state.markup.rects).toHaveLength(0);
    editor.key('z', { ctrl: true });
    expect(editor.state.markup.rects).toHaveLength(1);
    editor.key('y', { ctrl: true });
    expect(editor.state.markup.rects).toHaveLength(0);
    editor.key('z', { ctrl: true });
    editor.key('z', { ctrl: true, shift: true });
    expect(editor.state.markup.rects).toHaveLength(0);
  });

  it('clears the selection with Escape', () => {
    const { editor, target } = editorWithRect();
    editor.click([150, 150], { target });
    editor.key('Escape');
    expect(editor.state.selection).toEqual([]);
  });

  it('does nothing to shapes without the editing flag', () => {
    const { editor, target } = editorWithRect();
    editor.controller.setEditing(false);
    editor.drag([150, 150], [300, 300], { target });
    expect(editor.state.markup.rects[0]).toMatchObject({ x: 100, y: 100 });
  });

  it('opens the text overlay on double-click of a text only', () => {
    const { editor, target } = editorWithRect();
    editor.doubleClick([150, 150], { target });
    expect(editor.state.editingTextId).toBeNull();
  });
});
