import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin, buildUser, type TestUser } from '../support/factories.ts';
import { projectCopies } from '../../src/db/schema/index.ts';
import { call, codeOf, createProject } from './project-test-kit.ts';

let t: TestServer;
let admin: TestUser;
let member: TestUser;
let companyId: number;
let platformAdmin: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  ({ admin, companyId } = await buildCompanyWithAdmin(t));
  member = await buildUser(t, { companyId, companyRole: 'collaborator' });
  platformAdmin = await buildUser(t, { isAdmin: true });
});
afterAll(async () => {
  await t.close();
});

const SET_ROLE = 'mutation($u: Int!, $r: String!) { setCompanyMemberRole(userId: $u, role: $r) { id role } }';
const REMOVE = 'mutation($u: Int!) { removeCompanyMember(userId: $u) }';

describe('company members and profile', () => {
  it('lists members and lets the administrator change roles, keeping at least one administrator', async () => {
    const list = await call<{ companyMembers: { id: number; role: string }[] }>(
      t,
      member,
      '{ companyMembers { id email role } }',
    );
    expect(list.companyMembers.map((m) => m.id).sort()).toEqual([admin.id, member.id].sort());
    expect(await call(t, admin, SET_ROLE, { u: member.id, r: 'manager' })).toEqual({
      setCompanyMemberRole: { id: member.id, role: 'manager' },
    });
    expect(await codeOf(t, member, SET_ROLE, { u: admin.id, r: 'collaborator' })).toBe('FORBIDDEN');
    expect(await codeOf(t, admin, SET_ROLE, { u: admin.id, r: 'collaborator' })).toBe('INVALID_ACTION');
    expect(await codeOf(t, admin, SET_ROLE, { u: member.id, r: 'owner' })).toBe('INVALID_ACTION');
    const stranger = (await buildCompanyWithAdmin(t)).admin;
    expect(await codeOf(t, admin, SET_ROLE, { u: stranger.id, r: 'manager' })).toBe('NOT_FOUND');
  });

  it('removes a member, who keeps the account but loses the company', async () => {
    const leaving = await buildUser(t, { companyId });
    expect(await call(t, admin, REMOVE, { u: leaving.id })).toEqual({ removeCompanyMember: true });
    const me = await call<{ loggedUserData: { companyId: number | null } }>(
      t,
      leaving,
      '{ loggedUserData { companyId } }',
    );
    expect(me.loggedUserData.companyId).toBeNull();
    expect(await codeOf(t, admin, REMOVE, { u: admin.id })).toBe('INVALID_ACTION');
  });

  it('edits the profile, refusing a name another company has', async () => {
    const other = await buildCompanyWithAdmin(t);
    const otherName = (
      await call<{ companyProfile: { name: string } }>(t, other.admin, '{ companyProfile { name } }')
    ).companyProfile.name;
    const UPDATE =
      'mutation($i: CompanyProfileInput!) { updateCompanyProfile(input: $i) { name website cnpj maxActiveProjects activeProjects members } }';
    const saved = await call<{ updateCompanyProfile: Record<string, unknown> }>(t, admin, UPDATE, {
      i: { name: 'Construtora Ávila', website: 'https://avila.example', cnpj: '12.345.678/0001-90' },
    });
    expect(saved.updateCompanyProfile).toMatchObject({
      name: 'Construtora Ávila',
      cnpj: '12.345.678/0001-90',
      maxActiveProjects: -1,
    });
    expect(await codeOf(t, admin, UPDATE, { i: { name: otherName.toUpperCase() } })).toBe(
      'DUPLICATED_COMPANY_NAME',
    );
    expect(await codeOf(t, member, UPDATE, { i: { name: 'Mine' } })).toBe('FORBIDDEN');
  });
});

describe('admin area', () => {
  const CREATE =
    'mutation($i: AdminCompanyInput!) { adminCreateCompany(input: $i) { id name isActive maxActiveProjects ownerEmail } }';

  it('creates and edits companies with activation, limit and owner, for platform admins only', async () => {
    const created = await call<{ adminCreateCompany: { id: number } }>(t, platformAdmin, CREATE, {
      i: {
        name: 'Engenharia Delta',
        isActive: true,
        maxActiveProjects: 3,
        ownerEmail: admin.email,
        cnpj: '1',
        website: null,
      },
    });
    expect(created.adminCreateCompany).toMatchObject({
      name: 'Engenharia Delta',
      isActive: true,
      maxActiveProjects: 3,
      ownerEmail: admin.email,
    });
    expect(
      await codeOf(t, platformAdmin, CREATE, {
        i: { name: 'engenharia delta', isActive: true, maxActiveProjects: -1 },
      }),
    ).toBe('DUPLICATED_COMPANY_NAME');
    expect(
      await codeOf(t, platformAdmin, CREATE, { i: { name: 'X', isActive: true, maxActiveProjects: -5 } }),
    ).toBe('INVALID_ACTION');
    expect(
      await codeOf(t, admin, CREATE, { i: { name: 'Nope', isActive: true, maxActiveProjects: -1 } }),
    ).toBe('FORBIDDEN');
    const UPDATE =
      'mutation($c: Int!, $i: AdminCompanyInput!) { adminUpdateCompany(companyId: $c, input: $i) { isActive maxActiveProjects } }';
    const updated = await call<{ adminUpdateCompany: unknown }>(t, platformAdmin, UPDATE, {
      c: created.adminCreateCompany.id,
      i: { name: 'Engenharia Delta', isActive: false, maxActiveProjects: 1 },
    });
    expect(updated.adminUpdateCompany).toEqual({ isActive: false, maxActiveProjects: 1 });
    expect(
      await codeOf(t, platformAdmin, UPDATE, {
        c: 999999,
        i: { name: 'Ghost', isActive: true, maxActiveProjects: 1 },
      }),
    ).toBe('COMPANY_NOT_FOUND');
    const all = await call<{ adminCompanies: { id: number }[] }>(
      t,
      platformAdmin,
      '{ adminCompanies { id name activeProjects members } }',
    );
    expect(all.adminCompanies.map((c) => c.id)).toContain(companyId);
    const members = await call<{ adminCompanyMembers: { id: number }[] }>(
      t,
      platformAdmin,
      'query($c: Int!) { adminCompanyMembers(companyId: $c) { id } }',
      { c: companyId },
    );
    expect(members.adminCompanyMembers.map((m) => m.id)).toContain(admin.id);
    expect(await codeOf(t, admin, '{ adminCompanies { id } }')).toBe('FORBIDDEN');
  });

  it("sees every company's projects and their setup, but no project content of its own", async () => {
    const projectId = await createProject(t, admin, 'Obra Admin');
    const projectsOf = await call<{ adminCompanyProjects: { id: number }[] }>(
      t,
      platformAdmin,
      'query($c: Int!) { adminCompanyProjects(companyId: $c) { id name } }',
      { c: companyId },
    );
    expect(projectsOf.adminCompanyProjects.map((p) => p.id)).toContain(projectId);
    const setup = await call<{ projectData: { permissions: { role: string | null; canSetup: boolean } } }>(
      t,
      platformAdmin,
      'query($p: Int!) { projectData(projectId: $p) { permissions { role canSetup } } }',
      { p: projectId },
    );
    expect(setup.projectData.permissions).toEqual({ role: null, canSetup: true });
  });

  it('runs maintenance scripts as jobs: failed project copies are retried', async () => {
    const projectId = await createProject(t, admin, 'Copy me');
    const db = t.server.services.database.db;
    const [copy] = await db
      .insert(projectCopies)
      .values({
        sourceProjectId: projectId,
        targetProjectName: 'Retried copy',
        requestedByUserId: admin.id,
        status: 'failed',
        error: 'disk full',
      })
      .returning();
    const scripts = await call<{ adminScripts: { name: string }[] }>(
      t,
      platformAdmin,
      '{ adminScripts { name } }',
    );
    expect(scripts.adminScripts.map((s) => s.name)).toContain('projects.retryFailedCopies');
    const run = await call<{ runAdminScript: { id: number; state: string } }>(
      t,
      platformAdmin,
      'mutation { runAdminScript(name: "projects.retryFailedCopies") { id name state } }',
    );
    expect(run.runAdminScript.state).toBe('queued');
    const deadline = Date.now() + 20_000;
    let status = '';
    while (Date.now() < deadline && status !== 'done') {
      await new Promise((r) => setTimeout(r, 200));
      const [row] = await db.select().from(projectCopies).where(eq(projectCopies.id, copy!.id));
      status = row?.status ?? '';
    }
    expect(status).toBe('done');
    expect(await codeOf(t, platformAdmin, 'mutation { runAdminScript(name: "rm -rf") { id } }')).toBe(
      'NOT_FOUND',
    );
    expect(
      await codeOf(t, admin, 'mutation { runAdminScript(name: "projects.retryFailedCopies") { id } }'),
    ).toBe('FORBIDDEN');
  });
});
