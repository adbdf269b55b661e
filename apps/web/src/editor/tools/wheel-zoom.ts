import { ZOOM_THROTTLE_MS } from '../model/editor-constants';
import type { ScreenPoint } from '../model/geometry';
import { markupViewpoint, zoomTo } from '../model/view-actions';
import { wheelScale } from '../model/zoom-model';
import type { Clock, TimerHandle } from './clock';
import type { EditorStore } from './editor-store';

/** Wheel zoom around the pointer, one step per 16 ms window with the window's deltas added up. */
export class WheelZoom {
  private pendingDelta = 0;
  private anchor: ScreenPoint | null = null;
  private lastApplied = Number.NEGATIVE_INFINITY;
  private timer: TimerHandle | null = null;

  constructor(
    private readonly store: EditorStore,
    private readonly clock: Clock,
  ) {}

  wheel(deltaY: number, anchor: ScreenPoint): void {
    this.pendingDelta += deltaY;
    this.anchor = anchor;
    const wait = ZOOM_THROTTLE_MS - (this.clock.now() - this.lastApplied);
    if (wait <= 0) this.flush();
    else this.timer ??= this.clock.setTimeout(() => this.flush(), wait);
  }

  private flush(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.lastApplied = this.clock.now();
    const state = this.store.getState();
    const delta = this.pendingDelta;
    this.pendingDelta = 0;
    const next = zoomTo(state, wheelScale(state.viewpoint.scale, delta), this.anchor ?? undefined);
    if (next === state) return;
    this.store.setState(next);
    this.store.emit({ type: 'userChangedViewpoint', viewpoint: markupViewpoint(next) });
  }

  dispose(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
