// The model viewer in headless Chromium (issue 17, docs/benchmarks.md "BIM viewer"): WebGL2 through SwiftShader
// (no --disable-gpu), against a real server started here (bench/editor/bench-session.ts). It uploads the three
// fixture models of the demo's federated model (fixtures/ifc/bcf-xml), waits for their conversion, builds the
// federated model "Coordenação BIM" (always the latest), and a synthetic model of BIM_BENCH_ELEMENTS elements
// (bench/bim/synthetic-ifc.ts; 100,000 by default, 0 to skip), then for each:
// - first geometry: from the start of the viewer page's navigation to the first frame that draws some model
//   geometry (the engine's `bim:first-geometry` performance mark), cold (nothing cached) then warm;
// - all geometry: to the frame after every model is open and the fragments worker has sent the view's tiles
//   (`bim:all-geometry`);
// - orbit: requestAnimationFrame intervals during a scripted orbit (a left-button drag around a circle): the
//   share of frames over 50 ms;
// - nearest first (docs/bim.md "Loading: nearest first"): the federated model opened at a saved view
//   (`?view=`) looking at the structure model from its side, BIM_BENCH_ROUNDS times (3 by default) each way,
//   interleaved: with the models' recorded bounds (nearest the camera first) and with the bounds taken out of the
//   API's answer (the viewer's fallback: the list order, the order before nearest first), warm; the time to the
//   structure's first frame (`bim:shown:{fileId}`), to the first geometry and to all geometry.
// Run after building the web app: npm run build -w @obra/web && node --import tsx bench/bim/bim-viewer-bench.ts
// It prints a Markdown block (recorded by hand in docs/benchmarks.md). About 2 minutes, plus the synthetic
// model's generation and conversion (minutes on a loaded machine).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  launchBenchChromium,
  signInPage,
  startBenchSession,
  uploadDriveFile,
  type BenchSession,
  START_RECORDING,
  STOP_RECORDING,
} from '../editor/bench-session.ts';
import { writeSyntheticIfc } from './synthetic-ifc.ts';

const ELEMENTS = Number(process.env.BIM_BENCH_ELEMENTS ?? 100_000);
const ORBIT_MOVES = Number(process.env.BIM_BENCH_ORBIT_MOVES ?? 120);
const SLOW_FRAME_MS = 50;
const ROUNDS = Number(process.env.BIM_BENCH_ROUNDS ?? 3);
const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/ifc/bcf-xml');
const DEMO_MODELS = [
  { file: 'Architectural.ifc', name: 'OBR-ARQ-ED-TER-MOD-0101' },
  { file: 'Estructura.ifc', name: 'OBR-EST-ED-TER-MOD-0102' },
  { file: 'MEP.ifc', name: 'OBR-HVAC-ED-TER-MOD-0103' },
];

const started = Date.now();
const log = (line: string) =>
  process.stderr.write(`[${Math.round((Date.now() - started) / 1000)} s] ${line}\n`);
const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

interface ModelRow {
  fileId: number;
  documentId: number;
  processingState: string;
  elementCount: number | null;
}

async function models(session: BenchSession): Promise<ModelRow[]> {
  const answer = await fetch(`${session.url}/bim/projects/${session.projectId}/models`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  return ((await answer.json()) as { models: ModelRow[] }).models;
}

/** Waits for a model's conversion; answers the seconds it took from the upload's confirmation. */
async function converted(
  session: BenchSession,
  fileId: number,
  since: number,
): Promise<ModelRow & { seconds: number }> {
  for (;;) {
    const row = (await models(session)).find((m) => m.fileId === fileId);
    if (row?.processingState === 'success') return { ...row, seconds: (performance.now() - since) / 1000 };
    if (row?.processingState === 'failed') throw new Error(`conversion of ${fileId} failed`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

// Plain strings: tsx would wrap named functions with a helper that does not exist inside the page.
const MARKS = `new Promise((resolve) => {
  const check = () => {
    const first = performance.getEntriesByName('bim:first-geometry')[0];
    const all = performance.getEntriesByName('bim:all-geometry')[0];
    if (first && all) resolve({ first: first.startTime, all: all.startTime });
    else setTimeout(check, 20);
  };
  check();
})`;
const RENDERER = `(() => {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return 'no WebGL2';
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
})()`;

/** Where the time to first geometry went: the page's marks and the main downloads (ms since navigation start). */
const BREAKDOWN = `(() => {
  const at = (n) => Math.round(n);
  const out = {};
  const nav = performance.getEntriesByType('navigation')[0];
  if (nav) out.domContentLoaded = at(nav.domContentLoadedEventEnd);
  for (const m of performance.getEntriesByType('mark')) if (m.name.startsWith('bim:')) out[m.name.slice(4)] = at(m.startTime);
  for (const r of performance.getEntriesByType('resource')) {
    const name = r.name.includes('/fragments') ? 'fragments ' + r.name.split('/').slice(-2)[0]
      : r.name.includes('/properties') ? 'properties ' + r.name.split('/').slice(-2)[0]
      : r.name.includes('worker.min') ? 'fragments worker'
      : /bim-viewer-engine/.test(r.name) ? 'engine chunk' : null;
    if (name) out[name] = at(r.startTime) + '→' + at(r.responseEnd);
  }
  return out;
})()`;

/** Opens a viewer page and answers its first-geometry and all-geometry times (ms since navigation start). */
async function open(page: Page, url: string): Promise<{ first: number; all: number }> {
  await page.goto(url, { waitUntil: 'commit' });
  const marks = (await page.evaluate(MARKS)) as { first: number; all: number };
  log(`breakdown ${JSON.stringify(await page.evaluate(BREAKDOWN))}`);
  return { first: Math.round(marks.first), all: Math.round(marks.all) };
}

/** Every `bim:` mark of the page (ms since navigation start), once all geometry is drawn. */
async function marksOf(page: Page, url: string): Promise<Record<string, number>> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.evaluate(MARKS);
  const marks = (await page.evaluate(
    `Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('bim:')).map((m) => [m.name.slice(4), Math.round(m.startTime)]))`,
  )) as Record<string, number>;
  return marks;
}

/** Takes the models' bounds out of the federated model's answer (the viewer then loads them in list order). */
async function withoutBounds(page: Page): Promise<void> {
  await page.route(/\/bim\/projects\/\d+\/federated-models\/\d+$/, async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { items: { revision: { bounds?: unknown } | null }[] };
    for (const item of json.items) if (item.revision) item.revision.bounds = null;
    await route.fulfill({ response, json });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Orbits with the left button around a circle and answers the frame intervals meanwhile. */
async function orbit(page: Page): Promise<number[]> {
  const box = await page.getByTestId('bim-canvas').boundingBox();
  if (!box) throw new Error('no canvas');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.evaluate(START_RECORDING);
  await page.mouse.down();
  for (let i = 0; i < ORBIT_MOVES; i += 1) {
    const angle = (i / ORBIT_MOVES) * Math.PI * 2;
    await page.mouse.move(cx + Math.sin(angle) * 220, cy + (1 - Math.cos(angle)) * 60);
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
  return (await page.evaluate(STOP_RECORDING)) as number[];
}

function frames(intervals: number[]): string {
  const sorted = [...intervals].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] ?? 0;
  const slow = intervals.filter((f) => f > SLOW_FRAME_MS).length;
  return `${slow} of ${intervals.length} over ${SLOW_FRAME_MS} ms (${((100 * slow) / Math.max(1, intervals.length)).toFixed(1)} %), p50 ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`;
}

const session = await startBenchSession('bim', 'BIM viewer bench');
log(`server up, load ${loadNow()}`);
const base = `${session.url}/workspace/project/${session.projectId}/bim-files/models`;
const lines: string[] = [];
const browser = await launchBenchChromium({ webgl: true });
try {
  const uploaded = [];
  for (const model of DEMO_MODELS) {
    const bytes = fs.readFileSync(path.join(FIXTURES, model.file));
    const since = performance.now();
    const ids = await uploadDriveFile(session, {
      fileName: `${model.name}-R00.ifc`,
      documentName: model.name,
      revisionName: 'R00',
      bytes,
    });
    uploaded.push({ ...ids, since, model });
  }
  const conversions = [];
  for (const u of uploaded) conversions.push(await converted(session, u.fileId, u.since));
  log(`fixtures converted, load ${loadNow()}`);
  const federated = await fetch(`${session.url}/bim/projects/${session.projectId}/federated-models`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Coordenação BIM',
      items: uploaded.map((u) => ({ documentId: u.documentId, fileId: null })),
    }),
  });
  if (federated.status !== 201) throw new Error(`federated: ${federated.status} ${await federated.text()}`);
  const federatedId = ((await federated.json()) as { id: number }).id;

  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'en-US' });
  const page = await context.newPage();
  await signInPage(page, session);
  const renderer = (await page.evaluate(RENDERER)) as string;
  log(`renderer ${renderer}`);

  const federatedUrl = `${base}/federated/${federatedId}`;
  const fedLoad = loadNow();
  const fedCold = await open(page, federatedUrl);
  const fedWarm = await open(page, federatedUrl);
  await page.waitForTimeout(500);
  const fedOrbit = await orbit(page);
  log(
    `federated: cold ${JSON.stringify(fedCold)}, warm ${JSON.stringify(fedWarm)}; orbit ${frames(fedOrbit)}`,
  );

  // Nearest first: a saved view 9 m west of the structure, 2 m up, looking east (IFC world coordinates).
  const structureId = uploaded[1]!.fileId;
  const view = await fetch(`${session.url}/bim/projects/${session.projectId}/views`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Estrutura, lado oeste',
      federatedModelId: federatedId,
      viewpoint: {
        guid: '5b0b4e8e-4a57-4d43-9a53-0d7f1c1a0001',
        visualization: {
          guid: '5b0b4e8e-4a57-4d43-9a53-0d7f1c1a0002',
          camera: {
            kind: 'perspective',
            viewPoint: { x: -15, y: -6, z: 2 },
            direction: { x: 1, y: 0, z: 0 },
            upVector: { x: 0, y: 0, z: 1 },
            fieldOfView: 50,
          },
          lines: [],
          clippingPlanes: [],
          bitmaps: [],
        },
      },
    }),
  });
  if (view.status !== 201) throw new Error(`view: ${view.status} ${await view.text()}`);
  const viewUrl = `${federatedUrl}?view=${((await view.json()) as { id: number }).id}`;
  const orderLoad = loadNow();
  const runs: Record<'list' | 'nearest', { structure: number; first: number; all: number; order: string }[]> =
    {
      list: [],
      nearest: [],
    };
  for (let round = 0; round < ROUNDS; round += 1)
    for (const variant of ['list', 'nearest'] as const) {
      if (variant === 'list') await withoutBounds(page);
      const marks = await marksOf(page, viewUrl);
      if (variant === 'list') await page.unrouteAll({ behavior: 'wait' });
      const order = uploaded
        .map((u) => ({ name: u.model.file.replace('.ifc', ''), at: marks[`opened:${u.fileId}`] ?? 0 }))
        .sort((a, b) => a.at - b.at)
        .map((o) => o.name)
        .join(' → ');
      runs[variant].push({
        structure: marks[`shown:${structureId}`] ?? NaN,
        first: marks['first-geometry'] ?? NaN,
        all: marks['all-geometry'] ?? NaN,
        order,
      });
      log(`${variant} round ${round + 1}: ${JSON.stringify(runs[variant].at(-1))}`);
    }
  const summary = (variant: 'list' | 'nearest') => {
    const r = runs[variant];
    const list = (key: 'structure' | 'first' | 'all') => r.map((x) => x[key]).join(' / ');
    return `structure shown ${list('structure')} (median ${median(r.map((x) => x.structure))}) ms; first geometry ${list('first')} ms; all ${list('all')} ms; order ${r[0]?.order}`;
  };
  log(`nearest first: list ${summary('list')}; nearest ${summary('nearest')}`);

  lines.push(
    `Headless Chromium (${renderer}), 1600 × 1000 viewport, 2-core machine shared with other sessions.`,
    '',
    '| Model | Measure | Result | Goal |',
    '| --- | --- | --- | --- |',
    `| Federated "Coordenação BIM": Architectural + Estructura + MEP (${conversions.map((c) => c.elementCount).join(' + ')} elements; converted in ${conversions.map((c) => c.seconds.toFixed(1)).join(' / ')} s) | first geometry, cold / warm | ${fedCold.first} / ${fedWarm.first} ms (load ${fedLoad}) | < 3000 ms |`,
    `| | all geometry, cold / warm | ${fedCold.all} / ${fedWarm.all} ms | < 10000 ms |`,
    `| | orbit, ${ORBIT_MOVES} moves | ${frames(fedOrbit)} | ≤ 5 % over 50 ms |`,
    `| Same, opened at a saved view looking at the structure (warm, ${ROUNDS} rounds interleaved, load ${orderLoad}) | list order (bounds taken out) | ${summary('list')} | — |`,
    `| | nearest first | ${summary('nearest')} | — |`,
  );

  if (ELEMENTS > 0) {
    const file = path.join(os.tmpdir(), `obra-synthetic-${ELEMENTS}.ifc`);
    const generating = performance.now();
    writeSyntheticIfc(file, ELEMENTS);
    const bytes = fs.readFileSync(file);
    log(
      `synthetic ${ELEMENTS}: ${(bytes.length / 1e6).toFixed(1)} MB in ${((performance.now() - generating) / 1000).toFixed(1)} s`,
    );
    const since = performance.now();
    const convertLoad = loadNow();
    const ids = await uploadDriveFile(session, {
      fileName: `SYN-ARQ-ED-0001-R00.ifc`,
      documentName: 'SYN-ARQ-ED-0001',
      revisionName: 'R00',
      bytes,
    });
    const done = await converted(session, ids.fileId, since);
    const fragmentsSize = (
      (await (
        await fetch(`${session.url}/bim/projects/${session.projectId}/models/${ids.fileId}`, {
          headers: { authorization: `Bearer ${session.token}` },
        })
      ).json()) as { fragmentsSize?: number }
    ).fragmentsSize;
    log(`synthetic converted in ${done.seconds.toFixed(1)} s (load ${convertLoad} → ${loadNow()})`);
    const synLoad = loadNow();
    const synCold = await open(page, `${base}/${ids.fileId}`);
    const synWarm = await open(page, `${base}/${ids.fileId}`);
    await page.waitForTimeout(500);
    const synOrbit = await orbit(page);
    log(
      `synthetic: cold ${JSON.stringify(synCold)}, warm ${JSON.stringify(synWarm)}; orbit ${frames(synOrbit)}`,
    );
    lines.push(
      `| Synthetic ${ELEMENTS.toLocaleString('en')} elements (IFC ${(bytes.length / 1e6).toFixed(1)} MB, fragments ${((fragmentsSize ?? 0) / 1e6).toFixed(2)} MB; converted in ${done.seconds.toFixed(1)} s through the job, load ${convertLoad}) | first geometry, cold / warm | ${synCold.first} / ${synWarm.first} ms (load ${synLoad}) | — |`,
      `| | all geometry, cold / warm | ${synCold.all} / ${synWarm.all} ms | — |`,
      `| | orbit, ${ORBIT_MOVES} moves | ${frames(synOrbit)} | — |`,
    );
    fs.rmSync(file, { force: true });
  }
} finally {
  await browser.close();
  await session.close();
}
process.stdout.write(
  `${lines.join('\n')}\n\n(${Math.round((Date.now() - started) / 1000)} s, load at the end ${loadNow()})\n`,
);
