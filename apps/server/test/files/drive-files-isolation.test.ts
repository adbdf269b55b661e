import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  buildDriveWorld,
  bulkZip,
  pdfBytes,
  rest,
  uploadFile,
  type DriveWorld,
} from '../drive/drive-test-kit.ts';

/**
 * The drive and the project files share their tables (drive_documents.area): a working file never appears in the
 * drive, a drive document never in the project files, through any call — even with the same name.
 */

let t: TestServer;
let w: DriveWorld;
let files: DriveWorld;
let driveId: number;
let filesId: number;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Isolada');
  files = { ...w, base: `/project-files/projects/${w.projectId}` };
  const name = 'TRN-ARQ-ED-0001-R00.pdf';
  driveId = (await uploadFile(t, w, w.owner, name, {}, pdfBytes('drive'))).id;
  // The same name in the project files: its own file, version 1 (not a revision of the drive document).
  const working = await uploadFile(t, files, w.owner, name, {}, pdfBytes('files'));
  filesId = working.id;
  expect(working['version']).toBe(1);
});
afterAll(async () => {
  await t.close();
});

describe('drive ↔ project files isolation', () => {
  it('lists, counts and searches hold their own area only', async () => {
    const drive = await rest<{ files: { id: number }[]; total: number }>(
      t,
      w.owner,
      'GET',
      `${w.base}/files`,
    );
    expect([drive.body.files.map((f) => f.id), drive.body.total]).toEqual([[driveId], 1]);
    const working = await rest<{ files: { id: number }[]; total: number }>(
      t,
      w.owner,
      'GET',
      `${files.base}/files`,
    );
    expect([working.body.files.map((f) => f.id), working.body.total]).toEqual([[filesId], 1]);
    const counts = await rest<{ total: number }>(t, w.owner, 'GET', `${w.base}/files/filtering-data`);
    expect(counts.body.total).toBe(1);
    const drawer = await rest<{ revisions: { id: number }[] }>(
      t,
      w.owner,
      'GET',
      `${w.base}/files/${driveId}`,
    );
    expect(drawer.body.revisions.map((r) => r.id)).toEqual([driveId]);
    const versions = await rest<{ versions: { id: number }[] }>(
      t,
      w.owner,
      'GET',
      `${files.base}/files/${filesId}`,
    );
    expect(versions.body.versions.map((r) => r.id)).toEqual([filesId]);
  });

  it('an id of the other area does not exist for get, download, confirm, changes and deletes', async () => {
    for (const [method, path, body] of [
      ['GET', `${w.base}/files/${filesId}`, undefined],
      ['GET', `${w.base}/files/${filesId}/download-url`, undefined],
      ['PATCH', `${w.base}/files/${filesId}/confirm-upload`, undefined],
      ['PATCH', `${w.base}/files/${filesId}/status`, { newStatus: 'APPROVED' }],
      ['PATCH', `${w.base}/files/${filesId}/visibility`, { newVisibility: 'company' }],
      ['DELETE', `${w.base}/files/${filesId}`, undefined],
      ['GET', `${files.base}/files/${driveId}`, undefined],
      ['GET', `${files.base}/files/${driveId}/download-url`, undefined],
      ['PATCH', `${files.base}/files/${driveId}/confirm-upload`, undefined],
      ['DELETE', `${files.base}/files/${driveId}`, undefined],
      ['DELETE', `${files.base}/files/${driveId}/versions`, undefined],
    ] as const) {
      const answer = await rest(t, w.owner, method, path, body);
      expect([answer.status, answer.body['code']], `${method} ${path}`).toEqual([404, 'DOCUMENTS_NOT_FOUND']);
    }
    const bulk = await rest<{ failed: { fileId: number; code: string }[] }>(
      t,
      w.owner,
      'POST',
      `${w.base}/files/bulk-update`,
      { filesIds: [filesId], newStatus: 'APPROVED' },
    );
    expect(bulk.body.failed).toEqual([{ fileId: filesId, code: 'DOCUMENTS_NOT_FOUND' }]);
    const deleted = await rest<{ failed: { fileId: number; code: string }[] }>(
      t,
      w.owner,
      'POST',
      `${w.base}/files/bulk-delete`,
      { filesIds: [filesId] },
    );
    expect(deleted.body.failed).toEqual([{ fileId: filesId, code: 'DOCUMENTS_NOT_FOUND' }]);
    // Both survived.
    expect((await rest(t, w.owner, 'GET', `${w.base}/files/${driveId}`)).status).toBe(200);
    expect((await rest(t, w.owner, 'GET', `${files.base}/files/${filesId}`)).status).toBe(200);
  });

  it('a zip holds its own area only, and its state is read under its own area', async () => {
    expect((await bulkZip(t, w, w.owner, [filesId])).body).toMatchObject({ code: 'DOCUMENTS_NOT_FOUND' });
    expect((await bulkZip(t, files, w.owner, [driveId])).body).toMatchObject({ code: 'DOCUMENTS_NOT_FOUND' });
    const started = await rest<{ bulkDownloadId: string }>(
      t,
      w.owner,
      'POST',
      `${files.base}/files/bulk-downloads`,
      {
        filesIds: [filesId, driveId],
      },
    );
    expect(started.status).toBe(202);
    const inDrive = await rest(
      t,
      w.owner,
      'GET',
      `${w.base}/files/bulk-downloads/${started.body.bulkDownloadId}`,
    );
    expect(inDrive.body['code']).toBe('DOCUMENTS_NOT_FOUND');
    const done = await bulkZip(t, files, w.owner, [filesId, driveId]);
    expect(done.body).toMatchObject({ status: 'completed' });
  });
});
