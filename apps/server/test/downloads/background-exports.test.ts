import { sql, type SQL } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { waitForOutbox } from '../support/auth-client.ts';
import { buildExportWorld, download, WORLD_TITLES, type ExportWorld } from '../exports/export-test-kit.ts';
import { subscribeAs } from '../issues/subscription-test-kit.ts';
import { runDownloadReadyMail } from '../../src/modules/downloads/download-notices.ts';
import { runExportJob } from '../../src/modules/downloads/export-job-service.ts';

// Issue 33, Downloads: issue exports and reports prepared in the background, listed in Downloads with their state,
// and "download ready" told at once to an open tab, or by e-mail when the person left (docs/workspace.md).

let t: TestServer;
let w: ExportWorld;

const PREPARE = 'mutation($i: PrepareIssueExportInput!) { prepareIssueExport(input: $i) }';
const DOWNLOADS = '{ myDownloads { id kind projectName fileName status errorCode done total size url } }';
const ACK = 'mutation($ids: [String!]!) { acknowledgeDownloads(ids: $ids) }';

interface Download {
  id: string;
  kind: string;
  projectName: string;
  fileName: string | null;
  status: string;
  errorCode: string | null;
  done: number;
  total: number;
  size: number | null;
  url: string | null;
}

async function prepare(user: TestUser, input: Record<string, unknown>): Promise<string> {
  return (
    await call<{ prepareIssueExport: string }>(t, user, PREPARE, { i: { projectId: w.projectId, ...input } })
  ).prepareIssueExport;
}

/** Waits until the user's download `id` has ended, and returns it. */
async function ended(user: TestUser, id: string): Promise<Download> {
  return vi.waitFor(
    async () => {
      const list = (await call<{ myDownloads: Download[] }>(t, user, DOWNLOADS)).myDownloads;
      const found = list.find((d) => d.id === id);
      if (!found || found.status === 'processing') throw new Error('not yet');
      return found;
    },
    { timeout: 20_000, interval: 100 },
  );
}

/** The rows of a direct CSV export the user downloads now (the reference the background export must match). */
async function directCsvRows(user: TestUser): Promise<string[][]> {
  const res = await download(t, `/exports/issues.csv?projectId=${w.projectId}&separator=comma`, user.token);
  expect(res.status).toBe(200);
  return parse((await res.text()).replace(/^\uFEFF/, '')) as string[][];
}

/** The rows of a statement on the test's database. */
async function rows(query: SQL): Promise<unknown[]> {
  return ((await t.server.services.database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
}

beforeAll(async () => {
  t = await startTestServer();
  w = await buildExportWorld(t);
});

afterAll(async () => {
  await t.close();
});

describe('background issue exports in Downloads', () => {
  it('prepares the CSV a person would download now, with their visibility, and lists it completed', async () => {
    const id = await prepare(w.collaboratorOther, { format: 'issuesCsv', separator: 'comma', locale: 'en' });
    const done = await ended(w.collaboratorOther, id);
    expect(done).toMatchObject({ kind: 'issuesCsv', status: 'completed', errorCode: null });
    expect(done.fileName).toMatch(/-issues-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await fetch(String(done.url));
    expect(file.status).toBe(200);
    const text = await file.text();
    expect(Buffer.byteLength(text) + 3).toBeGreaterThanOrEqual(done.size ?? 0);
    const rows = parse(text.replace(/^\uFEFF/, '')) as string[][];
    expect(rows).toEqual(await directCsvRows(w.collaboratorOther));
    expect(done.total).toBe(rows.length - 1);
    expect(done.done).toBe(done.total);
    // Never what the person may not see.
    expect(text).not.toContain(WORLD_TITLES.creator);
    expect(text).not.toContain(WORLD_TITLES.project_management);
  });

  it('prepares the Excel file and the PDF report; only their requester lists them', async () => {
    const xlsx = await prepare(w.creator, { format: 'issuesXlsx' });
    const report = await prepare(w.creator, { format: 'issuesReport', comments: true, locale: 'pt-BR' });
    const excel = await ended(w.creator, xlsx);
    expect(excel).toMatchObject({ kind: 'issuesXlsx', status: 'completed', total: w.issueIds.size });
    const bytes = Buffer.from(await (await fetch(String(excel.url))).arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const pdf = await ended(w.creator, report);
    expect(pdf).toMatchObject({ kind: 'issuesReport', status: 'completed', total: w.issueIds.size });
    expect(pdf.fileName).toMatch(/-issues-report-\d{4}-\d{2}-\d{2}\.pdf$/);
    const head = Buffer.from(await (await fetch(String(pdf.url))).arrayBuffer())
      .subarray(0, 5)
      .toString();
    expect(head).toBe('%PDF-');
    const others = (await call<{ myDownloads: Download[] }>(t, w.coordinator, DOWNLOADS)).myDownloads;
    expect(others.map((d) => d.id)).not.toContain(xlsx);
  });

  it('refuses with catalogue codes before anything is queued', async () => {
    const before = await rows(sql`select count(*)::int as n from issue_export_jobs`);
    expect(await codeOf(t, w.creator, PREPARE, { i: { projectId: w.projectId, format: 'docx' } })).toBe(
      'BAD_USER_INPUT',
    );
    expect(
      await codeOf(t, w.creator, PREPARE, {
        i: { projectId: w.projectId, format: 'issuesCsv', separator: 'tab' },
      }),
    ).toBe('BAD_USER_INPUT');
    expect(
      await codeOf(t, w.creator, PREPARE, {
        i: { projectId: w.projectId, format: 'issuesCsv', filter: 'nope' },
      }),
    ).toBe('BAD_USER_INPUT');
    expect(await codeOf(t, w.outsider, PREPARE, { i: { projectId: w.projectId, format: 'issuesCsv' } })).toBe(
      'PROJECT_NOT_FOUND',
    );
    const after = await rows(sql`select count(*)::int as n from issue_export_jobs`);
    expect(after).toEqual(before);
  });

  it('tells an open tab at once; a notice the tab acknowledged sends no e-mail', async () => {
    const live = await subscribeAs<{ id: string; kind: string; status: string; projectName: string }>(
      t,
      w.coordinator,
      'subscription { myDownloadReady { id kind status projectId projectName fileName } }',
      {},
      'myDownloadReady',
    );
    try {
      const id = await prepare(w.coordinator, { format: 'disciplinesCsv' });
      const event = await live.waitFor((e) => e.id === id, 20_000);
      expect(event).toMatchObject({
        kind: 'disciplinesCsv',
        status: 'completed',
        projectName: expect.any(String),
      });
      // Another person's preparation never reaches this subscriber.
      const theirs = await prepare(w.creator, { format: 'issuesCsv' });
      await ended(w.creator, theirs);
      expect(live.events.map((e) => e.id)).not.toContain(theirs);
      expect(
        (await call<{ acknowledgeDownloads: number }>(t, w.coordinator, ACK, { ids: [id] }))
          .acknowledgeDownloads,
      ).toBe(1);
      expect(
        await runDownloadReadyMail(t.server.services, { userId: w.coordinator.id, downloadId: id }),
      ).toBe(false);
      // Acknowledging another person's download changes nothing.
      expect(
        (await call<{ acknowledgeDownloads: number }>(t, w.coordinator, ACK, { ids: [theirs] }))
          .acknowledgeDownloads,
      ).toBe(0);
    } finally {
      await live.close();
    }
  });

  it('e-mails the person who left, later and once, in their language', async () => {
    const id = await prepare(w.groupMember, { format: 'issuesCsv' });
    await ended(w.groupMember, id);
    // The e-mail waits for the tab's acknowledgement: queued to start later, not at once.
    const queued = await rows(
      sql`select start_after > now() + interval '30 seconds' as later from pgboss.job
           where name = 'downloads.readyMail' and data->>'downloadId' = ${id}`,
    );
    expect(queued).toEqual([{ later: true }]);
    expect(await runDownloadReadyMail(t.server.services, { userId: w.groupMember.id, downloadId: id })).toBe(
      true,
    );
    const [mail] = await waitForOutbox(t.dataDir, w.groupMember.email, 1, /download is ready/);
    expect(mail).toContain('/workspace/downloads');
    expect(mail).toMatch(/-issues-\d{4}-\d{2}-\d{2}\.csv/);
    expect(await runDownloadReadyMail(t.server.services, { userId: w.groupMember.id, downloadId: id })).toBe(
      false,
    );
  });

  it('lists an export that failed with its code and no file, and tells its requester', async () => {
    // Queued for someone who has no access when it runs (they left the project meanwhile).
    const db = t.server.services.database.db;
    await db.execute(sql`update users set locale_id = 'es' where id = ${w.outsider.id}`);
    const inserted = await rows(
      sql`insert into issue_export_jobs (project_id, user_id, format, params, expires_at)
          values (${w.projectId}, ${w.outsider.id}, 'issuesCsv', '{"locale":"es"}'::jsonb, now() + interval '1 day')
          returning id`,
    );
    const id = String((inserted[0] as { id: string }).id);
    await runExportJob(t.server.services, id);
    const row = await rows(
      sql`select status, error_code, storage_key from issue_export_jobs where id = ${id}`,
    );
    expect(row).toEqual([{ status: 'error', error_code: 'PROJECT_NOT_FOUND', storage_key: null }]);
    const notice = await rows(
      sql`select kind, status from download_notices where download_id = ${id} and user_id = ${w.outsider.id}`,
    );
    expect(notice).toEqual([{ kind: 'issuesCsv', status: 'error' }]);
    expect(await runDownloadReadyMail(t.server.services, { userId: w.outsider.id, downloadId: id })).toBe(
      true,
    );
    const [mail] = await waitForOutbox(t.dataDir, w.outsider.email, 1, /No se pudo preparar/);
    expect(mail).toContain('/workspace/downloads');
    // A job run twice does nothing more.
    await runExportJob(t.server.services, id);
    expect(
      await rows(sql`select count(*)::int as n from download_notices where download_id = ${id}`),
    ).toEqual([{ n: 1 }]);
  });
});
