// When pdf.js may draw on the main thread (issue 15, frames while zooming and panning): pdf.js draws a tile in slices
// of about 15 ms, each in an animation frame; two tiles drawn at once put two slices in a frame, and a slice in a
// frame where the view moves makes that frame long. The gate lets one slice through per frame, and none while the
// view moves: a moving view draws from the tiles and the page bitmap it already has, and the tiles resume once it
// has stood still for SETTLE_MS.

/** How long the view must stand still before pdf.js draws again (ms). */
export const SETTLE_MS = 150;

export interface GateClock {
  now(): number;
  /** Runs after the next frame (a slice queued now goes into the frame after). */
  nextFrame(run: () => void): void;
  later(run: () => void, ms: number): void;
}

const browserClock: GateClock = {
  now: () => performance.now(),
  nextFrame: (run) => requestAnimationFrame(() => run()),
  later: (run, ms) => void setTimeout(run, ms),
};

export class RenderGate {
  private movingUntil = Number.NEGATIVE_INFINITY;
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  constructor(private readonly clock: GateClock = browserClock) {}

  /** The view moved now (a pan, a zoom step): pdf.js waits until it has stood still for SETTLE_MS. */
  moved(): void {
    this.movingUntil = this.clock.now() + SETTLE_MS;
  }

  /** Whether the view moved less than SETTLE_MS ago. */
  get moving(): boolean {
    return this.clock.now() < this.movingUntil;
  }

  /** Slices waiting their turn. */
  get pending(): number {
    return this.waiting.length;
  }

  /** A render task's next slice (pdf.js's onContinue): run when the gate lets it, one per frame. */
  readonly continueLater = (next: () => void): void => {
    this.waiting.push(next);
    this.schedule();
  };

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    const wait = this.movingUntil - this.clock.now();
    if (wait > 0) {
      this.clock.later(() => {
        this.scheduled = false;
        this.schedule();
      }, wait);
      return;
    }
    this.clock.nextFrame(() => {
      this.scheduled = false;
      if (this.moving) {
        this.schedule();
        return;
      }
      this.waiting.shift()?.();
      this.schedule();
    });
  }
}

/** The gate of every sheet of the page (one main thread). */
export const renderGate = new RenderGate();
