// The partner document platform's REST calls (spec core §7 "Document platform integration") against a real WebDAV
// server: the company's choice of platform, the user's account (the e-mail rule), the project link (coordinators
// only, once, never edited), browsing, bringing a PDF into the drive and an IFC into BIM models, a platform that is
// down, and secrets that never reach an answer, the log or the database in clear.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin, buildUser, type TestUser } from '../support/factories.ts';
import { createProject } from '../projects/project-test-kit.ts';
import { pdfBytes, rest as drest, type RestAnswer } from '../drive/drive-test-kit.ts';
import { startWebDavServer, type WebDavTestServer } from '../support/webdav-test-server.ts';
import { bringIn, type Transfer } from './transfer-test-kit.ts';

const IFC = fs.readFileSync(path.join(import.meta.dirname, '../../../../fixtures/ifc/bcf-xml/MEP.ifc'));
const PDF = pdfBytes('partner sheet');
const PASSWORDS = {
  owner: 'owner-app-password-7Q1',
  coord: 'coord-app-password-9Z2',
  manager: 'manager-app-password-3K8',
  other: 'other-app-password-5M4',
};

let t: TestServer;
let dav: WebDavTestServer;
const log: string[] = [];
const answers: string[] = [];

let owner: TestUser; // company admin of the owner company: project administrator
let coordinator: TestUser; // admin of a coordinating company
let manager: TestUser; // company manager of a collaborating company
let collaboratorAdmin: TestUser; // admin of the collaborating company
let outsider: TestUser;
let platformAdmin: TestUser;
let projectId: number;
let secondProjectId: number;
let noBimProjectId: number;

async function rest<T = Record<string, unknown>>(
  user: TestUser | undefined,
  method: string,
  url: string,
  body?: unknown,
): Promise<RestAnswer<T>> {
  const answer = await drest<T>(t, user, method, url, body);
  answers.push(JSON.stringify(answer.body));
  return answer;
}

async function participate(companyId: number, project: number, roleId: number): Promise<void> {
  await t.server.services.database.db.execute(
    sql`insert into project_companies (project_id, company_id, role_id, all_disciplines, discipline_ids)
        values (${project}, ${companyId}, ${roleId}, true, '[]'::jsonb)`,
  );
}

beforeAll(async () => {
  t = await startTestServer({ LOG_LEVEL: 'info' }, undefined, { write: (line) => log.push(line) });
  const ownerCompany = await buildCompanyWithAdmin(t);
  owner = ownerCompany.admin;
  const coordCompany = await buildCompanyWithAdmin(t);
  coordinator = coordCompany.admin;
  const collabCompany = await buildCompanyWithAdmin(t);
  collaboratorAdmin = collabCompany.admin;
  manager = await buildUser(t, { companyId: collabCompany.companyId, companyRole: 'manager' });
  outsider = (await buildCompanyWithAdmin(t)).admin;
  platformAdmin = await buildUser(t, { isAdmin: true });
  projectId = await createProject(t, owner, 'Torre Integrada');
  secondProjectId = await createProject(t, owner, 'Torre Segunda');
  noBimProjectId = await createProject(t, owner, 'Torre Sem BIM');
  await t.server.services.database.db.execute(
    sql`update projects set modules = '["issues","setup","drive","files"]'::jsonb where id = ${noBimProjectId}`,
  );
  for (const p of [projectId, secondProjectId, noBimProjectId]) {
    await participate(coordCompany.companyId, p, 2);
    await participate(collabCompany.companyId, p, 3);
  }
  const tree = {
    'Construtora Alfa': {
      'Torre Norte': {
        Plantas: { 'A-101.pdf': PDF, 'MEP.ifc': IFC, Detalhes: {} },
        'memorial.pdf': PDF,
      },
      'Torre Sul': {},
    },
  };
  dav = await startWebDavServer([
    { username: 'owner', password: PASSWORDS.owner, email: owner.email, tree },
    { username: 'coord', password: PASSWORDS.coord, email: coordinator.email.toUpperCase(), tree },
    { username: 'manager', password: PASSWORDS.manager, email: manager.email, tree },
    { username: 'other', password: PASSWORDS.other, email: 'someone-else@alfa.example', tree },
  ]);
});
afterAll(async () => {
  await dav.close();
  await t.close();
});

const ERROR_EN = {
  CCODE_CREATE_PROJECT_INTEGRATION_NOT_ALLOWED:
    'You do not have permission to perform this action. Only coordinators can create project connections.',
};

describe("the company's platform (setup section integrations)", () => {
  it('is chosen by the company administrator, or a platform administrator for any company', async () => {
    expect((await rest(owner, 'GET', '/autodoc/platform')).body).toMatchObject({
      platform: null,
      baseUrl: null,
    });
    const refused = await rest(manager, 'PUT', '/autodoc/platform', {
      platform: 'webdav',
      baseUrl: dav.baseUrl,
    });
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    const aps = await rest(owner, 'PUT', '/autodoc/platform', {
      platform: 'aps',
      baseUrl: 'https://developer.api.autodesk.com',
    });
    expect([aps.status, aps.body.code]).toEqual([400, 'INTEGRATION_NOT_SUPPORTED']);
    for (const baseUrl of ['ftp://x.example/', 'http://user:pw@x.example/', 'not a url']) {
      const bad = await rest(owner, 'PUT', '/autodoc/platform', { platform: 'webdav', baseUrl });
      expect([bad.status, bad.body.code], baseUrl).toEqual([400, 'BAD_USER_INPUT']);
    }
    const set = await rest(owner, 'PUT', '/autodoc/platform', { platform: 'webdav', baseUrl: dav.baseUrl });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ platform: 'webdav', baseUrl: dav.baseUrl });
    expect(
      (await rest(coordinator, 'PUT', '/autodoc/platform', { platform: 'webdav', baseUrl: dav.baseUrl }))
        .status,
    ).toBe(200);
    const byAdmin = await rest(platformAdmin, 'PUT', '/autodoc/platform', {
      companyId: manager.companyId,
      platform: 'webdav',
      baseUrl: dav.baseUrl,
    });
    expect(byAdmin.status).toBe(200);
    expect((await rest(collaboratorAdmin, 'GET', '/autodoc/platform')).body).toMatchObject({
      platform: 'webdav',
    });
    const foreign = await rest(owner, 'GET', `/autodoc/platform?companyId=${manager.companyId}`);
    expect([foreign.status, foreign.body.code]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('POST, GET and DELETE /autodoc/user-integration', () => {
  it('needs the company to have chosen a platform', async () => {
    const answer = await rest(outsider, 'POST', '/autodoc/user-integration', {
      email: outsider.email,
      username: 'owner',
      password: PASSWORDS.owner,
    });
    expect([answer.status, answer.body.code]).toEqual([400, 'INTEGRATION_NOT_CONFIGURED']);
  });

  it("refuses an e-mail that is not the one the platform registered ('the e-mail given is not the one registered')", async () => {
    const answer = await rest(owner, 'POST', '/autodoc/user-integration', {
      email: 'not-mine@alfa.example',
      username: 'owner',
      password: PASSWORDS.owner,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'INTEGRATION_EMAIL_NOT_REGISTERED',
      message: 'The e-mail given is not the one registered on the document platform.',
    });
    // An account whose registered e-mail is another person's.
    const other = await rest(owner, 'POST', '/autodoc/user-integration', {
      email: owner.email,
      username: 'other',
      password: PASSWORDS.other,
    });
    expect(other.body.code).toBe('INTEGRATION_EMAIL_NOT_REGISTERED');
    // Answered in the caller's language.
    const es = await drest(
      t,
      owner,
      'POST',
      '/autodoc/user-integration',
      { email: 'x@y.example', username: 'owner', password: PASSWORDS.owner },
      { 'accept-language': 'es' },
    );
    expect(es.body).toMatchObject({ code: 'INTEGRATION_EMAIL_NOT_REGISTERED' });
  });

  it('refuses credentials the platform refuses', async () => {
    const answer = await rest(owner, 'POST', '/autodoc/user-integration', {
      email: owner.email,
      username: 'owner',
      password: 'wrong',
    });
    expect([answer.status, answer.body.code]).toEqual([400, 'INTEGRATION_LOGIN_FAILED']);
  });

  it('links the account (e-mail compared without case) and never answers the secret', async () => {
    expect((await rest(coordinator, 'GET', '/autodoc/user-integration')).body).toMatchObject({
      connected: false,
    });
    for (const [user, username, password] of [
      [owner, 'owner', PASSWORDS.owner],
      [coordinator, 'coord', PASSWORDS.coord],
      [manager, 'manager', PASSWORDS.manager],
    ] as const) {
      const answer = await rest(user, 'POST', '/autodoc/user-integration', {
        email: user.email,
        username,
        password,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ connected: true, platform: 'webdav', accountName: username });
    }
    const got = await rest(coordinator, 'GET', '/autodoc/user-integration');
    expect(got.body).toMatchObject({
      connected: true,
      email: coordinator.email.toUpperCase(),
      accountName: 'coord',
    });
    expect(Object.keys(got.body).sort()).toEqual([
      'accountName',
      'baseUrl',
      'connected',
      'connectedAt',
      'email',
      'platform',
    ]);
  });

  it('keeps the secret sealed (AES-GCM with a key id) in the database', async () => {
    const { rows } = await t.server.services.database.executor.executeSql(
      'select key_id, secret from user_integrations',
      [],
    );
    expect(rows.length).toBe(3);
    for (const row of rows as { key_id: string; secret: string }[]) {
      expect(row.key_id).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{6}$/);
      expect(row.secret.split('.')).toHaveLength(3);
      for (const password of Object.values(PASSWORDS)) expect(row.secret).not.toContain(password);
    }
    // The generated key lives in DATA_DIR/keys, readable by its owner only.
    const keys = fs.readdirSync(path.join(t.dataDir, 'keys')).filter((f) => f.startsWith('integrations-'));
    expect(keys).toHaveLength(1);
    expect(fs.statSync(path.join(t.dataDir, 'keys', keys[0]!)).mode & 0o077).toBe(0);
  });
});

describe('customers and projects of the platform', () => {
  it('lists what the account sees; a user without an account is not connected', async () => {
    const customers = await rest<{ customers: { id: string }[] }>(
      coordinator,
      'GET',
      '/autodoc/autodoc-customers',
    );
    expect(customers.body.customers).toEqual([{ id: 'Construtora Alfa', name: 'Construtora Alfa' }]);
    const projects = await rest(
      coordinator,
      'GET',
      `/autodoc/autodoc-projects?autodocCustomerId=${encodeURIComponent('Construtora Alfa')}`,
    );
    expect(projects.body).toEqual({
      projects: [
        { id: 'Torre Norte', name: 'Torre Norte', customerId: 'Construtora Alfa' },
        { id: 'Torre Sul', name: 'Torre Sul', customerId: 'Construtora Alfa' },
      ],
    });
    const missing = await rest(coordinator, 'GET', '/autodoc/autodoc-projects');
    expect([missing.status, missing.body.code]).toEqual([400, 'BAD_USER_INPUT']);
    const notConnected = await rest(collaboratorAdmin, 'GET', '/autodoc/autodoc-customers');
    expect(notConnected.status).toBe(409);
    expect(notConnected.body).toMatchObject({
      code: 'INTEGRATION_NOT_CONNECTED',
      message: 'The user or project is not connected to the document platform.',
    });
    const anonymous = await rest(undefined, 'GET', '/autodoc/autodoc-customers');
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'UNAUTHENTICATED']);
  });
});

describe('the project link', () => {
  const link = { autodocCustomerId: 'Construtora Alfa', autodocProjectId: 'Torre Norte' };

  it('is not there before: PROJECT_NOT_INTEGRATED, and Project.integrations is {}', async () => {
    const answer = await rest(coordinator, 'GET', `/autodoc/projects/${projectId}/integration`);
    expect([answer.status, answer.body.code]).toEqual([400, 'PROJECT_NOT_INTEGRATED']);
    const gql = await t.gql<{ projectData: { integrations: unknown } }>(
      'query($id: Int!) { projectData(projectId: $id) { integrations } }',
      { id: projectId },
      { token: coordinator.token },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data?.projectData.integrations).toEqual({});
  });

  it("refuses a manager who is not the project's coordinator, with the specification's message", async () => {
    const answer = await rest(manager, 'POST', '/autodoc/project-integration', { projectId, ...link });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      code: 'CCODE_CREATE_PROJECT_INTEGRATION_NOT_ALLOWED',
      message: ERROR_EN.CCODE_CREATE_PROJECT_INTEGRATION_NOT_ALLOWED,
    });
    // The project's administrator (the owner company's admin) is not a coordinator either.
    const projectAdmin = await rest(owner, 'POST', '/autodoc/project-integration', { projectId, ...link });
    expect([projectAdmin.status, projectAdmin.body.code]).toEqual([
      403,
      'CCODE_CREATE_PROJECT_INTEGRATION_NOT_ALLOWED',
    ]);
    const admin = await rest(platformAdmin, 'POST', '/autodoc/project-integration', { projectId, ...link });
    expect(admin.body.code).toBe('CCODE_CREATE_PROJECT_INTEGRATION_NOT_ALLOWED');
    const stranger = await rest(outsider, 'POST', '/autodoc/project-integration', { projectId, ...link });
    expect(stranger.body.code).toBe('PROJECT_NOT_FOUND');
  });

  it('needs a partner project the account sees', async () => {
    const answer = await rest(coordinator, 'POST', '/autodoc/project-integration', {
      projectId,
      autodocCustomerId: 'Construtora Alfa',
      autodocProjectId: 'Torre Inexistente',
    });
    expect([answer.status, answer.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('is made once by a coordinator, and carried by Project.integrations', async () => {
    const answer = await rest(coordinator, 'POST', '/autodoc/project-integration', { projectId, ...link });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      obraProjectId: projectId,
      ...link,
      autodocProjectName: 'Torre Norte',
    });
    const got = await rest(manager, 'GET', `/autodoc/projects/${projectId}/integration`);
    expect(got.body).toMatchObject({
      obraProjectId: projectId,
      ...link,
      autodocProjectName: 'Torre Norte',
      platform: 'webdav',
    });
    const gql = await t.gql<{ projectData: { integrations: unknown } }>(
      'query($id: Int!) { projectData(projectId: $id) { integrations } }',
      { id: projectId },
      { token: manager.token },
    );
    expect(gql.data?.projectData.integrations).toEqual({
      obraProjectId: projectId,
      autodocCustomerId: 'Construtora Alfa',
      autodocProjectId: 'Torre Norte',
      autodocProjectName: 'Torre Norte',
    });
  });

  it('cannot be made again, edited or removed', async () => {
    const again = await rest(coordinator, 'POST', '/autodoc/project-integration', {
      projectId,
      autodocCustomerId: 'Construtora Alfa',
      autodocProjectId: 'Torre Sul',
    });
    expect([again.status, again.body.code]).toEqual([409, 'PROJECT_ALREADY_INTEGRATED']);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const answer = await rest(coordinator, method, '/autodoc/project-integration', { projectId, ...link });
      expect(answer.status, method).toBe(404);
      const byProject = await rest(coordinator, method, `/autodoc/projects/${projectId}/integration`, {});
      expect(byProject.status, method).toBe(404);
    }
    expect((await rest(coordinator, 'GET', `/autodoc/projects/${projectId}/integration`)).body).toMatchObject(
      link,
    );
  });

  it('a partner project linked to another project is CCODE_PROJECT_ALREADY_INTEGRATED', async () => {
    const answer = await rest(coordinator, 'POST', '/autodoc/project-integration', {
      projectId: secondProjectId,
      ...link,
    });
    expect([answer.status, answer.body.code]).toEqual([409, 'CCODE_PROJECT_ALREADY_INTEGRATED']);
    const sul = await rest(coordinator, 'POST', '/autodoc/project-integration', {
      projectId: noBimProjectId,
      autodocCustomerId: 'Construtora Alfa',
      autodocProjectId: 'Torre Sul',
    });
    expect(sul.status).toBe(201);
  });
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
  it('never appear in an answer or the log, which shows the calls were made', async () => {
    const joined = log.join('\n');
    expect(joined).toContain('partner platform account connected');
    expect(joined).toContain('/autodoc/user-integration');
    for (const password of Object.values(PASSWORDS)) {
      expect(joined).not.toContain(password);
      expect(joined).not.toContain(Buffer.from(`owner:${password}`).toString('base64'));
      for (const answer of answers) expect(answer).not.toContain(password);
    }
    // The platform received them, in the Basic header only.
    expect(dav.requests.some((r) => r.authorization?.startsWith('Basic '))).toBe(true);
    expect(dav.requests.every((r) => !Object.values(PASSWORDS).some((p) => r.url.includes(p)))).toBe(true);
  });
});
