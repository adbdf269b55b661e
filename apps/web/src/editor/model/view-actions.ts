import { dragDivider } from './divider-model';
import type { CompareState, EditorState } from './editor-state';
import {
  fitViewpoint,
  screenPoint,
  zoomAround,
  type ScreenPoint,
  type Size,
  type Viewpoint,
} from './geometry';
import type { MarkupViewpoint } from './markup-model';
import { clampScale, isSignificantZoom, sliderToScale } from './zoom-model';

export function setViewpoint(state: EditorState, viewpoint: Viewpoint): EditorState {
  return { ...state, viewpoint };
}

export function panBy(state: EditorState, dx: number, dy: number): EditorState {
  if (dx === 0 && dy === 0) return state;
  const { viewpoint } = state;
  return { ...state, viewpoint: { ...viewpoint, x: viewpoint.x + dx, y: viewpoint.y + dy } };
}

function viewCentre(size: Size): ScreenPoint {
  return screenPoint(size.width / 2, size.height / 2);
}

/** Zooms around a screen point (the view centre by default); changes under 0.005 are ignored. */
export function zoomTo(state: EditorState, scale: number, anchor?: ScreenPoint): EditorState {
  const next = clampScale(scale);
  if (!isSignificantZoom(state.viewpoint.scale, next)) return state;
  return { ...state, viewpoint: zoomAround(state.viewpoint, anchor ?? viewCentre(state.viewSize), next) };
}

export function zoomToSlider(state: EditorState, value: number): EditorState {
  return zoomTo(state, sliderToScale(value));
}

export function zoomToFit(state: EditorState): EditorState {
  return { ...state, viewpoint: fitViewpoint(state.pageSize, state.viewSize) };
}

/** Keeps the page point at the view centre when the container is resized. */
export function resizeView(state: EditorState, viewSize: Size): EditorState {
  const { viewpoint, viewSize: old } = state;
  const x = viewpoint.x + (viewSize.width - old.width) / 2;
  const y = viewpoint.y + (viewSize.height - old.height) / 2;
  return { ...state, viewSize, viewpoint: { ...viewpoint, x, y } };
}

export function togglePins(state: EditorState): EditorState {
  return { ...state, pinsVisible: !state.pinsVisible };
}

export function toggleMarkup(state: EditorState): EditorState {
  return { ...state, markupVisible: !state.markupVisible, selection: [] };
}

/** The viewpoint as saved and as sent with userChangedViewpoint: position, zoom and view size. */
export function markupViewpoint(state: EditorState): MarkupViewpoint {
  return { ...state.viewpoint, width: state.viewSize.width, height: state.viewSize.height };
}

export function updateCompare(state: EditorState, change: Partial<CompareState>): EditorState {
  if (!state.compare) return state;
  return { ...state, compare: { ...state.compare, ...change } };
}

export function moveDivider(state: EditorState, id: string, x: number): EditorState {
  if (!state.compare) return state;
  return updateCompare(state, { dividers: dragDivider(state.compare.dividers, id, x, state.pageSize.width) });
}

export function moveBackgroundImage(state: EditorState, dx: number, dy: number): EditorState {
  if (dx === 0 && dy === 0) return state;
  const { x, y } = state.backgroundOffset;
  return { ...state, backgroundOffset: { x: x + dx, y: y + dy } };
}
