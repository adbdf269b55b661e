// The partner document platform's REST calls on a linked project (spec core §7), against a real WebDAV server:
// browsing, bringing a PDF into the drive and an IFC into BIM models as transfers, disconnecting an account, a
// platform that is down, and secrets that never reach an answer or the log. The world is built as
// autodoc-routes.test.ts checks it step by step (autodoc-world.ts): the platform chosen, three accounts connected,
// two projects linked.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import type { WebDavTestServer } from '../support/webdav-test-server.ts';
import { bringIn, type Transfer } from './transfer-test-kit.ts';
import {
  choosePlatforms,
  connectAccounts,
  expectNoSecrets,
  IFC,
  linkProjects,
  PDF,
  startAutodocWorld,
  type AutodocWorld,
  type Rest,
} from './autodoc-world.ts';

let w: AutodocWorld;
let rest: Rest;
let t: TestServer;
let dav: WebDavTestServer;
let owner: TestUser;
let coordinator: TestUser;
let manager: TestUser;
let collaboratorAdmin: TestUser;
let outsider: TestUser;
let projectId: number;
let secondProjectId: number;
let noBimProjectId: number;

beforeAll(async () => {
  w = await startAutodocWorld();
  ({ t, dav, rest, owner, coordinator, manager, collaboratorAdmin, outsider } = w);
  ({ projectId, secondProjectId, noBimProjectId } = w);
  await choosePlatforms(w);
  await connectAccounts(w);
  await linkProjects(w);
});
afterAll(async () => {
  await w.close();
});

describe('browsing the linked project', () => {
  const base = () => `/autodoc/projects/${projectId}`;

  it('answers folders, folder items and files with their versions', async () => {
    expect((await rest(manager, 'GET', `${base()}/folder?folderId=%2F`)).body).toEqual({
      id: '/',
      name: 'Torre Norte',
      parentId: null,
    });
    const items = await rest<{ items: { type: string; id: string; name: string }[] }>(
      manager,
      'GET',
      `${base()}/folder-items?folderId=%2FPlantas`,
    );
    expect(items.body.items.map((i) => [i.type, i.id])).toEqual([
      ['folder', '/Plantas/Detalhes'],
      ['file', '/Plantas/A-101.pdf'],
      ['file', '/Plantas/MEP.ifc'],
    ]);
    const file = await rest<{ versions: unknown[] }>(
      manager,
      'GET',
      `${base()}/file?folderId=%2FPlantas&fileId=${encodeURIComponent('/Plantas/A-101.pdf')}`,
    );
    expect(file.body).toMatchObject({
      id: '/Plantas/A-101.pdf',
      name: 'A-101.pdf',
      folderId: '/Plantas',
      size: PDF.length,
    });
    expect(file.body.versions).toHaveLength(1);
    const byId = await rest(
      manager,
      'GET',
      `${base()}/aps-files/${encodeURIComponent('/Plantas/A-101.pdf')}`,
    );
    expect(byId.body).toMatchObject({ id: '/Plantas/A-101.pdf', folderId: '/Plantas' });
    const missing = await rest(
      manager,
      'GET',
      `${base()}/aps-files/${encodeURIComponent('/Plantas/nada.pdf')}`,
    );
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
    const escape = await rest(
      manager,
      'GET',
      `${base()}/folder-items?folderId=${encodeURIComponent('/../Torre Sul')}`,
    );
    expect([escape.status, escape.body.code]).toEqual([400, 'BAD_USER_INPUT']);
  });

  it('answers the customer integration data', async () => {
    const answer = await rest(manager, 'GET', `${base()}/customer-integration-data`);
    expect(answer.body).toEqual({
      platform: 'webdav',
      baseUrl: dav.baseUrl,
      autodocCustomerId: 'Construtora Alfa',
      autodocProjectId: 'Torre Norte',
      autodocProjectName: 'Torre Norte',
      userConnected: true,
    });
    expect((await rest(collaboratorAdmin, 'GET', `${base()}/customer-integration-data`)).body).toMatchObject({
      userConnected: false,
    });
  });

  it("a user or project that is not connected: 'the user or project is not connected'", async () => {
    const user = await rest(collaboratorAdmin, 'GET', `${base()}/folder-items?folderId=%2F`);
    expect([user.status, user.body.code]).toEqual([409, 'INTEGRATION_NOT_CONNECTED']);
    const project = await rest(
      manager,
      'GET',
      `/autodoc/projects/${secondProjectId}/folder-items?folderId=%2F`,
    );
    expect([project.status, project.body.code]).toEqual([400, 'PROJECT_NOT_INTEGRATED']);
    const stranger = await rest(outsider, 'GET', `${base()}/folder-items?folderId=%2F`);
    expect(stranger.body.code).toBe('PROJECT_NOT_FOUND');
  });

  it("aps-access-token: 'the project has no BIM' without the BIM module, else not on WebDAV", async () => {
    const noBim = await rest(owner, 'GET', `/autodoc/projects/${noBimProjectId}/aps-access-token`);
    expect(noBim.body).toMatchObject({
      code: 'INTEGRATION_PROJECT_HAS_NO_BIM',
      message: 'The project has no BIM.',
    });
    const webdav = await rest(manager, 'GET', `${base()}/aps-access-token`);
    expect([webdav.status, webdav.body.code]).toEqual([400, 'INTEGRATION_NOT_SUPPORTED']);
  });
});

describe('POST /autodoc/projects/{id}/aps-files', () => {
  it('brings a PDF into the drive as a new revision, through the drive upload, in the background', async () => {
    const { started, ended } = await bringIn(rest, owner, projectId, {
      folderId: '/Plantas',
      fileId: '/Plantas/A-101.pdf',
    });
    expect(started).toMatchObject({ kind: 'drive', fileName: 'A-101.pdf', total: PDF.length });
    expect(ended).toMatchObject({
      status: 'completed',
      done: PDF.length,
      total: PDF.length,
      errorCode: null,
    });
    expect(ended.file).toMatchObject({ fileName: 'A-101.pdf', revisionName: '1', uploadState: 'confirmed' });
    const again = await bringIn(rest, owner, projectId, {
      folderId: '/Plantas',
      fileId: '/Plantas/A-101.pdf',
    });
    expect(again.ended.file).toMatchObject({ documentId: ended.file!.documentId, revisionName: '2' });
    // The bytes in the drive are the platform's.
    const url = await rest<{ url: string }>(
      owner,
      'GET',
      `/project-drive/projects/${projectId}/files/${ended.file!.id}/download-url`,
    );
    expect(Buffer.from(await (await fetch(url.body.url)).arrayBuffer()).equals(PDF)).toBe(true);
    // Both are in the person's list, newest first; another person sees neither.
    const mine = await rest<{ transfers: Transfer[] }>(
      owner,
      'GET',
      `/autodoc/projects/${projectId}/transfers`,
    );
    expect(mine.body.transfers.slice(0, 2).map((x) => x.id)).toEqual([again.ended.id, ended.id]);
    const theirs = await rest<{ transfers: Transfer[] }>(
      coordinator,
      'GET',
      `/autodoc/projects/${projectId}/transfers`,
    );
    expect(theirs.body.transfers.map((x) => x.id)).not.toContain(ended.id);
    const peek = await rest(coordinator, 'GET', `/autodoc/projects/${projectId}/transfers/${ended.id}`);
    expect([peek.status, peek.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await rest(outsider, 'GET', `/autodoc/projects/${projectId}/transfers`)).status).toBe(404);
  });

  it('brings an IFC into BIM models: a drive revision whose conversion is queued', async () => {
    const { ended } = await bringIn(rest, owner, projectId, {
      folderId: '/Plantas',
      fileId: '/Plantas/MEP.ifc',
    });
    expect(ended).toMatchObject({ status: 'completed', kind: 'bim', total: IFC.length });
    const fileId = ended.file!.id;
    const { rows } = await t.server.services.database.executor.executeSql(
      "select count(*)::int as n from pgboss.job where name = 'bim.convert' and (data->>'fileId')::int = $1",
      [fileId],
    );
    expect((rows[0] as { n: number }).n).toBe(1);
    const models = await rest<{ models: { fileId: number }[] }>(
      owner,
      'GET',
      `/bim/projects/${projectId}/models`,
    );
    expect(models.body.models.map((m) => m.fileId)).toContain(fileId);
  });

  it('a platform failing mid-transfer ends the transfer with its code and leaves no revision behind', async () => {
    const revisions = async () => {
      const { rows } = await t.server.services.database.executor.executeSql(
        "select count(*)::int as n from drive_files where project_id = $1 and file_name = 'memorial.pdf'",
        [projectId],
      );
      return (rows[0] as { n: number }).n;
    };
    dav.interruptGets.push('memorial.pdf');
    try {
      const { ended } = await bringIn(rest, owner, projectId, { folderId: '/', fileId: '/memorial.pdf' });
      expect(ended).toMatchObject({
        status: 'error',
        errorCode: 'INTEGRATION_PLATFORM_UNAVAILABLE',
        file: null,
      });
      expect(await revisions()).toBe(0);
    } finally {
      dav.interruptGets.length = 0;
    }
    // The same version can be brought in again at once.
    const { ended } = await bringIn(rest, owner, projectId, { folderId: '/', fileId: '/memorial.pdf' });
    expect(ended).toMatchObject({ status: 'completed', file: { revisionName: '1' } });
    expect(await revisions()).toBe(1);
  });

  it("an IFC into a project without BIM: 'the project has no BIM'; a missing file: NOT_FOUND", async () => {
    const noBim = await rest(owner, 'POST', `/autodoc/projects/${noBimProjectId}/aps-files`, {
      folderId: '/',
      fileId: '/x.ifc',
    });
    // Torre Sul is empty: the file is looked up first.
    expect(noBim.body.code).toBe('NOT_FOUND');
    const versionGone = await rest(owner, 'POST', `/autodoc/projects/${projectId}/aps-files`, {
      folderId: '/Plantas',
      fileId: '/Plantas/A-101.pdf',
      versionId: 'not-a-version',
    });
    expect([versionGone.status, versionGone.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('obeys the drive rules (a name the drive refuses), before anything is recorded', async () => {
    const answer = await rest(owner, 'POST', `/autodoc/projects/${projectId}/aps-files`, {
      folderId: '/Plantas',
      fileId: '/Plantas/A-101.pdf',
      fileName: 'A-101.exe',
    });
    expect([answer.status, answer.body.code]).toEqual([400, 'FILE_EXTENSION_NOT_ALLOWED']);
    const mine = await rest<{ transfers: Transfer[] }>(
      owner,
      'GET',
      `/autodoc/projects/${projectId}/transfers`,
    );
    expect(mine.body.transfers.map((x) => x.fileName)).not.toContain('A-101.exe');
  });
});

describe('DELETE /autodoc/user-integration', () => {
  it('forgets the account; the link stays', async () => {
    const answer = await rest(manager, 'DELETE', '/autodoc/user-integration');
    expect(answer.body).toMatchObject({ connected: false });
    expect((await rest(manager, 'GET', '/autodoc/user-integration')).body).toMatchObject({
      connected: false,
    });
    const browse = await rest(manager, 'GET', `/autodoc/projects/${projectId}/folder-items?folderId=%2F`);
    expect(browse.body.code).toBe('INTEGRATION_NOT_CONNECTED');
    expect((await rest(manager, 'GET', `/autodoc/projects/${projectId}/integration`)).status).toBe(200);
  });
});

describe('a platform that is down', () => {
  it('answers 502 INTEGRATION_PLATFORM_UNAVAILABLE, never a 500 or a hang', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    // The company moves to an address where nothing listens: the coordinator's account and the link point there.
    await t.server.services.database.db.execute(
      sql`update user_integrations set base_url = ${`http://127.0.0.1:${port}/files/{user}/`} where user_id = ${coordinator.id}`,
    );
    await t.server.services.database.db.execute(
      sql`update project_integrations set base_url = ${`http://127.0.0.1:${port}/files/{user}/`} where project_id = ${projectId}`,
    );
    for (const url of [
      `/autodoc/projects/${projectId}/folder-items?folderId=%2F`,
      `/autodoc/projects/${projectId}/folder?folderId=%2F`,
      `/autodoc/projects/${projectId}/file?folderId=%2F&fileId=%2Fmemorial.pdf`,
      '/autodoc/autodoc-customers',
    ]) {
      const answer = await rest(coordinator, 'GET', url);
      expect([answer.status, answer.body.code], url).toEqual([502, 'INTEGRATION_PLATFORM_UNAVAILABLE']);
      expect(answer.body.message).toBe('The document platform is not answering. Try again later.');
    }
    const imported = await rest(coordinator, 'POST', `/autodoc/projects/${projectId}/aps-files`, {
      folderId: '/',
      fileId: '/memorial.pdf',
    });
    expect([imported.status, imported.body.code]).toEqual([502, 'INTEGRATION_PLATFORM_UNAVAILABLE']);
    // Disconnecting still forgets the account.
    expect((await rest(coordinator, 'DELETE', '/autodoc/user-integration')).body).toMatchObject({
      connected: false,
    });
  });
});

describe('secrets', () => {
  it('never appear in an answer or the log, which shows the calls were made', () => {
    expectNoSecrets(w);
  });
});
