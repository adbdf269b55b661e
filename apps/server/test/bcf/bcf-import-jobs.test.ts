import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import yazl from 'yazl';
import type { AppServices } from '../../src/services.ts';
import {
  BCF_IMPORT_BATCH,
  cleanupBcfJobs,
  runBcfExport,
  runBcfImport,
} from '../../src/modules/bcf/bcf-job-service.ts';
import { BCF_MAX_ENTRIES, BCF_MAX_TOPICS, openBcfArchive } from '../../src/modules/bcf/bcf-zip.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildIssueWorld, type IssueWorld } from '../issues/issue-test-kit.ts';
import { generatedPackage, readPackage, startImport, type BcfJobAnswer } from './bcf-test-kit.ts';
import { estimatedRows } from '../support/planner-estimates.ts';

let t: TestServer;
let w: IssueWorld;
let services: AppServices;

// No worker in this server: the tests run the jobs themselves, to stop one half-way as a crash would.
beforeAll(async () => {
  t = await startTestServer({ JOBS: 'none' });
  w = await buildIssueWorld(t);
  services = t.server.services;
});
afterAll(async () => {
  await t.close();
});

async function job(id: string): Promise<BcfJobAnswer> {
  const res = await fetch(`${t.url}/bcf-xml/projects/${w.projectId}/jobs/${id}`, {
    headers: { authorization: `Bearer ${w.creator.token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as BcfJobAnswer;
}

/** Issues of the project carrying each topic GUID (the GUIDs are unique per project: more would be duplicates). */
async function issuesPerGuid(guids: readonly string[]): Promise<number[]> {
  const rows = (await services.database.db.execute(
    sql`select guid::text as guid, count(*)::int as n from bcf_topics where project_id = ${w.projectId} group by guid`,
  )) as unknown as { rows: { guid: string; n: number }[] };
  const byGuid = new Map(rows.rows.map((r) => [r.guid, r.n]));
  return guids.map((g) => byGuid.get(g) ?? 0);
}

async function jobCount(): Promise<number> {
  const rows = (await services.database.db.execute(
    sql`select count(*)::int as n from bcf_jobs`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return rows.rows[0]?.n ?? -1;
}

/** A zip of `count` entries named by `name(i)`, each empty (no bytes to inflate). */
function emptyEntries(count: number, name: (i: number) => string, compress = false): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('<?xml version="1.0"?><Version VersionId="3.0"/>'), 'bcf.version');
  for (let i = 0; i < count; i++) zip.addBuffer(Buffer.alloc(0), name(i), { compress });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Makes the file store fail from its `after`-th write on, as a worker that dies in the middle of an import. */
function failingAfter(after: number): AppServices {
  let writes = 0;
  const store = new Proxy(services.files.store, {
    get(target, key, receiver) {
      if (key === 'write')
        return async (...args: Parameters<typeof target.write>) => {
          writes += 1;
          if (writes > after) throw new Error('worker died');
          return target.write(...args);
        };
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { ...services, files: { ...services.files, store } };
}

describe('BCF-XML import as a job', () => {
  it('answers 202 with the queued job, then imports in batches; a crash resumes after the last batch written, without duplicates', async () => {
    const topics = BCF_IMPORT_BATCH * 2 + 50;
    const { bytes, guids } = await generatedPackage(topics);
    const started = await startImport(t, w.creator, w.projectId, bytes, { name: 'big.bcf' });
    expect(started.status).toBe(202);
    const id = String(started.body['id']);
    expect(started.location).toBe(`/bcf-xml/projects/${w.projectId}/jobs/${id}`);
    expect(started.body).toMatchObject({ kind: 'import', state: 'queued', done: 0, total: topics });
    expect(await issuesPerGuid(guids)).toEqual(guids.map(() => 0));

    // Sent again while unfinished (a client that lost the answer): the same job, nothing new queued.
    const again = await startImport(t, w.creator, w.projectId, bytes, { name: 'big.bcf' });
    expect(again.status).toBe(200);
    expect(again.body['id']).toBe(id);

    // The worker dies while storing the second batch's snapshots (each snapshot is two writes: image, thumbnail).
    await expect(runBcfImport(failingAfter(BCF_IMPORT_BATCH * 2 + 3), id)).rejects.toThrow('worker died');
    const halfway = await job(id);
    expect(halfway).toMatchObject({ state: 'running', done: BCF_IMPORT_BATCH, total: topics, report: null });
    const written = await issuesPerGuid(guids);
    expect(written.filter((n) => n === 1)).toHaveLength(BCF_IMPORT_BATCH);
    expect(written.every((n) => n <= 1)).toBe(true);

    // pg-boss runs it again: it goes on from the first topic not written.
    await runBcfImport(services, id);
    const done = await job(id);
    expect(done).toMatchObject({ state: 'completed', done: topics, total: topics, error: null });
    expect(done.report).toMatchObject({ topics, created: topics, updated: 0, failed: 0 });
    expect((done.report as { items: unknown[] }).items).toHaveLength(topics);
    expect(await issuesPerGuid(guids)).toEqual(guids.map(() => 1));
    // The topics that just arrived are in the planner's statistics (an embedded database has no autovacuum).
    expect(await estimatedRows(t.server.services.database, 'issues')).toBeGreaterThanOrEqual(topics);

    // The same package once more after the end: a new job that updates every topic, still one issue each.
    const resent = await startImport(t, w.creator, w.projectId, bytes, { name: 'big.bcf' });
    expect(resent.status).toBe(202);
    await runBcfImport(services, String(resent.body['id']));
    expect((await job(String(resent.body['id']))).report).toMatchObject({ created: 0, updated: topics });
    expect(await issuesPerGuid(guids)).toEqual(guids.map(() => 1));
  }, 300_000);

  it("tells the requester's devices when the job ends (Web Push)", async () => {
    const subscribed = await t.gql(
      `mutation ($endpoint: String!, $p256dh: String!, $auth: String!) {
        subscribeDevice(endpoint: $endpoint, p256dh: $p256dh, auth: $auth) }`,
      {
        endpoint: 'http://127.0.0.1:9/push/bcf-job',
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
      { token: w.creator.token },
    );
    expect(subscribed.errors).toBeUndefined();
    const { bytes } = await generatedPackage(3);
    const started = await startImport(t, w.creator, w.projectId, bytes);
    const sent: { name: string; payload: unknown }[] = [];
    const recording: AppServices = {
      ...services,
      jobs: {
        ...services.jobs,
        send: async (name, payload, options) => {
          sent.push({ name, payload });
          return services.jobs.send(name, payload, options);
        },
      },
    };
    await runBcfImport(recording, String(started.body['id']));
    const pushes = sent.filter((s) => s.name === 'notifications.push');
    expect(pushes).toHaveLength(1);
    const message = JSON.parse((pushes[0]?.payload as { payload: string }).payload) as {
      title: string;
      url: string;
    };
    expect(message.title).toMatch(/BCF import finished in .*: 3 created, 0 updated, 0 failed/);
    expect(message.url).toBe(`/workspace/project/${w.projectId}/issues`);
  });

  it('refuses a package above the bounds from its central directory, before any job is queued', async () => {
    const jobsBefore = await jobCount();
    const manyTopics = await emptyEntries(BCF_MAX_TOPICS + 1, (i) => `topic-${i}/markup.bcf`);
    const topics = await startImport(t, w.creator, w.projectId, manyTopics);
    expect(topics).toMatchObject({
      status: 413,
      body: { code: 'BCF_PACKAGE_TOO_LARGE', details: { what: 'topics', limit: BCF_MAX_TOPICS } },
    });
    expect(String(topics.body['message'])).toContain('10,000');
    // The preview checks the same bounds.
    const preview = await startImport(t, w.creator, w.projectId, manyTopics, { dryRun: true });
    expect(preview).toMatchObject({ status: 413, body: { details: { what: 'topics' } } });
    // A package claiming more unpacked bytes than the bound (its central directory says 4 GB for one entry).
    const liar = Buffer.from(await emptyEntries(1, () => 'topic/markup.bcf', true));
    const central = liar.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    liar.writeUInt32LE(0xfffffff0, central + 24);
    const bytes = await startImport(t, w.creator, w.projectId, liar);
    expect(bytes).toMatchObject({
      status: 413,
      body: { code: 'BCF_PACKAGE_TOO_LARGE', details: { what: 'bytes' } },
    });
    const es = await fetch(`${t.url}/bcf-xml/projects/${w.projectId}/imports`, {
      method: 'POST',
      body: (() => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(liar)]), 'big.bcf');
        return form;
      })(),
      headers: { authorization: `Bearer ${w.creator.token}`, 'accept-language': 'es' },
    });
    expect(((await es.json()) as { message: string }).message).toContain('2 GB descomprimido');
    expect(await jobCount()).toBe(jobsBefore);
  }, 300_000);

  it('answers a body that is not the multipart it claims to be as BAD_USER_INPUT, never a 500', async () => {
    // Found by the REST fuzz (seed 117471087): busboy's "Unexpected end of multipart data" was an internal error.
    const res = await fetch(`${t.url}/bcf-xml/projects/${w.projectId}/imports`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${w.creator.token}`,
        'content-type': 'multipart/form-data; boundary=x',
      },
      body: `${'['.repeat(500)}1${']'.repeat(500)}`,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('BAD_USER_INPUT');
  });

  it('counts the entries from the end of the central directory, before listing them', async () => {
    // The bound of 100,000 entries, checked with a smaller one (a 100,001-entry zip takes a minute to build).
    const file = path.join(os.tmpdir(), `obra-bcf-entries-${randomUUID()}.bcf`);
    fs.writeFileSync(file, await emptyEntries(50, (i) => `extra/${i}.txt`));
    try {
      await expect(openBcfArchive(file, { entries: 40, topics: 10, bytes: 1e9 })).rejects.toMatchObject({
        code: 'BCF_PACKAGE_TOO_LARGE',
        details: { what: 'entries', limit: 40, found: 51 },
      });
      const archive = await openBcfArchive(file);
      expect(archive.paths).toHaveLength(51);
      archive.close();
      expect(BCF_MAX_ENTRIES).toBe(100_000);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it("answers another person's job, or an unknown one, as BCF_JOB_NOT_FOUND", async () => {
    const { bytes } = await generatedPackage(1);
    const started = await startImport(t, w.creator, w.projectId, bytes);
    const other = await fetch(`${t.url}/bcf-xml/projects/${w.projectId}/jobs/${String(started.body['id'])}`, {
      headers: { authorization: `Bearer ${w.coordinator.token}` },
    });
    expect(other.status).toBe(404);
    expect(((await other.json()) as { code: string }).code).toBe('BCF_JOB_NOT_FOUND');
    const unknown = await fetch(`${t.url}/bcf-xml/projects/${w.projectId}/jobs/nope`, {
      headers: { authorization: `Bearer ${w.creator.token}` },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('BCF-XML export as a job', () => {
  it('writes the package the requester sees into the file store and answers its signed address', async () => {
    const res = await fetch(`${t.url}/bcf-xml/projects/${w.projectId}/exports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.creator.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: '2.1' }),
    });
    expect(res.status).toBe(202);
    const started = (await res.json()) as BcfJobAnswer;
    expect(started).toMatchObject({ kind: 'export', state: 'queued', size: null });
    await runBcfExport(services, started.id);
    const finished = await job(started.id);
    expect(finished.state).toBe('completed');
    const count = (finished.report as { topics: number }).topics;
    expect(count).toBeGreaterThan(BCF_IMPORT_BATCH * 2);
    expect(finished.done).toBe(count);
    const download = await fetch(String(finished.url));
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    // The job answers its package's size with its state (the Downloads page reads both from this one answer).
    expect(finished.size).toBe(bytes.length);
    const pkg = await readPackage(bytes, '2.1');
    expect(pkg.errors).toEqual([]);
    expect(pkg.pkg.topics).toHaveLength(count);

    const bad = await fetch(`${t.url}/bcf-xml/projects/${w.projectId}/exports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.creator.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: '1.0' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('BCF_UNSUPPORTED_VERSION');
  });
});

describe('bcf.cleanup', () => {
  it('fails jobs abandoned for two hours, and removes finished jobs a day old with their stored packages', async () => {
    const exported = await fetch(`${t.url}/bcf-xml/projects/${w.projectId}/exports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.creator.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: '3.0' }),
    });
    expect(exported.status).toBe(202);
    const exportJob = (await exported.json()) as BcfJobAnswer;
    await runBcfExport(services, exportJob.id);
    const finished = await job(exportJob.id);
    expect(finished.state).toBe('completed');
    const packageUrl = String(finished.url);
    expect((await fetch(packageUrl)).status).toBe(200);

    // An import that no worker ever ran (this server has none).
    const started = await startImport(t, w.creator, w.projectId, (await generatedPackage(2)).bytes);
    expect(started.status).toBe(202);
    const abandoned = started.body as unknown as BcfJobAnswer;
    expect(abandoned.state).toBe('queued');

    // An hour later nothing is touched.
    await cleanupBcfJobs(services, new Date(Date.now() + 3_600_000));
    expect((await job(abandoned.id)).state).toBe('queued');
    expect((await job(exportJob.id)).state).toBe('completed');

    // Three hours later the import is failed; the export, finished less than a day ago, stays.
    expect(await cleanupBcfJobs(services, new Date(Date.now() + 3 * 3_600_000))).toBe(0);
    const failed = await job(abandoned.id);
    expect(failed).toMatchObject({ state: 'failed' });
    expect((await job(exportJob.id)).state).toBe('completed');
    expect((await fetch(packageUrl)).status).toBe(200);

    // A day and more later both go, and the export's package with them.
    const removed = await cleanupBcfJobs(services, new Date(Date.now() + 25 * 3_600_000));
    expect(removed).toBeGreaterThanOrEqual(1);
    for (const id of [abandoned.id, exportJob.id]) {
      const res = await fetch(`${t.url}/bcf-xml/projects/${w.projectId}/jobs/${id}`, {
        headers: { authorization: `Bearer ${w.creator.token}` },
      });
      expect(res.status).toBe(404);
    }
    expect((await fetch(packageUrl)).status).toBe(404);
  });
});
