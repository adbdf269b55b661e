// The world of the partner document platform's route tests (autodoc-*.test.ts): a test server whose log is kept,
// a WebDAV server with the partner's tree, the people of four companies, three projects, and the steps that the
// later cases build on, each through the REST calls the web app makes: the companies choose the platform, three
// people connect their accounts, and a coordinator links two projects.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin, buildUser, type TestUser } from '../support/factories.ts';
import { createProject } from '../projects/project-test-kit.ts';
import { pdfBytes, rest as drest, type RestAnswer } from '../drive/drive-test-kit.ts';
import { startWebDavServer, type WebDavTestServer } from '../support/webdav-test-server.ts';

export const IFC = fs.readFileSync(
  path.join(import.meta.dirname, '../../../../fixtures/ifc/bcf-xml/MEP.ifc'),
);
export const PDF = pdfBytes('partner sheet');
/** The platform accounts' passwords: they must never show in an answer, the log or the database. */
export const PASSWORDS = {
  owner: 'owner-app-password-7Q1',
  coord: 'coord-app-password-9Z2',
  manager: 'manager-app-password-3K8',
  other: 'other-app-password-5M4',
};
/** The partner project the first project is linked to. */
export const NORTE_LINK = { autodocCustomerId: 'Construtora Alfa', autodocProjectId: 'Torre Norte' };

/** A REST call as a person (or anonymously); every answer is kept for the secrets check. */
export type Rest = <T = Record<string, unknown>>(
  user: TestUser | undefined,
  method: string,
  url: string,
  body?: unknown,
) => Promise<RestAnswer<T>>;

export interface AutodocWorld {
  readonly t: TestServer;
  readonly dav: WebDavTestServer;
  /** The server's log lines. */
  readonly log: string[];
  /** Every answer's body, as JSON. */
  readonly answers: string[];
  readonly rest: Rest;
  /** Company admin of the owner company: the projects' administrator. */
  readonly owner: TestUser;
  /** Admin of a coordinating company. */
  readonly coordinator: TestUser;
  /** Company manager of a collaborating company. */
  readonly manager: TestUser;
  /** Admin of the collaborating company. */
  readonly collaboratorAdmin: TestUser;
  readonly outsider: TestUser;
  readonly platformAdmin: TestUser;
  readonly projectId: number;
  readonly secondProjectId: number;
  /** A project without the BIM module. */
  readonly noBimProjectId: number;
  close(): Promise<void>;
}

async function participate(t: TestServer, companyId: number, project: number, roleId: number): Promise<void> {
  await t.server.services.database.db.execute(
    sql`insert into project_companies (project_id, company_id, role_id, all_disciplines, discipline_ids)
        values (${project}, ${companyId}, ${roleId}, true, '[]'::jsonb)`,
  );
}

/** The server, the WebDAV server, the people and the projects; nothing chosen, connected or linked yet. */
export async function startAutodocWorld(): Promise<AutodocWorld> {
  const log: string[] = [];
  const answers: string[] = [];
  const t = await startTestServer({ LOG_LEVEL: 'info' }, undefined, { write: (line) => log.push(line) });
  const rest: Rest = async <T>(user: TestUser | undefined, method: string, url: string, body?: unknown) => {
    const answer = await drest<T>(t, user, method, url, body);
    answers.push(JSON.stringify(answer.body));
    return answer;
  };
  const ownerCompany = await buildCompanyWithAdmin(t);
  const coordCompany = await buildCompanyWithAdmin(t);
  const collabCompany = await buildCompanyWithAdmin(t);
  const manager = await buildUser(t, { companyId: collabCompany.companyId, companyRole: 'manager' });
  const outsider = (await buildCompanyWithAdmin(t)).admin;
  const platformAdmin = await buildUser(t, { isAdmin: true });
  const owner = ownerCompany.admin;
  const projectId = await createProject(t, owner, 'Torre Integrada');
  const secondProjectId = await createProject(t, owner, 'Torre Segunda');
  const noBimProjectId = await createProject(t, owner, 'Torre Sem BIM');
  await t.server.services.database.db.execute(
    sql`update projects set modules = '["issues","setup","drive","files"]'::jsonb where id = ${noBimProjectId}`,
  );
  for (const p of [projectId, secondProjectId, noBimProjectId]) {
    await participate(t, coordCompany.companyId, p, 2);
    await participate(t, collabCompany.companyId, p, 3);
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
  const coordinator = coordCompany.admin;
  const dav = await startWebDavServer([
    { username: 'owner', password: PASSWORDS.owner, email: owner.email, tree },
    { username: 'coord', password: PASSWORDS.coord, email: coordinator.email.toUpperCase(), tree },
    { username: 'manager', password: PASSWORDS.manager, email: manager.email, tree },
    { username: 'other', password: PASSWORDS.other, email: 'someone-else@alfa.example', tree },
  ]);
  return {
    t,
    dav,
    log,
    answers,
    rest,
    owner,
    coordinator,
    manager,
    collaboratorAdmin: collabCompany.admin,
    outsider,
    platformAdmin,
    projectId,
    secondProjectId,
    noBimProjectId,
    close: async () => {
      await dav.close();
      await t.close();
    },
  };
}

/** The owner's, the coordinator's and (by a platform administrator) the collaborating company choose WebDAV. */
export async function choosePlatforms(w: AutodocWorld): Promise<void> {
  const choice = { platform: 'webdav', baseUrl: w.dav.baseUrl };
  for (const [user, body] of [
    [w.owner, choice],
    [w.coordinator, choice],
    [w.platformAdmin, { companyId: w.manager.companyId, ...choice }],
  ] as const)
    expect((await w.rest(user, 'PUT', '/autodoc/platform', body)).status).toBe(200);
}

/** The owner, the coordinator and the manager connect their platform accounts. */
export async function connectAccounts(w: AutodocWorld): Promise<void> {
  for (const [user, username, password] of [
    [w.owner, 'owner', PASSWORDS.owner],
    [w.coordinator, 'coord', PASSWORDS.coord],
    [w.manager, 'manager', PASSWORDS.manager],
  ] as const) {
    const answer = await w.rest(user, 'POST', '/autodoc/user-integration', {
      email: user.email,
      username,
      password,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
}

/** The coordinator links the first project to Torre Norte and the project without BIM to Torre Sul. */
export async function linkProjects(w: AutodocWorld): Promise<void> {
  for (const body of [
    { projectId: w.projectId, ...NORTE_LINK },
    { projectId: w.noBimProjectId, autodocCustomerId: 'Construtora Alfa', autodocProjectId: 'Torre Sul' },
  ]) {
    const answer = await w.rest(w.coordinator, 'POST', '/autodoc/project-integration', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }
}

/**
 * The passwords appear in no answer and no log line (which shows the calls were made), and reached the platform
 * in the Basic header only.
 */
export function expectNoSecrets(w: AutodocWorld): void {
  const joined = w.log.join('\n');
  expect(joined).toContain('partner platform account connected');
  expect(joined).toContain('/autodoc/user-integration');
  for (const password of Object.values(PASSWORDS)) {
    expect(joined).not.toContain(password);
    expect(joined).not.toContain(Buffer.from(`owner:${password}`).toString('base64'));
    for (const answer of w.answers) expect(answer).not.toContain(password);
  }
  expect(w.dav.requests.some((r) => r.authorization?.startsWith('Basic '))).toBe(true);
  expect(w.dav.requests.every((r) => !Object.values(PASSWORDS).some((p) => r.url.includes(p)))).toBe(true);
}
