import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import {
  buildDriveWorld,
  bulkZip,
  uploadFile,
  zipEntries,
  type DriveWorld,
} from '../drive/drive-test-kit.ts';

/** The Downloads page (issue 33): the caller's own bulk zips and BCF exports, with state, progress, size, expiry. */

let t: TestServer;
let w: DriveWorld;
let fileIds: number[];

const DOWNLOADS = `{ myDownloads { id kind projectId projectName fileName status errorCode done total size
  createdAt expiresAt url } }`;

interface Download {
  id: string;
  kind: string;
  projectId: number;
  projectName: string;
  fileName: string | null;
  status: string;
  errorCode: string | null;
  done: number;
  total: number;
  size: number | null;
  createdAt: string;
  expiresAt: string | null;
  url: string | null;
}

async function downloadsOf(user: TestUser): Promise<Download[]> {
  return (await call<{ myDownloads: Download[] }>(t, user, DOWNLOADS)).myDownloads;
}

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Downloads');
  fileIds = [
    (await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0001-R00.pdf')).id,
    (await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0002-R00.pdf')).id,
  ];
});

afterAll(async () => {
  await t.close();
});

describe('Downloads', () => {
  it('lists the caller’s completed bulk zip with its size, expiry and a working address', async () => {
    expect(await downloadsOf(w.owner)).toEqual([]);
    const zip = await bulkZip(t, w, w.owner, fileIds);
    expect(zip.body.status).toBe('completed');
    const [listed, ...rest] = await downloadsOf(w.owner);
    expect(rest).toEqual([]);
    expect(listed).toMatchObject({
      kind: 'driveZip',
      projectId: w.projectId,
      projectName: 'Torre Downloads',
      status: 'completed',
      errorCode: null,
      done: 2,
      total: 2,
    });
    expect(listed?.size).toBeGreaterThan(0);
    expect(Date.parse(listed?.expiresAt ?? '')).toBeGreaterThan(Date.now());
    const file = await fetch(String(listed?.url));
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBe(listed?.size);
    expect(
      zipEntries(bytes)
        .map((e) => e.name)
        .sort(),
    ).toEqual(['TRN-ARQ-ED-0001-R00.pdf', 'TRN-ARQ-ED-0002-R00.pdf']);
    // Its requester is told it is ready (the notice, then an e-mail unless a tab acknowledges it).
    await vi.waitFor(
      async () => {
        const notices = (await t.server.services.database.db.execute(
          sql`select kind, status, project_name from download_notices where download_id = ${listed?.id ?? ''}`,
        )) as unknown as { rows: unknown[] };
        expect(notices.rows).toEqual([
          { kind: 'driveZip', status: 'completed', project_name: 'Torre Downloads' },
        ]);
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('lists a BCF export next to it, newest first, once its job has run', async () => {
    const res = await fetch(`${t.url}/bcf-xml/projects/${w.projectId}/exports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: '2.1' }),
    });
    expect(res.status).toBe(202);
    const done = await vi.waitFor(
      async () => {
        const list = await downloadsOf(w.owner);
        if (list[0]?.kind !== 'bcfExport' || list[0].status === 'processing') throw new Error('not yet');
        return list;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(done.map((d) => d.kind)).toEqual(['bcfExport', 'driveZip']);
    expect(done[0]).toMatchObject({ status: 'completed', errorCode: null, projectName: 'Torre Downloads' });
    expect(done[0]?.fileName).toMatch(/\.bcf(zip)?$/);
    expect(done[0]?.size).toBeGreaterThan(0);
    expect((await fetch(String(done[0]?.url))).status).toBe(200);
  });

  it('shows a failed zip with its code and no address, and leaves expired ones out', async () => {
    const failed = await bulkZip(t, w, w.owner, [fileIds[0] ?? 0]);
    expect(failed.body.status).toBe('completed');
    await t.server.services.database.db.execute(
      sql`update drive_bulk_downloads set status = 'error', error_code = 'COMPRESSING', storage_key = null
          where user_id = ${w.owner.id} and file_count = 1`,
    );
    const list = await downloadsOf(w.owner);
    expect(list.find((d) => d.total === 1)).toMatchObject({
      status: 'error',
      errorCode: 'COMPRESSING',
      url: null,
    });
    await t.server.services.database.db.execute(
      sql`update drive_bulk_downloads set expires_at = now() - interval '1 minute' where file_count = 1`,
    );
    expect((await downloadsOf(w.owner)).map((d) => d.kind)).toEqual(['bcfExport', 'driveZip']);
  });

  it('never shows someone else’s preparations, even a colleague’s in the same project', async () => {
    expect(await downloadsOf(w.ownerColleague)).toEqual([]);
    expect(await downloadsOf(w.collabArq)).toEqual([]);
    expect(await downloadsOf(w.outsider)).toEqual([]);
    expect(await codeOf(t, undefined, DOWNLOADS)).toBe('UNAUTHENTICATED');
  });

  it('leaves out what the caller may no longer read (they left the project)', async () => {
    await bulkZip(t, w, w.collabArq, [fileIds[0] ?? 0]);
    expect(await downloadsOf(w.collabArq)).toHaveLength(1);
    await t.server.services.database.db.execute(
      sql`delete from project_companies where project_id = ${w.projectId} and company_id = ${w.collabArq.companyId}`,
    );
    expect(await downloadsOf(w.collabArq)).toEqual([]);
  });
});
