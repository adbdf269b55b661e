import { DEFAULT_STROKE } from './editor-constants';
import { createDividers, type Divider } from './divider-model';
import { fitViewpoint, IDENTITY_VIEWPOINT, type Size, type Viewpoint } from './geometry';
import { EMPTY_MARKUP, type MarkupState, type Pin } from './markup-model';

export const TOOL_IDS = [
  'select',
  'pan',
  'pin',
  'rect',
  'circle',
  'highlight',
  'line',
  'arrow',
  'text',
  'alignBackgroundImage',
] as const;
export type ToolId = (typeof TOOL_IDS)[number];

export type Cursor = 'move' | 'default' | 'crosshair';

/** How the second image is laid over the first in compare mode. */
export interface CompareState {
  readonly mode: 'split' | 'overlay';
  readonly dividers: readonly Divider[];
  /** Transform of the overlaid (second) image relative to the first. */
  readonly overlayScale: number;
  readonly overlayRotation: number;
  readonly overlayOpacity: number;
  readonly whiteToTransparent: boolean;
  readonly liftNearBlack: boolean;
}

export interface EditorState {
  readonly markup: MarkupState;
  readonly selection: readonly string[];
  readonly viewpoint: Viewpoint;
  readonly viewSize: Size;
  readonly pageSize: Size;
  readonly tool: ToolId;
  readonly strokeColor: string;
  /** The host's editing flag; without it the editor only shows and pans. */
  readonly editing: boolean;
  readonly editingTextId: string | null;
  readonly pinsVisible: boolean;
  readonly markupVisible: boolean;
  /** Pins of other issues shown on the drawing; the markup's own pin lives in markup.pin. */
  readonly pins: readonly Pin[];
  readonly compare: CompareState | null;
  /** Offset of the top background image set by the align tool: the only image, or the overlaid one. */
  readonly backgroundOffset: { readonly x: number; readonly y: number };
  readonly warning: 'saveBlockedTextEditing' | null;
  readonly past: readonly MarkupState[];
  readonly future: readonly MarkupState[];
}

export interface EditorOptions {
  readonly pageSize: Size;
  readonly viewSize: Size;
  readonly markup?: MarkupState;
  readonly editing?: boolean;
  readonly pins?: readonly Pin[];
  readonly compare?: boolean;
}

/**
 * A new editor shows the saved viewpoint when there is one, else the whole page. A viewpoint saved in a view of
 * another size keeps the page point that was at the centre of that view at the centre of this one (as resizing
 * the view does); placed by its top-left corner, it opened off by half the difference of the two views.
 */
export function createEditorState(options: EditorOptions): EditorState {
  const markup = options.markup ?? EMPTY_MARKUP;
  const editing = options.editing ?? true;
  const saved = markup.viewpoint;
  const viewpoint = saved
    ? {
        x: saved.x + centreShift(saved.width, options.viewSize.width),
        y: saved.y + centreShift(saved.height, options.viewSize.height),
        scale: saved.scale,
      }
    : fitViewpoint(options.pageSize, options.viewSize);
  return {
    markup,
    selection: [],
    viewpoint: viewpoint.scale > 0 ? viewpoint : IDENTITY_VIEWPOINT,
    viewSize: options.viewSize,
    pageSize: options.pageSize,
    tool: editing ? 'select' : 'pan',
    strokeColor: DEFAULT_STROKE,
    editing,
    editingTextId: null,
    pinsVisible: true,
    markupVisible: true,
    pins: options.pins ?? [],
    compare: options.compare ? createCompareState(options.pageSize.width) : null,
    backgroundOffset: { x: 0, y: 0 },
    warning: null,
    past: [],
    future: [],
  };
}

/** How far a view of `savedSize` moves to keep its centre in a view of `size`; none when the saved size is unknown. */
function centreShift(savedSize: number, size: number): number {
  return Number.isFinite(savedSize) && savedSize > 0 ? (size - savedSize) / 2 : 0;
}

export function createCompareState(width: number): CompareState {
  return {
    mode: 'split',
    dividers: createDividers(width),
    overlayScale: 1,
    overlayRotation: 0,
    overlayOpacity: 1,
    whiteToTransparent: true,
    liftNearBlack: false,
  };
}

/** Pan moves, select and align point, every drawing tool aims (spec §4.1). */
export function cursorFor(tool: ToolId): Cursor {
  if (tool === 'pan') return 'move';
  if (tool === 'select' || tool === 'alignBackgroundImage') return 'default';
  return 'crosshair';
}

/** Shapes and pins are draggable and listening only in select mode (spec §4.1). */
export function shapesInteractive(state: EditorState): boolean {
  return state.editing && state.tool === 'select';
}

/** Choosing a tool clears the selection; without the editing flag only pan is available. */
export function setTool(state: EditorState, tool: ToolId): EditorState {
  const next = state.editing ? tool : 'pan';
  return { ...state, tool: next, selection: [] };
}

/** Leaving edit mode switches to pan (spec §4.1). */
export function setEditing(state: EditorState, editing: boolean): EditorState {
  if (editing === state.editing) return state;
  if (!editing) return { ...state, editing, tool: 'pan', selection: [], editingTextId: null };
  return { ...state, editing, tool: 'select' };
}

export function selectShapes(state: EditorState, ids: readonly string[]): EditorState {
  return { ...state, selection: ids };
}

export function setStrokeColor(state: EditorState, strokeColor: string): EditorState {
  return { ...state, strokeColor };
}

export function setPins(state: EditorState, pins: readonly Pin[]): EditorState {
  return { ...state, pins };
}

export function dismissWarning(state: EditorState): EditorState {
  return { ...state, warning: null };
}
