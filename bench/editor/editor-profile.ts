// Traces the benchmark's interactions in Chromium and explains every frame over the budget: which tasks ran
// (input events, timers, animation frame callbacks, rendering), where the main thread spent its time and which
// JavaScript functions the sampling profiler saw. For reading function names, build without minifying:
//   npx vite build -c apps/web/vite.config.ts --minify false --outDir /tmp/editor-dist --emptyOutDir
//   WEB_DIST_DIR=/tmp/editor-dist node --import tsx bench/editor/editor-profile.ts [pan|drag|wheel|slider ...]
// The trace of each interaction is kept in the system's temporary folder for Chromium's performance panel.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { BUDGET_MS, INTERACTIONS, openEditor } from './editor-interactions.ts';
import { freePort, startServer } from './obra-server.ts';
import { FRAME_TRACE_CATEGORIES, formatSlowFrames, slowFrames } from './trace-analysis.ts';

const SHAPES = Number(process.env.BENCH_SHAPES ?? 500);
const CATEGORIES = [
  ...FRAME_TRACE_CATEGORIES,
  'v8.execute',
  // The sampling profiler adds its own load; BENCH_JS_SAMPLES=0 leaves it out when only CPU per frame matters.
  ...(process.env.BENCH_JS_SAMPLES === '0' ? [] : ['disabled-by-default-v8.cpu_profiler']),
  // More detail inside rendering, e.g. BENCH_TRACE_CATEGORIES=cc,blink,skia
  ...(process.env.BENCH_TRACE_CATEGORIES?.split(',').filter(Boolean) ?? []),
];

async function main() {
  const wanted = new Set(process.argv.slice(2));
  const port = await freePort();
  const server = await startServer(port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await openEditor(page, `http://127.0.0.1:${port}/showroom/editor?drawing=large&shapes=${SHAPES}`);
    for (const interaction of INTERACTIONS) {
      // Earlier interactions still run untraced, so each starts from the same view as in the benchmark.
      if (wanted.size > 0 && !wanted.has(interaction.key)) {
        await interaction.run(page);
        continue;
      }
      await browser.startTracing(page, { categories: CATEGORIES });
      const stats = await interaction.run(page);
      const buffer = await browser.stopTracing();
      const file = path.join(os.tmpdir(), `editor-trace-${interaction.key}.json`);
      fs.writeFileSync(file, buffer);
      const analysis = slowFrames(
        JSON.parse(buffer.toString('utf8')),
        'bench-frame',
        stats.intervals,
        BUDGET_MS,
      );
      process.stdout.write(
        `\n## ${interaction.name}: p95 ${stats.p95.toFixed(1)} ms, max ${stats.max.toFixed(1)} ms, ${stats.over} over ${BUDGET_MS} ms (trace ${file})\n`,
      );
      process.stdout.write(`${formatSlowFrames(analysis)}\n`);
    }
  } finally {
    await browser.close();
    server.kill();
  }
}

await main();
