// The partner document platform's REST calls with Autodesk Platform Services (spec core §7) against a local APS
// that answers from Autodesk's OpenAPI descriptions (test/support/aps-test-server.ts): the company's choice of APS,
// linking a user's account through Autodesk's consent page (PKCE, the state and verifier in a sealed cookie, the
// e-mail rule), the project link, browsing, bringing a version in, the viewer token, the refresh before expiry,
// revocation on DELETE, APS error answers, and secrets that never reach an answer or the log.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin, type TestUser } from '../support/factories.ts';
import { createProject } from '../projects/project-test-kit.ts';
import { pdfBytes, rest as drest, type RestAnswer } from '../drive/drive-test-kit.ts';
import { startApsServer, type ApsTestServer } from '../support/aps-test-server.ts';
import { bringIn } from './transfer-test-kit.ts';
import { secretBoxOf } from '../../src/modules/integrations/integration-service.ts';

const IFC = fs.readFileSync(path.join(import.meta.dirname, '../../../../fixtures/ifc/bcf-xml/MEP.ifc'));

const PDF_V1 = pdfBytes('partner sheet, first issue');
const PDF_V2 = pdfBytes('partner sheet, second issue');
const HUB = 'b.3f1c-alfa';
const PROJECT = 'b.77aa-norte';

let t: TestServer;
let aps: ApsTestServer;
const log: string[] = [];
const answers: string[] = [];
let owner: TestUser; // owner company's admin: project administrator
let coordinator: TestUser; // admin of the coordinating company
let projectId: number;

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

/**
 * The browser's round trip: Obra's authorization call (its cookie kept), Autodesk's consent page, then Obra's
 * callback with the cookie. Answers where Obra sends the browser at the end.
 */
async function connectThroughAutodesk(
  user: TestUser,
  email: string,
  options: { cookie?: boolean; state?: string } = {},
): Promise<URL> {
  const start = await fetch(`${t.url}/autodoc/aps/authorization`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, returnTo: '/workspace/user/profile?tab=connections' }),
  });
  const started = (await start.json()) as { authorizeUrl: string };
  answers.push(JSON.stringify(started));
  expect(start.status, JSON.stringify(started)).toBe(200);
  const setCookie = start.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(
    /^obra_aps_connect=[^;]+; Max-Age=600; Path=\/autodoc\/aps\/callback; HttpOnly; SameSite=Lax/,
  );
  const consent = await fetch(started.authorizeUrl, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${t.url}/autodoc/aps/callback`);
  if (options.state) back.searchParams.set('state', options.state);
  const callback = await fetch(back, {
    redirect: 'manual',
    headers: options.cookie === false ? {} : { cookie: setCookie.split(';')[0]! },
  });
  expect(callback.status).toBe(303);
  // The flow's cookie is spent.
  expect(callback.headers.get('set-cookie')).toMatch(/^obra_aps_connect=;/);
  return new URL(callback.headers.get('location')!, t.url);
}

beforeAll(async () => {
  aps = await startApsServer({
    hubs: [
      {
        id: HUB,
        name: 'Construtora Alfa',
        projects: [
          {
            id: PROJECT,
            name: 'Torre Norte',
            folders: {
              'Project Files': {
                Plantas: { 'A-101.pdf': { versions: [PDF_V1, PDF_V2] }, 'MEP.ifc': { versions: [IFC] } },
                'memorial.pdf': { versions: [PDF_V1] },
              },
            },
          },
          { id: 'b.77ab-sul', name: 'Torre Sul', folders: { Plans: { 'S-1.pdf': { versions: [PDF_V1] } } } },
        ],
      },
    ],
    accounts: [],
  });
  t = await startTestServer(
    {
      LOG_LEVEL: 'info',
      APS_CLIENT_ID: aps.clientId,
      APS_CLIENT_SECRET: aps.clientSecret,
      APS_BASE_URL: aps.baseUrl,
      APS_USERINFO_URL: aps.userinfoUrl,
    },
    undefined,
    { write: (line) => log.push(line) },
  );
  const ownerCompany = await buildCompanyWithAdmin(t);
  owner = ownerCompany.admin;
  const coordCompany = await buildCompanyWithAdmin(t);
  coordinator = coordCompany.admin;
  projectId = await createProject(t, owner, 'Torre Integrada APS');
  await t.server.services.database.db.execute(
    sql`insert into project_companies (project_id, company_id, role_id, all_disciplines, discipline_ids)
        values (${projectId}, ${coordCompany.companyId}, 2, true, '[]'::jsonb)`,
  );
});
afterAll(async () => {
  await t?.close();
  await aps?.close();
});

describe("the company's platform: APS", () => {
  it('is chosen without an address (APS_BASE_URL); another address is refused', async () => {
    const other = await rest(owner, 'PUT', '/autodoc/platform', {
      platform: 'aps',
      baseUrl: 'https://attacker.example',
    });
    expect([other.status, other.body.code]).toEqual([400, 'BAD_USER_INPUT']);
    for (const user of [owner, coordinator]) {
      const set = await rest(user, 'PUT', '/autodoc/platform', { platform: 'aps' });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body).toMatchObject({ platform: 'aps', baseUrl: aps.baseUrl });
    }
    const same = await rest(owner, 'PUT', '/autodoc/platform', {
      platform: 'aps',
      baseUrl: `${aps.baseUrl}/`,
    });
    expect(same.status).toBe(200);
    const webdavWithout = await rest(owner, 'PUT', '/autodoc/platform', { platform: 'webdav' });
    expect([webdavWithout.status, webdavWithout.body.code]).toEqual([400, 'BAD_USER_INPUT']);
  });

  it('links no account by password', async () => {
    const answer = await rest(owner, 'POST', '/autodoc/user-integration', {
      email: owner.email,
      username: 'owner',
      password: 'a password',
    });
    expect([answer.status, answer.body.code]).toEqual([400, 'INTEGRATION_NOT_SUPPORTED']);
  });
});

describe("linking the user's account through Autodesk's consent page", () => {
  it('needs the company to be on APS', async () => {
    const outsider = (await buildCompanyWithAdmin(t)).admin;
    const answer = await rest(outsider, 'POST', '/autodoc/aps/authorization', { email: outsider.email });
    expect([answer.status, answer.body.code]).toEqual([400, 'INTEGRATION_NOT_CONFIGURED']);
    const bad = await rest(owner, 'POST', '/autodoc/aps/authorization', {
      email: owner.email,
      returnTo: 'https://elsewhere.example/',
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'BAD_USER_INPUT']);
  });

  it("refuses an account whose e-mail is not the one given ('the e-mail given is not the one registered') and revokes its tokens", async () => {
    addAccount('someone-else@alfa.example', 'other');
    aps.signIn('someone-else@alfa.example');
    const revokedBefore = aps.revoked.length;
    const back = await connectThroughAutodesk(coordinator, coordinator.email);
    expect(back.pathname).toBe('/workspace/user/profile');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      tab: 'connections',
      partnerConnection: 'error',
      code: 'INTEGRATION_EMAIL_NOT_REGISTERED',
    });
    expect(aps.revoked.length).toBe(revokedBefore + 3);
    expect((await rest(coordinator, 'GET', '/autodoc/user-integration')).body).toMatchObject({
      connected: false,
    });
  });

  it('links nothing when the callback comes without its cookie, with another state, or refused', async () => {
    addAccount(coordinator.email, 'coord');
    aps.signIn(coordinator.email);
    const exchanges = () => aps.requests.filter((r) => r.url === '/authentication/v2/token').length;
    const before = exchanges();
    const noCookie = await connectThroughAutodesk(coordinator, coordinator.email, { cookie: false });
    expect(noCookie.searchParams.get('code')).toBe('INTEGRATION_LOGIN_FAILED');
    const forged = await connectThroughAutodesk(coordinator, coordinator.email, { state: 'forged' });
    expect(forged.searchParams.get('code')).toBe('INTEGRATION_LOGIN_FAILED');
    aps.refuseNextConsent();
    const refused = await connectThroughAutodesk(coordinator, coordinator.email);
    expect(refused.searchParams.get('code')).toBe('INTEGRATION_LOGIN_FAILED');
    // A flow past its ten minutes (sealed as Obra seals it, its expiry passed).
    const state = 'expired-state';
    const sealed = secretBoxOf(t.server.services).seal(
      JSON.stringify({
        purpose: 'aps-connect',
        userId: coordinator.id,
        companyId: coordinator.companyId,
        email: coordinator.email,
        state,
        verifier: 'v'.repeat(43),
        redirectUri: `${t.url}/autodoc/aps/callback`,
        returnTo: '/workspace/user/profile',
        expiresAt: Date.now() - 1000,
      }),
    );
    const expired = await fetch(`${t.url}/autodoc/aps/callback?code=whatever&state=${state}`, {
      redirect: 'manual',
      headers: { cookie: `obra_aps_connect=${sealed.keyId}~${sealed.secret}` },
    });
    expect(expired.headers.get('location')).toBe(
      '/workspace/user/profile?partnerConnection=error&code=INTEGRATION_LOGIN_FAILED',
    );
    // No code was exchanged.
    expect(exchanges()).toBe(before);
    expect((await rest(coordinator, 'GET', '/autodoc/user-integration')).body).toMatchObject({
      connected: false,
    });
  });

  it('links the account: the code exchanged with the PKCE verifier, the tokens sealed', async () => {
    const checks = aps.pkceChecks.length;
    const back = await connectThroughAutodesk(coordinator, coordinator.email.toUpperCase());
    expect(back.searchParams.get('partnerConnection')).toBe('connected');
    expect(aps.pkceChecks.slice(checks)).toEqual([true]);
    const got = await rest(coordinator, 'GET', '/autodoc/user-integration');
    expect(got.body).toMatchObject({
      connected: true,
      platform: 'aps',
      baseUrl: aps.baseUrl,
      email: coordinator.email,
      accountName: 'coord',
    });
    addAccount(owner.email, 'owner');
    aps.signIn(owner.email);
    expect((await connectThroughAutodesk(owner, owner.email)).searchParams.get('partnerConnection')).toBe(
      'connected',
    );
    const { rows } = await t.server.services.database.executor.executeSql(
      'select secret, expires_at from user_integrations',
      [],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows as { secret: string; expires_at: Date }[]) {
      for (const token of aps.issued) expect(row.secret).not.toContain(token);
      expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now() + 50 * 60 * 1000);
    }
  });
});

describe('the linked project through APS', () => {
  const base = () => `/autodoc/projects/${projectId}`;

  it('lists hubs and projects, and is linked by the coordinator', async () => {
    expect((await rest(coordinator, 'GET', '/autodoc/autodoc-customers')).body).toEqual({
      customers: [{ id: HUB, name: 'Construtora Alfa' }],
    });
    const projects = await rest(coordinator, 'GET', `/autodoc/autodoc-projects?autodocCustomerId=${HUB}`);
    expect(projects.body).toEqual({
      projects: [
        { id: PROJECT, name: 'Torre Norte', customerId: HUB },
        { id: 'b.77ab-sul', name: 'Torre Sul', customerId: HUB },
      ],
    });
    const refused = await rest(owner, 'POST', '/autodoc/project-integration', {
      projectId,
      autodocCustomerId: HUB,
      autodocProjectId: PROJECT,
    });
    expect(refused.body.code).toBe('CCODE_CREATE_PROJECT_INTEGRATION_NOT_ALLOWED');
    const linked = await rest(coordinator, 'POST', '/autodoc/project-integration', {
      projectId,
      autodocCustomerId: HUB,
      autodocProjectId: PROJECT,
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    expect(linked.body).toMatchObject({ autodocProjectName: 'Torre Norte', platform: 'aps' });
  });

  it('browses folders, files with their versions, a file by its id', async () => {
    const files = aps.idOf(PROJECT, '/Project Files');
    const plantas = aps.idOf(PROJECT, '/Project Files/Plantas');
    const item = aps.idOf(PROJECT, '/Project Files/Plantas/A-101.pdf');
    expect((await rest(owner, 'GET', `${base()}/folder?folderId=%2F`)).body).toEqual({
      id: '/',
      name: 'Torre Norte',
      parentId: null,
    });
    const root = await rest<{ items: { id: string }[] }>(owner, 'GET', `${base()}/folder-items?folderId=%2F`);
    expect(root.body.items.map((i) => i.id)).toEqual([files]);
    const sub = await rest<{ items: { type: string; name: string }[] }>(
      owner,
      'GET',
      `${base()}/folder-items?folderId=${encodeURIComponent(files)}`,
    );
    expect(sub.body.items.map((i) => [i.type, i.name])).toEqual([
      ['folder', 'Plantas'],
      ['file', 'memorial.pdf'],
    ]);
    const file = await rest<{ versions: { number: number }[] }>(
      owner,
      'GET',
      `${base()}/file?folderId=${encodeURIComponent(plantas)}&fileId=${encodeURIComponent(item)}`,
    );
    expect(file.body).toMatchObject({ id: item, name: 'A-101.pdf', folderId: plantas, size: PDF_V2.length });
    expect(file.body.versions.map((v) => v.number)).toEqual([2, 1]);
    const byId = await rest(owner, 'GET', `${base()}/aps-files/${encodeURIComponent(item)}`);
    expect(byId.body).toMatchObject({ id: item, folderId: plantas });
  });

  it('brings the tip, or an older version, into the drive', async () => {
    const plantas = aps.idOf(PROJECT, '/Project Files/Plantas');
    const item = aps.idOf(PROJECT, '/Project Files/Plantas/A-101.pdf');
    const [v1] = aps.versionsOf(item);
    const bytesOf = async (fileId: number) => {
      const url = await rest<{ url: string }>(
        owner,
        'GET',
        `/project-drive/projects/${projectId}/files/${fileId}/download-url`,
      );
      return Buffer.from(await (await fetch(url.body.url)).arrayBuffer());
    };
    const tip = await bringIn(rest, owner, projectId, { folderId: plantas, fileId: item });
    expect(tip.started).toMatchObject({ kind: 'drive', fileName: 'A-101.pdf', total: PDF_V2.length });
    expect(tip.ended).toMatchObject({
      status: 'completed',
      done: PDF_V2.length,
      file: { fileName: 'A-101.pdf', revisionName: '1' },
    });
    expect((await bytesOf(tip.ended.file!.id)).equals(PDF_V2)).toBe(true);
    const older = await bringIn(rest, owner, projectId, { folderId: plantas, fileId: item, versionId: v1 });
    expect(older.ended.file!.revisionName).toBe('2');
    expect((await bytesOf(older.ended.file!.id)).equals(PDF_V1)).toBe(true);
  });

  it('brings an IFC model into BIM models, its conversion queued', async () => {
    const { ended } = await bringIn(rest, owner, projectId, {
      folderId: aps.idOf(PROJECT, '/Project Files/Plantas'),
      fileId: aps.idOf(PROJECT, '/Project Files/Plantas/MEP.ifc'),
    });
    expect(ended).toMatchObject({ status: 'completed', kind: 'bim' });
    const { rows } = await t.server.services.database.executor.executeSql(
      "select count(*)::int as n from pgboss.job where name = 'bim.convert' and (data->>'fileId')::int = $1",
      [ended.file!.id],
    );
    expect((rows[0] as { n: number }).n).toBe(1);
  });

  it('answers a short-lived viewer token that can only view (viewables:read)', async () => {
    const answer = await rest<{ accessToken: string; expiresIn: number }>(
      owner,
      'GET',
      `${base()}/aps-access-token`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.expiresIn).toBeGreaterThan(0);
    expect(answer.body.expiresIn).toBeLessThanOrEqual(3600);
    expect(aps.scopesOf(answer.body.accessToken)).toEqual(['viewables:read']);
  });

  it('refreshes before expiry, once for requests at the same time', async () => {
    await t.server.services.database.db.execute(
      sql`update user_integrations set expires_at = now() + interval '1 minute' where user_id = ${owner.id}`,
    );
    const tokenCalls = () => aps.requests.filter((r) => r.url === '/authentication/v2/token').length;
    const before = tokenCalls();
    const [a, b, c] = await Promise.all([
      rest(owner, 'GET', `${base()}/folder-items?folderId=%2F`),
      rest(owner, 'GET', `${base()}/folder?folderId=%2F`),
      rest(owner, 'GET', '/autodoc/autodoc-customers'),
    ]);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    // One refresh: the data token, then the viewer token.
    expect(tokenCalls() - before).toBe(2);
    const { rows } = await t.server.services.database.executor.executeSql(
      'select expires_at from user_integrations where user_id = $1',
      [owner.id],
    );
    expect(new Date((rows[0] as { expires_at: Date }).expires_at).getTime()).toBeGreaterThan(
      Date.now() + 50 * 60 * 1000,
    );
  });

  it('maps APS error answers to the catalogue: a platform that is down is a 502 with a clear message', async () => {
    const url = `${base()}/folder-items?folderId=${encodeURIComponent(aps.idOf(PROJECT, '/Project Files'))}`;
    for (const [status, answer, code] of [
      [503, 502, 'INTEGRATION_PLATFORM_UNAVAILABLE'],
      [429, 502, 'INTEGRATION_PLATFORM_UNAVAILABLE'],
      [500, 502, 'INTEGRATION_PLATFORM_ERROR'],
      [401, 400, 'INTEGRATION_LOGIN_FAILED'],
      [403, 404, 'NOT_FOUND'],
      [404, 404, 'NOT_FOUND'],
    ] as const) {
      aps.failNext(/\/contents$/, status);
      const got = await rest(owner, 'GET', url);
      expect([got.status, got.body.code], String(status)).toEqual([answer, code]);
    }
    aps.failNext(/\/contents$/, 503);
    expect((await rest(owner, 'GET', url)).body.message).toBe(
      'The document platform is not answering. Try again later.',
    );
  });

  it('DELETE revokes the tokens at Autodesk and forgets them', async () => {
    const revokes = () => aps.requests.filter((r) => r.url === '/authentication/v2/revoke').length;
    const before = revokes();
    const answer = await rest(owner, 'DELETE', '/autodoc/user-integration');
    expect(answer.body).toMatchObject({ connected: false });
    expect(revokes() - before).toBe(3);
    const browse = await rest(owner, 'GET', `${base()}/folder-items?folderId=%2F`);
    expect(browse.body.code).toBe('INTEGRATION_NOT_CONNECTED');
  });
});

describe('secrets', () => {
  it('never appear in an answer or the log; every request matched the descriptions', async () => {
    const joined = log.join('\n');
    expect(joined).toContain('partner platform account connected');
    const viewerTokens = answers.flatMap((a) => {
      const m = /"accessToken":"([^"]+)"/.exec(a);
      return m ? [m[1]!] : [];
    });
    expect(viewerTokens.length).toBeGreaterThan(0);
    for (const token of aps.issued) {
      expect(joined).not.toContain(token);
      // Only the viewer token is answered, to the viewer.
      if (!viewerTokens.includes(token)) for (const a of answers) expect(a).not.toContain(token);
    }
    expect(joined).not.toContain(aps.clientSecret);
    for (const a of answers) expect(a).not.toContain(aps.clientSecret);
    // Autodesk's codes (in the callback's query) are not logged either.
    for (const r of aps.requests.filter((x) => x.url === '/authentication/v2/token')) {
      const code = new URLSearchParams(r.body).get('code');
      if (code) expect(joined).not.toContain(code);
    }
    expect(aps.violations).toEqual([]);
  });
});

/** An Autodesk account (the Obra users' e-mails are known once they are built). */
function addAccount(email: string, name: string): void {
  aps.addAccount({ email, name, hubs: [HUB] });
}
