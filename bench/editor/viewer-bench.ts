// Document viewer bench (issue 15): an A0 vector sheet made here with pdfkit (thousands of paths and text runs),
// measured in Chromium with the editor's frame recorder (editor-interactions.ts):
// - first readable view: from the start of the viewer page's navigation to the first frame with the page drawn;
// - pan and wheel zoom at 4× CPU throttling (frames over 33 ms; deep zoom draws tiles meanwhile);
// - overlay of two revisions of that sheet while panning (frame rate, no throttling);
// - tab memory after opening a 50-page set page after page (the resident memory of the tab's renderer process, and
//   of all the renderers, which include Chromium's own UI and its spare renderer), in the tab that ran the steps
//   above and in a fresh tab that opens only the set. The sheets and gestures are in viewer-sheets.ts;
//   viewer-profile.ts traces the same gestures.
// Run after building the web app: npm run build -w @obra/web && node --import tsx bench/editor/viewer-bench.ts
// It prints a Markdown block (appended by hand to docs/benchmarks-editor.md). One run of each; about 2–3 minutes.
import fs from 'node:fs';
import os from 'node:os';
import type { Page } from '@playwright/test';
import {
  launchBenchChromium,
  signInPage,
  START_RECORDING,
  STOP_RECORDING,
  startBenchSession,
} from './bench-session.ts';
import { summarise, type FrameStats } from './editor-interactions.ts';
import { A0, DRAWN, panFor, sheetPdf, uploadSheet, wheelFor } from './viewer-sheets.ts';

const PATHS = Number(process.env.BENCH_PATHS ?? 6000);
const TEXTS = Number(process.env.BENCH_TEXTS ?? 3000);
const SET_PAGES = Number(process.env.BENCH_SET_PAGES ?? 50);
const MOVES = Number(process.env.BENCH_MOVES ?? 60);
const THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 4);

/** The drive's preparations of the uploaded PDFs (page sizes, text, previews), awaited before the browser opens. */
const prepared: Promise<string>[] = [];
const upload = (name: string, revision: string, bytes: Buffer) =>
  uploadSheet(bench, prepared, name, revision, bytes);

async function record(page: Page, act: () => Promise<void>): Promise<FrameStats> {
  await page.evaluate(START_RECORDING);
  await act();
  return summarise((await page.evaluate(STOP_RECORDING)) as number[]);
}

/** Resolves once every tile of the view's level is drawn (the view is sharp). */
const SHARP = `new Promise((resolve) => {
  const check = () => {
    const box = document.querySelector('[data-testid="sheet-canvas"]');
    if (box && box.dataset.tilesMissing === '0') { resolve(true); return; }
    setTimeout(check, 50);
  };
  check();
})`;

/**
 * The renderer processes counted by the last rendererMemoryMb: resident memory (MB) and whether it is Chromium's
 * own UI (`--top-chrome-webui`: the omnibox popup's WebUI, which the headless browser starts whatever the tab).
 */
let lastRenderers: { mb: number; chromiumUi: boolean }[] = [];

/**
 * The tab's own renderer process (MB), from the last rendererMemoryMb: the largest renderer that is not Chromium's
 * UI. The one left besides is Chromium's spare renderer, started ahead for the next navigation and holding no page
 * (it is not there with --disable-features=SpareRendererForSitePerProcess).
 */
const tabProcessMb = () => Math.max(0, ...lastRenderers.filter((r) => !r.chromiumUi).map((r) => r.mb));
const describeRenderers = () => {
  const tab = tabProcessMb();
  const ui = lastRenderers.filter((r) => r.chromiumUi).map((r) => r.mb);
  const spare = lastRenderers.filter((r) => !r.chromiumUi && r.mb !== tab).map((r) => r.mb);
  return `tab ${tab} + Chromium UI ${ui.join(' + ') || 0} + spare ${spare.join(' + ') || 0} MB`;
};

/** Resident memory (MB) of all the renderer processes of the browser (one tab open). */
function rendererMemoryMb(browserPid: number | undefined): number {
  if (!browserPid) return Number.NaN;
  let total = 0;
  lastRenderers = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmd.includes('--type=renderer') || cmd.includes('--extension-process')) continue;
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(' ');
      // Only this browser's children.
      if (Number(stat[3]) !== browserPid && !isDescendant(Number(stat[3]), browserPid)) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(status);
      total += rss ? Number(rss[1]) / 1024 : 0;
      lastRenderers.push({
        mb: rss ? Math.round(Number(rss[1]) / 1024) : 0,
        chromiumUi: cmd.includes('--top-chrome-webui'),
      });
    } catch {
      // the process ended
    }
  }
  return total;
}

function isDescendant(pid: number, ancestor: number): boolean {
  for (let hop = 0; hop < 5 && pid > 1; hop += 1) {
    if (pid === ancestor) return true;
    try {
      pid = Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[3]);
    } catch {
      return false;
    }
  }
  return pid === ancestor;
}

const started = Date.now();
const out = (line: string) => process.stderr.write(`${line}\n`);
const phase = (name: string) =>
  process.stderr.write(`${name} at ${Math.round((Date.now() - started) / 1000)} s\n`);
const bench = await startBenchSession('viewer', 'Viewer bench');
const server = { url: bench.url, close: () => bench.close() };
const { projectId } = bench;
phase('server up');

const sheetR0 = await sheetPdf(1, PATHS, TEXTS, 0);
const sheetR1 = await sheetPdf(1, PATHS, TEXTS, 40);
const set = await sheetPdf(SET_PAGES, Math.round(PATHS / 10), Math.round(TEXTS / 10), 0);
const sheetId = await upload('BENCH-A0-01', 'R00', sheetR0);
await upload('BENCH-A0-01', 'R01', sheetR1);
const setId = await upload('BENCH-SET-50', 'R00', set);
// The first view is the prepared one (previews made by the drive's job): the measures start once it is done.
for (const line of await Promise.all(prepared)) out(`prepared ${line}`);

// A switch Chromium ignores, to find this browser's process among the machine's.
const MARKER = `--obra-viewer-bench=${process.pid}`;
phase('uploaded');
const browser = await launchBenchChromium({ args: [MARKER] });

function browserPid(): number | undefined {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmd.includes(MARKER) && !cmd.includes('--type=')) return Number(entry);
    } catch {
      // the process ended
    }
  }
  return undefined;
}
const lines: string[] = [];
try {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'en-US' });
  const page = await context.newPage();
  await signInPage(page, bench);
  const viewer = (documentId: number, query = '') =>
    `${server.url}/workspace/project/${projectId}/drive/documents/${documentId}${query}`;

  // First readable view: a cold open (bundles and pdf.js worker fetched) and a warm one (cached), each timed from
  // the navigation's start to the first frame that shows the page.
  const firstViews: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    await page.goto(viewer(sheetId, '?revision=R00'), { waitUntil: 'commit' });
    firstViews.push(Math.round((await page.evaluate(DRAWN)) as number));
  }
  out(`first views: ${firstViews.join(' / ')} ms`);
  await page.waitForTimeout(1000);

  phase('first views');
  // Pan and wheel zoom at CPU throttling: the fitted sheet, then zoomed in (tiles) and panned.
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  const panFit = await record(page, () => panFor(page, MOVES));
  out(`pan fitted: ${JSON.stringify({ ...panFit, intervals: undefined })}`);
  const wheel = await record(page, () => wheelFor(page, MOVES));
  out(`wheel: ${JSON.stringify({ ...wheel, intervals: undefined })}`);
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('+');
  const panDeep = await record(page, () => panFor(page, MOVES));
  out(`pan deep: ${JSON.stringify({ ...panDeep, intervals: undefined })}`);
  // How long after the pan the view is sharp again (every tile of its level drawn), still at 4× throttling.
  const settledAt = Date.now();
  await page.evaluate(SHARP);
  const sharpAfter = Date.now() - settledAt;
  out(`sharp after the deep pan: ${sharpAfter} ms`);
  await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  // Overlay of the two revisions while panning (no throttling): 60 fps is a frame every 16.7 ms.
  await page.goto(viewer(sheetId, '?revision=R01&compare=R00'));
  await page.getByText('Lift near-black').waitFor();
  await page.evaluate(DRAWN);
  await page.waitForTimeout(1500);
  const overlay = await record(page, () => panFor(page, MOVES * 2));
  out(`overlay: ${JSON.stringify({ ...overlay, intervals: undefined })}`);

  phase('frames');
  // Memory: the 50-page set, page after page, each page drawn before the next; first in the tab that ran the steps
  // above (the A0 sheet's deep zoom and overlay), then in a fresh tab (a new context, the first one closed) that
  // opens only the set: the goal.
  const pid = browserPid();
  const measureSet = async (on: Page, label: string) => {
    await on.goto(viewer(setId));
    await on.evaluate(DRAWN);
    const before = rendererMemoryMb(pid);
    const processesFirst = describeRenderers();
    out(`${label} first page: renderer processes ${processesFirst}`);
    const tabFirst = tabProcessMb();
    let tabPeak = tabFirst;
    let peak = before;
    for (let n = 2; n <= SET_PAGES; n += 1) {
      await on.getByTestId('sheet-canvas').focus();
      await on.keyboard.press('PageDown');
      await on.getByTestId('page-indicator').getByText(`Page ${n} of ${SET_PAGES}`).waitFor();
      await on.evaluate(DRAWN);
      peak = Math.max(peak, rendererMemoryMb(pid));
      tabPeak = Math.max(tabPeak, tabProcessMb());
      if (n % 10 === 0) out(`${label} page ${n}: renderer ${rendererMemoryMb(pid).toFixed(0)} MB`);
    }
    await on.waitForTimeout(1000);
    const after = rendererMemoryMb(pid);
    const tabLast = tabProcessMb();
    const processesLast = describeRenderers();
    const heap = (await on.evaluate('performance.memory ? performance.memory.usedJSHeapSize : 0')) as number;
    out(`${label}: ${before.toFixed(0)} / ${peak.toFixed(0)} / ${after.toFixed(0)} MB`);
    return {
      tab: `${tabFirst} / ${tabPeak} / ${tabLast} MB (JS heap ${(heap / 1e6).toFixed(0)} MB)`,
      all: `${before.toFixed(0)} / ${peak.toFixed(0)} / ${after.toFixed(0)} MB (first page: ${processesFirst}; last: ${processesLast})`,
    };
  };
  const sameTab = await measureSet(page, 'same tab');
  await context.close();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const freshContext = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'en-US' });
  const fresh = await freshContext.newPage();
  await signInPage(fresh, bench);
  const freshTab = await measureSet(fresh, 'fresh tab');
  await freshContext.close();

  const share = (s: FrameStats) =>
    `${s.over} of ${s.frames} (${((100 * s.over) / Math.max(1, s.frames)).toFixed(1)} %)`;
  const fps = (s: FrameStats) =>
    (1000 / Math.max(1, s.intervals.reduce((a, b) => a + b, 0) / s.frames)).toFixed(0);
  lines.push(
    `Sheet: A0 (${A0.width} × ${A0.height} pt), ${PATHS} paths and ${TEXTS} text runs, ${(sheetR0.length / 1e6).toFixed(1)} MB; ` +
      `set: ${SET_PAGES} A0 pages of ${Math.round(PATHS / 10)} paths and ${Math.round(TEXTS / 10)} texts, ${(set.length / 1e6).toFixed(1)} MB. ` +
      `Load average at start ${os.loadavg()[0]?.toFixed(1)}, 2 cores.`,
    '',
    '| Measure | Result | Goal |',
    '| --- | --- | --- |',
    `| First readable view (navigation start → page drawn), cold / warm / warm | ${firstViews.join(' / ')} ms | < 1500 ms |`,
    `| Pan, fitted, ${THROTTLE}× CPU throttling: frames over 33 ms | ${share(panFit)}, p95 ${panFit.p95.toFixed(1)} ms | ≤ 1 % |`,
    `| Wheel zoom in and out, ${THROTTLE}× CPU throttling: frames over 33 ms | ${share(wheel)}, p95 ${wheel.p95.toFixed(1)} ms | ≤ 1 % |`,
    `| Pan at deep zoom (tiles drawing), ${THROTTLE}× CPU throttling: frames over 33 ms | ${share(panDeep)}, p95 ${panDeep.p95.toFixed(1)} ms | ≤ 1 % |`,
    `| Deep zoom: view sharp again (every tile of its level drawn) after the pan ends, ${THROTTLE}× CPU throttling | ${sharpAfter} ms | |`,
    `| Overlay of two A0 revisions while panning | ${fps(overlay)} fps average, p50 ${overlay.p50.toFixed(1)} ms, p95 ${overlay.p95.toFixed(1)} ms, ${overlay.frames} frames | 60 fps |`,
    `| Tab memory (the tab's renderer process, RSS), ${SET_PAGES}-page set opened page after page in a fresh tab: first page / peak / last | ${freshTab.tab} | < 500 MB |`,
    `| Same, all the browser's renderer processes (the tab's, Chromium's UI, the spare) | ${freshTab.all} | |`,
    `| Tab memory in the tab that ran the steps above (A0 deep zoom, overlay): first page / peak / last | ${sameTab.tab}; all renderers ${sameTab.all} | |`,
  );
} finally {
  await browser.close();
  await server.close();
}
process.stdout.write(`${lines.join('\n')}\n\n(${Math.round((Date.now() - started) / 1000)} s)\n`);
