// API latency while an IFC converts (docs/benchmarks.md "BIM conversion"): a real server (PGlite, or PostgreSQL
// with DATABASE_URL) and a drive world; the p50/p95 of a signed-in API call (the model list: authentication, the
// drive's visibility SQL, the conversions) measured idle, then while the bim.convert job converts the largest
// fixture IFC in its worker thread. The goal: p95 while converting within 20% of idle.
//   node --import tsx bench/bim/bim-api-during-conversion.ts [file.ifc] [requests]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer } from '../../apps/server/test/support/test-server.ts';
import { buildDriveWorld, rest, uploadFile } from '../../apps/server/test/drive/drive-test-kit.ts';

const file = path.resolve(
  process.argv[2] ?? path.join(import.meta.dirname, '../../fixtures/ifc/bcf-xml/Architectural.ifc'),
);
const requests = Number(process.argv[3] ?? 150);
const t = await startTestServer({ LOG_LEVEL: 'warn' });
const w = await buildDriveWorld(t, 'Bench BIM');
const url = `/bim/projects/${w.projectId}/models`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function sample(count: number, until?: () => Promise<boolean>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    if (until && !(await until())) break;
    const started = performance.now();
    const answer = await rest(t, w.owner, 'GET', url);
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`GET ${answer.status}`);
  }
  return times;
}

// Warm up, then idle.
await sample(30);
const idle = await sample(requests);

const model = await uploadFile(
  t,
  w,
  w.owner,
  'BEN-ARQ-ED-0001-R00.ifc',
  { visibility: 'public' },
  fs.readFileSync(file),
);
const state = async () =>
  (await rest<{ processingState: string }>(t, w.owner, 'GET', `${url}/${model.id}`)).body.processingState;
// Wait for the job to start converting, then sample while it converts.
while ((await state()) === 'queued') await new Promise((r) => setTimeout(r, 50));
const convertStarted = performance.now();
const busy = await sample(requests, async () => (await state()) === 'processing');
while (['queued', 'processing'].includes(await state())) await new Promise((r) => setTimeout(r, 200));
const convertSeconds = (performance.now() - convertStarted) / 1000;

const summary = (values: number[]) => ({
  n: values.length,
  p50: +percentile(values, 50).toFixed(1),
  p95: +percentile(values, 95).toFixed(1),
});
const idleSummary = summary(idle);
const busySummary = summary(busy);
console.log(
  JSON.stringify({
    file: path.basename(file),
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    idle: idleSummary,
    converting: busySummary,
    p95Ratio: +(busySummary.p95 / idleSummary.p95).toFixed(2),
    conversionSeconds: +convertSeconds.toFixed(1),
    finalState: await state(),
    load: os.loadavg().map((l) => +l.toFixed(2)),
  }),
);
await t.close();
