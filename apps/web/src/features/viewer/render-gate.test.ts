import { describe, expect, it } from 'vitest';
import { RenderGate, SETTLE_MS, SlicePacer, paceRenderTask, type GateClock } from './render-gate.ts';

/** A hand-driven clock: frames and timers run when the test says. */
function fakeClock() {
  let now = 0;
  let frames: (() => void)[] = [];
  let timers: { at: number; run: () => void }[] = [];
  const clock: GateClock = {
    now: () => now,
    nextFrame: (run) => frames.push(run),
    later: (run, ms) => timers.push({ at: now + ms, run }),
  };
  return {
    clock,
    frame() {
      now += 16;
      const due = frames;
      frames = [];
      for (const run of due) run();
    },
    advance(ms: number) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const t of due) t.run();
    },
  };
}

describe('render gate', () => {
  it('lets one slice through per frame', () => {
    const time = fakeClock();
    const gate = new RenderGate(time.clock);
    const ran: string[] = [];
    gate.continueLater(() => ran.push('a'));
    gate.continueLater(() => ran.push('b'));
    expect(ran).toEqual([]);
    time.frame();
    expect(ran).toEqual(['a']);
    time.frame();
    expect(ran).toEqual(['a', 'b']);
    expect(gate.pending).toBe(0);
  });

  it('holds slices while the view moves and resumes once it has stood still', () => {
    const time = fakeClock();
    const gate = new RenderGate(time.clock);
    const ran: string[] = [];
    gate.moved();
    gate.continueLater(() => ran.push('a'));
    time.frame();
    expect(ran).toEqual([]);
    // Still moving: each move pushes the resumption back.
    time.advance(SETTLE_MS - 20);
    gate.moved();
    time.advance(SETTLE_MS - 20);
    time.frame();
    expect(ran).toEqual([]);
    expect(gate.moving).toBe(true);
    time.advance(SETTLE_MS);
    expect(gate.moving).toBe(false);
    time.frame();
    expect(ran).toEqual(['a']);
  });

  it('does not run a slice in a frame where the view started moving', () => {
    const time = fakeClock();
    const gate = new RenderGate(time.clock);
    const ran: string[] = [];
    gate.continueLater(() => ran.push('a'));
    gate.moved();
    time.frame();
    expect(ran).toEqual([]);
    time.advance(SETTLE_MS);
    time.frame();
    expect(ran).toEqual(['a']);
  });
});

describe('slice pacing', () => {
  it('sizes slices from the pace of the ones before', () => {
    let now = 0;
    const pacer = new SlicePacer(() => now, 8);
    pacer.begin(0);
    const first = pacer.nextBreakPoint;
    expect(first).toBeGreaterThan(0);
    // The first slice did its operations in 2 ms: four times quicker than planned, the next slice plans more.
    now += 2;
    pacer.broke(first);
    pacer.ended();
    pacer.begin(first);
    const second = pacer.nextBreakPoint - first;
    expect(second).toBeGreaterThan(first);
    // A slice cut by pdf.js (15 ms) before its break point: the next one plans half as many operations.
    now += 15;
    pacer.ended();
    pacer.begin(first + 50);
    expect(pacer.nextBreakPoint - (first + 50)).toBe(Math.round(second / 2));
  });

  it('always moves on by some operations', () => {
    let now = 0;
    const pacer = new SlicePacer(() => now, 8);
    for (let i = 0; i < 20; i += 1) {
      pacer.begin(100);
      now += 1000;
      pacer.ended();
    }
    pacer.begin(100);
    expect(pacer.nextBreakPoint).toBeGreaterThan(100);
  });

  it("runs a pdf.js task's slices through the gate, in the gate's frame, cut at the pacer's break point", async () => {
    const time = fakeClock();
    const gate = new RenderGate(time.clock);
    const internal: {
      _useRequestAnimationFrame: boolean;
      operatorListIdx: number | null;
      stepper?: unknown;
    } = {
      _useRequestAnimationFrame: true,
      operatorListIdx: 0,
    };
    const task = { _internalRenderTask: internal, onContinue: null as ((next: () => void) => void) | null };
    const pacer = new SlicePacer(() => 0, 8);
    expect(paceRenderTask(task, gate, pacer)).toBe(true);
    expect(internal._useRequestAnimationFrame).toBe(false);
    const stepper = internal.stepper as {
      nextBreakPoint: number;
      breakIt(index: number, next: () => void): void;
      shouldSkip(index: number): boolean;
    };
    expect(stepper.shouldSkip(3)).toBe(false);
    // pdf.js asks to continue: nothing runs before the gate's frame, which opens the slice at the task's index.
    const slices: number[] = [];
    task.onContinue?.(() => slices.push(stepper.nextBreakPoint));
    expect(slices).toEqual([]);
    time.frame();
    expect(slices).toEqual([pacer.nextBreakPoint]);
    // The slice reaches the break point: pdf.js's continue goes back through the gate.
    internal.operatorListIdx = stepper.nextBreakPoint;
    stepper.breakIt(stepper.nextBreakPoint, () =>
      task.onContinue?.(() => slices.push(stepper.nextBreakPoint)),
    );
    gate.moved();
    time.frame();
    expect(slices).toHaveLength(1);
    time.advance(SETTLE_MS);
    time.frame();
    expect(slices).toHaveLength(2);
    expect(slices[1]).toBeGreaterThan(internal.operatorListIdx);
  });

  it('leaves a task of another shape with the gate and pdf.js timing', () => {
    const gate = new RenderGate(fakeClock().clock);
    const task = {
      _internalRenderTask: { useRaf: true },
      onContinue: null as ((next: () => void) => void) | null,
    };
    expect(paceRenderTask(task, gate)).toBe(false);
    expect(task.onContinue).toBe(gate.continueLater);
    expect(task._internalRenderTask).toEqual({ useRaf: true });
  });
});
