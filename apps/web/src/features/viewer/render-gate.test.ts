import { describe, expect, it } from 'vitest';
import { RenderGate, SETTLE_MS, type GateClock } from './render-gate.ts';

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
