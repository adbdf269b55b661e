import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_VISIBILITIES } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import {
  buildDriveWorld,
  bulkZip,
  join,
  rest,
  uploadFile,
  zipNames,
  type DriveWorld,
} from './drive-test-kit.ts';

let t: TestServer;
let w: DriveWorld;
let collabArq2: TestUser;
/** One document per visibility, uploaded by the ARQ collaborator's company, in ARQ. */
const files: { id: number; fileName: string; visibility: string }[] = [];

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Matriz');
  collabArq2 = await join(t, w.projectId, 3, [w.disciplineIds[0] as number]);
  for (const [i, visibility] of DOCUMENT_VISIBILITIES.entries()) {
    const fileName = `TRN-ARQ-ED-100${i}-R00.pdf`;
    const file = await uploadFile(t, w, w.collabArq, fileName, { visibility });
    files.push({ id: file.id, fileName, visibility });
  }
});
afterAll(async () => {
  await t.close();
});

/** Who sees a document by visibility, in DOCUMENT_VISIBILITIES order: company, project_management, discipline, public. */
const MATRIX: Record<string, boolean[]> = {
  collabArq: [true, true, true, true],
  owner: [false, true, true, true],
  coordinator: [false, true, true, true],
  collabArq2: [false, false, true, true],
  collabEst: [false, false, false, true],
};

function viewer(name: string): TestUser {
  return name === 'collabArq2' ? collabArq2 : (w[name as keyof DriveWorld] as TestUser);
}

describe('document visibility × role × company', () => {
  for (const [name, row] of Object.entries(MATRIX)) {
    it(`${name}: list, get, download URL, filtering-data and bulk zip agree with the matrix`, async () => {
      const user = viewer(name);
      const expected = files.filter((_f, i) => row[i]);
      const list = await rest<{ files: { id: number }[]; total: number }>(
        t,
        user,
        'GET',
        `${w.base}/files?pageSize=100`,
      );
      expect(list.body.files.map((f) => f.id).sort()).toEqual(expected.map((f) => f.id).sort());
      expect(list.body.total).toBe(expected.length);
      for (const [i, file] of files.entries()) {
        const get = await rest(t, user, 'GET', `${w.base}/files/${file.id}`);
        const url = await rest(t, user, 'GET', `${w.base}/files/${file.id}/download-url`);
        if (row[i]) {
          expect([get.status, url.status]).toEqual([200, 200]);
        } else {
          expect([get.status, get.body['code'], url.status, url.body['code']]).toEqual([
            404,
            'DOCUMENTS_NOT_FOUND',
            404,
            'DOCUMENTS_NOT_FOUND',
          ]);
        }
      }
      const data = await rest<{ total: number; visibility: { value: string; count: number }[] }>(
        t,
        user,
        'GET',
        `${w.base}/files/filtering-data`,
      );
      expect(data.body.total).toBe(expected.length);
      expect(data.body.visibility.map((v) => v.value).sort()).toEqual(
        expected.map((f) => f.visibility).sort(),
      );
      const zip = await bulkZip(
        t,
        w,
        user,
        files.map((f) => f.id),
      );
      expect(zip.body.status).toBe('completed');
      expect(await zipNames(zip.body.url ?? '')).toEqual(expected.map((f) => f.fileName).sort());
    });
  }

  it('platform administrators and outsiders get nothing', async () => {
    for (const path of [
      '/files',
      '/files/filtering-data',
      `/files/${files[3]?.id}`,
      `/files/${files[3]?.id}/download-url`,
    ]) {
      expect((await rest(t, w.platformAdmin, 'GET', `${w.base}${path}`)).body['code']).toBe('FORBIDDEN');
      expect((await rest(t, w.outsider, 'GET', `${w.base}${path}`)).body['code']).toBe('PROJECT_NOT_FOUND');
    }
    const zip = await rest(t, w.outsider, 'POST', `${w.base}/files/bulk-downloads`, {
      filesIds: [files[3]?.id],
    });
    expect(zip.body['code']).toBe('PROJECT_NOT_FOUND');
  });

  it('a bulk download of hidden files only is refused; another user cannot read someone else’s bulk download', async () => {
    const hidden = await rest(t, w.collabEst, 'POST', `${w.base}/files/bulk-downloads`, {
      filesIds: [files[0]?.id],
    });
    expect([hidden.status, hidden.body['code']]).toEqual([404, 'DOCUMENTS_NOT_FOUND']);
    const started = await rest<{ bulkDownloadId: string }>(
      t,
      w.owner,
      'POST',
      `${w.base}/files/bulk-downloads`,
      {
        filesIds: [files[3]?.id],
      },
    );
    const other = await rest(
      t,
      w.coordinator,
      'GET',
      `${w.base}/files/bulk-downloads/${started.body.bulkDownloadId}`,
    );
    expect(other.body['code']).toBe('DOCUMENTS_NOT_FOUND');
    const bad = await rest(t, w.owner, 'GET', `${w.base}/files/bulk-downloads/not-a-uuid`);
    expect(bad.body['code']).toBe('DOCUMENTS_NOT_FOUND');
  });
});
