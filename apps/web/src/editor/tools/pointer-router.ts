import type { ToolId } from '../model/editor-state';
import { screenToPage } from '../model/geometry';
import { startTextEdit } from '../model/shape-actions';
import { moveDivider } from '../model/view-actions';
import type { EditorStore } from './editor-store';
import type { EditorPointer, Tool } from './tool-types';

type Gesture =
  | { readonly name: 'none' }
  | { readonly name: 'tool'; readonly tool: Tool }
  | { readonly name: 'divider'; readonly id: string }
  | {
      readonly name: 'middlePan';
      readonly previousTool: ToolId;
      readonly previousSelection: readonly string[];
    };

export const MIDDLE_BUTTON = 1;

/** Sends each pointer gesture to the one handler that owns it from press to release. */
export class PointerRouter {
  private gesture: Gesture = { name: 'none' };

  constructor(
    private readonly store: EditorStore,
    private readonly tools: Readonly<Record<ToolId, Tool>>,
  ) {}

  get busy(): boolean {
    return this.gesture.name !== 'none';
  }

  down(event: EditorPointer): void {
    if (this.gesture.name !== 'none') return;
    const state = this.store.getState();
    if (event.button === MIDDLE_BUTTON) {
      // The middle button pans for as long as it is held, whatever the tool (spec §4.1).
      this.gesture = { name: 'middlePan', previousTool: state.tool, previousSelection: state.selection };
      this.store.setState({ ...state, tool: 'pan' });
      this.tools.pan.pointerDown(this.store, event);
      return;
    }
    if (event.target.kind === 'divider' && event.button === 0) {
      this.gesture = { name: 'divider', id: event.target.id };
      return;
    }
    const tool = this.tools[state.tool];
    this.gesture = { name: 'tool', tool };
    tool.pointerDown(this.store, event);
    if (!tool.isActive()) this.gesture = { name: 'none' };
  }

  move(event: EditorPointer): void {
    const gesture = this.gesture;
    if (gesture.name === 'middlePan') this.tools.pan.pointerMove(this.store, event);
    else if (gesture.name === 'tool') gesture.tool.pointerMove(this.store, event);
    else if (gesture.name === 'divider') {
      const state = this.store.getState();
      this.store.setState(moveDivider(state, gesture.id, screenToPage(state.viewpoint, event.screen).x));
    }
  }

  up(event: EditorPointer): void {
    const gesture = this.gesture;
    this.gesture = { name: 'none' };
    if (gesture.name === 'tool') gesture.tool.pointerUp(this.store, event);
    if (gesture.name !== 'middlePan') return;
    this.tools.pan.pointerUp(this.store, event);
    const state = this.store.getState();
    this.store.setState({ ...state, tool: gesture.previousTool, selection: gesture.previousSelection });
  }

  doubleClick(event: EditorPointer): void {
    const state = this.store.getState();
    if (state.tool !== 'select' || event.target.kind !== 'shape') return;
    this.store.setState(startTextEdit(state, event.target.id));
  }

  /** Drops the gesture under way; a middle-button pan still gives the tool back. */
  cancel(): void {
    const gesture = this.gesture;
    this.gesture = { name: 'none' };
    if (gesture.name === 'tool') gesture.tool.cancel(this.store);
    if (gesture.name === 'middlePan') {
      this.tools.pan.cancel(this.store);
      const state = this.store.getState();
      this.store.setState({ ...state, tool: gesture.previousTool, selection: gesture.previousSelection });
    }
  }
}
