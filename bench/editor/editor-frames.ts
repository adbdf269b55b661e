// Frame-time benchmark of the markup editor: 500 shapes on a 6000 × 4000 drawing, dragging (pan and a shape)
// and zooming (wheel and slider), in Chromium, measured with the Performance API inside the page. The machine is
// shared, so the whole set runs several times (BENCH_RUNS, default 5), each in a fresh page, and the report gives
// medians, the worst run and every run's figures.
// Run after building the web app: npm run build && node --import tsx bench/editor/editor-frames.ts
// It rewrites the part of docs/benchmarks-editor.md between the results markers and prints it. BENCH_TRACE=1 also
// traces each interaction of the shape runs (light categories) and tells, for each frame over the budget, whether
// the page's main thread had more than a frame's work in it (see slowFrameCauses).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { BUDGET_MS, INTERACTIONS, openEditor, type FrameStats } from './editor-interactions.ts';
import { freePort, startServer } from './obra-server.ts';
import {
  FRAME_TRACE_CATEGORIES,
  slowFrameCauses,
  slowFrames,
  type SlowFrameCauses,
} from './trace-analysis.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
// BENCH_REPORT=<file> writes elsewhere, e.g. when measuring another build for comparison.
const REPORT = process.env.BENCH_REPORT ?? path.join(repoRoot, 'docs/benchmarks-editor.md');
const SHAPES = Number(process.env.BENCH_SHAPES ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TRACE = process.env.BENCH_TRACE === '1';
/**
 * BENCH_CPU_THROTTLE=4 runs the page's main thread four times slower (Chromium's CPU throttling), standing in for
 * a slower machine than the one at hand: a margin that vanishes there would show at 1 on a weaker CPU.
 */
const CPU_THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 1);
// Traced runs have their own block: tracing costs some time itself, so their frame times are not the headline.
const BLOCK = TRACE ? 'traced-results' : 'results';
const START = `<!-- ${BLOCK}:start (written by bench/editor/editor-frames.ts) -->`;
const END = `<!-- ${BLOCK}:end -->`;

/** One run: the load average when it began and each interaction's figures, in INTERACTIONS order. */
interface Run {
  readonly load: number;
  readonly stats: readonly FrameStats[];
  /** With BENCH_TRACE=1: why each interaction's slow frames were slow. */
  readonly causes?: readonly SlowFrameCauses[];
}

async function runOnce(browser: Browser, url: string, trace: boolean): Promise<Run> {
  const load = os.loadavg()[0] ?? 0;
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  try {
    if (CPU_THROTTLE > 1) {
      const session = await page.context().newCDPSession(page);
      await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    }
    await openEditor(page, url);
    const stats: FrameStats[] = [];
    const causes: SlowFrameCauses[] = [];
    for (const interaction of INTERACTIONS) {
      if (trace) await browser.startTracing(page, { categories: FRAME_TRACE_CATEGORIES });
      const result = await interaction.run(page);
      stats.push(result);
      if (!trace) continue;
      const events = JSON.parse((await browser.stopTracing()).toString('utf8'));
      causes.push(slowFrameCauses(slowFrames(events, 'bench-frame', result.intervals, BUDGET_MS)));
    }
    return trace ? { load, stats, causes } : { load, stats };
  } finally {
    await page.close();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const ms = (value: number) => value.toFixed(1);

/** The run with the most frames over the budget (then the longest frame) for one interaction. */
function worst(runs: readonly Run[], index: number): FrameStats | undefined {
  const all = runs.map((run) => run.stats[index]).filter((stats): stats is FrameStats => stats !== undefined);
  return [...all].sort((a, b) => b.over - a.over || b.max - a.max)[0];
}

function summaryRow(name: string, index: number, runs: readonly Run[], baseline: readonly Run[]): string {
  const of = (list: readonly Run[], pick: (stats: FrameStats) => number) =>
    median(list.flatMap((run) => (run.stats[index] ? [pick(run.stats[index])] : [])));
  const bad = worst(runs, index);
  const total = runs.reduce((sum, run) => sum + (run.stats[index]?.over ?? 0), 0);
  const frames = runs.reduce((sum, run) => sum + (run.stats[index]?.frames ?? 0), 0);
  const worstText = bad ? `${ms(bad.p95)} / ${ms(bad.max)} / ${bad.over}` : '–';
  return `| ${name} | ${of(runs, (s) => s.frames)} | ${ms(of(runs, (s) => s.p50))} | ${ms(of(runs, (s) => s.p95))} | ${ms(of(runs, (s) => s.max))} | ${of(runs, (s) => s.over)} | ${total} of ${frames} | ${worstText} | ${ms(of(baseline, (s) => s.p95))} / ${ms(of(baseline, (s) => s.max))} |`;
}

function runRow(label: string, run: Run): string {
  const cells = INTERACTIONS.map((_, index) => {
    const stats = run.stats[index];
    const cause = run.causes?.[index];
    const why =
      cause && cause.slow > 0 ? ` (${cause.mainBusy} busy, max ${ms(cause.maxMainCpu)} ms CPU)` : '';
    return stats ? `${ms(stats.p95)} / ${ms(stats.max)} / ${stats.over}${why}` : '–';
  });
  return `| ${label} | ${run.load.toFixed(1)} | ${cells.join(' | ')} |`;
}

function results(runs: readonly Run[], baseline: readonly Run[], browserVersion: string): string {
  const cpus = os.cpus();
  const date = new Date().toISOString().slice(0, 10);
  return [
    START,
    `Measured ${date}: ${SHAPES} shapes on a 6000 × 4000 drawing (\`/showroom/editor?drawing=large&shapes=${SHAPES}\`), Chromium ${browserVersion}`,
    `headless (software rendering), viewport 1600 × 1000, ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}${CPU_THROTTLE > 1 ? `, main thread throttled ${CPU_THROTTLE}×` : ''}; ${runs.length} runs, each in a fresh page, then`,
    `${baseline.length} baseline runs of the same drawing and interactions with no shapes.`,
    '',
    `| Interaction | frames | p50 ms | p95 ms | max ms | frames > ${BUDGET_MS} ms | all runs: frames > ${BUDGET_MS} ms | worst run: p95 / max ms / frames > ${BUDGET_MS} ms | baseline p95 / max ms |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...INTERACTIONS.map((interaction, index) => summaryRow(interaction.name, index, runs, baseline)),
    '',
    'Medians over the runs, except the two columns that say otherwise. Every run (p95 ms / max ms / frames over',
    `${BUDGET_MS} ms; load is the 1-minute load average of the machine when the run began${TRACE ? ')' : '):'}`,
    ...(TRACE
      ? [
          'The shape runs were traced: "n busy" counts the slow frames whose window held more than 16.7 ms of main-thread',
          "CPU (work too long for a frame); the others were late although the page's own work fitted in a frame, and",
          '"max" is the most main-thread CPU in any slow frame of that interaction:',
        ]
      : []),
    '',
    `| Run | load | ${INTERACTIONS.map((interaction) => interaction.name).join(' | ')} |`,
    `|---|---|${INTERACTIONS.map(() => '---|').join('')}`,
    ...runs.map((run, index) => runRow(`${SHAPES} shapes #${index + 1}`, run)),
    ...baseline.map((run, index) => runRow(`0 shapes #${index + 1}`, run)),
    '',
    `Command: \`npm run build && BENCH_RUNS=${RUNS}${TRACE ? ' BENCH_TRACE=1' : ''} node --import tsx bench/editor/editor-frames.ts\``,
    END,
  ].join('\n');
}

/** Replaces the results block of the report, keeping the analysis around it. */
function writeReport(block: string): void {
  const current = fs.existsSync(REPORT) ? fs.readFileSync(REPORT, 'utf8') : '';
  const from = current.indexOf(START);
  const to = current.indexOf(END);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${block}${current.slice(to + END.length)}`
      : `${current}\n${block}\n`;
  fs.writeFileSync(REPORT, next);
}

async function main() {
  const port = await freePort();
  const server = await startServer(port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const base = `http://127.0.0.1:${port}/showroom/editor?drawing=large`;
    const runs: Run[] = [];
    const baseline: Run[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      runs.push(await runOnce(browser, `${base}&shapes=${SHAPES}`, TRACE));
      process.stdout.write(`${runRow(`run ${index + 1}`, runs[runs.length - 1] as Run)}\n`);
    }
    // Fewer baseline runs: they only show what the machine itself costs at the time.
    for (let index = 0; index < Math.max(1, Math.ceil(RUNS / 2)); index += 1)
      baseline.push(await runOnce(browser, `${base}&shapes=0`, false));
    const block = results(runs, baseline, browser.version());
    writeReport(block);
    process.stdout.write(`${block}\n`);
  } finally {
    await browser.close();
    server.kill();
  }
}

await main();
