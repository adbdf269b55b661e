import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expectClientError, NASTY_VALUES, seededRandom } from '../support/fuzz.ts';
import { buildUser } from '../support/factories.ts';
import { cleanupDrive } from '../../src/modules/drive/drive-bulk-download-service.ts';
import { uploadKeyOf } from '../../src/storage/file-store.ts';
import {
  buildDriveWorld,
  pdfBytes,
  put,
  rest,
  uploadFile,
  type Created,
  type DriveWorld,
} from './drive-test-kit.ts';

let t: TestServer;
let w: DriveWorld;
let fileId: number;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Fuzz');
  fileId = (await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0001-R00.pdf')).id;
});
afterAll(async () => {
  await t.close();
});

describe('fuzzed requests to every drive route answer 4xx with a catalogue code, never 5xx', () => {
  it('bad path parameters', async () => {
    for (const bad of ['abc', '-1', '0', '99999999999999999999', '1.5', '%2e%2e', '..%2f..', '1e3', 'NaN']) {
      for (const [method, path] of [
        ['GET', `/project-drive/projects/${bad}/files`],
        ['GET', `/project-drive/projects/${bad}/files/filtering-data`],
        ['GET', `/project-drive/projects/${bad}/user-authorization`],
        ['GET', `${w.base}/files/${bad}`],
        ['GET', `${w.base}/files/${bad}/download-url`],
        ['PATCH', `${w.base}/files/${bad}/confirm-upload`],
        ['DELETE', `${w.base}/files/${bad}`],
        ['GET', `${w.base}/files/bulk-downloads/${bad}`],
      ] as const) {
        const answer = await rest(t, w.owner, method, path);
        expectClientError(answer, `${method} ${path}`);
      }
    }
  });

  it('bad query strings of the list', async () => {
    for (const query of [
      'page=-1',
      'page=abc',
      'pageSize=100000',
      'pageSize=0',
      'sort=id;drop',
      'order=sideways',
      'status=NOPE',
      'visibility=everyone',
      'uploadedAfter=yesterday',
      'updatedBefore=2024-13-45T99:99:99Z',
      `search=${'x'.repeat(1000)}`,
      'phase=99',
      'disciplineId=abc',
    ]) {
      expectClientError(await rest(t, w.owner, 'GET', `${w.base}/files?${query}`), query);
    }
    // Odd but valid searches are answered, not failed.
    for (const search of ['%', '_', '\\', "'", '🏗️', 'ção']) {
      const answer = await rest(t, w.owner, 'GET', `${w.base}/files?search=${encodeURIComponent(search)}`);
      expect(answer.status, search).toBe(200);
    }
  });

  it('random bodies for every write', async () => {
    const next = seededRandom(14);
    const pick = (): unknown => NASTY_VALUES[Math.floor(next() * NASTY_VALUES.length)];
    const routes: [string, string, string[]][] = [
      [
        'POST',
        `${w.base}/files`,
        [
          'fileName',
          'fileSize',
          'documentName',
          'revisionName',
          'disciplineId',
          'localId',
          'phase',
          'status',
          'visibility',
        ],
      ],
      ['PATCH', `${w.base}/files/${fileId}/status`, ['newStatus']],
      ['PATCH', `${w.base}/files/${fileId}/visibility`, ['newVisibility']],
      ['POST', `${w.base}/files/bulk-downloads`, ['filesIds']],
      ['POST', `${w.base}/files/bulk-update`, ['filesIds', 'newStatus', 'newVisibility']],
      ['POST', `${w.base}/files/bulk-delete`, ['filesIds']],
    ];
    for (const [method, path, fields] of routes) {
      for (let i = 0; i < 25; i++) {
        const body = Object.fromEntries(fields.filter(() => next() < 0.8).map((f) => [f, pick()]));
        const answer = await rest(t, w.owner, method, path, body);
        expect(answer.status, `${method} ${path} ${JSON.stringify(body).slice(0, 200)}`).toBeLessThan(500);
        if (answer.status >= 400) expectClientError(answer, `${method} ${path}`);
      }
      expectClientError(await rest(t, w.owner, method, path, '{not json'), `${method} ${path} not json`);
      expectClientError(await rest(t, w.owner, method, path, '[]'), `${method} ${path} array`);
    }
    // The file survived all of it.
    expect((await rest(t, w.owner, 'GET', `${w.base}/files/${fileId}`)).status).toBe(200);
  });

  it('path traversal and odd characters in names never reach the store', async () => {
    for (const fileName of [
      '../../etc/passwd.pdf',
      '..\\x.pdf',
      'a/b.pdf',
      'a\u0000.pdf',
      '.',
      '..',
      'x'.repeat(300) + '.pdf',
    ]) {
      const answer = await rest(t, w.owner, 'POST', `${w.base}/files`, { fileName, fileSize: 10 });
      expect(answer.body, fileName).toMatchObject({
        code: 'DOCUMENT_NAME_INVALID',
        details: { field: 'fileName' },
      });
    }
    const ids = await rest(t, w.owner, 'POST', `${w.base}/files/bulk-downloads`, {
      filesIds: Array.from({ length: 1001 }, (_v, i) => i + 1),
    });
    expectClientError(ids, 'too many ids');
  });
});

describe('life cycle guards', () => {
  it('demo users read but do not write; inactive projects are read-only', async () => {
    const demo = await buildUser(t, {
      companyId: w.owner.companyId,
      companyRole: 'collaborator',
      isDemo: true,
    });
    expect((await rest(t, demo, 'GET', `${w.base}/files`)).status).toBe(200);
    const write = await rest(t, demo, 'PATCH', `${w.base}/files/${fileId}/status`, { newStatus: 'APPROVED' });
    expect(write.body['code']).toBe('FORBIDDEN_DEMO_MODE');
    await t.server.services.database.db.execute(
      sql`update projects set status = 0 where id = ${w.projectId}`,
    );
    try {
      const change = await rest(t, w.owner, 'PATCH', `${w.base}/files/${fileId}/status`, {
        newStatus: 'APPROVED',
      });
      expect(change.body['code']).toBe('FORBIDDEN_PROJECT_NOT_ACTIVE');
      const create = await rest(t, w.owner, 'POST', `${w.base}/files`, {
        fileName: 'TRN-ARQ-ED-0002-R00.pdf',
        fileSize: 9,
      });
      expect(create.body['code']).toBe('FORBIDDEN_PROJECT_NOT_ACTIVE');
      expect((await rest(t, w.owner, 'GET', `${w.base}/files/${fileId}/download-url`)).status).toBe(200);
    } finally {
      await t.server.services.database.db.execute(
        sql`update projects set status = 1 where id = ${w.projectId}`,
      );
    }
  });

  it('an abandoned upload expires and the cleanup job removes its record and its bytes', async () => {
    const bytes = pdfBytes('abandoned');
    const created = await rest<Created>(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: 'TRN-EST-ED-0500-R00.pdf',
      fileSize: bytes.length,
    });
    expect(await put(created.body.upload.url, bytes)).toBe(200);
    const { db } = t.server.services.database;
    const [row] = (
      (await db.execute(
        sql`select storage_key from drive_files where id = ${created.body.file.id}`,
      )) as unknown as {
        rows: { storage_key: string }[];
      }
    ).rows;
    // Unconfirmed, the bytes wait under the upload key (confirming would promote them to the record's key).
    const key = uploadKeyOf(row?.storage_key ?? '');
    expect(await t.server.services.files.store.stat(key)).toBeDefined();
    // Not yet expired: the cleanup leaves it.
    await cleanupDrive(t.server.services);
    expect(await t.server.services.files.store.stat(key)).toBeDefined();
    await cleanupDrive(t.server.services, new Date(Date.now() + 3 * 3_600_000));
    expect(await t.server.services.files.store.stat(key)).toBeUndefined();
    expect(await t.server.services.files.store.stat(row?.storage_key ?? '')).toBeUndefined();
    const gone = await rest(t, w.owner, 'PATCH', `${w.base}/files/${created.body.file.id}/confirm-upload`);
    expect(gone.body['code']).toBe('DOCUMENTS_NOT_FOUND');
    // Its document went with it: the name may be used again.
    const again = await rest(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: 'TRN-EST-ED-0500-R00.pdf',
      fileSize: 9,
    });
    expect(again.status).toBe(201);
  });
});
