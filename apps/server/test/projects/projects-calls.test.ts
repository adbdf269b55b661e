import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin, buildUser, type TestUser } from '../support/factories.ts';
import { companies, companySettings } from '../../src/db/schema/index.ts';
import { addDisciplines, call, codeOf, createProject, INVITE } from './project-test-kit.ts';

// Calls of issue 4 not covered elsewhere: success, each error code, and a user of another company refused.
let t: TestServer;
let owner: { companyId: number; admin: TestUser };
let partner: { companyId: number; admin: TestUser };
let outsider: { companyId: number; admin: TestUser };
let platformAdmin: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  owner = await buildCompanyWithAdmin(t);
  partner = await buildCompanyWithAdmin(t);
  outsider = await buildCompanyWithAdmin(t);
  platformAdmin = await buildUser(t, { isAdmin: true });
});
afterAll(async () => {
  await t.close();
});

const setLimit = (companyId: number, maxActiveProjects: number) =>
  t.server.services.database.db
    .insert(companySettings)
    .values({ companyId, maxActiveProjects })
    .onConflictDoUpdate({ target: companySettings.companyId, set: { maxActiveProjects } });

const CARDS = 'status starred company { id } name id';

describe('projectUsers', () => {
  it('lists the people of the participating companies with their disciplines, and nobody else', async () => {
    const projectId = await createProject(t, owner.admin, 'Users project');
    const disciplines = await addDisciplines(t, owner.admin, projectId);
    const collaborator = await buildUser(t, { companyId: partner.companyId });
    const invite = await call<{ createProjectCompanyInvite: { id: number } }>(t, owner.admin, INVITE, {
      projectId,
      companyId: partner.companyId,
      projectRoleId: 3,
      allDisciplines: false,
      disciplinesId: [disciplines[0]],
    });
    const QUERY =
      'query($p: Int!) { projectUsers(projectId: $p) { id email removed company { id } disciplines } }';
    type Users = {
      projectUsers: {
        id: number;
        email: string;
        removed: boolean;
        company: { id: number };
        disciplines: number[];
      }[];
    };
    // An invited company takes part only once it accepts.
    const before = await call<Users>(t, owner.admin, QUERY, { p: projectId });
    expect(before.projectUsers.map((u) => u.id)).toEqual([owner.admin.id]);
    await call(t, partner.admin, 'mutation($i: Int!) { acceptProjectCompanyInvite(inviteId: $i) { id } }', {
      i: invite.createProjectCompanyInvite.id,
    });
    const after = await call<Users>(t, collaborator, QUERY, { p: projectId });
    const byId = new Map(after.projectUsers.map((u) => [u.id, u]));
    expect([...byId.keys()].sort((a, b) => a - b)).toEqual(
      [owner.admin.id, partner.admin.id, collaborator.id].sort((a, b) => a - b),
    );
    expect(byId.get(owner.admin.id)).toMatchObject({ company: { id: owner.companyId }, removed: false });
    expect([...byId.get(owner.admin.id)!.disciplines].sort((a, b) => a - b)).toEqual(
      [...disciplines].sort((a, b) => a - b),
    );
    expect(byId.get(collaborator.id)).toMatchObject({
      company: { id: partner.companyId },
      disciplines: [disciplines[0]],
    });
    expect(after.projectUsers.some((u) => u.id === outsider.admin.id)).toBe(false);

    expect(await codeOf(t, outsider.admin, QUERY, { p: projectId })).toBe('PROJECT_NOT_FOUND');
    expect(await codeOf(t, owner.admin, QUERY, { p: 987_654 })).toBe('PROJECT_NOT_FOUND');
    expect(await codeOf(t, undefined, QUERY, { p: projectId })).toBe('UNAUTHENTICATED');
  });
});

describe('setProjectStarred', () => {
  it('stars and unstars a project for the caller only', async () => {
    const projectId = await createProject(t, owner.admin, 'Starred project');
    const colleague = await buildUser(t, { companyId: owner.companyId });
    const STAR = 'mutation($p: Int!, $s: Boolean!) { setProjectStarred(projectId: $p, starred: $s) }';
    const cards = async (user: TestUser) =>
      (
        await call<{ workspaceProjects: { id: number; starred: boolean }[] }>(
          t,
          user,
          `{ workspaceProjects { ${CARDS} } }`,
        )
      ).workspaceProjects.find((c) => c.id === projectId);
    expect((await cards(owner.admin))?.starred).toBe(false);
    expect(
      (await call<{ setProjectStarred: boolean }>(t, owner.admin, STAR, { p: projectId, s: true }))
        .setProjectStarred,
    ).toBe(true);
    expect((await cards(owner.admin))?.starred).toBe(true);
    expect((await cards(colleague))?.starred).toBe(false);
    expect(
      (await call<{ setProjectStarred: boolean }>(t, owner.admin, STAR, { p: projectId, s: false }))
        .setProjectStarred,
    ).toBe(false);
    expect((await cards(owner.admin))?.starred).toBe(false);

    // Starring is personal: it works on an inactive project too.
    await call(t, owner.admin, 'mutation($p: Int!) { updateProject(projectId: $p, status: 0) { id } }', {
      p: projectId,
    });
    expect(
      (await call<{ setProjectStarred: boolean }>(t, colleague, STAR, { p: projectId, s: true }))
        .setProjectStarred,
    ).toBe(true);

    expect(await codeOf(t, outsider.admin, STAR, { p: projectId, s: true })).toBe('PROJECT_NOT_FOUND');
    expect(await codeOf(t, owner.admin, STAR, { p: 987_654, s: true })).toBe('PROJECT_NOT_FOUND');
    // projectId is an integer (spec core §5).
    expect(await codeOf(t, owner.admin, STAR, { p: 'x', s: true })).toBe('BAD_USER_INPUT');
  });
});

describe('companyProjects', () => {
  it("lists the projects the caller's company owns, active and inactive, and no other company's", async () => {
    const company = await buildCompanyWithAdmin(t);
    const first = await createProject(t, company.admin, 'Alpha');
    const second = await createProject(t, company.admin, 'Beta');
    await call(t, company.admin, 'mutation($p: Int!) { updateProject(projectId: $p, status: 0) { id } }', {
      p: second,
    });
    const foreign = await createProject(t, outsider.admin, 'Foreign');
    const collaborator = await buildUser(t, { companyId: company.companyId, companyRole: 'collaborator' });
    const QUERY = `{ companyProjects { ${CARDS} } }`;
    const list = await call<{
      companyProjects: { id: number; name: string; status: number; company: { id: number } }[];
    }>(t, collaborator, QUERY);
    expect(list.companyProjects.map((p) => [p.id, p.name, p.status])).toEqual([
      [first, 'Alpha', 1],
      [second, 'Beta', 0],
    ]);
    expect(list.companyProjects.every((p) => p.company.id === company.companyId)).toBe(true);
    const theirs = await call<{ companyProjects: { id: number }[] }>(t, outsider.admin, QUERY);
    expect(theirs.companyProjects.map((p) => p.id)).toContain(foreign);
    expect(theirs.companyProjects.map((p) => p.id)).not.toContain(first);

    const homeless = await buildUser(t);
    expect(await codeOf(t, homeless, QUERY)).toBe('COMPANY_NOT_FOUND');
    expect(await codeOf(t, undefined, QUERY)).toBe('UNAUTHENTICATED');
  });
});

describe('adminCompany and adminProjects', () => {
  it('serve platform administrators every company and project, and nobody else', async () => {
    const projectId = await createProject(t, outsider.admin, 'Admin-visible');
    const company = await call<{
      adminCompany: {
        id: number;
        name: string;
        isActive: boolean;
        maxActiveProjects: number;
        activeProjects: number;
        members: number;
      };
    }>(
      t,
      platformAdmin,
      'query($c: Int!) { adminCompany(companyId: $c) { id name isActive maxActiveProjects activeProjects members } }',
      { c: outsider.companyId },
    );
    expect(company.adminCompany).toMatchObject({
      id: outsider.companyId,
      isActive: true,
      maxActiveProjects: -1,
      members: 1,
    });
    expect(company.adminCompany.activeProjects).toBeGreaterThanOrEqual(1);
    expect(await codeOf(t, platformAdmin, '{ adminCompany(companyId: 987654) { id } }')).toBe(
      'COMPANY_NOT_FOUND',
    );
    expect(await codeOf(t, outsider.admin, `{ adminCompany(companyId: ${outsider.companyId}) { id } }`)).toBe(
      'FORBIDDEN',
    );

    const all = await call<{ adminProjects: { id: number; company: { id: number } }[] }>(
      t,
      platformAdmin,
      `{ adminProjects { ${CARDS} } }`,
    );
    const ids = all.adminProjects.map((p) => p.id);
    expect(ids).toContain(projectId);
    expect(new Set(all.adminProjects.map((p) => p.company.id)).size).toBeGreaterThan(1);
    expect(await codeOf(t, owner.admin, '{ adminProjects { id } }')).toBe('FORBIDDEN');
    expect(await codeOf(t, undefined, '{ adminProjects { id } }')).toBe('UNAUTHENTICATED');
  });
});

describe('the active-project limit', () => {
  it('refuses reactivating a project past the limit, and -1 means unlimited', async () => {
    const company = await buildCompanyWithAdmin(t);
    const first = await createProject(t, company.admin, 'One');
    const second = await createProject(t, company.admin, 'Two');
    const SET_STATUS = 'mutation($p: Int!, $s: Int!) { updateProject(projectId: $p, status: $s) { status } }';
    await call(t, company.admin, SET_STATUS, { p: second, s: 0 });
    await setLimit(company.companyId, 1);
    expect(await codeOf(t, company.admin, SET_STATUS, { p: second, s: 1 })).toBe('PROJECT_LIMIT_REACHED');
    // Deactivating another project makes room.
    await call(t, company.admin, SET_STATUS, { p: first, s: 0 });
    expect(
      (await call<{ updateProject: { status: number } }>(t, company.admin, SET_STATUS, { p: second, s: 1 }))
        .updateProject.status,
    ).toBe(1);
    expect(await codeOf(t, company.admin, SET_STATUS, { p: first, s: 1 })).toBe('PROJECT_LIMIT_REACHED');
    await setLimit(company.companyId, -1);
    expect(
      (await call<{ updateProject: { status: number } }>(t, company.admin, SET_STATUS, { p: first, s: 1 }))
        .updateProject.status,
    ).toBe(1);
    await createProject(t, company.admin, 'Three');
    expect(await codeOf(t, outsider.admin, SET_STATUS, { p: first, s: 0 })).toBe('PROJECT_NOT_FOUND');
  });
});

describe('createProject by a platform administrator (company.createProject)', () => {
  const CREATE =
    'mutation($n: String!, $c: Int) { createProject(name: $n, companyId: $c) { id status company { id } permissions { role } } }';

  it('creates a project for the named company, whose administrators then administer it', async () => {
    const company = await buildCompanyWithAdmin(t);
    const created = await call<{ createProject: { id: number; status: number; company: { id: number } } }>(
      t,
      platformAdmin,
      CREATE,
      {
        n: 'Set up by support',
        c: company.companyId,
      },
    );
    expect(created.createProject).toMatchObject({ status: 1, company: { id: company.companyId } });
    const seen = await call<{ projectData: { permissions: { role: string } } }>(
      t,
      company.admin,
      'query($p: Int!) { projectData(projectId: $p) { permissions { role } } }',
      { p: created.createProject.id },
    );
    expect(seen.projectData.permissions.role).toBe('project_admin');
  });

  it('needs the owner company, an existing active one under its limit', async () => {
    expect(await codeOf(t, platformAdmin, CREATE, { n: 'No owner' })).toBe('REQUIRED_FIELD');
    expect(await codeOf(t, platformAdmin, CREATE, { n: 'Ghost', c: 987_654 })).toBe('COMPANY_NOT_FOUND');
    const company = await buildCompanyWithAdmin(t);
    await setLimit(company.companyId, 0);
    expect(await codeOf(t, platformAdmin, CREATE, { n: 'Over', c: company.companyId })).toBe(
      'PROJECT_LIMIT_REACHED',
    );
    await t.server.services.database.db
      .update(companies)
      .set({ isActive: false })
      .where(eq(companies.id, company.companyId));
    expect(await codeOf(t, platformAdmin, CREATE, { n: 'Closed', c: company.companyId })).toBe(
      'COMPANY_IS_NOT_ACTIVE',
    );
  });

  it('lets company members name only their own company', async () => {
    const manager = await buildUser(t, { companyId: owner.companyId, companyRole: 'manager' });
    const own = await call<{ createProject: { company: { id: number } } }>(t, manager, CREATE, {
      n: 'Own',
      c: owner.companyId,
    });
    expect(own.createProject.company.id).toBe(owner.companyId);
    expect(await codeOf(t, owner.admin, CREATE, { n: 'Theirs', c: outsider.companyId })).toBe('FORBIDDEN');
    const collaborator = await buildUser(t, { companyId: owner.companyId, companyRole: 'collaborator' });
    expect(await codeOf(t, collaborator, CREATE, { n: 'Mine', c: owner.companyId })).toBe('FORBIDDEN');
  });
});
