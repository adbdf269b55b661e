import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * Heavy work on untrusted files (IFC conversion, PDF preparation) runs in a child process of its own, watched from
 * here (issue 30 #4, #5, #11):
 * - at nice 19 (every thread of it: started under `nice`), so that it yields the CPU to the API;
 * - with a limit in CPU time, not wall-clock time: on a busy host a starved child is not failed for waiting (a
 *   wall-clock backstop of WALL_CLOCK_FACTOR times the CPU limit still ends a child that hangs without working);
 * - optionally with a limit on its resident memory (array buffers escape V8's heap limit), read from /proc where
 *   there is one; past it the child is killed;
 * - and it exits when its parent dies (child-watchdog.mjs, loaded first in the child), so that a killed worker
 *   leaves no converter behind and a crash-looping one piles none up.
 */
export interface ChildLimits {
  /** CPU time (user + system, ms) the child may use before it is stopped. */
  cpuLimitMs: number;
  /** Resident memory (bytes) past which the child is stopped; none when undefined. */
  memoryLimitBytes?: number | undefined;
}

/** How a watched child ended, with the CPU time it used and the end of what it wrote to stderr. */
export interface ChildEnd<T> {
  ended: 'exited' | 'cpuLimit' | 'wallClockLimit' | 'memoryLimit' | 'failedToStart';
  /** The child's one answer over IPC, when it sent one (runChildWork). */
  answer?: T;
  code: number | null;
  signal: NodeJS.Signals | null;
  cpuMs: number;
  stderr: string;
  error?: Error;
}

/** The wall-clock backstop, as a multiple of the CPU limit. */
export const WALL_CLOCK_FACTOR = 10;
/** How often the child's CPU time and memory are read. */
const WATCH_INTERVAL_MS = 250;
// Linux's USER_HZ is 100 on every architecture Node runs on; pages are 4 KB on the ones Obra supports.
const CLOCK_TICKS = 100;
const PAGE_SIZE = 4096;

/** The watchdog every child loads first (`--import`): it ends the child when its parent is gone. */
export const CHILD_WATCHDOG = fileURLToPath(new URL('./child-watchdog.mjs', import.meta.url));

/** `nice`, where work can be started under it (Linux and most Unixes). */
export function niceCommand(): string | null {
  if (process.platform === 'win32') return null;
  return ['/usr/bin/nice', '/bin/nice'].find((candidate) => fs.existsSync(candidate)) ?? null;
}

/** CPU time (ms) and resident size (bytes) of a process, from /proc; undefined where there is none. */
export function processUsage(pid: number): { cpuMs: number; rssBytes: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces and parentheses).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { cpuMs: (ticks * 1000) / CLOCK_TICKS, rssBytes: Number(fields[21]) * PAGE_SIZE };
  } catch {
    return undefined;
  }
}

/** The environment of a watched child: it knows its parent, so that it can tell when it is orphaned. */
export function childEnvironment(): NodeJS.ProcessEnv {
  return { ...process.env, OBRA_PARENT_PID: String(process.pid) };
}

/** Starts `node <nodeArgs> <script> <args>` at nice 19 under the watchdog, as `spawn` does. */
export function spawnWatchedNode(nodeArgs: string[], script: string, args: string[]): ChildProcess {
  const argv = ['--import', CHILD_WATCHDOG, ...nodeArgs, script, ...args];
  const nice = niceCommand();
  const options = { stdio: ['ignore', 'ignore', 'pipe'] as ('ignore' | 'pipe')[], env: childEnvironment() };
  const child = nice
    ? spawn(nice, ['-n', '19', process.execPath, ...argv], options)
    : spawn(process.execPath, argv, options);
  if (!nice) lowerPriority(child);
  return child;
}

function lowerPriority(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    os.setPriority(child.pid, 19);
  } catch {
    // Not allowed here: the work runs at the server's priority.
  }
}

/** Watches a started child under `limits` until it ends (or is stopped). */
export function superviseChild<T>(child: ChildProcess, limits: ChildLimits): Promise<ChildEnd<T>> {
  return new Promise((resolve) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    let cpuMs = 0;
    let stopped: ChildEnd<T>['ended'] | undefined;
    let answer: T | undefined;
    const stop = (why: 'cpuLimit' | 'wallClockLimit' | 'memoryLimit'): void => {
      stopped ??= why;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const watch = setInterval(() => {
      if (child.pid === undefined) return;
      const usage = processUsage(child.pid);
      if (!usage) return;
      cpuMs = usage.cpuMs;
      if (limits.memoryLimitBytes !== undefined && usage.rssBytes > limits.memoryLimitBytes)
        stop('memoryLimit');
      else if (usage.cpuMs > limits.cpuLimitMs) stop('cpuLimit');
    }, WATCH_INTERVAL_MS);
    // Where /proc cannot be read, the backstop is the only limit.
    const backstop = setTimeout(() => stop('wallClockLimit'), limits.cpuLimitMs * WALL_CLOCK_FACTOR);
    const done = (
      end: Omit<ChildEnd<T>, 'cpuMs' | 'stderr' | 'ended'> & { ended?: ChildEnd<T>['ended'] },
    ) => {
      clearInterval(watch);
      clearTimeout(backstop);
      resolve({
        ended: stopped ?? end.ended ?? 'exited',
        code: end.code,
        signal: end.signal,
        cpuMs,
        stderr,
        ...(answer === undefined ? {} : { answer }),
        ...(end.error ? { error: end.error } : {}),
      });
    };
    child.on('message', (message: T) => {
      answer ??= message;
    });
    child.once('error', (error) => {
      if (child.pid === undefined) done({ ended: 'failedToStart', code: null, signal: null, error });
    });
    child.once('exit', (code, signal) => done({ code, signal }));
  });
}

/**
 * Runs `script` in a watched child process (see the file comment) with one message in (`input`, over IPC) and one
 * answer out (the child's `process.send`); the child's V8 heap is limited to `heapLimitMb`.
 */
export async function runChildWork<T>(
  script: URL,
  input: unknown,
  limits: ChildLimits & { heapLimitMb: number },
): Promise<ChildEnd<T>> {
  const nice = niceCommand();
  const nodeArgs = ['--import', CHILD_WATCHDOG, `--max-old-space-size=${limits.heapLimitMb}`];
  const child = fork(fileURLToPath(script), [], {
    ...(nice
      ? { execPath: nice, execArgv: ['-n', '19', process.execPath, ...nodeArgs] }
      : { execArgv: nodeArgs }),
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    env: childEnvironment(),
  });
  if (!nice) lowerPriority(child);
  const end = superviseChild<T>(child, limits);
  child.send(input as never, (error) => {
    if (error && child.exitCode === null) child.kill('SIGKILL');
  });
  return end;
}
