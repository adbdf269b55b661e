import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin, buildUser, type TestUser } from '../support/factories.ts';
import { waitForOutbox } from '../support/auth-client.ts';
import { addDisciplines, call, codeOf, createProject } from './project-test-kit.ts';

let t: TestServer;
let admin: TestUser;
let colleague: TestUser;
let guest: TestUser;
let guestColleague: TestUser;
let outsider: TestUser;
let projectId: number;

beforeAll(async () => {
  t = await startTestServer();
  const owner = await buildCompanyWithAdmin(t);
  admin = owner.admin;
  colleague = await buildUser(t, { companyId: owner.companyId, companyRole: 'collaborator' });
  const guestCompany = await buildCompanyWithAdmin(t);
  guest = guestCompany.admin;
  guestColleague = await buildUser(t, { companyId: guestCompany.companyId, companyRole: 'collaborator' });
  outsider = (await buildCompanyWithAdmin(t)).admin;
  projectId = await createProject(t, admin, 'Edifício Sol');
  await t.server.services.database.db.execute(
    sql`insert into project_companies (project_id, company_id, role_id, all_disciplines) values (${projectId}, ${guestCompany.companyId}, 3, true)`,
  );
});
afterAll(async () => {
  await t.close();
});

const CREATE =
  'mutation($p: Int!, $n: String!, $u: [Int!]) { createProjectGroup(projectId: $p, name: $n, usersId: $u) { id name usersId permissions { edit delete leave } } }';
const SET =
  'mutation($p: Int!, $g: Int!, $n: String!, $u: [Int!]!) { setProjectGroup(projectId: $p, groupId: $g, name: $n, usersId: $u) { id name usersId } }';
const LEAVE = 'mutation($p: Int!, $g: Int!) { leaveProjectGroup(projectId: $p, groupId: $g) }';
const DELETE = 'mutation($p: Int!, $g: Int!) { deleteProjectGroup(projectId: $p, groupId: $g) }';

describe('project groups', () => {
  it('creates a group with its creator, renames it, lets members leave but not administrators', async () => {
    const created = await call<{
      createProjectGroup: { id: number; usersId: number[]; permissions: unknown };
    }>(t, guest, CREATE, { p: projectId, n: 'Instalações', u: [guestColleague.id] });
    const group = created.createProjectGroup;
    expect(group.usersId).toEqual([guestColleague.id, guest.id].sort((a, b) => a - b));
    expect(group.permissions).toEqual({ edit: true, delete: true, leave: true });
    expect(await codeOf(t, guest, CREATE, { p: projectId, n: 'instalações' })).toBe('EXISTING_TEAM');
    expect(await codeOf(t, guest, CREATE, { p: projectId, n: ' ' })).toBe('REQUIRED_FIELD');
    expect(await codeOf(t, guest, CREATE, { p: projectId, n: 'Outsiders', u: [outsider.id] })).toBe(
      'INVALID_ACTION',
    );
    const renamed = await call<{ setProjectGroup: { name: string; usersId: number[] } }>(t, admin, SET, {
      p: projectId,
      g: group.id,
      n: 'Instalações prediais',
      u: [admin.id, guestColleague.id],
    });
    expect(renamed.setProjectGroup).toMatchObject({ name: 'Instalações prediais' });
    expect(await codeOf(t, guestColleague, SET, { p: projectId, g: group.id, n: 'Mine', u: [] })).toBe(
      'FORBIDDEN',
    );
    expect(await codeOf(t, colleague, LEAVE, { p: projectId, g: group.id })).toBe('PROJECT_GROUP_NOT_FOUND');
    expect(await codeOf(t, admin, LEAVE, { p: projectId, g: group.id })).toBe(
      'ADMIN_CANT_LEAVE_PROJECT_GROUP',
    );
    expect(await call(t, guestColleague, LEAVE, { p: projectId, g: group.id })).toEqual({
      leaveProjectGroup: true,
    });
    expect(await codeOf(t, guestColleague, LEAVE, { p: projectId, g: group.id })).toBe(
      'PROJECT_GROUP_NOT_FOUND',
    );
    expect(await codeOf(t, outsider, LEAVE, { p: projectId, g: group.id })).toBe('PROJECT_NOT_FOUND');
    const listed = await call<{ projectData: { groups: { id: number; usersId: number[] }[] } }>(
      t,
      admin,
      'query($p: Int!) { projectData(projectId: $p) { groups { id usersId } } }',
      { p: projectId },
    );
    expect(listed.projectData.groups).toEqual([{ id: group.id, usersId: [admin.id] }]);
  });

  it('deletes a group, unless issues use it', async () => {
    const { createProjectGroup: group } = await call<{ createProjectGroup: { id: number } }>(
      t,
      admin,
      CREATE,
      { p: projectId, n: 'Temporário' },
    );
    // An issue of the group (stored directly: this file has no disciplines for createIssue), then gone.
    const { db } = t.server.services.database;
    await db.execute(
      sql`insert into issues (project_id, number, code, title, status, priority, visibility, group_id, created_by_user_id) values (${projectId}, 1, '0001', 'Usa o grupo', 'open', 'medium', 'group', ${group.id}, ${admin.id})`,
    );
    expect(await codeOf(t, admin, DELETE, { p: projectId, g: group.id })).toBe('GROUP_HAS_ISSUES');
    await db.execute(sql`delete from issues where group_id = ${group.id}`);
    expect(await call(t, admin, DELETE, { p: projectId, g: group.id })).toEqual({ deleteProjectGroup: true });
    expect(await codeOf(t, admin, DELETE, { p: projectId, g: group.id })).toBe('PROJECT_GROUP_NOT_FOUND');
  });
});

describe('personal tags', () => {
  it('creates, renames and deletes the caller own tags only', async () => {
    const SET_TAGS =
      'mutation($p: Int!, $tags: [ProjectUserTagInput!]!) { setProjectUserTags(projectId: $p, tags: $tags) { id name } }';
    const first = await call<{ setProjectUserTags: { id: number; name: string }[] }>(t, colleague, SET_TAGS, {
      p: projectId,
      tags: [{ name: 'Revisar' }, { name: 'Cliente' }],
    });
    expect(first.setProjectUserTags.map((x) => x.name)).toEqual(['Cliente', 'Revisar']);
    const revisar = first.setProjectUserTags.find((x) => x.name === 'Revisar');
    const second = await call<{ setProjectUserTags: { id: number; name: string }[] }>(
      t,
      colleague,
      SET_TAGS,
      { p: projectId, tags: [{ id: revisar?.id, name: 'Revisar já' }] },
    );
    expect(second.setProjectUserTags).toEqual([{ id: revisar?.id, name: 'Revisar já' }]);
    expect(
      await codeOf(t, admin, SET_TAGS, { p: projectId, tags: [{ id: revisar?.id, name: 'Stolen' }] }),
    ).toBe('INVALID_ACTION');
    expect(await codeOf(t, colleague, SET_TAGS, { p: projectId, tags: [{ name: 'A' }, { name: 'a' }] })).toBe(
      'INVALID_ACTION',
    );
    const adminTags = await call<{ projectData: { userTags: unknown[] } }>(
      t,
      admin,
      'query($p: Int!) { projectData(projectId: $p) { userTags { id name } } }',
      { p: projectId },
    );
    expect(adminTags.projectData.userTags).toEqual([]);
  });
});

describe('duplication and settings copies', () => {
  it('duplicates a project in the background: the copy is inactive, has the settings, and the requester is told', async () => {
    await addDisciplines(t, admin, projectId);
    await call(
      t,
      admin,
      'mutation($p: Int!) { setProjectLocals(projectId: $p, locals: [{ name: "Torre", abbreviation: "T", children: [{ name: "Térreo", abbreviation: "TER" }] }]) { id } }',
      { p: projectId },
    );
    expect(
      await codeOf(
        t,
        guest,
        'mutation($p: Int!) { duplicateProject(sourceProjectId: $p, targetProjectName: "Copy") { id } }',
        { p: projectId },
      ),
    ).toBe('FORBIDDEN');
    const request = await call<{ duplicateProject: { id: number; status: string } }>(
      t,
      admin,
      'mutation($p: Int!) { duplicateProject(sourceProjectId: $p, targetProjectName: "Edifício Sol (cópia)") { id status targetProjectName } }',
      { p: projectId },
    );
    expect(request.duplicateProject.status).toBe('pending');
    const [mail] = await waitForOutbox(t.dataDir, admin.email, 1, /Sol \(c/);
    expect(mail).toMatch(/Edif.cio Sol \(c.pia\)/);
    const home = await call<{ workspaceProjects: { id: number; name: string; status: number }[] }>(
      t,
      admin,
      '{ workspaceProjects { id name status } }',
    );
    const copy = home.workspaceProjects.find((p) => p.name === 'Edifício Sol (cópia)');
    expect(copy?.status).toBe(0);
    const data = await call<{
      projectData: { disciplines: { abbreviation: string }[]; locals: { abbreviationTree: string }[] };
    }>(
      t,
      admin,
      'query($p: Int!) { projectData(projectId: $p) { disciplines { abbreviation } locals { abbreviationTree } } }',
      { p: copy?.id },
    );
    expect(data.projectData.disciplines.map((d) => d.abbreviation)).toEqual(['ARQ', 'EST', 'FV']);
    expect(data.projectData.locals.map((l) => l.abbreviationTree).sort()).toEqual(['T', 'T.TER']);
  });

  it('copies chosen settings into other projects the caller administers', async () => {
    const target = await createProject(t, admin, 'Destino');
    const COPY =
      'mutation($s: Int!, $t: [Int!]!, $settings: JSON!) { copyProjectSettings(sourceProjectId: $s, targetProjectsIds: $t, settings: $settings) }';
    expect(
      await call(t, admin, COPY, {
        s: projectId,
        t: [target],
        settings: { disciplines: true, phases: true },
      }),
    ).toEqual({ copyProjectSettings: true });
    const data = await call<{ projectData: { disciplines: unknown[]; locals: unknown[] } }>(
      t,
      admin,
      'query($p: Int!) { projectData(projectId: $p) { disciplines { abbreviation } locals { id } } }',
      { p: target },
    );
    expect(data.projectData.disciplines).toHaveLength(3);
    expect(data.projectData.locals).toEqual([]);
    expect(await codeOf(t, admin, COPY, { s: projectId, t: [target], settings: { everything: true } })).toBe(
      'INVALID_ACTION',
    );
    expect(await codeOf(t, admin, COPY, { s: projectId, t: [], settings: {} })).toBe('REQUIRED_FIELD');
    expect(await codeOf(t, outsider, COPY, { s: projectId, t: [target], settings: {} })).toBe(
      'PROJECT_NOT_FOUND',
    );
  });
});
