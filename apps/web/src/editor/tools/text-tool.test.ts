import { describe, expect, it } from 'vitest';
import { TestEditor } from './test-editor';

describe('text tool', () => {
  it('writes the locale default text, opens the overlay and returns to select', () => {
    const editor = new TestEditor({ defaultText: 'Type here' }).tool('text').click([40, 50]);
    const text = editor.state.markup.texts[0];
    expect(text).toMatchObject({ x: 40, y: 50, text: 'Type here', fontSize: 30, fontFamily: 'Calibri' });
    expect(editor.state.tool).toBe('select');
    expect(editor.state.editingTextId).toBe(text?.id);
    expect(editor.state.selection).toEqual([text?.id]);
  });

  it('scales the text inverse to the zoom so it reads 30 px on screen', () => {
    const editor = new TestEditor();
    editor.controller.store.setState({ ...editor.state, viewpoint: { x: 0, y: 0, scale: 0.5 } });
    editor.tool('text').click([40, 50]);
    expect(editor.state.markup.texts[0]).toMatchObject({ x: 80, y: 100, scaleX: 2, scaleY: 2 });
  });

  it('saves the edited text; an emptied text is removed', () => {
    const editor = new TestEditor().tool('text').click([40, 50]);
    editor.controller.finishTextEdit('Clash here');
    expect(editor.state.markup.texts[0]?.text).toBe('Clash here');
    expect(editor.state.editingTextId).toBeNull();
    editor.doubleClick([40, 50], { target: { kind: 'shape', id: editor.state.markup.texts[0]?.id ?? '' } });
    expect(editor.state.editingTextId).not.toBeNull();
    editor.controller.finishTextEdit('  ');
    expect(editor.state.markup.texts).toHaveLength(0);
  });

  it('blocks saving while editing, with the warning, and allows it afterwards', () => {
    const editor = new TestEditor().tool('text').click([40, 50]);
    expect(editor.controller.requestSave()).toBe(false);
    expect(editor.state.warning).toBe('saveBlockedTextEditing');
    editor.controller.finishTextEdit('done');
    expect(editor.controller.requestSave()).toBe(true);
    expect(editor.state.warning).toBeNull();
  });

  it('ignores shortcuts while the overlay is open', () => {
    const editor = new TestEditor().tool('text').click([40, 50]);
    editor.key('Delete');
    editor.key('z', { ctrl: true });
    expect(editor.state.markup.texts).toHaveLength(1);
  });
});
