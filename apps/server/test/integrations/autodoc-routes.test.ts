// The partner document platform's REST calls (spec core §7 "Document platform integration") against a real WebDAV
// server, up to a linked project: the company's choice of platform, the user's account (the e-mail rule, the secret
// sealed), the platform's customers and projects, and the project link (coordinators only, once, never edited).
// What is done on a linked project: autodoc-linked-project.test.ts. Both build on autodoc-world.ts.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { rest as drest } from '../drive/drive-test-kit.ts';
import type { WebDavTestServer } from '../support/webdav-test-server.ts';
import {
  expectNoSecrets,
  NORTE_LINK,
  PASSWORDS,
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
let platformAdmin: TestUser;
let projectId: number;
let secondProjectId: number;
let noBimProjectId: number;

beforeAll(async () => {
  w = await startAutodocWorld();
  ({ t, dav, rest, owner, coordinator, manager, collaboratorAdmin, outsider, platformAdmin } = w);
  ({ projectId, secondProjectId, noBimProjectId } = w);
});
afterAll(async () => {
  await w.close();
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
  const link = NORTE_LINK;

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

describe('secrets', () => {
  it('never appear in an answer or the log, which shows the calls were made', () => {
    expectNoSecrets(w);
  });
});
