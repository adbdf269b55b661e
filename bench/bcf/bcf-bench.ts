// BCF import and export of a large package (issues 16 and 30: 2,000 topics with a snapshot each; import < 60 s,
// export < 30 s, memory bounded). Generates a BCF 3.0 package with Obra's own writer, starts a real server
// (PGlite, or DATABASE_URL) and times, over HTTP, the import job (POST /bcf-xml/.../imports until GET
// …/jobs/{id} is completed) and the export job (POST …/exports until completed, then its package downloaded).
// Run: node --import tsx bench/bcf/bcf-bench.ts [topics=2000]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { BcfTopic } from '@obra/domain';
import { createBcfZip } from '../../apps/server/src/modules/bcf/bcf-zip.ts';
import { writeBcfPackage } from '../../apps/server/src/modules/bcf/bcf-package-write.ts';
import { startTestServer } from '../../apps/server/test/support/test-server.ts';
import { buildCompanyWithAdmin } from '../../apps/server/test/support/factories.ts';
import { addDisciplines, createProject } from '../../apps/server/test/projects/project-test-kit.ts';

const TOPICS = Number(process.argv[2] ?? 2000);

async function generate(file: string): Promise<void> {
  const snapshot = await sharp({
    create: { width: 1024, height: 768, channels: 3, background: { r: 120, g: 160, b: 200 } },
  })
    .png()
    .toBuffer();
  const topics: BcfTopic[] = Array.from({ length: TOPICS }, (_, i) => ({
    guid: randomUUID(),
    topicType: i % 2 ? 'Clash' : 'Issue',
    topicStatus: i % 5 ? 'Open' : 'Closed',
    referenceLinks: [],
    title: `Clash ${i} between duct and beam`,
    priority: ['High', 'Normal', 'Low'][i % 3],
    labels: ['Structural'],
    creationDate: '2026-01-01T10:00:00Z',
    creationAuthor: 'coordinator@example.com',
    description: `Generated topic ${i}`,
    documentReferences: [],
    relatedTopics: [],
    headerFiles: [],
    comments: [
      {
        guid: randomUUID(),
        date: '2026-01-02T10:00:00Z',
        author: 'coordinator@example.com',
        comment: 'Please check.',
      },
    ],
    viewpoints: [
      {
        guid: randomUUID(),
        index: 0,
        visualization: {
          guid: '',
          camera: {
            kind: 'perspective',
            viewPoint: { x: i, y: 2, z: 3 },
            direction: { x: 1, y: 0, z: 0 },
            upVector: { x: 0, y: 0, z: 1 },
            fieldOfView: 60,
            aspectRatio: 1.5,
          },
          components: {
            selection: [{ ifcGuid: '0M6o7Znnv7hxsbWgeu7oQq' }],
            visibility: { defaultVisibility: true, exceptions: [] },
            coloring: [],
          },
          lines: [],
          clippingPlanes: [],
          bitmaps: [],
        },
      },
    ],
  }));
  const zip = createBcfZip();
  const done = new Promise<void>((resolve) =>
    zip.stream.pipe(fs.createWriteStream(file)).on('close', resolve),
  );
  await writeBcfPackage(
    zip,
    {
      version: '3.0',
      project: { projectId: randomUUID(), name: 'Bench' },
      extensions: {
        topicTypes: [],
        topicStatuses: [],
        priorities: [],
        topicLabels: [],
        users: [],
        snippetTypes: [],
        stages: [],
      },
      documents: [],
      topics,
      now: new Date().toISOString(),
    },
    async () => ({ bytes: snapshot, extension: 'png' }),
  );
  zip.end();
  await done;
}

interface Job {
  id: string;
  state: string;
  report: unknown;
  url: string | null;
}

/** Polls a job (every 200 ms) until it is finished. */
async function finished(projectId: number, job: Job, token: string): Promise<Job> {
  let current = job;
  while (current.state === 'queued' || current.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answer = await fetch(`${t.url}/bcf-xml/projects/${projectId}/jobs/${current.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    current = (await answer.json()) as Job;
  }
  return current;
}

const file = path.join(os.tmpdir(), `obra-bcf-bench-${randomUUID()}.bcf`);
await generate(file);
console.log(`package: ${TOPICS} topics, ${(fs.statSync(file).size / 1e6).toFixed(1)} MB`);
const t = await startTestServer();
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 100);
try {
  const { admin } = await buildCompanyWithAdmin(t);
  const projectId = await createProject(t, admin, 'BCF bench');
  await addDisciplines(t, admin, projectId);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(fs.readFileSync(file))]), 'bench.bcf');
  const rssBefore = process.memoryUsage().rss;
  let started = performance.now();
  const res = await fetch(`${t.url}/bcf-xml/projects/${projectId}/imports`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin.token}` },
  });
  const accepted = (await res.json()) as Job;
  const uploadSeconds = (performance.now() - started) / 1000;
  const imported = await finished(projectId, accepted, admin.token);
  const report = imported.report as { created: number; failed: number };
  const importSeconds = (performance.now() - started) / 1000;
  console.log(
    `import: ${importSeconds.toFixed(1)} s (answered ${res.status} after ${uploadSeconds.toFixed(1)} s), job ${imported.state}, created ${report.created}, failed ${report.failed}`,
  );
  started = performance.now();
  const startedExport = await fetch(`${t.url}/bcf-xml/projects/${projectId}/exports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ version: '3.0' }),
  });
  const exportJob = await finished(projectId, (await startedExport.json()) as Job, admin.token);
  const bytes = Buffer.from(await (await fetch(String(exportJob.url))).arrayBuffer());
  const exportSeconds = (performance.now() - started) / 1000;
  console.log(
    `export: ${exportSeconds.toFixed(1)} s, job ${exportJob.state}, ${(bytes.length / 1e6).toFixed(1)} MB, ${(exportJob.report as { topics: number }).topics} topics`,
  );
  console.log(
    `rss: before ${(rssBefore / 1e6).toFixed(0)} MB, peak ${(peak / 1e6).toFixed(0)} MB (server and client in one process)`,
  );
} finally {
  clearInterval(sampler);
  await t.close();
  fs.rmSync(file, { force: true });
}
