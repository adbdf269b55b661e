import { ZOOM_THROTTLE_MS } from '../model/editor-constants';
import type { Clock, TimerHandle } from './clock';

/**
 * Slider changes applied at most once per zoom throttle window (16 ms, about one frame), like wheel steps: a
 * held arrow key or a fast drag of the thumb would otherwise zoom, re-render and redraw several times a frame.
 * The first change in a window is applied at once; later ones wait for the window's end, and only the last counts.
 */
export class SliderZoom {
  private pending: number | null = null;
  private lastApplied = Number.NEGATIVE_INFINITY;
  private timer: TimerHandle | null = null;

  constructor(
    private readonly apply: (value: number) => void,
    private readonly clock: Clock,
  ) {}

  request(value: number): void {
    this.pending = value;
    const wait = ZOOM_THROTTLE_MS - (this.clock.now() - this.lastApplied);
    if (wait <= 0) this.flush();
    else this.timer ??= this.clock.setTimeout(() => this.flush(), wait);
  }

  /** Applies a waiting change now (before saving, so the saved viewpoint is the one the slider shows). */
  flush(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    const value = this.pending;
    this.pending = null;
    if (value === null) return;
    this.lastApplied = this.clock.now();
    this.apply(value);
  }

  /** Drops a waiting change (zoom to fit overrides it). */
  cancel(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }
}
