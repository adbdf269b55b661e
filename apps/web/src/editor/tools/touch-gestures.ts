import {
  TOUCH_END_DELAY_MS,
  TOUCH_PAN_START_THRESHOLD_PX,
  TOUCH_PAN_WHILE_ZOOMING_THRESHOLD_PX,
  TOUCH_START_DELAY_MS,
  ZOOM_THROTTLE_MS,
} from '../model/editor-constants';
import type { ToolId } from '../model/editor-state';
import { distance, midpoint, zoomAround, type ScreenPoint } from '../model/geometry';
import { markupViewpoint, panBy } from '../model/view-actions';
import { isSignificantZoom, pinchScale } from '../model/zoom-model';
import type { Clock, TimerHandle } from './clock';
import type { EditorStore } from './editor-store';
import type { PointerRouter } from './pointer-router';
import type { EditorPointer } from './tool-types';

interface Pinch {
  readonly name: 'pinch';
  readonly previousTool: ToolId;
  readonly startMid: ScreenPoint;
  lastMid: ScreenPoint;
  lastDistance: number;
  lastZoomAt: number;
  panning: boolean;
  zoomed: boolean;
}

type Phase =
  | { readonly name: 'idle' }
  | { readonly name: 'pending'; readonly start: ScreenPoint; last: ScreenPoint; readonly timer: TimerHandle }
  | { readonly name: 'single'; last: ScreenPoint }
  | Pinch
  | { readonly name: 'ending'; readonly timer: TimerHandle };

function touchPointer(screen: ScreenPoint): EditorPointer {
  return { screen, button: 0, pointerType: 'touch', target: { kind: 'background' }, shiftKey: false };
}

/**
 * One finger acts as the pointer after 200 ms, so a second finger arriving in time starts a pinch instead of a
 * stray shape; two fingers zoom and pan; after a pinch, touches are ignored for 200 ms (spec §4.3).
 */
export class TouchGestures {
  private phase: Phase = { name: 'idle' };

  constructor(
    private readonly store: EditorStore,
    private readonly router: PointerRouter,
    private readonly clock: Clock,
  ) {}

  get phaseName(): Phase['name'] {
    return this.phase.name;
  }

  start(touches: readonly ScreenPoint[]): void {
    const [first, second] = touches;
    if (!first || this.phase.name === 'ending' || this.phase.name === 'pinch') return;
    if (second) {
      this.beginPinch(first, second);
      return;
    }
    if (this.phase.name !== 'idle') return;
    const timer = this.clock.setTimeout(() => this.promote(), TOUCH_START_DELAY_MS);
    this.phase = { name: 'pending', start: first, last: first, timer };
  }

  move(touches: readonly ScreenPoint[]): void {
    const [first, second] = touches;
    if (!first) return;
    const phase = this.phase;
    if (phase.name === 'pending') phase.last = first;
    else if (phase.name === 'single') {
      phase.last = first;
      this.router.move(touchPointer(first));
    } else if (phase.name === 'pinch' && second) this.pinchMove(phase, first, second);
  }

  /** `remaining` is the number of fingers still down. */
  end(remaining: number): void {
    const phase = this.phase;
    if (phase.name === 'pending' && remaining === 0) {
      // A tap shorter than the delay still counts as a press and release at the same spot.
      this.clock.clearTimeout(phase.timer);
      this.phase = { name: 'idle' };
      this.router.down(touchPointer(phase.start));
      this.router.up(touchPointer(phase.last));
    } else if (phase.name === 'single' && remaining === 0) {
      this.phase = { name: 'idle' };
      this.router.up(touchPointer(phase.last));
    } else if (phase.name === 'pinch' && remaining < 2) this.endPinch(phase);
  }

  dispose(): void {
    const phase = this.phase;
    if (phase.name === 'pending' || phase.name === 'ending') this.clock.clearTimeout(phase.timer);
    this.phase = { name: 'idle' };
  }

  private promote(): void {
    const phase = this.phase;
    if (phase.name !== 'pending') return;
    this.phase = { name: 'single', last: phase.last };
    this.router.down(touchPointer(phase.start));
    if (phase.last !== phase.start) this.router.move(touchPointer(phase.last));
  }

  private beginPinch(a: ScreenPoint, b: ScreenPoint): void {
    const phase = this.phase;
    if (phase.name === 'pending') this.clock.clearTimeout(phase.timer);
    if (phase.name === 'single') this.router.cancel();
    const state = this.store.getState();
    const mid = midpoint(a, b);
    this.phase = {
      name: 'pinch',
      previousTool: state.tool,
      startMid: mid,
      lastMid: mid,
      lastDistance: distance(a, b),
      lastZoomAt: Number.NEGATIVE_INFINITY,
      panning: false,
      zoomed: false,
    };
    this.store.setState({ ...state, tool: 'pan' });
  }

  private pinchMove(pinch: Pinch, a: ScreenPoint, b: ScreenPoint): void {
    const mid = midpoint(a, b);
    const now = this.clock.now();
    let state = this.store.getState();
    const gap = distance(a, b);
    if (pinch.lastDistance > 0 && now - pinch.lastZoomAt >= ZOOM_THROTTLE_MS) {
      const scale = pinchScale(state.viewpoint.scale, gap / pinch.lastDistance);
      if (isSignificantZoom(state.viewpoint.scale, scale)) {
        state = { ...state, viewpoint: zoomAround(state.viewpoint, mid, scale) };
        pinch.lastDistance = gap;
        pinch.lastZoomAt = now;
        pinch.zoomed = true;
      }
    }
    const threshold = pinch.zoomed ? TOUCH_PAN_WHILE_ZOOMING_THRESHOLD_PX : TOUCH_PAN_START_THRESHOLD_PX;
    if (!pinch.panning && distance(mid, pinch.startMid) > threshold) pinch.panning = true;
    if (pinch.panning) state = panBy(state, mid.x - pinch.lastMid.x, mid.y - pinch.lastMid.y);
    pinch.lastMid = mid;
    this.store.setState(state);
  }

  private endPinch(pinch: Pinch): void {
    const timer = this.clock.setTimeout(() => {
      this.phase = { name: 'idle' };
    }, TOUCH_END_DELAY_MS);
    this.phase = { name: 'ending', timer };
    const state = this.store.getState();
    this.store.setState({ ...state, tool: pinch.previousTool });
    if (pinch.zoomed || pinch.panning) {
      this.store.emit({ type: 'userChangedViewpoint', viewpoint: markupViewpoint(this.store.getState()) });
    }
  }
}
