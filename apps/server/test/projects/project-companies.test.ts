import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompany, buildCompanyWithAdmin, buildUser, type TestUser } from '../support/factories.ts';
import { sql } from 'drizzle-orm';
import { outboxMessages, waitForOutbox } from '../support/auth-client.ts';
import { addDisciplines, call, codeOf, createProject, INVITE } from './project-test-kit.ts';

let t: TestServer;
let owner: TestUser;
let guestAdmin: TestUser;
let guestUser: TestUser;
let guestCompanyId: number;
let outsider: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  owner = (await buildCompanyWithAdmin(t)).admin;
  ({ companyId: guestCompanyId, admin: guestAdmin } = await buildCompanyWithAdmin(t));
  guestUser = await buildUser(t, { companyId: guestCompanyId, companyRole: 'collaborator' });
  outsider = (await buildCompanyWithAdmin(t)).admin;
});
afterAll(async () => {
  await t.close();
});

const PERMISSIONS =
  'query($p: Int!) { projectData(projectId: $p) { permissions { role manageDisciplines userDisciplines } } }';

describe('company invites, roles and removal', () => {
  it("e-mails a project invitation to the invited company's administrators, in each one's language", async () => {
    const projectId = await createProject(t, owner, 'Escola Municipal');
    const { companyId, admin } = await buildCompanyWithAdmin(t);
    const other = await buildUser(t, { companyId, companyRole: 'admin' });
    const member = await buildUser(t, { companyId, companyRole: 'collaborator' });
    const { db } = t.server.services.database;
    await db.execute(sql`update users set locale_id = 'pt-BR' where id = ${admin.id}`);
    await db.execute(sql`update users set locale_id = 'es' where id = ${other.id}`);
    const invited = await call<{ createProjectCompanyInvite: { id: number } }>(t, owner, INVITE, {
      projectId,
      companyId,
      projectRoleId: 2,
      allDisciplines: true,
      disciplinesId: [],
    });
    const [pt] = await waitForOutbox(t.dataDir, admin.email, 1);
    expect(pt).toContain('convidou sua empresa');
    // The link lands on the home page with this invitation singled out (issue 21).
    expect(pt?.replace(/=\r?\n/g, '').replace(/=3D/gi, '=')).toContain(
      `/workspace/home?projectInvite=${invited.createProjectCompanyInvite.id}`,
    );
    expect(pt).toContain('Escola Municipal');
    expect(pt).toContain('coordenador');
    const [es] = await waitForOutbox(t.dataDir, other.email, 1);
    expect(es).toContain('invitó a su empresa');
    expect(es).toContain('coordinador');
    expect(outboxMessages(t.dataDir, member.email)).toEqual([]);
  });

  it('invites a company with a role and two disciplines; its administrator accepts; its people get the project', async () => {
    const projectId = await createProject(t, owner, 'Hospital Central');
    const [arq, est] = await addDisciplines(t, owner, projectId);
    const invited = await call<{ createProjectCompanyInvite: Record<string, unknown> }>(t, owner, INVITE, {
      projectId,
      companyId: guestCompanyId,
      projectRoleId: 2,
      allDisciplines: false,
      disciplinesId: [arq, est],
    });
    expect(invited.createProjectCompanyInvite).toMatchObject({
      companyId: guestCompanyId,
      role: { id: 2, name: 'coordinator' },
      disciplinesId: [arq, est],
      sentTo: [{ email: guestAdmin.email }],
    });
    expect(
      await codeOf(t, owner, INVITE, {
        projectId,
        companyId: guestCompanyId,
        projectRoleId: 2,
        allDisciplines: true,
        disciplinesId: [],
      }),
    ).toBe('ALREADY_INVITED');

    const pending = await call<{ projectCompanies: { pendingInvites: { id: number }[] } }>(
      t,
      owner,
      'query($p: Int!) { projectCompanies(projectId: $p) { pendingInvites { id } companies { company { id } role { name } } disciplines { id } } }',
      { p: projectId },
    );
    expect(pending.projectCompanies.pendingInvites).toHaveLength(1);

    expect(await codeOf(t, guestUser, PERMISSIONS, { p: projectId })).toBe('PROJECT_NOT_FOUND');
    const inbox = await call<{
      companyProjectInvites: { id: number; project: { name: string }; role: { name: string } }[];
    }>(
      t,
      guestAdmin,
      '{ companyProjectInvites { id project { name } role { name } disciplines { abbreviation } } }',
    );
    expect(inbox.companyProjectInvites).toEqual([
      expect.objectContaining({ project: { name: 'Hospital Central' }, role: { name: 'coordinator' } }),
    ]);
    const inviteId = inbox.companyProjectInvites[0]?.id;
    expect(
      await codeOf(t, guestUser, 'mutation($i: Int!) { acceptProjectCompanyInvite(inviteId: $i) { id } }', {
        i: inviteId,
      }),
    ).toBe('FORBIDDEN');
    expect(
      await codeOf(t, outsider, 'mutation($i: Int!) { acceptProjectCompanyInvite(inviteId: $i) { id } }', {
        i: inviteId,
      }),
    ).toBe('INVITE_NOT_FOUND');
    const accepted = await call<{ acceptProjectCompanyInvite: { id: number } }>(
      t,
      guestAdmin,
      'mutation($i: Int!) { acceptProjectCompanyInvite(inviteId: $i) { id name } }',
      { i: inviteId },
    );
    expect(accepted.acceptProjectCompanyInvite.id).toBe(projectId);
    expect(
      await codeOf(t, guestAdmin, 'mutation($i: Int!) { acceptProjectCompanyInvite(inviteId: $i) { id } }', {
        i: inviteId,
      }),
    ).toBe('INVITE_NOT_FOUND');

    const home = await call<{ workspaceProjects: { id: number; name: string }[] }>(
      t,
      guestUser,
      '{ workspaceProjects { id name status starred pendencies company { name } } }',
    );
    expect(home.workspaceProjects.map((p) => p.id)).toEqual([projectId]);
    const perms = await call<{ projectData: { permissions: unknown } }>(t, guestUser, PERMISSIONS, {
      p: projectId,
    });
    expect(perms.projectData.permissions).toEqual({
      role: 'coordinator',
      manageDisciplines: true,
      userDisciplines: [arq, est],
    });

    const SET_ROLE =
      'mutation($projectId: Int!, $companyId: Int!, $projectRoleId: Int!, $allDisciplines: Boolean!, $disciplinesId: [Int!]!) { setProjectCompanyRoleAndDisciplines(projectId: $projectId, companyId: $companyId, projectRoleId: $projectRoleId, allDisciplines: $allDisciplines, disciplinesId: $disciplinesId) { role { name } disciplines } }';
    const changed = await call<{ setProjectCompanyRoleAndDisciplines: unknown }>(t, owner, SET_ROLE, {
      projectId,
      companyId: guestCompanyId,
      projectRoleId: 3,
      allDisciplines: false,
      disciplinesId: [est],
    });
    expect(changed.setProjectCompanyRoleAndDisciplines).toEqual({
      role: { name: 'collaborator' },
      disciplines: [est],
    });
    expect(
      (await call<{ projectData: { permissions: unknown } }>(t, guestUser, PERMISSIONS, { p: projectId }))
        .projectData.permissions,
    ).toEqual({ role: 'collaborator', manageDisciplines: false, userDisciplines: [est] });
    expect(
      await codeOf(t, guestUser, SET_ROLE, {
        projectId,
        companyId: guestCompanyId,
        projectRoleId: 1,
        allDisciplines: true,
        disciplinesId: [],
      }),
    ).toBe('FORBIDDEN');
    expect(
      await codeOf(t, owner, SET_ROLE, {
        projectId,
        companyId: owner.companyId,
        projectRoleId: 3,
        allDisciplines: true,
        disciplinesId: [],
      }),
    ).toBe('INVALID_ACTION');

    expect(
      await call(
        t,
        owner,
        'mutation($p: Int!, $c: Int!) { deleteProjectCompany(projectId: $p, companyId: $c) }',
        { p: projectId, c: guestCompanyId },
      ),
    ).toEqual({ deleteProjectCompany: true });
    expect(await codeOf(t, guestUser, PERMISSIONS, { p: projectId })).toBe('PROJECT_NOT_FOUND');
    expect(
      await codeOf(
        t,
        owner,
        'mutation($p: Int!, $c: Int!) { deleteProjectCompany(projectId: $p, companyId: $c) }',
        { p: projectId, c: guestCompanyId },
      ),
    ).toBe('COMPANY_NOT_FOUND');
  });

  it('updates and withdraws pending invites, and refuses bad invites', async () => {
    const projectId = await createProject(t, owner);
    const [arq] = await addDisciplines(t, owner, projectId);
    const args = {
      projectId,
      companyId: guestCompanyId,
      projectRoleId: 3,
      allDisciplines: false,
      disciplinesId: [arq],
    };
    const UPDATE =
      'mutation($projectId: Int!, $companyId: Int!, $projectRoleId: Int!, $allDisciplines: Boolean!, $disciplinesId: [Int!]!) { updateProjectCompanyInvite(projectId: $projectId, companyId: $companyId, projectRoleId: $projectRoleId, allDisciplines: $allDisciplines, disciplinesId: $disciplinesId) { role { name } allDisciplines } }';
    expect(await codeOf(t, owner, UPDATE, args)).toBe('INVITE_NOT_FOUND');
    await call(t, owner, INVITE, args);
    const updated = await call<{ updateProjectCompanyInvite: unknown }>(t, owner, UPDATE, {
      ...args,
      projectRoleId: 2,
      allDisciplines: true,
      disciplinesId: [],
    });
    expect(updated.updateProjectCompanyInvite).toEqual({
      role: { name: 'coordinator' },
      allDisciplines: true,
    });
    const DELETE =
      'mutation($p: Int!, $c: Int!) { deleteProjectCompanyInvite(projectId: $p, companyId: $c) }';
    expect(await call(t, owner, DELETE, { p: projectId, c: guestCompanyId })).toEqual({
      deleteProjectCompanyInvite: true,
    });
    expect(await codeOf(t, owner, DELETE, { p: projectId, c: guestCompanyId })).toBe('INVITE_NOT_FOUND');
    expect(await codeOf(t, owner, INVITE, { ...args, companyId: 987654 })).toBe('COMPANY_NOT_FOUND');
    expect(await codeOf(t, owner, INVITE, { ...args, disciplinesId: [] })).toBe('REQUIRED_FIELD');
    expect(await codeOf(t, owner, INVITE, { ...args, disciplinesId: [424242] })).toBe('INVALID_ACTION');
    expect(await codeOf(t, owner, INVITE, { ...args, projectRoleId: 5 })).toBe('INVALID_ACTION');
    const inactive = await buildCompany(t, `Inactive ${Date.now()}`, false);
    expect(await codeOf(t, owner, INVITE, { ...args, companyId: inactive })).toBe('COMPANY_IS_NOT_ACTIVE');
    expect(await codeOf(t, outsider, INVITE, args)).toBe('PROJECT_NOT_FOUND');
  });

  it('lets a company administrator reject an invitation', async () => {
    const projectId = await createProject(t, owner);
    await call(t, owner, INVITE, {
      projectId,
      companyId: guestCompanyId,
      projectRoleId: 3,
      allDisciplines: true,
      disciplinesId: [],
    });
    const inbox = await call<{ companyProjectInvites: { id: number; project: { id: number } }[] }>(
      t,
      guestAdmin,
      '{ companyProjectInvites { id project { id } } }',
    );
    const invite = inbox.companyProjectInvites.find((i) => i.project.id === projectId);
    expect(
      await call(t, guestAdmin, 'mutation($i: Int!) { rejectProjectCompanyInvite(inviteId: $i) }', {
        i: invite?.id,
      }),
    ).toEqual({ rejectProjectCompanyInvite: true });
    expect(await codeOf(t, guestUser, PERMISSIONS, { p: projectId })).toBe('PROJECT_NOT_FOUND');
  });
});
