import {
  createEditorState,
  setEditing,
  setTool,
  type EditorOptions,
  type EditorState,
  type ToolId,
} from '../model/editor-state';
import type { Size } from '../model/geometry';
import { redo, undo } from '../model/history-model';
import {
  deleteSelection,
  finishTextEdit,
  requestSave,
  transformShape,
  type ShapeTransform,
} from '../model/shape-actions';
import { markupViewpoint, resizeView, zoomToFit, zoomToSlider } from '../model/view-actions';
import { createAlignTool } from './align-tool';
import { systemClock, type Clock } from './clock';
import { createDrawTool } from './draw-tool';
import { EditorStore, type StoreHost } from './editor-store';
import { commandForKey, type EditorCommand, type KeyInput } from './keyboard-shortcuts';
import { createPanTool } from './pan-tool';
import { createPinTool } from './pin-tool';
import { PointerRouter } from './pointer-router';
import { createSelectTool } from './select-tool';
import { SliderZoom } from './slider-zoom';
import { createTextTool } from './text-tool';
import type { Tool } from './tool-types';
import { TouchGestures } from './touch-gestures';
import { WheelZoom } from './wheel-zoom';

function createTools(): Record<ToolId, Tool> {
  return {
    select: createSelectTool(),
    pan: createPanTool(),
    pin: createPinTool(),
    rect: createDrawTool('rect'),
    circle: createDrawTool('circle'),
    highlight: createDrawTool('highlight'),
    line: createDrawTool('line'),
    arrow: createDrawTool('arrow'),
    text: createTextTool(),
    alignBackgroundImage: createAlignTool(),
  };
}

const NO_HOST: StoreHost = { defaultText: () => '', readBackgroundPixels: () => null };

/** The editor without a canvas: the React components and the TestEditor both drive it. */
export class EditorController {
  readonly store: EditorStore;
  readonly pointer: PointerRouter;
  readonly wheel: WheelZoom;
  readonly touch: TouchGestures;
  private readonly slider: SliderZoom;

  constructor(options: EditorOptions, host: StoreHost = NO_HOST, clock: Clock = systemClock) {
    this.store = new EditorStore(createEditorState(options), host);
    this.pointer = new PointerRouter(this.store, createTools());
    this.wheel = new WheelZoom(this.store, clock);
    this.touch = new TouchGestures(this.store, this.pointer, clock);
    this.slider = new SliderZoom((value) => this.setZoomSlider(value), clock);
  }

  get state(): EditorState {
    return this.store.getState();
  }

  private viewpointChanged(): void {
    this.store.emit({ type: 'userChangedViewpoint', viewpoint: markupViewpoint(this.state) });
  }

  selectTool(tool: ToolId): void {
    this.pointer.cancel();
    this.store.update((state) => setTool(state, tool));
  }

  setEditing(editing: boolean): void {
    this.pointer.cancel();
    this.store.update((state) => setEditing(state, editing));
  }

  /** Slider and fit are user actions, so they are reported like wheel and pan. */
  setZoomSlider(value: number): void {
    const before = this.state.viewpoint;
    this.store.update((state) => zoomToSlider(state, value));
    if (this.state.viewpoint !== before) this.viewpointChanged();
  }

  /** The slider as a person moves it: at most one zoom per throttle window, the last value winning. */
  requestZoomSlider(value: number): void {
    this.slider.request(value);
  }

  zoomToFit(): void {
    this.slider.cancel();
    this.store.update(zoomToFit);
    this.viewpointChanged();
  }

  resize(size: Size): void {
    this.store.update((state) => resizeView(state, size));
  }

  transform(id: string, transform: ShapeTransform): void {
    this.store.update((state) => transformShape(state, id, transform));
  }

  finishTextEdit(text: string): void {
    this.store.update((state) => finishTextEdit(state, text));
  }

  /** True when saving may go ahead; otherwise the state carries the warning to show. */
  requestSave(): boolean {
    this.slider.flush();
    const result = requestSave(this.state);
    this.store.setState(result.state);
    return result.allowed;
  }

  run(command: EditorCommand): void {
    const state = this.state;
    if (!state.editing || state.editingTextId !== null) return;
    switch (command.type) {
      case 'undo':
        this.store.setState(undo(state));
        return;
      case 'redo':
        this.store.setState(redo(state));
        return;
      case 'delete':
        this.store.setState(deleteSelection(state));
        return;
      case 'escape':
        if (this.pointer.busy) this.pointer.cancel();
        else this.store.setState({ ...state, selection: [] });
        return;
      case 'tool':
        this.selectTool(command.tool);
    }
  }

  /** Returns true when the key was an editor shortcut, so the caller can prevent the browser's default. */
  key(input: KeyInput): boolean {
    const command = commandForKey(input);
    if (!command) return false;
    this.run(command);
    return true;
  }

  dispose(): void {
    this.wheel.dispose();
    this.touch.dispose();
    this.slider.cancel();
  }
}
