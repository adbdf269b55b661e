import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildUser, type TestUser } from '../support/factories.ts';
import { createProject } from '../projects/project-test-kit.ts';
import {
  buildDriveWorld,
  join,
  pdfBytes,
  put,
  rest,
  uploadFile,
  type Created,
  type DriveWorld,
} from './drive-test-kit.ts';

/**
 * Every drive REST call answers each error code it can give (docs/api-drive.md "Errors"), on the database the
 * run uses (PGlite, or PostgreSQL with DATABASE_URL). drive-files.test.ts covers the journeys' codes; this file
 * walks the access codes of all fourteen calls and the codes the journeys leave out.
 */

let t: TestServer;
let w: DriveWorld;
let fileId: number;
let demo: TestUser;
let unaccepted: TestUser;
/** A project without a naming rule, with a location group (B1 holds B1A) and phase 5 switched off. */
let free: string;
let locationGroup: string;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Códigos');
  fileId = (await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0001-R00.pdf')).id;
  demo = await buildUser(t, { companyId: w.owner.companyId, companyRole: 'collaborator', isDemo: true });
  unaccepted = await buildUser(t, { companyId: w.owner.companyId, companyRole: 'collaborator' });
  await t.server.services.database.db.execute(
    sql`update users set accepted_policies_version = 'an-old-version' where id = ${unaccepted.id}`,
  );
  const freeId = await createProject(t, w.owner, 'Obra Livre');
  free = `/project-drive/projects/${freeId}`;
  const { db } = t.server.services.database;
  const inserted = (await db.execute(
    sql`insert into project_locals (project_id, name, abbreviation) values (${freeId}, 'Bloco 1', 'B1') returning id`,
  )) as unknown as { rows: { id: number }[] };
  const groupId = inserted.rows[0]?.id ?? 0;
  await db.execute(
    sql`insert into project_locals (project_id, name, abbreviation, parent_id) values (${freeId}, 'Ala A', 'B1A', ${groupId})`,
  );
  locationGroup = 'B1';
  // Phase 5 switched off in this project.
  await db.execute(
    sql`insert into project_phases (project_id, phase_id, active) values (${freeId}, 5, false)
        on conflict (project_id, phase_id) do update set active = false`,
  );
});
afterAll(async () => {
  await t.close();
});

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: () => string;
  body?: () => unknown;
  write: boolean;
}

/** The fourteen calls, each with a valid request. */
const CALLS: Record<string, Call> = {
  'GET /files': { method: 'GET', path: () => '/files', write: false },
  'GET /files/filtering-data': { method: 'GET', path: () => '/files/filtering-data', write: false },
  'GET /user-authorization': { method: 'GET', path: () => '/user-authorization', write: false },
  'GET /files/{id}': { method: 'GET', path: () => `/files/${fileId}`, write: false },
  'GET /files/{id}/download-url': {
    method: 'GET',
    path: () => `/files/${fileId}/download-url`,
    write: false,
  },
  'POST /files': {
    method: 'POST',
    path: () => '/files',
    body: () => ({ fileName: 'TRN-ARQ-ED-0999-R00.pdf', fileSize: 10 }),
    write: true,
  },
  'PATCH /files/{id}/confirm-upload': {
    method: 'PATCH',
    path: () => `/files/${fileId}/confirm-upload`,
    write: true,
  },
  'PATCH /files/{id}/status': {
    method: 'PATCH',
    path: () => `/files/${fileId}/status`,
    body: () => ({ newStatus: 'APPROVED' }),
    write: true,
  },
  'PATCH /files/{id}/visibility': {
    method: 'PATCH',
    path: () => `/files/${fileId}/visibility`,
    body: () => ({ newVisibility: 'public' }),
    write: true,
  },
  'DELETE /files/{id}': { method: 'DELETE', path: () => `/files/${fileId}`, write: true },
  'POST /files/bulk-downloads': {
    method: 'POST',
    path: () => '/files/bulk-downloads',
    body: () => ({ filesIds: [fileId] }),
    write: false,
  },
  'GET /files/bulk-downloads/{id}': {
    method: 'GET',
    path: () => '/files/bulk-downloads/00000000-0000-4000-8000-000000000000',
    write: false,
  },
  'POST /files/bulk-update': {
    method: 'POST',
    path: () => '/files/bulk-update',
    body: () => ({ filesIds: [fileId], newStatus: 'APPROVED' }),
    write: true,
  },
  'POST /files/bulk-delete': {
    method: 'POST',
    path: () => '/files/bulk-delete',
    body: () => ({ filesIds: [fileId] }),
    write: true,
  },
};

function send(user: TestUser | undefined, c: Call, base = w.base, headers: Record<string, string> = {}) {
  return rest(t, user, c.method, `${base}${c.path()}`, c.body?.(), headers);
}

describe('access codes of every drive call', () => {
  for (const [name, c] of Object.entries(CALLS)) {
    it(`${name}: UNAUTHENTICATED, NOT_ACCEPTED_POLICIES, PROJECT_NOT_FOUND, FORBIDDEN, BAD_USER_INPUT${c.write ? ', FORBIDDEN_DEMO_MODE, FORBIDDEN_PROJECT_NOT_ACTIVE' : ''}`, async () => {
      const codes = async (user: TestUser | undefined, base = w.base) => {
        const answer = await send(user, c, base);
        return [answer.status, answer.body['code']];
      };
      expect(await codes(undefined)).toEqual([401, 'UNAUTHENTICATED']);
      const expired = await send(undefined, c, w.base, { authorization: 'Bearer not-a-token' });
      expect([expired.status, expired.body['code']]).toEqual([401, 'UNAUTHENTICATED']);
      expect(await codes(unaccepted)).toEqual([403, 'NOT_ACCEPTED_POLICIES']);
      expect(await codes(w.outsider)).toEqual([404, 'PROJECT_NOT_FOUND']);
      expect(await codes(w.owner, '/project-drive/projects/2147483647')).toEqual([404, 'PROJECT_NOT_FOUND']);
      expect(await codes(w.platformAdmin)).toEqual([403, 'FORBIDDEN']);
      const invalid = await codes(w.owner, '/project-drive/projects/not-a-number');
      expect(invalid).toEqual([400, 'BAD_USER_INPUT']);
      if (c.write) {
        expect(await codes(demo)).toEqual([403, 'FORBIDDEN_DEMO_MODE']);
        const { db } = t.server.services.database;
        await db.execute(sql`update projects set status = 0 where id = ${w.projectId}`);
        try {
          expect(await codes(w.owner)).toEqual([403, 'FORBIDDEN_PROJECT_NOT_ACTIVE']);
        } finally {
          await db.execute(sql`update projects set status = 1 where id = ${w.projectId}`);
        }
      } else {
        // Reads are allowed to demo users.
        expect((await send(demo, c)).body['code']).not.toBe('FORBIDDEN_DEMO_MODE');
      }
    });
  }
});

describe('the codes the journeys leave out', () => {
  it('POST /files without a rule: unknown discipline, location and phase are BAD_USER_INPUT; a location group is refused', async () => {
    const post = (body: Record<string, unknown>) =>
      rest(t, w.owner, 'POST', `${free}/files`, { fileName: 'Corte AA.pdf', fileSize: 10, ...body });
    for (const [field, value] of [
      ['disciplineId', 2147483646],
      ['localId', 2147483646],
      ['phase', 5],
    ] as const) {
      const answer = await post({ [field]: value });
      expect([answer.status, answer.body['code'], answer.body['details']], field).toEqual([
        400,
        'BAD_USER_INPUT',
        { field },
      ]);
    }
    const { db } = t.server.services.database;
    const group = (await db.execute(
      sql`select id from project_locals where abbreviation = ${locationGroup} and project_id = ${Number(free.split('/').pop())}`,
    )) as unknown as { rows: { id: number }[] };
    const answer = await post({ localId: group.rows[0]?.id });
    expect(answer.body).toMatchObject({
      code: 'DOCUMENT_NAME_INVALID',
      details: { reason: 'locationGroup', field: 'local' },
    });
    for (const documentName of ['a/b', 'a\u0007b', '..\\x']) {
      expect((await post({ documentName })).body, documentName).toMatchObject({
        code: 'DOCUMENT_NAME_INVALID',
        details: { reason: 'forbiddenCharacter', field: 'documentName' },
      });
    }
    const revision = await post({ revisionName: 'R 1/2' });
    expect(revision.body).toMatchObject({
      code: 'DOCUMENT_NAME_INVALID',
      details: { reason: 'invalidRevision', field: 'revision' },
    });
    // Without a rule, revisions count 1, 2, 3….
    const first = await uploadFile(t, { ...w, base: free }, w.owner, 'Fachada.pdf');
    const second = await uploadFile(t, { ...w, base: free }, w.owner, 'Fachada.pdf');
    expect([first['revisionName'], second['revisionName']]).toEqual(['1', '2']);
  });

  it('PATCH confirm-upload: an expired upload and an object larger than declared are refused and forgotten', async () => {
    const bytes = pdfBytes('late');
    const late = await rest<Created>(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: 'TRN-ARQ-ED-0601-R00.pdf',
      fileSize: bytes.length,
    });
    expect(await put(late.body.upload.url, bytes)).toBe(200);
    const { db } = t.server.services.database;
    await db.execute(
      sql`update drive_files set expires_at = now() - interval '1 minute' where id = ${late.body.file.id}`,
    );
    const expired = await rest(t, w.owner, 'PATCH', `${w.base}/files/${late.body.file.id}/confirm-upload`);
    expect([expired.status, expired.body['code'], expired.body['details']]).toEqual([
      409,
      'DOCUMENT_UPLOAD_INCOMPLETE',
      { reason: 'expired' },
    ]);
    expect((await rest(t, w.owner, 'GET', `${w.base}/files/${late.body.file.id}`)).body['code']).toBe(
      'DOCUMENTS_NOT_FOUND',
    );

    const big = await rest<Created>(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: 'TRN-ARQ-ED-0602-R00.pdf',
      fileSize: bytes.length,
    });
    const key = (
      (await db.execute(
        sql`select storage_key from drive_files where id = ${big.body.file.id}`,
      )) as unknown as {
        rows: { storage_key: string }[];
      }
    ).rows[0]?.storage_key;
    // Bytes that did not come through the upload address (which refuses more than declared).
    await t.server.services.files.store.write(
      key ?? '',
      Buffer.concat([bytes, Buffer.from('extra')]),
      'application/pdf',
    );
    const larger = await rest(t, w.owner, 'PATCH', `${w.base}/files/${big.body.file.id}/confirm-upload`);
    expect([larger.status, larger.body['code']]).toEqual([413, 'FILE_SIZE_LIMIT_EXCEEDED']);
    expect(await t.server.services.files.store.stat(key ?? '')).toBeUndefined();
  });

  it('status, visibility and bulk update of a pending upload: DOCUMENT_UPLOAD_INCOMPLETE; a hidden or unknown file: DOCUMENTS_NOT_FOUND', async () => {
    const pending = await rest<Created>(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: 'TRN-ARQ-ED-0603-R00.pdf',
      fileSize: 10,
    });
    const id = pending.body.file.id;
    for (const [path, body] of [
      ['status', { newStatus: 'APPROVED' }],
      ['visibility', { newVisibility: 'company' }],
    ] as const) {
      const answer = await rest(t, w.owner, 'PATCH', `${w.base}/files/${id}/${path}`, body);
      expect([answer.status, answer.body['code']], path).toEqual([409, 'DOCUMENT_UPLOAD_INCOMPLETE']);
      // Someone else does not even see it.
      const other = await rest(t, w.coordinator, 'PATCH', `${w.base}/files/${id}/${path}`, body);
      expect([other.status, other.body['code']], path).toEqual([404, 'DOCUMENTS_NOT_FOUND']);
      const unknown = await rest(t, w.owner, 'PATCH', `${w.base}/files/2147483647/${path}`, body);
      expect([unknown.status, unknown.body['code']], path).toEqual([404, 'DOCUMENTS_NOT_FOUND']);
    }
    const bulk = await rest(t, w.owner, 'POST', `${w.base}/files/bulk-update`, {
      filesIds: [id, fileId],
      newVisibility: 'public',
    });
    expect(bulk.body).toEqual({
      updated: [fileId],
      failed: [{ fileId: id, code: 'DOCUMENT_UPLOAD_INCOMPLETE' }],
    });
    // The uploader may still delete the abandoned upload.
    expect((await rest(t, w.owner, 'DELETE', `${w.base}/files/${id}`)).status).toBe(204);
  });

  it('visibility and bulk update by someone who may not: DOCUMENT_PERMISSION_DENIED', async () => {
    const file = await uploadFile(t, w, w.collabArq, 'TRN-ARQ-ED-0604-R00.pdf');
    const path = `${w.base}/files/${file.id}`;
    // Another company's collaborator in the same discipline sees it (public) but may not change it.
    const collabArq2 = await join(t, w.projectId, 3, [w.disciplineIds[0] as number]);
    const visibility = await rest(t, collabArq2, 'PATCH', `${path}/visibility`, { newVisibility: 'company' });
    expect([visibility.status, visibility.body['code'], visibility.body['details']]).toEqual([
      403,
      'DOCUMENT_PERMISSION_DENIED',
      { field: 'visibility' },
    ]);
    const bulk = await rest(t, collabArq2, 'POST', `${w.base}/files/bulk-update`, {
      filesIds: [file.id],
      newStatus: 'OBSOLETED',
      newVisibility: 'company',
    });
    expect(bulk.body).toEqual({
      updated: [],
      failed: [{ fileId: file.id, code: 'DOCUMENT_PERMISSION_DENIED' }],
    });
    // Nothing changed.
    expect((await rest(t, w.owner, 'GET', path)).body).toMatchObject({
      status: 'ANALYSING',
      visibility: 'public',
    });
  });

  it('download-url of a pending upload and a bulk download of pending files only: DOCUMENTS_NOT_FOUND', async () => {
    const pending = await rest<Created>(t, w.owner, 'POST', `${w.base}/files`, {
      fileName: 'TRN-ARQ-ED-0605-R00.pdf',
      fileSize: 10,
    });
    const id = pending.body.file.id;
    const url = await rest(t, w.owner, 'GET', `${w.base}/files/${id}/download-url`);
    expect([url.status, url.body['code']]).toEqual([404, 'DOCUMENTS_NOT_FOUND']);
    const zip = await rest(t, w.owner, 'POST', `${w.base}/files/bulk-downloads`, { filesIds: [id] });
    expect([zip.status, zip.body['code']]).toEqual([404, 'DOCUMENTS_NOT_FOUND']);
    const empty = await rest(t, w.owner, 'POST', `${w.base}/files/bulk-downloads`, { filesIds: [] });
    expect([empty.status, empty.body['code']]).toEqual([400, 'BAD_USER_INPUT']);
    const deleteNone = await rest(t, w.owner, 'POST', `${w.base}/files/bulk-delete`, { filesIds: [] });
    expect([deleteNone.status, deleteNone.body['code']]).toEqual([400, 'BAD_USER_INPUT']);
  });

  it('an unknown route under the drive is NOT_FOUND, and a wrong method is not a 5xx', async () => {
    const unknown = await rest(t, w.owner, 'GET', `${w.base}/folders`);
    expect([unknown.status, unknown.body['code']]).toEqual([404, 'NOT_FOUND']);
    const method = await rest(t, w.owner, 'PUT', `${w.base}/files/${fileId}`, {});
    expect(method.status).toBe(404);
    expect(method.body['code']).toBe('NOT_FOUND');
  });
});
