import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { EditorState } from '../model/editor-state';
import type { Viewpoint } from '../model/geometry';
import { scaleToSlider } from '../model/zoom-model';
import type { EditorStore } from '../tools/editor-store';

type Equal<T> = (a: T, b: T) => boolean;

const noopSubscribe = () => () => undefined;

/**
 * Part of the editor state for one component: the component re-renders only when `select` gives a value that
 * `equal` calls different. Panning and zooming change the viewpoint on every frame; with this, only the
 * components that show the view re-render then, not the whole editor. `select` and `equal` must be stable
 * (module functions or memoised).
 */
export function useEditorSelector<T>(
  store: EditorStore | null,
  select: (state: EditorState) => T,
  equal: Equal<T> = Object.is,
): T | null {
  const last = useRef<{ state: EditorState; value: T } | null>(null);
  const getSnapshot = useCallback((): T | null => {
    if (!store) return null;
    const state = store.getState();
    const previous = last.current;
    if (previous?.state === state) return previous.value;
    const selected = select(state);
    const value = previous && equal(previous.value, selected) ? previous.value : selected;
    last.current = { state, value };
    return value;
  }, [store, select, equal]);
  return useSyncExternalStore(store?.subscribe ?? noopSubscribe, getSnapshot);
}

export const selectState = (state: EditorState): EditorState => state;

/** Equal when nothing but the viewpoint differs: what the editor's frame and panels show stays the same. */
export function sameExceptViewpoint(a: EditorState, b: EditorState): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as Array<keyof EditorState>;
  return (
    keys.length === Object.keys(b).length && keys.every((key) => key === 'viewpoint' || a[key] === b[key])
  );
}

export const selectViewpoint = (state: EditorState): Viewpoint => state.viewpoint;

export const selectScale = (state: EditorState): number => state.viewpoint.scale;

/** The zoom slider's value: it changes once per slider step, not with every pan. */
export const selectSliderValue = (state: EditorState): number =>
  Math.round(scaleToSlider(state.viewpoint.scale));
