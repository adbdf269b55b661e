// Reads a Chromium trace (Tracing domain JSON) and tells what filled each slow frame of the page's main thread:
// the top-level tasks with what started them (input event, timer, animation frame callback, rendering), their
// self time by trace event, and the JavaScript functions the V8 sampling profiler saw.

interface TraceEvent {
  readonly name: string;
  readonly cat: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  /** Thread (CPU) time: on a loaded machine wall time also counts the moments the thread was not running. */
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly id?: string;
  readonly args?: { data?: Record<string, unknown>; name?: string };
}

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly parent?: number;
}

interface Sample {
  readonly ts: number;
  readonly node: number;
}

export interface SlowFrame {
  readonly start: number;
  readonly ms: number;
  readonly tasks: readonly string[];
  readonly selfByEvent: ReadonlyMap<string, number>;
  readonly functions: ReadonlyMap<string, number>;
  readonly otherThreads: ReadonlyMap<string, number>;
}

const TOP_LEVEL = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/** What started a task, from the first event inside it that says so. */
function describe(event: TraceEvent): string | null {
  const data = event.args?.data ?? {};
  switch (event.name) {
    case 'EventDispatch':
      return `event ${String(data.type)}`;
    case 'FireAnimationFrame':
      return 'animation frame callbacks';
    case 'TimerFire':
      return 'timer';
    case 'FunctionCall':
      return `call ${String(data.functionName || '(anonymous)')} ${String(data.url ?? '')
        .split('/')
        .pop()}:${String(data.lineNumber)}`;
    case 'BeginMainFrame':
    case 'ProxyMain::BeginMainFrame':
      return 'rendering (BeginMainFrame)';
    case 'ParseHTML':
    case 'EvaluateScript':
      return event.name;
    default:
      return null;
  }
}

function add(map: Map<string, number>, key: string, value: number): void {
  map.set(key, (map.get(key) ?? 0) + value);
}

function frameLabel(frame: CallFrame): string {
  const file = (frame.url ?? '').split('/').pop() ?? '';
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
}

/** The V8 samples of one thread, with their timestamps in trace time. */
function cpuSamples(
  events: readonly TraceEvent[],
  pid: number,
  tid: number,
): { samples: Sample[]; nodes: Map<number, ProfileNode> } {
  const nodes = new Map<number, ProfileNode>();
  const samples: Sample[] = [];
  const starts = new Map<string, number>();
  for (const event of events) {
    if (event.pid !== pid || event.tid !== tid || event.name !== 'Profile' || !event.id) continue;
    starts.set(event.id, Number(event.args?.data?.startTime ?? event.ts));
  }
  const clock = new Map<string, number>();
  for (const event of events) {
    if (event.pid !== pid || event.name !== 'ProfileChunk' || !event.id || !starts.has(event.id)) continue;
    const data = event.args?.data as
      { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let ts = clock.get(event.id) ?? starts.get(event.id) ?? 0;
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((node, index) => {
      ts += deltas[index] ?? 0;
      samples.push({ ts, node });
    });
    clock.set(event.id, ts);
  }
  return { samples, nodes };
}

/**
 * Self CPU time of each event name inside [from, to): its thread time minus that of the events nested in it
 * (events that start in the window count whole).
 */
function selfTimes(events: readonly TraceEvent[], from: number, to: number): Map<string, number> {
  const inside = events
    .filter((e) => e.ts >= from && e.ts < to)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const result = new Map<string, number>();
  const stack: Array<{ event: TraceEvent; end: number; child: number }> = [];
  const cpu = (event: TraceEvent) => event.tdur ?? event.dur ?? 0;
  const close = (until: number) => {
    while (stack.length > 0 && (stack[stack.length - 1]?.end ?? 0) <= until) {
      const top = stack.pop();
      if (!top) break;
      add(result, top.event.name, Math.max(0, cpu(top.event) - top.child));
      const parent = stack[stack.length - 1];
      if (parent) parent.child += cpu(top.event);
    }
  };
  for (const event of inside) {
    close(event.ts);
    stack.push({ event, end: event.ts + (event.dur ?? 0), child: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return result;
}

interface Threads {
  readonly main: readonly TraceEvent[];
  readonly others: readonly TraceEvent[];
  readonly names: ReadonlyMap<string, string>;
  readonly samples: readonly Sample[];
  readonly nodes: ReadonlyMap<number, ProfileNode>;
}

/** JavaScript time by function in [from, to), from the sampling profiler (wall time between samples). */
function jsTimes(threads: Threads, from: number, to: number): Map<string, number> {
  const functions = new Map<string, number>();
  const inWindow = threads.samples.filter((s) => s.ts >= from && s.ts < to);
  inWindow.forEach((sample, index) => {
    const next = inWindow[index + 1]?.ts ?? sample.ts;
    const node = threads.nodes.get(sample.node);
    const name = node?.callFrame.functionName;
    if (node && name !== '(idle)' && name !== '(program)')
      add(functions, frameLabel(node.callFrame), (next - sample.ts) / 1000);
  });
  return functions;
}

function otherThreadTimes(threads: Threads, from: number, to: number): Map<string, number> {
  const result = new Map<string, number>();
  for (const e of threads.others) {
    if (e.ts < from || e.ts >= to) continue;
    add(result, threads.names.get(`${e.pid}:${e.tid}`) || `${e.pid}:${e.tid}`, (e.tdur ?? e.dur ?? 0) / 1000);
  }
  return result;
}

/** The outermost tasks in [from, to) with their CPU time and what started them. */
function describeTasks(threads: Threads, from: number, to: number): string[] {
  const tasks = threads.main
    .filter((e) => TOP_LEVEL.has(e.name) && e.ts >= from && e.ts < to)
    .sort((a, b) => a.ts - b.ts);
  const outer = tasks.filter(
    (task) =>
      !tasks.some(
        (other) =>
          other !== task &&
          other.ts <= task.ts &&
          other.ts + (other.dur ?? 0) >= task.ts + (task.dur ?? 0) &&
          (other.dur ?? 0) > (task.dur ?? 0),
      ),
  );
  return outer
    .filter((task) => (task.tdur ?? task.dur ?? 0) >= 1000)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const inside = threads.main.filter((e) => e.ts >= task.ts && e.ts < end);
      const starts = [...new Set(inside.map(describe).filter((d): d is string => d !== null))].slice(0, 4);
      const self = top(
        new Map([...selfTimes(inside, task.ts, end)].map(([name, us]) => [name, us / 1000])),
        4,
        0.5,
      );
      const cpu = ((task.tdur ?? task.dur ?? 0) / 1000).toFixed(1);
      return `+${((task.ts - from) / 1000).toFixed(1)} ms, cpu ${cpu} ms: ${starts.join(', ') || 'other'} [${self}]`;
    });
}

export interface FrameAnalysis {
  readonly frames: number;
  /** Main-thread CPU per event name over the whole interaction, in ms. */
  readonly totalSelf: ReadonlyMap<string, number>;
  readonly totalJs: ReadonlyMap<string, number>;
  readonly totalOthers: ReadonlyMap<string, number>;
  /** CPU per frame window: main thread (top-level tasks) and the display compositor, in ms, sorted. */
  readonly mainCpu: readonly number[];
  readonly vizCpu: readonly number[];
  readonly slow: readonly SlowFrame[];
}

/**
 * Explains the frames longer than `budgetMs`. `intervals` are the page's rAF intervals (frame begin times); mark k
 * was left by the callback that measured interval k − 1, so the work between two marks is what delayed that frame.
 */
export function slowFrames(
  trace: { traceEvents: TraceEvent[] },
  markName: string,
  intervals: readonly number[],
  budgetMs: number,
): FrameAnalysis {
  const events = trace.traceEvents;
  const marks = events
    .filter((e) => e.name === markName && e.cat.includes('user_timing'))
    .sort((a, b) => a.ts - b.ts);
  const first = marks[0];
  const last = marks[marks.length - 1];
  if (!first || !last)
    return {
      frames: 0,
      totalSelf: new Map(),
      totalJs: new Map(),
      totalOthers: new Map(),
      mainCpu: [],
      vizCpu: [],
      slow: [],
    };
  const { pid, tid } = first;
  const names = new Map<string, string>();
  for (const e of events)
    if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, String(e.args?.name ?? ''));
  const threads: Threads = {
    main: events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X'),
    others: events.filter((e) => (e.pid !== pid || e.tid !== tid) && e.ph === 'X' && TOP_LEVEL.has(e.name)),
    names,
    ...cpuSamples(events, pid, tid),
  };
  const toMs = (map: Map<string, number>) => new Map([...map].map(([name, us]) => [name, us / 1000]));
  const slow: SlowFrame[] = [];
  const mainCpu: number[] = [];
  const vizCpu: number[] = [];
  const outerTasks = threads.main.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const cpuIn = (list: readonly TraceEvent[], from: number, to: number) =>
    list.filter((e) => e.ts >= from && e.ts < to).reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) / 1000;
  const vizTasks = threads.others.filter(
    (e) =>
      e.name === 'ThreadControllerImpl::RunTask' &&
      threads.names.get(`${e.pid}:${e.tid}`) === 'VizCompositorThread',
  );
  for (let i = 1; i < marks.length; i += 1) {
    mainCpu.push(cpuIn(outerTasks, marks[i - 1]?.ts ?? 0, marks[i]?.ts ?? 0));
    vizCpu.push(cpuIn(vizTasks, marks[i - 1]?.ts ?? 0, marks[i]?.ts ?? 0));
    // From the start of the task that left the previous mark: the frame's other rAF callbacks may have run first.
    const previous = marks[i - 1]?.ts ?? 0;
    const from =
      threads.main.find((e) => TOP_LEVEL.has(e.name) && e.ts <= previous && e.ts + (e.dur ?? 0) >= previous)
        ?.ts ?? previous;
    const to = marks[i]?.ts ?? 0;
    const ms = intervals[i - 1] ?? (to - from) / 1000;
    if (ms <= budgetMs) continue;
    slow.push({
      start: (from - first.ts) / 1000,
      ms,
      tasks: describeTasks(threads, from, to),
      selfByEvent: toMs(selfTimes(threads.main, from, to)),
      functions: jsTimes(threads, from, to),
      otherThreads: otherThreadTimes(threads, from, to),
    });
  }
  return {
    frames: marks.length - 1,
    totalSelf: toMs(selfTimes(threads.main, first.ts, last.ts)),
    totalJs: jsTimes(threads, first.ts, last.ts),
    totalOthers: otherThreadTimes(threads, first.ts, last.ts),
    mainCpu: mainCpu.sort((a, b) => a - b),
    vizCpu: vizCpu.sort((a, b) => a - b),
    slow,
  };
}

function top(map: ReadonlyMap<string, number>, count: number, minMs: number): string {
  return [...map]
    .filter(([, ms]) => ms >= minMs)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join('; ');
}

/** A readable account: where the interaction's time went, then each slow frame. */
export function formatSlowFrames(result: FrameAnalysis): string {
  const perFrame = (map: ReadonlyMap<string, number>) =>
    new Map([...map].map(([name, ms]) => [name, ms / Math.max(1, result.frames)]));
  const cpu = [...result.totalSelf.values()].reduce((sum, ms) => sum + ms, 0);
  const q = (list: readonly number[], at: number) =>
    (list[Math.min(list.length - 1, Math.floor(at * list.length))] ?? 0).toFixed(1);
  const lines = [
    `${result.frames} frames, ${result.slow.length} slow; main thread CPU ${(cpu / Math.max(1, result.frames)).toFixed(1)} ms per frame`,
    `  CPU per frame (p50 / p90 / max ms): main thread ${q(result.mainCpu, 0.5)} / ${q(result.mainCpu, 0.9)} / ${q(result.mainCpu, 1)}, display compositor ${q(result.vizCpu, 0.5)} / ${q(result.vizCpu, 0.9)} / ${q(result.vizCpu, 1)}`,
    `  per frame, main thread self ms: ${top(perFrame(result.totalSelf), 12, 0.05)}`,
    `  per frame, js ms: ${top(perFrame(result.totalJs), 15, 0.05)}`,
    `  per frame, other threads ms: ${top(perFrame(result.totalOthers), 6, 0.1)}`,
  ];
  for (const frame of result.slow) {
    lines.push(`- frame at +${frame.start.toFixed(0)} ms took ${frame.ms.toFixed(1)} ms`);
    for (const task of frame.tasks) lines.push(`    task ${task}`);
    lines.push(`    main thread self ms: ${top(frame.selfByEvent, 8, 0.5)}`);
    lines.push(`    js ms: ${top(frame.functions, 10, 0.3)}`);
    lines.push(`    other threads cpu ms: ${top(frame.otherThreads, 6, 1)}`);
  }
  return lines.join('\n');
}

export interface SlowFrameCauses {
  readonly slow: number;
  /** Slow frames whose window held more main-thread CPU than one frame (16.7 ms): work too long for a frame. */
  readonly mainBusy: number;
  /** The most main-thread CPU in any slow frame's window, in ms. */
  readonly maxMainCpu: number;
}

/**
 * Tells the two reasons a frame is late apart. If the page's main thread used less CPU in the frame's window
 * than one frame lasts, its own work would have fitted: the frame was late because the renderer, the compositor
 * or the display compositor was not given the CPU in time (on a shared machine, other processes had it).
 */
export function slowFrameCauses(analysis: FrameAnalysis, frameMs = 1000 / 60): SlowFrameCauses {
  const cpu = analysis.slow.map((frame) => [...frame.selfByEvent.values()].reduce((sum, ms) => sum + ms, 0));
  return {
    slow: cpu.length,
    mainBusy: cpu.filter((ms) => ms > frameMs).length,
    maxMainCpu: Math.max(0, ...cpu),
  };
}

/** Trace categories enough for slowFrames and slowFrameCauses, without the sampling profiler. */
export const FRAME_TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
];
