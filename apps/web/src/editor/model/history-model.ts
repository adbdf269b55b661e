import type { EditorState } from './editor-state';
import type { MarkupState } from './markup-model';

/** How many steps back the editor remembers; enough for a session, bounded for memory. */
export const HISTORY_LIMIT = 200;

/** Records `before` as an undo step when the markup changed since then. */
export function recordChange(state: EditorState, before: MarkupState): EditorState {
  if (before === state.markup) return state;
  const past = [...state.past, before].slice(-HISTORY_LIMIT);
  return { ...state, past, future: [] };
}

/** Applies a markup change as one undo step. */
export function changeMarkup(state: EditorState, update: (markup: MarkupState) => MarkupState): EditorState {
  const markup = update(state.markup);
  return recordChange({ ...state, markup }, state.markup);
}

export function canUndo(state: EditorState): boolean {
  return state.past.length > 0 && state.editingTextId === null;
}

export function canRedo(state: EditorState): boolean {
  return state.future.length > 0 && state.editingTextId === null;
}

/** The selection is dropped because the selected shapes may no longer exist. */
export function undo(state: EditorState): EditorState {
  const previous = state.past[state.past.length - 1];
  if (!previous || !canUndo(state)) return state;
  return {
    ...state,
    markup: previous,
    past: state.past.slice(0, -1),
    future: [state.markup, ...state.future],
    selection: [],
  };
}

export function redo(state: EditorState): EditorState {
  const next = state.future[0];
  if (!next || !canRedo(state)) return state;
  return {
    ...state,
    markup: next,
    past: [...state.past, state.markup],
    future: state.future.slice(1),
    selection: [],
  };
}
