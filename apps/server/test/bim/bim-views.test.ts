import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildDriveWorld, rest, uploadFile, type DriveWorld } from '../drive/drive-test-kit.ts';

const MEP = fs.readFileSync(path.join(import.meta.dirname, '../../../../fixtures/ifc/bcf-xml/MEP.ifc'));

let t: TestServer;
let w: DriveWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Vistas');
});
afterAll(async () => {
  await t.close();
});

const views = (projectId: number) => `/bim/projects/${projectId}/views`;

/** A BCF viewpoint as the viewer captures it. */
function viewpoint(x: number) {
  return {
    guid: `00000000-0000-4000-8000-00000000000${x}`,
    index: 0,
    visualization: {
      camera: {
        kind: 'perspective',
        viewPoint: { x, y: -10, z: 5 },
        direction: { x: 0, y: 1, z: 0 },
        upVector: { x: 0, y: 0, z: 1 },
        fieldOfView: 50,
        aspectRatio: 1.5,
      },
      components: {
        selection: [{ ifcGuid: '2O2Fr$t4X7Zf8NOew3FLOH' }],
        visibility: { defaultVisibility: true, exceptions: [] },
        coloring: [],
      },
      lines: [],
      clippingPlanes: [],
      bitmaps: [],
    },
  };
}

interface View {
  id: number;
  name: string;
  documentId: number | null;
  federatedModelId: number | null;
  viewpoint: ReturnType<typeof viewpoint>;
  createdByName: string | null;
  canDelete: boolean;
}

describe('saved views of a model, shared in the project', () => {
  let documentId: number;
  let hiddenDocumentId: number;

  beforeAll(async () => {
    const file = await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0101-R00.ifc', { visibility: 'public' }, MEP);
    documentId = file.documentId;
    const hidden = await uploadFile(
      t,
      w,
      w.owner,
      'TRN-ARQ-ED-0102-R00.ifc',
      { visibility: 'project_management' },
      MEP,
    );
    hiddenDocumentId = hidden.documentId;
  });

  it('saves a view with its viewpoint and lists it to every participant who sees the model', async () => {
    const created = await rest<View>(t, w.collabArq, 'POST', views(w.projectId), {
      name: '  Fachada norte ',
      documentId,
      viewpoint: viewpoint(1),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Fachada norte',
      documentId,
      federatedModelId: null,
      canDelete: true,
      viewpoint: viewpoint(1),
    });
    expect(created.body.createdByName).toEqual(expect.any(String));

    const seenByOther = await rest<{ views: View[] }>(
      t,
      w.collabEst,
      'GET',
      `${views(w.projectId)}?documentId=${documentId}`,
    );
    expect(seenByOther.status).toBe(200);
    expect(seenByOther.body.views).toEqual([
      expect.objectContaining({ id: created.body.id, name: 'Fachada norte', canDelete: false }),
    ]);
    const seenByManager = await rest<{ views: View[] }>(
      t,
      w.coordinator,
      'GET',
      `${views(w.projectId)}?documentId=${documentId}`,
    );
    expect(seenByManager.body.views).toEqual([expect.objectContaining({ canDelete: true })]);
  });

  it('lets only the author or a project manager delete a view', async () => {
    const mine = await rest<View>(t, w.collabArq, 'POST', views(w.projectId), {
      name: 'Cobertura',
      documentId,
      viewpoint: viewpoint(2),
    });
    const denied = await rest(t, w.collabEst, 'DELETE', `${views(w.projectId)}/${mine.body.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 'DOCUMENT_PERMISSION_DENIED' });
    const byManager = await rest(t, w.coordinator, 'DELETE', `${views(w.projectId)}/${mine.body.id}`);
    expect(byManager.status).toBe(204);
    const again = await rest(t, w.collabArq, 'DELETE', `${views(w.projectId)}/${mine.body.id}`);
    expect(again.body).toMatchObject({ code: 'NOT_FOUND' });

    const other = await rest<View>(t, w.collabEst, 'POST', views(w.projectId), {
      name: 'Escada',
      documentId,
      viewpoint: viewpoint(3),
    });
    const byAuthor = await rest(t, w.collabEst, 'DELETE', `${views(w.projectId)}/${other.body.id}`);
    expect(byAuthor.status).toBe(204);
    const list = await rest<{ views: View[] }>(
      t,
      w.owner,
      'GET',
      `${views(w.projectId)}?documentId=${documentId}`,
    );
    expect(list.body.views.map((v) => v.name)).toEqual(['Fachada norte']);
  });

  it('hides the views of a model the caller may not see, and all views from outsiders', async () => {
    const secret = await rest<View>(t, w.owner, 'POST', views(w.projectId), {
      name: 'Gestão',
      documentId: hiddenDocumentId,
      viewpoint: viewpoint(4),
    });
    expect(secret.status).toBe(201);
    const list = await rest(t, w.collabEst, 'GET', `${views(w.projectId)}?documentId=${hiddenDocumentId}`);
    expect(list.body).toMatchObject({ code: 'DOCUMENTS_NOT_FOUND' });
    const create = await rest(t, w.collabEst, 'POST', views(w.projectId), {
      name: 'Outra',
      documentId: hiddenDocumentId,
      viewpoint: viewpoint(5),
    });
    expect(create.body).toMatchObject({ code: 'DOCUMENTS_NOT_FOUND' });
    const remove = await rest(t, w.collabEst, 'DELETE', `${views(w.projectId)}/${secret.body.id}`);
    expect(remove.body).toMatchObject({ code: 'DOCUMENTS_NOT_FOUND' });
    const outsider = await rest(t, w.outsider, 'GET', `${views(w.projectId)}?documentId=${documentId}`);
    expect(outsider.body).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
  });

  it('refuses a view without one target, a name or a viewpoint with a camera', async () => {
    const both = await rest(t, w.owner, 'POST', views(w.projectId), {
      name: 'Dupla',
      documentId,
      federatedModelId: 1,
      viewpoint: viewpoint(6),
    });
    expect(both.body).toMatchObject({ code: 'BAD_USER_INPUT' });
    const noName = await rest(t, w.owner, 'POST', views(w.projectId), {
      name: '   ',
      documentId,
      viewpoint: viewpoint(6),
    });
    expect(noName.body).toMatchObject({ code: 'BAD_USER_INPUT' });
    const noVisualization = await rest(t, w.owner, 'POST', views(w.projectId), {
      name: 'Vazia',
      documentId,
      viewpoint: { guid: 'x' },
    });
    expect(noVisualization.body).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('saves views on a federated model, and removes them with it', async () => {
    const federated = await rest<{ id: number }>(
      t,
      w.owner,
      'POST',
      `/bim/projects/${w.projectId}/federated-models`,
      {
        name: 'Coordenação vistas',
        items: [{ documentId }],
      },
    );
    expect(federated.status).toBe(201);
    const created = await rest<View>(t, w.collabArq, 'POST', views(w.projectId), {
      name: 'Geral',
      federatedModelId: federated.body.id,
      viewpoint: viewpoint(7),
    });
    expect(created.body).toMatchObject({ federatedModelId: federated.body.id, documentId: null });
    const list = await rest<{ views: View[] }>(
      t,
      w.collabEst,
      'GET',
      `${views(w.projectId)}?federatedModelId=${federated.body.id}`,
    );
    expect(list.body.views.map((v) => v.id)).toEqual([created.body.id]);
    await rest(t, w.owner, 'DELETE', `/bim/projects/${w.projectId}/federated-models/${federated.body.id}`);
    const gone = await rest(t, w.owner, 'DELETE', `${views(w.projectId)}/${created.body.id}`);
    expect(gone.body).toMatchObject({ code: 'NOT_FOUND' });
  });
});
