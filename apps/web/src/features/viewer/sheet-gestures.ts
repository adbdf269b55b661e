import { TOOL_IDS, createEditorState, type ToolId } from '../../editor/model/editor-state.ts';
import { distance, type ScreenPoint, type Viewpoint } from '../../editor/model/geometry.ts';
import { systemClock, type Clock } from '../../editor/tools/clock.ts';
import { EditorStore } from '../../editor/tools/editor-store.ts';
import { createPanTool } from '../../editor/tools/pan-tool.ts';
import { PointerRouter } from '../../editor/tools/pointer-router.ts';
import type { Tool } from '../../editor/tools/tool-types.ts';
import { TouchGestures } from '../../editor/tools/touch-gestures.ts';

/** Finger travel (px) under which a touch is a tap (a pick), not a pan. */
export const TAP_TOLERANCE = 4;

export interface SheetGestureHost {
  /** The view changed by a gesture (screen = page × scale + (x, y)). */
  onView(view: Viewpoint): void;
  /** A tap at a screen point of the sheet. */
  onTap(at: ScreenPoint): void;
}

/**
 * The editor's touch gestures (spec editor §4.3, §9) on the viewer's sheet: the same state machine
 * (`TouchGestures`: one finger after 200 ms, two fingers pinch-zoom around their midpoint with the throttle
 * multiplier and pan past the thresholds, 200 ms of ignored touches after a pinch) drives an editor store whose only
 * use here is its viewpoint, kept equal to the viewer's view. One finger pans the sheet; a tap picks.
 */
export class SheetGestures {
  readonly store: EditorStore;
  readonly touch: TouchGestures;
  private pushed: Viewpoint | null = null;
  private readonly unsubscribe: () => void;

  constructor(view: Viewpoint, host: SheetGestureHost, clock: Clock = systemClock) {
    const initial = createEditorState({
      pageSize: { width: 1, height: 1 },
      viewSize: { width: 1, height: 1 },
      editing: false,
    });
    this.store = new EditorStore(
      { ...initial, viewpoint: view },
      { defaultText: () => '', readBackgroundPixels: () => null },
    );
    const tool = viewerTool(host);
    const tools = Object.fromEntries(TOOL_IDS.map((id) => [id, tool])) as Record<ToolId, Tool>;
    this.touch = new TouchGestures(this.store, new PointerRouter(this.store, tools), clock);
    this.pushed = this.store.getState().viewpoint;
    this.unsubscribe = this.store.subscribe(() => {
      const viewpoint = this.store.getState().viewpoint;
      if (viewpoint === this.pushed) return;
      this.pushed = viewpoint;
      host.onView(viewpoint);
    });
  }

  /** The viewer's view changed (wheel, slider, keys, a mouse drag): the gestures go on from it. */
  setView(view: Viewpoint): void {
    const current = this.store.getState().viewpoint;
    if (current.scale === view.scale && current.x === view.x && current.y === view.y) return;
    const viewpoint = { scale: view.scale, x: view.x, y: view.y };
    this.pushed = viewpoint;
    this.store.setState({ ...this.store.getState(), viewpoint });
  }

  dispose(): void {
    this.unsubscribe();
    this.touch.dispose();
  }
}

/** The one tool of the viewer: the editor's pan tool, and a press released where it began is a tap. */
function viewerTool(host: SheetGestureHost): Tool {
  const pan = createPanTool();
  let start: ScreenPoint | null = null;
  let travelled = 0;
  return {
    id: 'pan',
    isActive: () => pan.isActive(),
    pointerDown(ctx, event) {
      start = event.screen;
      travelled = 0;
      pan.pointerDown(ctx, event);
    },
    pointerMove(ctx, event) {
      if (start) travelled = Math.max(travelled, distance(start, event.screen));
      pan.pointerMove(ctx, event);
    },
    pointerUp(ctx, event) {
      const tap = start !== null && travelled < TAP_TOLERANCE;
      start = null;
      pan.pointerUp(ctx, event);
      if (tap) host.onTap(event.screen);
    },
    cancel(ctx) {
      start = null;
      pan.cancel(ctx);
    },
  };
}
