import { changeMarkup } from './history-model';
import type { EditorState } from './editor-state';
import { findShape, removeShapes, upsertShape } from './markup-model';
import { translateShape, type Shape } from './shape-model';

/** Attributes the transformer may change. */
export interface ShapeTransform {
  readonly x: number;
  readonly y: number;
  readonly rotation: number;
  readonly scaleX: number;
  readonly scaleY: number;
}

export function deleteSelection(state: EditorState): EditorState {
  if (state.selection.length === 0 || state.editingTextId !== null) return state;
  const ids = new Set(state.selection);
  return { ...changeMarkup(state, (markup) => removeShapes(markup, ids)), selection: [] };
}

export function moveShape(state: EditorState, id: string, dx: number, dy: number): EditorState {
  const shape = findShape(state.markup, id);
  if (!shape || (dx === 0 && dy === 0)) return state;
  return { ...state, markup: upsertShape(state.markup, translateShape(shape, dx, dy)) };
}

export function transformShape(state: EditorState, id: string, transform: ShapeTransform): EditorState {
  const shape = findShape(state.markup, id);
  if (!shape) return state;
  const next: Shape = { ...shape, ...transform };
  return changeMarkup(state, (markup) => upsertShape(markup, next));
}

/** Double-clicking a text in select mode opens the overlay on it. */
export function startTextEdit(state: EditorState, id: string): EditorState {
  const shape = findShape(state.markup, id);
  if (!shape || shape.kind !== 'text' || !state.editing) return state;
  return { ...state, editingTextId: id, selection: [id], warning: null };
}

/** Saves the overlay's text; an emptied text is removed rather than left as an invisible shape. */
export function finishTextEdit(state: EditorState, text: string): EditorState {
  const id = state.editingTextId;
  const shape = id ? findShape(state.markup, id) : undefined;
  const closed = { ...state, editingTextId: null, warning: null };
  if (!shape || shape.kind !== 'text') return closed;
  if (text.trim() === '') {
    return { ...changeMarkup(closed, (markup) => removeShapes(markup, new Set([shape.id]))), selection: [] };
  }
  if (text === shape.text) return closed;
  return changeMarkup(closed, (markup) => upsertShape(markup, { ...shape, text }));
}

/** Saving is blocked while a text is being edited (spec §4.1, §5.1). */
export function requestSave(state: EditorState): { state: EditorState; allowed: boolean } {
  if (state.editingTextId !== null)
    return { state: { ...state, warning: 'saveBlockedTextEditing' }, allowed: false };
  return { state: { ...state, warning: null }, allowed: true };
}
