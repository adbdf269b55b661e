// Traces the document viewer bench's gestures on the A0 sheet (issue 15) at 4× CPU throttling and explains every
// frame over 33 ms (trace-analysis.ts: the tasks, their self time by trace event, the JavaScript functions the
// sampling profiler saw). It also lists the browser's processes (Chromium's own account and the command lines),
// to tell which renderer processes are the tab's. For function names, build without minifying:
//   npx vite build -c apps/web/vite.config.ts --minify false --outDir /tmp/viewer-dist --emptyOutDir
//   WEB_DIST_DIR=/tmp/viewer-dist node --import tsx bench/editor/viewer-profile.ts [pan|wheel|deep ...]
// Each trace is kept in the system's temporary folder for Chromium's performance panel.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { launchBenchChromium, signInPage, startBenchSession } from './bench-session.ts';
// The editor benches' frame recorder: a performance mark per frame, for matching the trace.
import {
  BUDGET_MS,
  START_RECORDING,
  STOP_RECORDING,
  summarise,
  type FrameStats,
} from './editor-interactions.ts';
import { FRAME_TRACE_CATEGORIES, formatSlowFrames, slowFrameCauses, slowFrames } from './trace-analysis.ts';
import { DRAWN, panFor, sheetPdf, uploadSheet, wheelFor } from './viewer-sheets.ts';

const MOVES = Number(process.env.BENCH_MOVES ?? 40);
const THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 4);
const CATEGORIES = [
  ...FRAME_TRACE_CATEGORIES,
  'v8.execute',
  ...(process.env.BENCH_JS_SAMPLES === '0' ? [] : ['disabled-by-default-v8.cpu_profiler']),
  ...(process.env.BENCH_TRACE_CATEGORIES?.split(',').filter(Boolean) ?? []),
];

const wanted = new Set(process.argv.slice(2));
const bench = await startBenchSession('viewer-profile', 'Viewer profile');
const prepared: Promise<string>[] = [];
const sheetId = await uploadSheet(bench, prepared, 'PROFILE-A0', 'R00', await sheetPdf(1, 6000, 3000, 0));
for (const line of await Promise.all(prepared)) process.stderr.write(`prepared ${line}\n`);
const browser = await launchBenchChromium();

/** Chromium's processes by its own account (Browser.getProcessInfo is not there headless: SystemInfo is). */
async function processes(page: Page): Promise<string> {
  const cdp = await page.context().browser()!.newBrowserCDPSession();
  const info = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number; cpuTime: number }[];
  };
  const targets = (await cdp.send('Target.getTargets')) as {
    targetInfos: { type: string; url: string; attached: boolean }[];
  };
  const lines = info.processInfo.map((p) => {
    let detail = '';
    try {
      const cmd = fs.readFileSync(`/proc/${p.id}/cmdline`, 'utf8').split('\0');
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p.id}/status`, 'utf8'))?.[1];
      const flags = cmd.filter((a) =>
        /^--(type|extension-process|renderer-client-id|utility-sub-type|lang|enable-features)/.test(a),
      );
      detail = ` rss ${Math.round(Number(rss ?? 0) / 1024)} MB ${flags.map((f) => f.slice(0, 60)).join(' ')}`;
    } catch {
      detail = ' (gone)';
    }
    return `  ${p.type} ${p.id}${detail}`;
  });
  for (const t of targets.targetInfos) lines.push(`  target ${t.type} ${t.url.slice(0, 80)}`);
  await cdp.detach();
  return lines.join('\n');
}

async function traced(page: Page, key: string, act: () => Promise<void>): Promise<void> {
  if (wanted.size > 0 && !wanted.has(key)) {
    await act();
    return;
  }
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.evaluate(START_RECORDING);
  await act();
  const stats: FrameStats = summarise((await page.evaluate(STOP_RECORDING)) as number[]);
  const buffer = await browser.stopTracing();
  const file = path.join(os.tmpdir(), `viewer-trace-${key}.json`);
  fs.writeFileSync(file, buffer);
  const analysis = slowFrames(JSON.parse(buffer.toString('utf8')), 'bench-frame', stats.intervals, BUDGET_MS);
  process.stdout.write(
    `\n## ${key}: ${stats.frames} frames, p95 ${stats.p95.toFixed(1)} ms, max ${stats.max.toFixed(1)} ms, ${stats.over} over ${BUDGET_MS} ms (trace ${file})\n`,
  );
  const causes = slowFrameCauses(analysis);
  process.stdout.write(
    `${causes.mainBusy} of the ${causes.slow} slow frames had more main-thread work than one frame (at most ${causes.maxMainCpu.toFixed(1)} ms); the others were late for want of CPU\n`,
  );
  process.stdout.write(`${formatSlowFrames(analysis)}\n`);
}

try {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'en-US' });
  const page = await context.newPage();
  await signInPage(page, bench);
  process.stdout.write(`## processes, signed in\n${await processes(page)}\n`);
  await page.goto(
    `${bench.url}/workspace/project/${bench.projectId}/drive/documents/${sheetId}?revision=R00`,
    { waitUntil: 'commit' },
  );
  await page.evaluate(DRAWN);
  await page.waitForTimeout(1500);
  process.stdout.write(`## processes, sheet open\n${await processes(page)}\n`);
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await traced(page, 'pan', () => panFor(page, MOVES));
  await traced(page, 'wheel', () => wheelFor(page, MOVES));
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('+');
  await traced(page, 'deep', () => panFor(page, MOVES));
  await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
} finally {
  await browser.close();
  await bench.close();
}
