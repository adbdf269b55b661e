import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
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

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t);
});
afterAll(async () => {
  await t.close();
});

describe('upload', () => {
  it('creates an unconfirmed record from a name that follows the rule, with its fields read from the name', async () => {
    const bytes = pdfBytes();
    const created = await rest<Created>(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: 'TRN-ARQ-ED-0001-R00.pdf',
      fileSize: bytes.length,
      visibility: 'public',
    });
    expect(created.status).toBe(201);
    expect(created.body.file).toMatchObject({
      fileName: 'TRN-ARQ-ED-0001-R00.pdf',
      documentName: 'TRN-ARQ-ED-0001',
      revisionName: 'R00',
      disciplineId: w.disciplineIds[0],
      phase: 9,
      status: 'ANALYSING',
      uploadState: 'pending',
      fileSize: bytes.length,
    });
    expect(created.body.upload.method).toBe('PUT');
    // Not listed until confirmed.
    const before = await rest<{ total: number }>(t, w.owner, 'GET', `${w.base}/files`);
    expect(before.body.total).toBe(0);
    expect(await put(created.body.upload.url, bytes)).toBe(200);
    const confirmed = await rest(
      t,
      w.owner,
      'PATCH',
      `${w.base}/files/${created.body.file.id}/confirm-upload`,
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ uploadState: 'confirmed', contentType: 'application/pdf' });
    const after = await rest<{ total: number; files: { id: number }[] }>(
      t,
      w.owner,
      'GET',
      `${w.base}/files`,
    );
    expect(after.body.files.map((f) => f.id)).toEqual([created.body.file.id]);
  });

  it('refuses a name that breaks the rule, saying which field and value', async () => {
    const answer = await rest(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: 'TRN-XYZ-ED-0002-R00.pdf',
      fileSize: 10,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'DOCUMENT_NAME_INVALID',
      details: { reason: 'invalidValue', field: 'discipline', value: 'XYZ' },
    });
    const pattern = await rest(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: 'planta.pdf',
      fileSize: 10,
    });
    expect(pattern.body).toMatchObject({ code: 'DOCUMENT_NAME_INVALID', details: { reason: 'pattern' } });
  });

  it('refuses a second upload of the same revision', async () => {
    await uploadFile(t, w, w.owner, 'TRN-EST-ED-0001-R00.pdf');
    const again = await rest(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: 'TRN-EST-ED-0001-R00.pdf',
      fileSize: 10,
    });
    expect([again.status, again.body['code']]).toEqual([409, 'DOCUMENT_ALREADY_EXISTS']);
  });

  it('checks the content by its bytes, the size and the extension', async () => {
    const fake = Buffer.from('MZ this is an executable');
    const created = await rest<Created>(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: 'TRN-ARQ-ED-0009-R00.pdf',
      fileSize: fake.length,
    });
    await put(created.body.upload.url, fake);
    const refused = await rest(t, w.owner, 'PATCH', `${w.base}/files/${created.body.file.id}/confirm-upload`);
    expect([refused.status, refused.body['code']]).toEqual([400, 'FILE_EXTENSION_NOT_ALLOWED']);
    // The refused upload left nothing: the same revision may be sent again.
    const gone = await rest(t, w.owner, 'GET', `${w.base}/files/${created.body.file.id}`);
    expect(gone.body['code']).toBe('DOCUMENTS_NOT_FOUND');
    const exe = await rest(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: 'TRN-ARQ-ED-0009-R00.exe',
      fileSize: 4,
    });
    expect(exe.body['code']).toBe('FILE_EXTENSION_NOT_ALLOWED');
    const huge = await rest(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: 'TRN-ARQ-ED-0009-R00.pdf',
      fileSize: 3 * 1024 ** 3,
    });
    expect([huge.status, huge.body['code']]).toEqual([413, 'FILE_SIZE_LIMIT_EXCEEDED']);
    const empty = await rest(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: 'TRN-ARQ-ED-0009-R00.pdf',
      fileSize: 0,
    });
    expect(empty.body['code']).toBe('SELECT_FILE');
  });

  it('confirms only a complete upload of the declared size; the upload URL refuses more bytes', async () => {
    const bytes = pdfBytes('partial');
    const created = await rest<Created>(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: 'TRN-ARQ-ED-0010-R00.pdf',
      fileSize: bytes.length,
    });
    const early = await rest(t, w.owner, 'PATCH', `${w.base}/files/${created.body.file.id}/confirm-upload`);
    expect([early.status, early.body['code']]).toEqual([409, 'DOCUMENT_UPLOAD_INCOMPLETE']);
    expect(await put(created.body.upload.url, Buffer.concat([bytes, Buffer.from('more')]))).toBe(413);
    expect(await put(created.body.upload.url, bytes)).toBe(200);
    // Someone else cannot confirm it.
    const other = await rest(
      t,
      w.ownerColleague,
      'PATCH',
      `${w.base}/files/${created.body.file.id}/confirm-upload`,
    );
    expect(other.body['code']).toBe('DOCUMENTS_NOT_FOUND');
    const ok = await rest(t, w.owner, 'PATCH', `${w.base}/files/${created.body.file.id}/confirm-upload`);
    expect(ok.status).toBe(200);
    const twice = await rest(t, w.owner, 'PATCH', `${w.base}/files/${created.body.file.id}/confirm-upload`);
    expect(twice.status).toBe(200);
  });

  it('lets collaborators upload only in their disciplines, with the statuses the rules give them', async () => {
    const other = await rest(t, w.collabArq, 'POST', `${w.base}/files`, {
      fileName: 'TRN-EST-ED-0100-R00.pdf',
      fileSize: 10,
    });
    expect([other.status, other.body['code'], other.body['details']]).toEqual([
      403,
      'DOCUMENT_PERMISSION_DENIED',
      { field: 'disciplineId' },
    ]);
    const approve = await rest(t, w.collabArq, 'POST', `${w.base}/files`, {
      fileName: 'TRN-ARQ-ED-0100-R00.pdf',
      fileSize: 10,
      status: 'APPROVED',
    });
    expect(approve.body).toMatchObject({ code: 'DOCUMENT_PERMISSION_DENIED', details: { field: 'status' } });
    const own = await uploadFile(t, w, w.collabArq, 'TRN-ARQ-ED-0100-R00.pdf');
    expect(own['status']).toBe('ANALYSING');
  });
});

describe('revisions', () => {
  it('lists the newest revision with the earlier ones one call away; an obsoleted revision stays readable', async () => {
    const r0 = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0200-R00.pdf');
    const r1 = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0200-R01.pdf');
    expect(r1.documentId).toBe(r0.documentId);
    const obsolete = await rest(t, w.owner, 'PATCH', `${w.base}/files/${r0.id}/status`, {
      newStatus: 'OBSOLETED',
    });
    expect(obsolete.body).toMatchObject({ status: 'OBSOLETED' });
    const list = await rest<{ files: { id: number; revisionsCount: number }[] }>(
      t,
      w.owner,
      'GET',
      `${w.base}/files?search=0200`,
    );
    expect(list.body.files.map((f) => [f.id, f.revisionsCount])).toEqual([[r1.id, 2]]);
    const file = await rest<{ revisions: { id: number; revisionName: string; status: string }[] }>(
      t,
      w.owner,
      'GET',
      `${w.base}/files/${r1.id}`,
    );
    expect(file.body.revisions.map((r) => [r.revisionName, r.status])).toEqual([
      ['R01', 'ANALYSING'],
      ['R00', 'OBSOLETED'],
    ]);
    const url = await rest<{ url: string }>(t, w.owner, 'GET', `${w.base}/files/${r0.id}/download-url`);
    const download = await fetch(url.body.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(pdfBytes('TRN-ARQ-ED-0200-R00.pdf'))).toBe(true);
  });
});

describe('status, visibility, delete', () => {
  it('changes status and visibility by the permissions, and deletes', async () => {
    const file = await uploadFile(t, w, w.collabArq, 'TRN-ARQ-ED-0300-R00.pdf');
    const path = `${w.base}/files/${file.id}`;
    expect(
      (await rest(t, w.collabArq, 'PATCH', `${path}/status`, { newStatus: 'APPROVED' })).body['code'],
    ).toBe('DOCUMENT_PERMISSION_DENIED');
    expect(
      (await rest(t, w.coordinator, 'PATCH', `${path}/status`, { newStatus: 'APPROVED' })).body,
    ).toMatchObject({
      status: 'APPROVED',
    });
    expect(
      (await rest(t, w.collabArq, 'PATCH', `${path}/visibility`, { newVisibility: 'company' })).body,
    ).toMatchObject({ visibility: 'company' });
    // Now hidden from the coordinator's company.
    expect((await rest(t, w.coordinator, 'GET', path)).body['code']).toBe('DOCUMENTS_NOT_FOUND');
    expect((await rest(t, w.collabArq, 'DELETE', path)).body['code']).toBe('DOCUMENT_DELETE_FORBIDDEN');
    // Work in progress of another company: even the project administrator neither sees nor deletes it.
    expect((await rest(t, w.owner, 'DELETE', path)).body['code']).toBe('DOCUMENTS_NOT_FOUND');
    await rest(t, w.collabArq, 'PATCH', `${path}/visibility`, { newVisibility: 'public' });
    expect((await rest(t, w.owner, 'DELETE', path)).status).toBe(204);
    expect((await rest(t, w.owner, 'GET', path)).body['code']).toBe('DOCUMENTS_NOT_FOUND');
    expect((await rest(t, w.owner, 'DELETE', path)).body['code']).toBe('DOCUMENTS_NOT_FOUND');
  });

  it('bulk update and delete list each refused file with its code', async () => {
    const a = await uploadFile(t, w, w.collabEst, 'TRN-EST-ED-0400-R00.pdf');
    const b = await uploadFile(t, w, w.owner, 'TRN-EST-ED-0401-R00.pdf', { visibility: 'company' });
    const update = await rest(t, w.collabEst, 'POST', `${w.base}/files/bulk-update`, {
      filesIds: [a.id, b.id, 999999],
      newStatus: 'OBSOLETED',
    });
    expect(update.body).toEqual({
      updated: [a.id],
      failed: [
        { fileId: b.id, code: 'DOCUMENTS_NOT_FOUND' },
        { fileId: 999999, code: 'DOCUMENTS_NOT_FOUND' },
      ],
    });
    const none = await rest(t, w.collabEst, 'POST', `${w.base}/files/bulk-update`, { filesIds: [a.id] });
    expect(none.body['code']).toBe('REQUIRED_FIELD');
    const removed = await rest(t, w.collabEst, 'POST', `${w.base}/files/bulk-delete`, {
      filesIds: [a.id, b.id],
    });
    expect(removed.body).toEqual({
      deleted: [],
      failed: [
        { fileId: a.id, code: 'DOCUMENT_DELETE_FORBIDDEN' },
        { fileId: b.id, code: 'DOCUMENTS_NOT_FOUND' },
      ],
    });
    const byOwner = await rest(t, w.owner, 'POST', `${w.base}/files/bulk-delete`, { filesIds: [a.id, b.id] });
    expect(byOwner.body).toEqual({ deleted: [a.id, b.id], failed: [] });
  });
});

describe('access', () => {
  it('answers outsiders, platform administrators and anonymous callers with their codes', async () => {
    expect((await rest(t, w.outsider, 'GET', `${w.base}/files`)).body['code']).toBe('PROJECT_NOT_FOUND');
    expect((await rest(t, w.platformAdmin, 'GET', `${w.base}/files`)).body['code']).toBe('FORBIDDEN');
    const anonymous = await rest(t, undefined, 'GET', `${w.base}/files`);
    expect([anonymous.status, anonymous.body['code']]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('serves the OpenAPI document of the REST routes at /openapi.json', async () => {
    const answer = await rest<{ openapi: string; paths: Record<string, unknown> }>(
      t,
      undefined,
      'GET',
      '/openapi.json',
    );
    expect(answer.body.openapi).toBe('3.0.3');
    expect(Object.keys(answer.body.paths)).toContain(
      '/project-drive/projects/{projectId}/files/{fileId}/download-url',
    );
  });

  it('tells each user what they may do', async () => {
    const owner = await rest(t, w.owner, 'GET', `${w.base}/user-authorization`);
    expect(owner.body).toMatchObject({ canUpload: true, canDeleteAny: true, uploadDisciplineIds: 'all' });
    const collab = await rest(t, w.collabArq, 'GET', `${w.base}/user-authorization`);
    expect(collab.body).toMatchObject({
      canUpload: true,
      canDeleteAny: false,
      uploadDisciplineIds: [w.disciplineIds[0]],
      statuses: ['ANALYSING', 'OBSOLETED'],
    });
  });
});
