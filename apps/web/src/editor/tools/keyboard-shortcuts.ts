import type { ToolId } from '../model/editor-state';

export type EditorCommand =
  | { readonly type: 'delete' }
  | { readonly type: 'escape' }
  | { readonly type: 'undo' }
  | { readonly type: 'redo' }
  | { readonly type: 'tool'; readonly tool: ToolId };

/** One letter per tool, as in common drawing tools (V select, H hand, …); documented in docs/editor.md. */
export const TOOL_KEYS: Readonly<Record<string, ToolId>> = {
  v: 'select',
  h: 'pan',
  p: 'pin',
  r: 'rect',
  c: 'circle',
  m: 'highlight',
  l: 'line',
  a: 'arrow',
  t: 'text',
  b: 'alignBackgroundImage',
};

export interface KeyInput {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

/** Ctrl (or Cmd) + Z undoes; Ctrl+Y and Ctrl+Shift+Z redo; Delete/Backspace remove; Escape cancels. */
export function commandForKey(input: KeyInput): EditorCommand | null {
  const key = input.key.toLowerCase();
  const modifier = input.ctrlKey || input.metaKey;
  if (modifier && !input.altKey) {
    if (key === 'z') return input.shiftKey ? { type: 'redo' } : { type: 'undo' };
    if (key === 'y') return { type: 'redo' };
    return null;
  }
  if (input.altKey) return null;
  if (key === 'delete' || key === 'backspace') return { type: 'delete' };
  if (key === 'escape') return { type: 'escape' };
  const tool = TOOL_KEYS[key];
  return tool && !input.shiftKey ? { type: 'tool', tool } : null;
}
