import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { buildDriveWorld, rest, uploadFile, type DriveWorld } from '../drive/drive-test-kit.ts';
import { projectGuidOf } from '../bcf/bcf-api-kit.ts';
import { pairPlugin as pairPluginOn } from '../bcf/plugin-pairing-kit.ts';

// BIM plugin sessions (issue 32 item 2; docs/plugins.md "Plugin sessions"). This file is the plugin: it pairs
// through the device flow (RFC 8628) as the person, then opens, moves and ends sessions with its token; the web
// app's two reads are called with the person's own session.

const MEP = fs.readFileSync(path.join(import.meta.dirname, '../../../../fixtures/ifc/bcf-xml/MEP.ifc'));

let t: TestServer;
let w: DriveWorld;
let projectGuid: string;
let publicFileId: number;
let hiddenFileId: number;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Plugin');
  projectGuid = await projectGuidOf(t, w.projectId);
  publicFileId = (await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0101-R00.ifc', { visibility: 'public' }, MEP))
    .id;
  hiddenFileId = (
    await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0102-R00.ifc', { visibility: 'project_management' }, MEP)
  ).id;
});
afterAll(async () => {
  await t.close();
});

/** Pairs a plugin for `user` (docs/plugins.md "Pairing"): the plugin's OAuth access token. */
const pairPlugin = (user: TestUser) => pairPluginOn(t, user);

/** A call of the plugin with its token. */
function asPlugin<T = Record<string, unknown>>(token: string, method: string, url: string, body?: unknown) {
  return rest<T>(t, undefined, method, url, body, { authorization: `Bearer ${token}` });
}

/** A BCF-API 3.0 viewpoint as a plugin sends it. */
function viewpoint(x: number) {
  return {
    perspective_camera: {
      camera_view_point: { x, y: -16.5, z: 9.5 },
      camera_direction: { x: -0.6, y: 0.7, z: -0.3 },
      camera_up_vector: { x: 0, y: 0, z: 1 },
      field_of_view: 55,
      aspect_ratio: 1.5,
    },
    components: {
      selection: [{ ifc_guid: '2MF28NhmDBiRVyFakgdbCT' }],
      visibility: { default_visibility: true, exceptions: [] },
    },
    clipping_planes: [{ location: { x: 0, y: 0, z: 3 }, direction: { x: 0, y: 0, z: 1 } }],
    snapshot: { snapshot_type: 'png', snapshot_data: 'iVBORw0KGgo=' },
  };
}

interface Session {
  id: string;
  url: string;
  project_id: string;
  models: { file_id: number; filename: string }[];
  viewpoint: {
    perspective_camera: { camera_view_point: { x: number } };
    components: { selection: { ifc_guid: string }[] };
    clipping_planes: unknown[];
    snapshot?: unknown;
  };
  version: number;
  expires_at: string;
}

interface Opened {
  id: string;
  projectId: number;
  models: { fileId: number; fileName: string }[];
  version: number;
  viewpoint: { guid: string; visualization: { camera: { viewPoint: { x: number } } } };
}

const sessions = () => `/bcf/3.0/projects/${projectGuid}/plugin-sessions`;

describe('BIM plugin sessions', () => {
  let ownerPlugin: string;
  let collabPlugin: string;

  beforeAll(async () => {
    ownerPlugin = await pairPlugin(w.owner);
    collabPlugin = await pairPlugin(w.collabEst);
  });

  it('a paired plugin opens a session; its owner opens it in the web app and follows the viewpoint', async () => {
    const models = await asPlugin<{ file_id: number; filename: string }[]>(
      collabPlugin,
      'GET',
      `/bcf/3.0/projects/${projectGuid}/plugin-models`,
    );
    expect(models.status).toBe(200);
    // The collaborator sees the public model only.
    expect(models.body.map((m) => m.file_id)).toEqual([publicFileId]);

    const created = await asPlugin<Session>(collabPlugin, 'POST', sessions(), {
      models: [{ filename: 'trn-arq-ed-0101-r00.ifc' }],
      viewpoint: viewpoint(17),
    });
    expect(created.status).toBe(201);
    const session = created.body;
    expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.url).toBe(
      `${t.url}/workspace/project/${w.projectId}/bim-files/models?pluginSession=${session.id}`,
    );
    expect(session).toMatchObject({
      project_id: projectGuid,
      models: [{ file_id: publicFileId, filename: 'TRN-ARQ-ED-0101-R00.ifc' }],
      version: 1,
      viewpoint: {
        perspective_camera: { camera_view_point: { x: 17 } },
        components: { selection: [{ ifc_guid: '2MF28NhmDBiRVyFakgdbCT' }] },
      },
    });
    expect(session.viewpoint.clipping_planes).toHaveLength(1);
    // The snapshot is not kept: the overlay shows the model itself.
    expect(session.viewpoint.snapshot).toBeUndefined();
    const hours = (Date.parse(session.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);

    // The person opens the address in the web app (their own session).
    const opened = await rest<Opened>(t, w.collabEst, 'GET', `/plugin-sessions/${session.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      id: session.id,
      projectId: w.projectId,
      models: [{ fileId: publicFileId, fileName: 'TRN-ARQ-ED-0101-R00.ifc' }],
      version: 1,
      viewpoint: { visualization: { camera: { viewPoint: { x: 17 } } } },
    });

    // The plugin moves the camera; the overlay reads the new version.
    const moved = await asPlugin<Session>(
      collabPlugin,
      'PUT',
      `${sessions()}/${session.id}/viewpoint`,
      viewpoint(21),
    );
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      version: 2,
      viewpoint: { perspective_camera: { camera_view_point: { x: 21 } } },
    });
    const followed = await rest<Opened>(t, w.collabEst, 'GET', `/plugin-sessions/${session.id}/viewpoint`);
    expect(followed.body).toMatchObject({
      version: 2,
      viewpoint: { visualization: { camera: { viewPoint: { x: 21 } } } },
    });
    const read = await asPlugin<Session>(collabPlugin, 'GET', `${sessions()}/${session.id}`);
    expect(read.body).toMatchObject({ version: 2 });

    // The plugin ends it: the overlay is told it ended.
    const ended = await asPlugin(collabPlugin, 'DELETE', `${sessions()}/${session.id}`);
    expect(ended.status).toBe(204);
    const gone = await rest(t, w.collabEst, 'GET', `/plugin-sessions/${session.id}/viewpoint`);
    expect(gone).toMatchObject({ status: 404, body: { code: 'PLUGIN_SESSION_NOT_FOUND' } });
  });

  it('only its owner opens a session: another person, their plugin, a plugin token or no one are refused', async () => {
    const created = await asPlugin<Session>(collabPlugin, 'POST', sessions(), {
      models: [{ file_id: publicFileId }],
    });
    expect(created.status).toBe(201);
    expect(created.body.viewpoint).toBeNull();
    const id = created.body.id;
    for (const path of [`/plugin-sessions/${id}`, `/plugin-sessions/${id}/viewpoint`]) {
      const other = await rest(t, w.owner, 'GET', path);
      expect(other).toMatchObject({ status: 404, body: { code: 'PLUGIN_SESSION_NOT_FOUND' } });
      expect((await rest(t, undefined, 'GET', path)).status).toBe(401);
      // The plugin's token is not a web session: the overlay is the person's, in their browser.
      const token = await asPlugin(collabPlugin, 'GET', path);
      expect(token.status).toBe(401);
    }
    const otherPlugin = await asPlugin(ownerPlugin, 'PUT', `${sessions()}/${id}/viewpoint`, viewpoint(3));
    expect(otherPlugin).toMatchObject({ status: 404, body: { code: 'PLUGIN_SESSION_NOT_FOUND' } });
    expect((await asPlugin(ownerPlugin, 'DELETE', `${sessions()}/${id}`)).status).toBe(404);
    expect((await rest(t, w.owner, 'GET', '/plugin-sessions/not-an-id')).status).toBe(404);
    // Unchanged by the refused calls.
    const mine = await rest<Opened>(t, w.collabEst, 'GET', `/plugin-sessions/${id}/viewpoint`);
    expect(mine.body).toMatchObject({ version: 1, viewpoint: null });
  });

  it('refuses a model the person may not see, an unknown one, and a project they are not in', async () => {
    const hidden = await asPlugin(collabPlugin, 'POST', sessions(), { models: [{ file_id: hiddenFileId }] });
    expect(hidden).toMatchObject({ status: 403, body: { code: 'DOCUMENT_PERMISSION_DENIED' } });
    const byName = await asPlugin(collabPlugin, 'POST', sessions(), {
      models: [{ filename: 'TRN-ARQ-ED-0102-R00.ifc' }],
    });
    expect(byName).toMatchObject({ status: 404, body: { code: 'DOCUMENTS_NOT_FOUND' } });
    const unknown = await asPlugin(collabPlugin, 'POST', sessions(), { models: [{ file_id: 99_999_999 }] });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'DOCUMENTS_NOT_FOUND' } });
    const none = await asPlugin(collabPlugin, 'POST', sessions(), { models: [] });
    expect(none.status).toBe(400);
    const badCamera = await asPlugin(collabPlugin, 'POST', sessions(), {
      models: [{ file_id: publicFileId }],
      viewpoint: { perspective_camera: { camera_view_point: { x: 1, y: 2, z: 3 } } },
    });
    expect(badCamera).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT' } });
    // The owner sees the hidden model: their plugin opens it.
    const manager = await asPlugin<Session>(ownerPlugin, 'POST', sessions(), {
      models: [{ file_id: hiddenFileId }, { file_id: publicFileId }],
    });
    expect(manager.status).toBe(201);
    expect(manager.body.models.map((m) => m.file_id)).toEqual([hiddenFileId, publicFileId]);

    // A model hidden after the session was made is refused when the person opens it.
    const later = await asPlugin<Session>(collabPlugin, 'POST', sessions(), {
      models: [{ file_id: publicFileId }],
    });
    await t.server.services.database.db.execute(
      sql`update drive_files set visibility = 'project_management' where id = ${publicFileId}`,
    );
    try {
      const refused = await rest(t, w.collabEst, 'GET', `/plugin-sessions/${later.body.id}`);
      expect(refused).toMatchObject({ status: 403, body: { code: 'DOCUMENT_PERMISSION_DENIED' } });
    } finally {
      await t.server.services.database.db.execute(
        sql`update drive_files set visibility = 'public' where id = ${publicFileId}`,
      );
    }

    const outsider = await pairPlugin(w.outsider);
    const refused = await asPlugin(outsider, 'POST', sessions(), { models: [{ file_id: publicFileId }] });
    expect(refused).toMatchObject({ status: 404, body: { code: 'PROJECT_NOT_FOUND' } });
  });

  it('an expired session is refused to the person and the plugin, and cleared when the plugin makes another', async () => {
    const created = await asPlugin<Session>(collabPlugin, 'POST', sessions(), {
      models: [{ file_id: publicFileId }],
      viewpoint: viewpoint(5),
    });
    const { db } = t.server.services.database;
    await db.execute(
      sql`update bim_plugin_sessions set expires_at = now() - interval '1 minute' where id = ${created.body.id}`,
    );
    const web = await rest(t, w.collabEst, 'GET', `/plugin-sessions/${created.body.id}`);
    expect(web).toMatchObject({ status: 410, body: { code: 'PLUGIN_SESSION_EXPIRED' } });
    const moved = await asPlugin(
      collabPlugin,
      'PUT',
      `${sessions()}/${created.body.id}/viewpoint`,
      viewpoint(6),
    );
    expect(moved).toMatchObject({ status: 410, body: { code: 'PLUGIN_SESSION_EXPIRED' } });
    await asPlugin(collabPlugin, 'POST', sessions(), { models: [{ file_id: publicFileId }] });
    const rows = (await db.execute(
      sql`select count(*)::int as n from bim_plugin_sessions where id = ${created.body.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('a person keeps their 20 latest sessions: one more ends the least recently changed', async () => {
    const first = await asPlugin<Session>(ownerPlugin, 'POST', sessions(), {
      models: [{ file_id: publicFileId }],
    });
    for (let i = 0; i < 20; i++)
      expect(
        (await asPlugin(ownerPlugin, 'POST', sessions(), { models: [{ file_id: publicFileId }] })).status,
      ).toBe(201);
    const gone = await rest(t, w.owner, 'GET', `/plugin-sessions/${first.body.id}/viewpoint`);
    expect(gone).toMatchObject({ status: 404, body: { code: 'PLUGIN_SESSION_NOT_FOUND' } });
    const rows = (await t.server.services.database.db.execute(
      sql`select count(*)::int as n from bim_plugin_sessions where user_id = ${w.owner.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]?.n).toBe(20);
  });
});
