import type { EditorState, ToolId } from '../model/editor-state';
import type { PagePoint, ScreenPoint } from '../model/geometry';
import type { LinePosition, Pixels } from '../model/image-filters';
import type { MarkupViewpoint, Pin } from '../model/markup-model';

/** What is under the pointer, as the canvas's hit test reports it. */
export type PointerTarget =
  | { readonly kind: 'background' }
  | { readonly kind: 'shape'; readonly id: string }
  | { readonly kind: 'pin'; readonly id: string }
  | { readonly kind: 'transformer' }
  | { readonly kind: 'divider'; readonly id: string };

/** A pointer event in the editor's terms; mouse, pen and (after gesture handling) touch alike. */
export interface EditorPointer {
  readonly screen: ScreenPoint;
  /** 0 primary, 1 middle, 2 secondary. */
  readonly button: number;
  readonly pointerType: 'mouse' | 'pen' | 'touch';
  readonly target: PointerTarget;
  readonly shiftKey: boolean;
}

/** The events the editor emits to its parent (spec §2.1). */
export type EditorEvent =
  | { readonly type: 'pinCreated'; readonly pin: Pin }
  | { readonly type: 'pinClicked'; readonly pin: Pin }
  | { readonly type: 'userChangedViewpoint'; readonly viewpoint: MarkupViewpoint }
  | { readonly type: 'backgroundImageMoved'; readonly offset: { readonly x: number; readonly y: number } }
  | { readonly type: 'linePosition'; readonly from: PagePoint; readonly positions: readonly LinePosition[] };

export type EditorEventType = EditorEvent['type'];

/** What a tool may do: read and replace the state, emit events, and ask the host for a few things. */
export interface ToolContext {
  getState(): EditorState;
  setState(next: EditorState): void;
  emit(event: EditorEvent): void;
  newId(prefix: string): string;
  /** Default text of a new text shape, from the locale. */
  defaultText(): string;
  /** Pixels of the top background image, when the canvas can read them. */
  readBackgroundPixels(): Pixels | null;
}

/** A tool is a small state machine fed with pointer events. */
export interface Tool {
  readonly id: ToolId;
  pointerDown(ctx: ToolContext, event: EditorPointer): void;
  pointerMove(ctx: ToolContext, event: EditorPointer): void;
  pointerUp(ctx: ToolContext, event: EditorPointer): void;
  /** Drops an unfinished gesture (Escape, tool change, a second finger). */
  cancel(ctx: ToolContext): void;
  /** True while a gesture is under way. */
  isActive(): boolean;
}

/** A draggable element takes the press: shapes and pins in select mode, the transformer and dividers always. */
export function landsOnDraggable(state: EditorState, target: PointerTarget): boolean {
  switch (target.kind) {
    case 'background':
      return false;
    case 'transformer':
    case 'divider':
      return true;
    case 'shape':
    case 'pin':
      return state.editing && state.tool === 'select';
  }
}
