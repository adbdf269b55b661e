// API latency while an IFC converts (docs/benchmarks.md "BIM conversion"): a real server (PGlite, or PostgreSQL
// with DATABASE_URL) and a drive world; the p50/p95 of a signed-in API call (the model list: authentication, the
// drive's visibility SQL, the conversions) measured idle and while the bim.convert job converts the largest
// fixture IFC (in a child process at nice 19). The goal: p95 while converting within 20% of idle.
// The machine is shared and its load drifts, so the two are interleaved: `rounds` times an idle window (as long
// as the previous conversion took; 15 s at first) then a conversion (a new revision each time), and both sides do
// the same work between timed calls (a state probe).
//   node --import tsx bench/bim/bim-api-during-conversion.ts [file.ifc] [rounds]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer } from '../../apps/server/test/support/test-server.ts';
import { buildDriveWorld, rest, uploadFile } from '../../apps/server/test/drive/drive-test-kit.ts';

const file = path.resolve(
  process.argv[2] ?? path.join(import.meta.dirname, '../../fixtures/ifc/bcf-xml/Architectural.ifc'),
);
const rounds = Number(process.argv[3] ?? 3);
const t = await startTestServer({ LOG_LEVEL: 'warn' });
const w = await buildDriveWorld(t, 'Bench BIM');
const url = `/bim/projects/${w.projectId}/models`;
const bytes = fs.readFileSync(file);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Timed calls of the model list, each after a probe call (`probe` answers whether to go on). */
async function sample(count: number, probe: () => Promise<boolean>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    if (!(await probe())) break;
    const started = performance.now();
    const answer = await rest(t, w.owner, 'GET', url);
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`GET ${answer.status}`);
  }
  return times;
}

const stateOf = async (id: number) =>
  (await rest<{ processingState: string }>(t, w.owner, 'GET', `${url}/${id}`)).body.processingState;

/** A probe that goes on for `seconds`. */
const during = (id: number, seconds: number) => {
  const until = performance.now() + seconds * 1000;
  return async () => (await stateOf(id), performance.now() < until);
};

// Warm up.
const first = await uploadFile(t, w, w.owner, 'BEN-ARQ-ED-0000-R00.ifc', { visibility: 'public' }, bytes);
while (['queued', 'processing'].includes(await stateOf(first.id)))
  await new Promise((r) => setTimeout(r, 200));
await sample(30, during(first.id, 60));

const idle: number[] = [];
const busy: number[] = [];
const conversions: number[] = [];
const loads: number[] = [];
for (let round = 1; round <= rounds; round++) {
  // Idle: the same probe as while converting (a model's state), on the converted model.
  idle.push(...(await sample(100_000, during(first.id, conversions.at(-1) ?? 15))));
  const model = await uploadFile(
    t,
    w,
    w.owner,
    `BEN-ARQ-ED-000${round}-R00.ifc`,
    { visibility: 'public' },
    bytes,
  );
  while ((await stateOf(model.id)) === 'queued') await new Promise((r) => setTimeout(r, 20));
  const started = performance.now();
  busy.push(...(await sample(100_000, async () => (await stateOf(model.id)) === 'processing')));
  while (['queued', 'processing'].includes(await stateOf(model.id)))
    await new Promise((r) => setTimeout(r, 100));
  conversions.push((performance.now() - started) / 1000);
  if ((await stateOf(model.id)) !== 'success') throw new Error('the conversion failed');
  loads.push(os.loadavg()[0]!);
}

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
    rounds,
    idle: idleSummary,
    converting: busySummary,
    p95Ratio: +(busySummary.p95 / idleSummary.p95).toFixed(2),
    conversionSeconds: conversions.map((s) => +s.toFixed(1)),
    load1mAfterEachRound: loads.map((l) => +l.toFixed(2)),
  }),
);
await t.close();
