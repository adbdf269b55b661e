// What the issue-list benchmark runs inside the page, as plain strings (tsx would wrap named functions with a
// helper that does not exist in the page): long tasks through the Long Tasks API, rAF frame intervals, and a
// watcher that notes when the list first shows 500 rows and when every issue has loaded.
import type { Page } from '@playwright/test';

/** Installed before any page script: collects every long task (over 50 ms of main-thread work). */
export const INIT_SCRIPT = `(() => {
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {}
  window.__watch = (expected) => {
    const marks = { start: performance.now(), first: null, complete: null };
    window.__marks = marks;
    const tick = () => {
      const count = document.querySelector('[data-testid="issue-count"]');
      const total = count ? Number(count.getAttribute('data-total')) : 0;
      const rows = document.querySelectorAll('[data-testid="issue-row"]').length;
      const now = performance.now();
      if (marks.first === null && total >= Math.min(500, expected) && rows > 0) marks.first = now;
      if (marks.complete === null && total >= expected && rows > 0 && document.querySelector('[data-testid="issue-list-complete"]')) marks.complete = now;
      if (marks.complete === null) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  // A cold load is watched from the navigation itself (page clock 0).
  const expected = Number(localStorage.getItem('bench.expected') || 0);
  if (expected > 0 && location.pathname.endsWith('/issues')) {
    window.__watch(expected);
    window.__marks.start = 0;
  }
})()`;

const START_FRAMES = `(() => {
  window.__frames = [];
  window.__recording = true;
  window.__phaseStart = performance.now();
  let last = performance.now();
  const tick = (now) => {
    window.__frames.push(now - last);
    last = now;
    if (window.__recording) requestAnimationFrame(tick);
  };
  requestAnimationFrame((now) => { last = now; requestAnimationFrame(tick); });
})()`;

const STOP_FRAMES = `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
  window.__recording = false;
  const start = window.__phaseStart;
  const end = performance.now();
  resolve({ frames: window.__frames, longTasks: window.__longTasks.filter((t) => t.start >= start && t.start <= end) });
})))`;

/** Frame and long-task figures of one phase. */
export interface PhaseStats {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  /** Frames longer than 50 ms. */
  over50: number;
  longTasks: number;
  longestTask: number;
}

function summarise(frames: readonly number[], longTasks: readonly { duration: number }[]): PhaseStats {
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    frames: frames.length,
    p50: at(0.5),
    p95: at(0.95),
    max: sorted.at(-1) ?? 0,
    over50: frames.filter((f) => f > 50).length,
    longTasks: longTasks.length,
    longestTask: Math.max(0, ...longTasks.map((t) => t.duration)),
  };
}

/** Runs `action` while recording frames and long tasks. */
export async function measurePhase(page: Page, action: () => Promise<void>): Promise<PhaseStats> {
  await page.evaluate(START_FRAMES);
  await action();
  const { frames, longTasks } = (await page.evaluate(STOP_FRAMES)) as {
    frames: number[];
    longTasks: { duration: number }[];
  };
  return summarise(frames, longTasks);
}

/** Starts watching the list; `readMarks` then tells when 500 rows showed and when everything loaded. */
export async function watchList(page: Page, expected: number): Promise<void> {
  await page.evaluate(`window.__watch(${expected})`);
}

/** The page clock when the watch started, when 500 rows first showed, and when the whole list had loaded. */
export async function readMarks(
  page: Page,
  timeout = Number(process.env.BENCH_TIMEOUT_MS ?? 180_000),
): Promise<{ start: number; first: number; complete: number }> {
  // Polled from here: the app's content security policy forbids the string predicates of waitForFunction.
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    const marks = (await page.evaluate('window.__marks || null')) as {
      start: number;
      first: number | null;
      complete: number | null;
    } | null;
    if (marks && marks.first !== null && marks.complete !== null)
      return { start: marks.start, first: marks.first, complete: marks.complete };
    await page.waitForTimeout(100);
  }
  const state = await page.evaluate(
    `JSON.stringify({ watch: typeof window.__watch, lt: typeof window.__longTasks, expected: localStorage.getItem('bench.expected'), marks: window.__marks || null, path: location.pathname, count: document.querySelector('[data-testid="issue-count"]')?.outerHTML ?? null, rows: document.querySelectorAll('[data-testid="issue-row"]').length, complete: !!document.querySelector('[data-testid="issue-list-complete"]') })`,
  );
  await page.screenshot({ path: 'test-results/web-issues-bench-failure.png' });
  throw new Error(`the list did not finish loading: ${String(state)}`);
}

/** The long tasks seen so far, with their start on the page clock. */
export async function longTasksBetween(
  page: Page,
  from: number,
  to: number,
): Promise<{ start: number; duration: number }[]> {
  const all = (await page.evaluate('window.__longTasks')) as { start: number; duration: number }[];
  return all.filter((t) => t.start >= from && t.start <= to);
}
