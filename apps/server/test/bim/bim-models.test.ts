import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildDriveWorld, rest, uploadFile, type DriveWorld } from '../drive/drive-test-kit.ts';
import type { TestUser } from '../support/factories.ts';
import { eq } from 'drizzle-orm';
import { bimKeys, queueMissingBimBounds } from '../../src/modules/bim/bim-conversion-service.ts';
import { bimConversions } from '../../src/db/schema/index.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../../fixtures/ifc');
const HOUSE = fs.readFileSync(path.join(FIXTURES, 'web-ifc/IfcOpenHouse_IFC4.ifc'));
const MEP = fs.readFileSync(path.join(FIXTURES, 'bcf-xml/MEP.ifc'));

let t: TestServer;
let w: DriveWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre BIM');
});
afterAll(async () => {
  await t.close();
});

interface FileState {
  processingState: string;
  processingError: string | null;
}

/** Polls the drive's GET /files/{id} until the conversion job has finished with the revision. */
async function converted(user: TestUser, fileId: number): Promise<FileState & Record<string, unknown>> {
  for (let i = 0; i < 1200; i++) {
    const file = await rest<FileState & Record<string, unknown>>(t, user, 'GET', `${w.base}/files/${fileId}`);
    if (file.status !== 200) throw new Error(`GET file ${file.status}`);
    if (file.body.processingState === 'success' || file.body.processingState === 'failed') return file.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('conversion did not finish');
}

const models = (projectId: number) => `/bim/projects/${projectId}/models`;

/** IfcOpenHouse_IFC4.ifc's bounds as the conversion records them. */
function expectHouseBounds(value: unknown) {
  const bounds = value as { min: number[]; max: number[]; coordination: number[] };
  expect(bounds.min[0]).toBeCloseTo(-10, 2);
  expect(bounds.min[1]).toBeCloseTo(-10, 2);
  expect(bounds.min[2]).toBeCloseTo(-8.13, 2);
  expect(bounds.max[0]).toBeCloseTo(10, 2);
  expect(bounds.max[1]).toBeCloseTo(10, 2);
  expect(bounds.max[2]).toBeCloseTo(5.78, 2);
  expect(bounds.coordination).toEqual([-4.84, -2.12, 2.02]);
}

describe('IFC revisions of the drive are converted by the bim.convert job', () => {
  let houseId: number;

  it('queues the conversion on confirm and reports success through the drive file', async () => {
    const file = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0001-R00.ifc', { visibility: 'public' }, HOUSE);
    expect(file).toMatchObject({ extension: 'ifc', contentType: 'application/x-step' });
    expect(['queued', 'processing', 'success']).toContain(file['processingState']);
    houseId = file.id;
    const done = await converted(w.owner, houseId);
    expect(done).toMatchObject({ processingState: 'success', processingError: null });
  });

  it('lists the model with its element count and serves its fragments and properties', async () => {
    const list = await rest<{ models: Record<string, unknown>[] }>(t, w.owner, 'GET', models(w.projectId));
    expect(list.status).toBe(200);
    expect(list.body.models).toEqual([
      expect.objectContaining({
        fileId: houseId,
        documentName: 'TRN-ARQ-ED-0001',
        revisionName: 'R00',
        processingState: 'success',
        processingError: null,
        schema: 'IFC4',
        elementCount: 40,
      }),
    ]);
    const model = await rest<Record<string, unknown>>(t, w.owner, 'GET', `${models(w.projectId)}/${houseId}`);
    expect(model.body).toMatchObject({ fileId: houseId, isLatest: true, revisions: [{ fileId: houseId }] });
    // Where the house lies, recorded by the conversion (IFC world coordinates, Z up, metres): its 20 × 20 m
    // terrain around the origin, the ground under it and the roof's ridge at 5.78 m; and the translation the
    // conversion applied.
    expectHouseBounds(model.body['bounds']);

    const fragments = await fetch(`${t.url}${models(w.projectId)}/${houseId}/fragments`, {
      headers: { authorization: `Bearer ${w.owner.token}` },
    });
    expect(fragments.status).toBe(200);
    expect(fragments.headers.get('content-type')).toBe('application/octet-stream');
    // Its length, for the viewer's download progress.
    expect(Number(fragments.headers.get('content-length'))).toBe(model.body['fragmentsSize']);
    expect((await fragments.arrayBuffer()).byteLength).toBe(model.body['fragmentsSize']);

    const properties = await rest<{ elementCount: number; tree: { cls: string; guid: string } }>(
      t,
      w.owner,
      'GET',
      `${models(w.projectId)}/${houseId}/properties`,
    );
    expect(properties.status).toBe(200);
    expect(properties.body).toMatchObject({
      schema: 'IFC4',
      elementCount: 40,
      tree: { cls: 'IfcProject', guid: '2Iicv0RnfAVPda6Sg4SE78' },
    });
    expect(JSON.stringify(properties.body)).toContain('"guid":"3g46_woBL6sugXeY5_WP6n","name":"South wall"');
  });

  it('reads the bounds of a revision converted before they were recorded, queued when a job-running process starts', async () => {
    const { db } = t.server.services.database;
    await db.update(bimConversions).set({ bounds: null }).where(eq(bimConversions.fileId, houseId));
    const before = await rest<{ bounds: unknown }>(t, w.owner, 'GET', `${models(w.projectId)}/${houseId}`);
    expect(before.body.bounds).toBeNull();
    // The read path queues nothing: the model stays without bounds until the backfill runs.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const [untouched] = await db.select().from(bimConversions).where(eq(bimConversions.fileId, houseId));
    expect(untouched?.bounds).toBeNull();
    // What register-workers.ts runs at start: every revision without bounds is handed to the bim.convert job,
    // which reads them from the stored fragments.
    expect(await queueMissingBimBounds(t.server.services)).toBe(1);
    let bounds: unknown = null;
    for (let i = 0; i < 600 && bounds === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      bounds = (await rest<{ bounds: unknown }>(t, w.owner, 'GET', `${models(w.projectId)}/${houseId}`)).body
        .bounds;
    }
    expectHouseBounds(bounds);
    const [row] = await db.select().from(bimConversions).where(eq(bimConversions.fileId, houseId));
    expect(row?.state).toBe('success');
    expect(await queueMissingBimBounds(t.server.services)).toBe(0);
  });

  it('tells a newer revision from the one opened (isLatest)', async () => {
    const r01 = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0001-R01.ifc', { visibility: 'public' }, HOUSE);
    await converted(w.owner, r01.id);
    const old = await rest<Record<string, unknown>>(t, w.owner, 'GET', `${models(w.projectId)}/${houseId}`);
    expect(old.body).toMatchObject({
      isLatest: false,
      revisions: [
        { fileId: r01.id, revisionName: 'R01' },
        { fileId: houseId, revisionName: 'R00' },
      ],
    });
    const list = await rest<{ models: { fileId: number }[] }>(t, w.owner, 'GET', models(w.projectId));
    expect(list.body.models.map((m) => m.fileId)).toEqual([r01.id]);
  });

  it('fails a corrupt IFC cleanly: processingState failed with the reason, nothing to load', async () => {
    const cut = MEP.subarray(0, 3000);
    const file = await uploadFile(t, w, w.owner, 'TRN-EST-ED-0002-R00.ifc', { visibility: 'public' }, cut);
    const done = await converted(w.owner, file.id);
    expect(done).toMatchObject({ processingState: 'failed', processingError: 'unreadable' });
    const fragments = await rest(t, w.owner, 'GET', `${models(w.projectId)}/${file.id}/fragments`);
    expect(fragments.body).toMatchObject({ code: 'DOCUMENTS_PROCESSING_ERROR' });
    const list = await rest<{ models: Record<string, unknown>[] }>(t, w.owner, 'GET', models(w.projectId));
    expect(list.body.models).toContainEqual(
      expect.objectContaining({ fileId: file.id, processingState: 'failed', processingError: 'unreadable' }),
    );
  });

  it('answers the spec message for a model the caller may not see, and nothing to outsiders', async () => {
    const hidden = await uploadFile(
      t,
      w,
      w.owner,
      'TRN-ARQ-ED-0003-R00.ifc',
      { visibility: 'project_management' },
      MEP,
    );
    await converted(w.owner, hidden.id);
    const denied = await rest(t, w.collabEst, 'GET', `${models(w.projectId)}/${hidden.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 'DOCUMENT_PERMISSION_DENIED' });
    const fragments = await rest(t, w.collabEst, 'GET', `${models(w.projectId)}/${hidden.id}/fragments`);
    expect(fragments.body).toMatchObject({ code: 'DOCUMENT_PERMISSION_DENIED' });
    const list = await rest<{ models: { fileId: number }[] }>(t, w.collabEst, 'GET', models(w.projectId));
    expect(list.body.models.map((m) => m.fileId)).not.toContain(hidden.id);
    const outsider = await rest(t, w.outsider, 'GET', `${models(w.projectId)}/${hidden.id}`);
    expect(outsider.body).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    const missing = await rest(t, w.owner, 'GET', `${models(w.projectId)}/999999`);
    expect(missing.body).toMatchObject({ code: 'DOCUMENTS_NOT_FOUND' });
  });
});

describe('deleting a model revision', () => {
  it('removes its fragments and properties with it', async () => {
    const file = await uploadFile(t, w, w.owner, 'TRN-EST-ED-0020-R00.ifc', { visibility: 'public' }, MEP);
    expect(await converted(w.owner, file.id)).toMatchObject({ processingState: 'success' });
    const { store } = t.server.services.files;
    const keys = bimKeys(w.projectId, file.id);
    expect(await store.stat(keys.fragments)).toBeDefined();
    const removed = await rest(t, w.owner, 'DELETE', `${w.base}/files/${file.id}`);
    expect(removed.status).toBe(204);
    expect(await store.stat(keys.fragments)).toBeUndefined();
    expect(await store.stat(keys.properties)).toBeUndefined();
  });
});

describe('federated models', () => {
  const base = (projectId: number) => `/bim/projects/${projectId}/federated-models`;
  interface Federated {
    id: number;
    name: string;
    items: {
      documentId: number;
      pinnedFileId: number | null;
      alwaysLatest: boolean;
      warning: string;
      revision: { fileId: number; revisionName: string; isLatest: boolean } | null;
    }[];
  }

  it('pins one model to an older revision and another to the latest, with the not-latest warning', async () => {
    const arqR00 = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0010-R00.ifc', { visibility: 'public' }, MEP);
    const arqR01 = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0010-R01.ifc', { visibility: 'public' }, MEP);
    const est = await uploadFile(t, w, w.owner, 'TRN-EST-ED-0011-R00.ifc', { visibility: 'public' }, MEP);
    const created = await rest<Federated>(t, w.owner, 'POST', base(w.projectId), {
      name: 'Coordenação',
      items: [
        { documentId: arqR00.documentId, fileId: arqR00.id },
        { documentId: est.documentId, fileId: null },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Coordenação',
      items: [
        {
          documentId: arqR00.documentId,
          pinnedFileId: arqR00.id,
          alwaysLatest: false,
          warning: 'notLatest',
          revision: { fileId: arqR00.id, revisionName: 'R00', isLatest: false },
        },
        { documentId: est.documentId, alwaysLatest: true, warning: 'ok', revision: { fileId: est.id } },
      ],
    });
    expect(arqR01.id).toBeGreaterThan(arqR00.id);

    // A new revision of the "always latest" model is what opens next time.
    const estR01 = await uploadFile(t, w, w.owner, 'TRN-EST-ED-0011-R01.ifc', { visibility: 'public' }, MEP);
    const again = await rest<Federated>(t, w.owner, 'GET', `${base(w.projectId)}/${created.body.id}`);
    expect(again.body.items[1]).toMatchObject({
      warning: 'ok',
      revision: { fileId: estR01.id, isLatest: true },
    });

    const duplicate = await rest(t, w.owner, 'POST', base(w.projectId), {
      name: 'coordenação',
      items: [{ documentId: est.documentId }],
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: 'FEDERATED_MODEL_ALREADY_EXISTS' });

    const list = await rest<{ federatedModels: unknown[] }>(t, w.owner, 'GET', base(w.projectId));
    expect(list.body.federatedModels).toEqual([
      expect.objectContaining({ id: created.body.id, name: 'Coordenação', modelCount: 2 }),
    ]);
  });

  it('falls back to the latest viewable revision when the pinned one cannot be seen', async () => {
    const open = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0012-R00.ifc', { visibility: 'public' }, MEP);
    const managers = await uploadFile(
      t,
      w,
      w.owner,
      'TRN-ARQ-ED-0012-R01.ifc',
      { visibility: 'project_management' },
      MEP,
    );
    const secret = await uploadFile(
      t,
      w,
      w.owner,
      'TRN-ARQ-ED-0013-R00.ifc',
      { visibility: 'project_management' },
      MEP,
    );
    const created = await rest<Federated>(t, w.owner, 'POST', base(w.projectId), {
      name: 'Gestão',
      items: [
        { documentId: managers.documentId, fileId: managers.id },
        { documentId: secret.documentId, fileId: null },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.items[0]).toMatchObject({ warning: 'ok', revision: { fileId: managers.id } });
    const seen = await rest<Federated>(t, w.collabArq, 'GET', `${base(w.projectId)}/${created.body.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.items).toEqual([
      expect.objectContaining({
        warning: 'fallback',
        revision: expect.objectContaining({ fileId: open.id }),
      }),
      expect.objectContaining({ warning: 'noAccess', revision: null }),
    ]);
    // Pinning a revision one cannot see is refused.
    const refused = await rest(t, w.collabArq, 'POST', base(w.projectId), {
      name: 'Outro',
      items: [{ documentId: managers.documentId, fileId: managers.id }],
    });
    expect(refused.body).toMatchObject({ code: 'DOCUMENTS_NOT_FOUND' });
    // Only its author or a project manager deletes it.
    const denied = await rest(t, w.collabArq, 'DELETE', `${base(w.projectId)}/${created.body.id}`);
    expect(denied.body).toMatchObject({ code: 'DOCUMENT_PERMISSION_DENIED' });
    const removed = await rest(t, w.owner, 'DELETE', `${base(w.projectId)}/${created.body.id}`);
    expect(removed.status).toBe(204);
    const gone = await rest(t, w.owner, 'GET', `${base(w.projectId)}/${created.body.id}`);
    expect(gone.body).toMatchObject({ code: 'NOT_FOUND' });
  });
});
