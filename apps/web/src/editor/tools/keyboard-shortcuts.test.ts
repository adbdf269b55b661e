import { describe, expect, it } from 'vitest';
import { commandForKey, TOOL_KEYS, type KeyInput } from './keyboard-shortcuts';
import { TestEditor } from './test-editor';

const key = (k: string, mods: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('keyboard shortcuts', () => {
  it('maps undo, both redos, delete and escape', () => {
    expect(commandForKey(key('z', { ctrlKey: true }))).toEqual({ type: 'undo' });
    expect(commandForKey(key('Z', { ctrlKey: true, shiftKey: true }))).toEqual({ type: 'redo' });
    expect(commandForKey(key('y', { ctrlKey: true }))).toEqual({ type: 'redo' });
    expect(commandForKey(key('z', { metaKey: true }))).toEqual({ type: 'undo' });
    expect(commandForKey(key('Delete'))).toEqual({ type: 'delete' });
    expect(commandForKey(key('Backspace'))).toEqual({ type: 'delete' });
    expect(commandForKey(key('Escape'))).toEqual({ type: 'escape' });
    expect(commandForKey(key('c', { ctrlKey: true }))).toBeNull();
    expect(commandForKey(key('r', { altKey: true }))).toBeNull();
  });

  it('has one key per tool', () => {
    expect(new Set(Object.values(TOOL_KEYS)).size).toBe(10);
    expect(commandForKey(key('r'))).toEqual({ type: 'tool', tool: 'rect' });
    expect(commandForKey(key('R', { shiftKey: true }))).toBeNull();
  });

  it('switches tools from the keyboard and reports handled keys', () => {
    const editor = new TestEditor();
    expect(editor.key('a')).toBe(true);
    expect(editor.state.tool).toBe('arrow');
    expect(editor.key('q')).toBe(false);
    editor.controller.setEditing(false);
    editor.key('r');
    expect(editor.state.tool).toBe('pan');
  });
});
