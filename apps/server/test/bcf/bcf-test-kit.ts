import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import sharp from 'sharp';
import { httpStatusOf, type BcfPackage, type BcfTopic, type ErrorCode } from '@obra/domain';
import type { TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { createBcfZip, openBcfArchive } from '../../src/modules/bcf/bcf-zip.ts';
import { writeBcfPackage } from '../../src/modules/bcf/bcf-package-write.ts';
import { readBcfPackage } from '../../src/modules/bcf/bcf-xml-read.ts';
import type { BcfImportReport } from '../../src/modules/bcf/bcf-import-plan.ts';
import { validatePackageXml } from './bcf-xsd.ts';

export const CASES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../fixtures/bcf/cases',
);

/** Every .bcf/.bcfzip under a folder of the cases, relative to CASES. */
export function casesUnder(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.bcf(zip)?$/i.test(entry.name)) out.push(path.relative(CASES, full));
    }
  };
  walk(path.join(CASES, folder));
  return out.sort();
}

export interface RestAnswer<T> {
  status: number;
  body: T;
}

/** A BCF import or export job as GET /bcf-xml/projects/{projectId}/jobs/{jobId} answers it. */
export interface BcfJobAnswer {
  id: string;
  kind: 'import' | 'export';
  state: 'queued' | 'running' | 'completed' | 'failed';
  done: number;
  total: number;
  report: unknown;
  error: { code: string; message: string } | null;
  url: string | null;
  size: number | null;
}

/** Polls a job until it is finished (completed or failed). */
export async function waitForJob(
  t: TestServer,
  user: TestUser,
  projectId: number | string,
  jobId: string,
  seen: (job: BcfJobAnswer) => void = () => undefined,
): Promise<BcfJobAnswer> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const res = await fetch(`${t.url}/bcf-xml/projects/${projectId}/jobs/${jobId}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const job = (await res.json()) as BcfJobAnswer;
    if (res.status !== 200) throw new Error(`job ${jobId}: ${res.status} ${JSON.stringify(job)}`);
    seen(job);
    if (job.state === 'completed' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** POST /bcf-xml/projects/{projectId}/imports with the package in `file`, as sent (a preview, or the job). */
export async function startImport(
  t: TestServer,
  user: TestUser | undefined,
  projectId: number | string,
  bytes: Buffer,
  options: { dryRun?: boolean; mapping?: unknown; name?: string } = {},
): Promise<{ status: number; location: string | null; body: Record<string, unknown> }> {
  const form = new FormData();
  if (options.mapping !== undefined) form.append('mapping', JSON.stringify(options.mapping));
  form.append('file', new Blob([new Uint8Array(bytes)]), options.name ?? 'package.bcf');
  const res = await fetch(
    `${t.url}/bcf-xml/projects/${projectId}/imports${options.dryRun ? '?dryRun=true' : ''}`,
    { method: 'POST', body: form, headers: user ? { authorization: `Bearer ${user.token}` } : {} },
  );
  return {
    status: res.status,
    location: res.headers.get('location'),
    body: (await res.json()) as Record<string, unknown>,
  };
}

/**
 * Imports a package and waits for its job: answers the outcome as the import once answered in the request —
 * 201 with the report when the job completed, the refusal's status and `{code, message}` when it was refused (at
 * once, or by the job) — so that the import's rules are tested the same way. A preview (dryRun) is the route's
 * own answer.
 */
export async function importFile(
  t: TestServer,
  user: TestUser | undefined,
  projectId: number | string,
  bytes: Buffer,
  options: { dryRun?: boolean; mapping?: unknown; name?: string } = {},
): Promise<RestAnswer<BcfImportReport & { code?: string; message?: string }>> {
  const started = await startImport(t, user, projectId, bytes, options);
  type Answer = BcfImportReport & { code?: string; message?: string };
  if (options.dryRun || started.status >= 400 || !user)
    return { status: started.status, body: started.body as unknown as Answer };
  expect(started.status).toBe(202);
  expect(started.location).toBe(`/bcf-xml/projects/${projectId}/jobs/${String(started.body['id'])}`);
  const job = await waitForJob(t, user, projectId, String(started.body['id']));
  if (job.state === 'failed' && job.error)
    return { status: httpStatusOf(job.error.code as ErrorCode), body: job.error as unknown as Answer };
  return { status: 201, body: job.report as Answer };
}

export function caseBytes(relative: string): Buffer {
  return fs.readFileSync(path.join(CASES, relative));
}

/** GET /bcf-xml/projects/{projectId}/export; the package bytes, or the error answer. */
export async function exportFile(
  t: TestServer,
  user: TestUser,
  projectId: number,
  query: Record<string, string> = {},
): Promise<{ status: number; bytes: Buffer; json?: { code: string } }> {
  const res = await fetch(`${t.url}/bcf-xml/projects/${projectId}/export?${new URLSearchParams(query)}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200)
    return { status: res.status, bytes, json: JSON.parse(bytes.toString()) as { code: string } };
  return { status: res.status, bytes };
}

/** Reads a package from bytes as the importer does, and validates every XML document against its XSD. */
export async function readPackage(
  bytes: Buffer,
  validateAs?: '2.1' | '3.0',
): Promise<{ pkg: BcfPackage; errors: string[]; paths: string[] }> {
  const file = path.join(os.tmpdir(), `obra-bcf-test-${randomUUID()}.bcf`);
  fs.writeFileSync(file, bytes);
  const archive = await openBcfArchive(file);
  try {
    const pkg = await readBcfPackage(archive);
    const documents = [];
    if (validateAs)
      for (const entry of archive.paths)
        documents.push({ entry, xml: (await archive.read(entry)).toString('utf8') });
    const errors = validateAs ? await validatePackageXml(validateAs, documents) : [];
    return { pkg, errors, paths: [...archive.paths] };
  } finally {
    archive.close();
    fs.rmSync(file, { force: true });
  }
}

/**
 * A BCF 3.0 package of `count` generated topics (one comment and one viewpoint with a small snapshot each);
 * `shape` may change each topic (its comments, say) before it is written.
 */
export async function generatedPackage(
  count: number,
  shape: (topic: BcfTopic, index: number) => BcfTopic = (topic) => topic,
): Promise<{ bytes: Buffer; guids: string[] }> {
  const snapshot = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 120, g: 160, b: 200 } },
  })
    .png()
    .toBuffer();
  const topics: BcfTopic[] = Array.from({ length: count }, (_, i) => ({
    guid: randomUUID(),
    topicType: 'Clash',
    topicStatus: 'Open',
    referenceLinks: [],
    title: `Generated clash ${i}`,
    labels: [],
    creationDate: '2026-01-01T10:00:00Z',
    creationAuthor: 'coordinator@example.com',
    documentReferences: [],
    relatedTopics: [],
    headerFiles: [],
    comments: [
      {
        guid: randomUUID(),
        date: '2026-01-02T10:00:00Z',
        author: 'coordinator@example.com',
        comment: 'Check.',
      },
    ],
    viewpoints: [{ guid: randomUUID(), index: 0, visualization: undefined }],
  })).map(shape);
  const zip = createBcfZip();
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    zip.stream.on('data', (c: Buffer) => chunks.push(c));
    zip.stream.on('end', resolve);
    zip.stream.on('error', reject);
  });
  await writeBcfPackage(
    zip,
    {
      version: '3.0',
      project: { projectId: randomUUID(), name: 'Generated' },
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
  return { bytes: Buffer.concat(chunks), guids: topics.map((t) => t.guid) };
}
