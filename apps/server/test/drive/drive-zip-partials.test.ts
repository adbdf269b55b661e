// Issue 30 #6: a bulk zip interrupted by a crash left its `.part` file beside the finished zip once the job was
// retried. The retried run removes the partial writes of its key first, and the periodic cleanup removes partial
// writes that killed processes left anywhere in the store (older than a day: no write in progress is).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildDriveWorld, bulkZip, rest, uploadFile, zipNames, type DriveWorld } from './drive-test-kit.ts';
import { cleanupDrive, runBulkZip } from '../../src/modules/drive/drive-bulk-download-service.ts';

let t: TestServer;
let w: DriveWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Parciais');
});
afterAll(async () => {
  await t.close();
});

const filesRoot = (): string => path.join(t.dataDir, 'files');

/** A temporary file as an interrupted write leaves it beside `key`, last modified `ageMs` ago. */
function plantPartial(key: string, ageMs = 0): string {
  const file = path.join(filesRoot(), `${key}.${randomUUID()}.part`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.alloc(4096, 7));
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
  return file;
}

describe('partial objects of interrupted writes', () => {
  it('a retried bulk zip removes the partial archive a crash left beside its key', async () => {
    const file = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0801-R00.pdf');
    const first = await rest<{ bulkDownloadId: string }>(
      t,
      w.owner,
      'POST',
      `${w.base}/files/bulk-downloads`,
      {
        filesIds: [file.id],
      },
    );
    expect(first.status).toBe(202);
    const id = first.body.bulkDownloadId;
    // The job of a worker killed mid-write is retried with its row still processing, and the dead run's
    // temporary file still on disk.
    await bulkZip(t, w, w.owner, [file.id]);
    const key = `drive-zips/${w.projectId}/${id}.zip`;
    await t.server.services.database.executor.executeSql(
      "update drive_bulk_downloads set status = 'processing', storage_key = null where id = $1",
      [id],
    );
    const leftover = plantPartial(key);
    await runBulkZip(t.server.services, id);

    expect(fs.existsSync(leftover)).toBe(false);
    const dir = path.dirname(path.join(filesRoot(), key));
    expect(fs.readdirSync(dir).filter((n) => n.startsWith(`${id}.zip`))).toEqual([`${id}.zip`]);
    const state = await rest<{ status: string; url: string }>(
      t,
      w.owner,
      'GET',
      `${w.base}/files/bulk-downloads/${id}`,
    );
    expect(state.body.status).toBe('completed');
    expect(await zipNames(state.body.url)).toEqual(['TRN-ARQ-ED-0801-R00.pdf']);
  });

  it('the periodic cleanup removes partial writes older than a day anywhere in the store, and no newer one', async () => {
    const day = 24 * 60 * 60 * 1000;
    const staleZip = plantPartial(`drive-zips/${w.projectId}/${randomUUID()}.zip`, 2 * day);
    const staleUpload = plantPartial(`uploads/drive/${w.projectId}/${randomUUID()}.pdf`, day + 60_000);
    const inProgress = plantPartial(`uploads/drive/${w.projectId}/${randomUUID()}.pdf`, 60_000);

    expect(await cleanupDrive(t.server.services)).toBeGreaterThanOrEqual(2);
    expect(fs.existsSync(staleZip)).toBe(false);
    expect(fs.existsSync(staleUpload)).toBe(false);
    expect(fs.existsSync(inProgress)).toBe(true);
  });
});
