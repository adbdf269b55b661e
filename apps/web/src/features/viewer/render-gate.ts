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

/**
 * How long one slice of pdf.js drawing should last (ms). pdf.js cuts its slices after 15 ms, which with the frame's
 * own work (about 5 ms at 4× CPU throttling) makes every frame that draws a tile miss its deadline: 33 ms frames
 * all the while tiles are drawn. A slice of about 8 ms leaves the frame room.
 */
export const SLICE_MS = 8;
/** The fewest operations in a slice (a slice always moves on). */
const MIN_SLICE_OPS = 10;

/**
 * Sizes a render task's slices in operations so that each lasts about `targetMs`, from the pace of the slices
 * before (operations per ms, the last slices weighing most). `begin` opens a slice at an operation index and sets
 * the break point; `broke` is told where a slice ended at that break point; `ended` is told each slice's end,
 * whoever cut it (pdf.js's own 15 ms, or a wait for a font).
 */
export class SlicePacer {
  private opsPerMs = 20;
  private start: { index: number; at: number } | null = null;
  private brokeAt: number | null = null;
  nextBreakPoint = MIN_SLICE_OPS;

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly targetMs = SLICE_MS,
  ) {}

  begin(index: number): void {
    this.start = { index, at: this.now() };
    this.brokeAt = null;
    this.nextBreakPoint = index + Math.max(MIN_SLICE_OPS, Math.round(this.opsPerMs * this.targetMs));
  }

  broke(index: number): void {
    this.brokeAt = index;
  }

  ended(): void {
    const start = this.start;
    if (!start) return;
    this.start = null;
    const ms = this.now() - start.at;
    if (this.brokeAt !== null) {
      const ops = this.brokeAt - start.index;
      if (ops > 0 && ms > 0) this.opsPerMs = (this.opsPerMs + ops / Math.max(ms, 0.5)) / 2;
    } else if (ms > this.targetMs) {
      // Cut by pdf.js before the break point: the slice was planned too long.
      this.opsPerMs /= 2;
    }
  }
}

/** What of pdf.js 5's internal render task the pacing uses (`RenderTask._internalRenderTask`). */
interface InternalRenderTask {
  _useRequestAnimationFrame: boolean;
  operatorListIdx: number | null;
  stepper?: unknown;
}

/**
 * Sends a pdf.js render task's slices through the gate, each run in the frame the gate lets it through and sized
 * to about SLICE_MS:
 * - pdf.js hands the gate a function that schedules the slice in an animation frame of its own, so a slice let
 *   through in one frame ran in the next one, whether or not the view had started moving in between (the profile
 *   of the wheel zoom showed slices of 15 ms in most frames of the gesture). With its internal task told not to
 *   use animation frames, the slice runs in a microtask right after the gate's frame callback.
 * - pdf.js's debugging hook (`stepper`: a break point at an operation index) ends each slice after the number of
 *   operations that SlicePacer expects to take SLICE_MS.
 * Uses pdf.js 5's internal render task (`_internalRenderTask`); a task of another shape only gets the gate
 * (`onContinue`) with pdf.js's own timing. Answers whether the task was paced.
 */
export function paceRenderTask(
  // pdf.js types onContinue as Function.
  task: { onContinue: unknown },
  gate: RenderGate = renderGate,
  pacer: SlicePacer = new SlicePacer(),
): boolean {
  const internal = (task as { _internalRenderTask?: unknown })._internalRenderTask as
    Partial<InternalRenderTask> | null | undefined;
  if (
    typeof internal !== 'object' ||
    internal === null ||
    typeof internal._useRequestAnimationFrame !== 'boolean' ||
    !('operatorListIdx' in internal) ||
    internal.stepper !== undefined
  ) {
    task.onContinue = gate.continueLater;
    return false;
  }
  internal._useRequestAnimationFrame = false;
  internal.stepper = {
    get nextBreakPoint() {
      return pacer.nextBreakPoint;
    },
    breakIt(index: number, next: () => void) {
      pacer.broke(index);
      next();
    },
    shouldSkip: () => false,
    updateOperatorList: () => undefined,
  };
  task.onContinue = (next: () => void) => {
    pacer.ended();
    gate.continueLater(() => {
      pacer.begin(internal.operatorListIdx ?? 0);
      next();
    });
  };
  return true;
}

/** The gate of every sheet of the page (one main thread). */
export const renderGate = new RenderGate();
