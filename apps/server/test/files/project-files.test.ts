import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { cleanupDrive } from '../../src/modules/drive/drive-bulk-download-service.ts';
import {
  buildDriveWorld,
  bulkZip,
  pdfBytes,
  put,
  rest,
  zipEntries,
  type Created,
  type DriveWorld,
} from '../drive/drive-test-kit.ts';

/**
 * The project files (`files` module, docs/api-drive.md "Project files"): working files in the drive's tables
 * with area 'files' — no naming rule, no status, seen by every participant, a name sent again is its next
 * version. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */

let t: TestServer;
let w: DriveWorld;
let files: DriveWorld;

type Version = {
  id: number;
  documentId: number;
  fileName: string;
  version: number;
  versionsCount: number;
  uploadState: string;
  permissions: { delete: boolean };
  code?: string;
};

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Arquivos');
  files = { ...w, base: `/project-files/projects/${w.projectId}` };
});
afterAll(async () => {
  await t.close();
});

async function send(user: TestUser, fileName: string, bytes: Buffer = pdfBytes(fileName)): Promise<Version> {
  const created = await rest<Created>(t, user, 'POST', `${files.base}/files`, {
    fileName,
    fileSize: bytes.length,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(await put(created.body.upload.url, bytes, created.body.upload.headers)).toBe(200);
  const confirmed = await rest<Version>(
    t,
    user,
    'PATCH',
    `${files.base}/files/${created.body.file.id}/confirm-upload`,
  );
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return confirmed.body;
}

describe('project files', () => {
  it('takes any usable name (no naming rule), numbers versions of one name 1, 2, 3 and lists the newest', async () => {
    // The drive's rule (TRN-ARQ-ED-0001-R00) would refuse this name.
    const first = await send(w.collabArq, 'Ata de reunião 12.pdf');
    expect(first).toMatchObject({ version: 1, uploadState: 'confirmed', fileName: 'Ata de reunião 12.pdf' });
    expect(first).not.toHaveProperty('status');
    expect(first).not.toHaveProperty('visibility');
    const second = await send(w.collabEst, 'ATA DE REUNIÃO 12.pdf');
    const third = await send(w.owner, 'Ata de reunião 12.pdf');
    expect([second.version, third.version]).toEqual([2, 3]);
    expect(new Set([first.documentId, second.documentId, third.documentId]).size).toBe(1);

    const list = await rest<{ files: Version[]; total: number }>(
      t,
      w.coordinator,
      'GET',
      `${files.base}/files`,
    );
    expect(list.status).toBe(200);
    const row = list.body.files.find((f) => f.documentId === first.documentId);
    expect(row).toMatchObject({ id: third.id, version: 3, versionsCount: 3 });

    const detail = await rest<Version & { versions: Version[] }>(
      t,
      w.collabEst,
      'GET',
      `${files.base}/files/${first.id}`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(detail.body.versionsCount).toBe(3);

    const url = await rest<{ url: string }>(
      t,
      w.collabEst,
      'GET',
      `${files.base}/files/${first.id}/download-url`,
    );
    const download = await fetch(url.body.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).toString()).toContain('Ata de reunião 12.pdf');
  });

  it('is seen by every participant, by nobody else', async () => {
    const version = await send(w.collabArq, 'site-photo-list.txt', Buffer.from('north wall crack\n'));
    for (const user of [w.owner, w.ownerColleague, w.coordinator, w.collabArq, w.collabEst]) {
      const answer = await rest<Version>(t, user, 'GET', `${files.base}/files/${version.id}`);
      expect(answer.status).toBe(200);
    }
    expect((await rest(t, w.outsider, 'GET', `${files.base}/files`)).body).toMatchObject({
      code: 'PROJECT_NOT_FOUND',
    });
    expect((await rest(t, w.platformAdmin, 'GET', `${files.base}/files`)).body).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await rest(t, undefined, 'GET', `${files.base}/files`)).body).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect((await rest(t, w.outsider, 'GET', `${files.base}/files/${version.id}/download-url`)).status).toBe(
      404,
    );
    const authorization = await rest(t, w.collabEst, 'GET', `${files.base}/user-authorization`);
    expect(authorization.body).toEqual({
      canView: true,
      canUpload: true,
      canDeleteAny: false,
      projectActive: true,
    });
    expect((await rest(t, w.coordinator, 'GET', `${files.base}/user-authorization`)).body).toMatchObject({
      canDeleteAny: true,
    });
  });

  it('checks name, size and content as the drive does', async () => {
    const post = (body: unknown) => rest<{ code: string }>(t, w.owner, 'POST', `${files.base}/files`, body);
    expect((await post({ fileName: '../../etc/passwd.pdf', fileSize: 10 })).body.code).toBe(
      'DOCUMENT_NAME_INVALID',
    );
    expect((await post({ fileName: 'tool.exe', fileSize: 10 })).body.code).toBe('FILE_EXTENSION_NOT_ALLOWED');
    expect((await post({ fileName: 'empty.pdf', fileSize: 0 })).body.code).toBe('SELECT_FILE');
    expect((await post({ fileName: 'huge.pdf', fileSize: 3 * 1024 ** 3 })).body.code).toBe(
      'FILE_SIZE_LIMIT_EXCEEDED',
    );
    // A PDF's bytes under a .png name are refused at confirmation and the record is gone.
    const bytes = pdfBytes('not an image');
    const created = await rest<Created>(t, w.owner, 'POST', `${files.base}/files`, {
      fileName: 'photo.png',
      fileSize: bytes.length,
    });
    expect(await put(created.body.upload.url, bytes)).toBe(200);
    const refused = await rest<{ code: string }>(
      t,
      w.owner,
      'PATCH',
      `${files.base}/files/${created.body.file.id}/confirm-upload`,
    );
    expect([refused.status, refused.body.code]).toEqual([400, 'FILE_EXTENSION_NOT_ALLOWED']);
    expect((await rest(t, w.owner, 'GET', `${files.base}/files/${created.body.file.id}`)).status).toBe(404);
    // Confirming before the bytes arrived is incomplete; a pending version is listed nowhere.
    const pending = await rest<Created>(t, w.owner, 'POST', `${files.base}/files`, {
      fileName: 'later.pdf',
      fileSize: 100,
    });
    const early = await rest<{ code: string }>(
      t,
      w.owner,
      'PATCH',
      `${files.base}/files/${pending.body.file.id}/confirm-upload`,
    );
    expect(early.body.code).toBe('DOCUMENT_UPLOAD_INCOMPLETE');
    const list = await rest<{ files: Version[] }>(t, w.owner, 'GET', `${files.base}/files?pageSize=500`);
    expect(list.body.files.some((f) => f.id === pending.body.file.id)).toBe(false);
    // Someone else's pending upload does not exist for the others.
    expect((await rest(t, w.collabArq, 'GET', `${files.base}/files/${pending.body.file.id}`)).status).toBe(
      404,
    );
  });

  it('deletes a version (managers any, others their own) and a file with every version', async () => {
    const mine = await send(w.collabEst, 'quantities.csv', Buffer.from('item;qty\nbeam;4\n'));
    const theirs = await send(w.owner, 'quantities.csv', Buffer.from('item;qty\nbeam;5\n'));
    expect(theirs.permissions.delete).toBe(true);
    const asEst = await rest<Version & { versions: Version[] }>(
      t,
      w.collabEst,
      'GET',
      `${files.base}/files/${theirs.id}`,
    );
    expect(asEst.body.permissions.delete).toBe(false);
    expect((await rest(t, w.collabEst, 'DELETE', `${files.base}/files/${theirs.id}`)).body).toMatchObject({
      code: 'DOCUMENT_DELETE_FORBIDDEN',
    });
    expect(
      (await rest(t, w.collabEst, 'DELETE', `${files.base}/files/${theirs.id}/versions`)).body,
    ).toMatchObject({ code: 'DOCUMENT_DELETE_FORBIDDEN' });
    expect((await rest(t, w.collabEst, 'DELETE', `${files.base}/files/${mine.id}`)).status).toBe(204);
    const after = await rest<Version & { versions: Version[] }>(
      t,
      w.owner,
      'GET',
      `${files.base}/files/${theirs.id}`,
    );
    expect(after.body.versions.map((v) => v.version)).toEqual([2]);
    // The next version continues after the highest one sent.
    const next = await send(w.collabArq, 'quantities.csv', Buffer.from('item;qty\nbeam;6\n'));
    expect(next.version).toBe(3);
    expect((await rest(t, w.coordinator, 'DELETE', `${files.base}/files/${next.id}/versions`)).status).toBe(
      204,
    );
    expect((await rest(t, w.owner, 'GET', `${files.base}/files/${theirs.id}`)).status).toBe(404);
    const left = await t.server.services.database.db.execute(
      sql`select count(*)::int as n from drive_documents where project_id = ${w.projectId} and area = 'files'
        and lower(name) = 'quantities.csv'`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('zips chosen versions through the bulk download job', async () => {
    const a = await send(w.owner, 'minutes.txt', Buffer.from('minutes of the site meeting\n'));
    const b = await send(w.collabArq, 'minutes.txt', Buffer.from('minutes of the site meeting, corrected\n'));
    const c = await send(
      w.collabEst,
      'render.png',
      await sharp({
        create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 10, b: 10 } },
      })
        .png()
        .toBuffer(),
    );
    const done = await bulkZip(t, files, w.coordinator, [a.id, b.id, c.id]);
    expect(done.body).toMatchObject({ status: 'completed', errorCode: null });
    const zip = Buffer.from(await (await fetch(done.body.url ?? '')).arrayBuffer());
    expect(
      zipEntries(zip)
        .map((e) => e.name)
        .sort(),
    ).toEqual(['minutes (2).txt', 'minutes.txt', 'render.png']);
    expect((await bulkZip(t, files, w.coordinator, [999999])).body).toMatchObject({
      code: 'DOCUMENTS_NOT_FOUND',
    });
  });

  it('writes refused in an inactive project and for demo users; cleanup removes abandoned uploads', async () => {
    const created = await rest<Created>(t, w.owner, 'POST', `${files.base}/files`, {
      fileName: 'abandoned.pdf',
      fileSize: 50,
    });
    expect(created.status).toBe(201);
    const db = t.server.services.database.db;
    await db.execute(
      sql`update drive_files set expires_at = now() - interval '1 minute' where id = ${created.body.file.id}`,
    );
    expect(await cleanupDrive(t.server.services)).toBeGreaterThanOrEqual(1);
    const gone = await db.execute(
      sql`select count(*)::int as n from drive_files where id = ${created.body.file.id}`,
    );
    expect((gone as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);

    await db.execute(sql`update projects set status = 2 where id = ${w.projectId}`);
    try {
      const refused = await rest<{ code: string }>(t, w.owner, 'POST', `${files.base}/files`, {
        fileName: 'late.pdf',
        fileSize: 10,
      });
      expect(refused.body.code).toBe('FORBIDDEN_PROJECT_NOT_ACTIVE');
      expect((await rest(t, w.owner, 'GET', `${files.base}/files`)).status).toBe(200);
    } finally {
      await db.execute(sql`update projects set status = 1 where id = ${w.projectId}`);
    }
    await db.execute(sql`update users set is_demo = true where id = ${w.collabArq.id}`);
    try {
      const demo = await rest<{ code: string }>(t, w.collabArq, 'POST', `${files.base}/files`, {
        fileName: 'demo.pdf',
        fileSize: 10,
      });
      expect(demo.body.code).toBe('FORBIDDEN_DEMO_MODE');
    } finally {
      await db.execute(sql`update users set is_demo = false where id = ${w.collabArq.id}`);
    }
  });

  it('searches names and sorts by name', async () => {
    await send(w.owner, 'Zebra crossing.pdf');
    await send(w.owner, 'Álbum de fotos.pdf');
    const found = await rest<{ files: Version[] }>(t, w.owner, 'GET', `${files.base}/files?search=album`);
    expect(found.body.files.map((f) => f.fileName)).toEqual(['Álbum de fotos.pdf']);
    const sorted = await rest<{ files: Version[] }>(
      t,
      w.owner,
      'GET',
      `${files.base}/files?sort=fileName&order=asc&pageSize=500`,
    );
    const names = sorted.body.files.map((f) => f.fileName.toLowerCase());
    expect(names.indexOf('ata de reunião 12.pdf')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('ata de reunião 12.pdf')).toBeLessThan(names.indexOf('minutes.txt'));
    expect(names.indexOf('minutes.txt')).toBeLessThan(names.indexOf('zebra crossing.pdf'));
  });
});
