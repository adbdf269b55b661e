import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompany, buildCompanyWithAdmin, buildUser, type TestUser } from '../support/factories.ts';
import { companySettings, companies } from '../../src/db/schema/index.ts';
import { addDisciplines, call, codeOf, createProject, SET_DISCIPLINES } from './project-test-kit.ts';

let t: TestServer;
let admin: TestUser;
let companyId: number;
let outsider: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  ({ admin, companyId } = await buildCompanyWithAdmin(t));
  outsider = (await buildCompanyWithAdmin(t)).admin;
});
afterAll(async () => {
  await t.close();
});

const PROJECT = `query($projectId: Int!) { projectData(projectId: $projectId) {
  id guid name status modules company { id name }
  permissions { role manageDisciplines userDisciplines canUpdate canSetup canDuplicate canManageCompanies }
  categories { id name active allowDisable } phases { id key name abbreviation active allowDisable }
  disciplinesStatus { name active allowDisable responsibility keepIssueActive }
  documentsNamingRule documentsNamingRuleSeparator users { id email company { id } disciplines }
} }`;

describe('createProject', () => {
  it('creates an active project whose owner company administers it with every discipline', async () => {
    const projectId = await createProject(t, admin, '  Residencial Aurora ');
    const { projectData } = await call<{
      projectData: Record<string, never> & { permissions: Record<string, unknown>; users: { id: number }[] };
    }>(t, admin, PROJECT, { projectId });
    expect(projectData).toMatchObject({ name: 'Residencial Aurora', status: 1, company: { id: companyId } });
    expect(projectData.permissions).toMatchObject({
      role: 'project_admin',
      manageDisciplines: true,
      canUpdate: true,
      canSetup: true,
    });
    expect(projectData.users.map((u) => u.id)).toContain(admin.id);
  });

  it('advertises exactly the modules that are built: the issues, the dashboards and the setup', async () => {
    const projectId = await createProject(t, admin, 'Módulos');
    const { projectData } = await call<{ projectData: { modules: string[] } }>(t, admin, PROJECT, {
      projectId,
    });
    expect(projectData.modules).toEqual(['issues', 'dashboards', 'bim', 'drive', 'files', 'setup']);
  });

  it('needs a name, a company role that may create, an active company, and room under the limit', async () => {
    expect(await codeOf(t, admin, 'mutation { createProject(name: "   ") { id } }')).toBe('REQUIRED_FIELD');
    const collaborator = await buildUser(t, { companyId, companyRole: 'collaborator' });
    expect(await codeOf(t, collaborator, 'mutation { createProject(name: "X") { id } }')).toBe('FORBIDDEN');
    expect(await codeOf(t, undefined, 'mutation { createProject(name: "X") { id } }')).toBe(
      'UNAUTHENTICATED',
    );
    const limited = await buildCompanyWithAdmin(t);
    await t.server.services.database.db
      .insert(companySettings)
      .values({ companyId: limited.companyId, maxActiveProjects: 1 });
    await createProject(t, limited.admin, 'First');
    expect(await codeOf(t, limited.admin, 'mutation { createProject(name: "Second") { id } }')).toBe(
      'PROJECT_LIMIT_REACHED',
    );
    await t.server.services.database.db
      .update(companies)
      .set({ isActive: false })
      .where(eq(companies.id, limited.companyId));
    expect(await codeOf(t, limited.admin, 'mutation { createProject(name: "Third") { id } }')).toBe(
      'COMPANY_IS_NOT_ACTIVE',
    );
  });
});

describe('projectData and access', () => {
  it('hides a project from users of other companies and answers unknown ids the same way', async () => {
    const projectId = await createProject(t, admin);
    expect(await codeOf(t, outsider, PROJECT, { projectId })).toBe('PROJECT_NOT_FOUND');
    expect(await codeOf(t, admin, PROJECT, { projectId: 999_999 })).toBe('PROJECT_NOT_FOUND');
    const guid = (
      await call<{ projectData: { guid: string } }>(
        t,
        admin,
        'query($p: Int!) { projectData(projectId: $p) { guid } }',
        { p: projectId },
      )
    ).projectData.guid;
    expect(
      (
        await call<{ projectIdByGuid: number }>(
          t,
          admin,
          'query($g: String!) { projectIdByGuid(projectGuid: $g) }',
          { g: guid },
        )
      ).projectIdByGuid,
    ).toBe(projectId);
    expect(
      await codeOf(t, outsider, 'query($g: String!) { projectIdByGuid(projectGuid: $g) }', { g: guid }),
    ).toBe('PROJECT_NOT_FOUND');
  });

  it('serves every category, phase and discipline status with their switches', async () => {
    const projectId = await createProject(t, admin);
    const { projectData } = await call<{
      projectData: {
        categories: { id: number; allowDisable: boolean }[];
        phases: { id: number }[];
        disciplinesStatus: { name: string }[];
      };
    }>(t, admin, PROJECT, { projectId });
    expect(projectData.categories.map((c) => c.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12]);
    expect(projectData.categories[0]?.allowDisable).toBe(false);
    expect(projectData.phases).toHaveLength(14);
    expect(projectData.disciplinesStatus.map((s) => s.name)).toContain('validate');
  });
});

describe('updateProject and inactive projects', () => {
  it('renames, deactivates (refusing setup writes) and reactivates', async () => {
    const projectId = await createProject(t, admin);
    const renamed = await call<{ updateProject: { name: string } }>(
      t,
      admin,
      'mutation($p: Int!) { updateProject(projectId: $p, name: "Bloco B") { name } }',
      { p: projectId },
    );
    expect(renamed.updateProject.name).toBe('Bloco B');
    await call(t, admin, 'mutation($p: Int!) { updateProject(projectId: $p, status: 0) { status } }', {
      p: projectId,
    });
    expect(await codeOf(t, admin, SET_DISCIPLINES, { projectId, disciplines: [] })).toBe(
      'FORBIDDEN_PROJECT_NOT_ACTIVE',
    );
    expect(
      await codeOf(t, admin, 'mutation($p: Int!) { updateProject(projectId: $p, name: "Y") { name } }', {
        p: projectId,
      }),
    ).toBe('FORBIDDEN_PROJECT_NOT_ACTIVE');
    const back = await call<{ updateProject: { status: number } }>(
      t,
      admin,
      'mutation($p: Int!) { updateProject(projectId: $p, status: 1) { status } }',
      { p: projectId },
    );
    expect(back.updateProject.status).toBe(1);
    expect(
      await codeOf(t, admin, 'mutation($p: Int!) { updateProject(projectId: $p, status: 7) { status } }', {
        p: projectId,
      }),
    ).toBe('INVALID_ACTION');
    expect(
      await codeOf(t, outsider, 'mutation($p: Int!) { updateProject(projectId: $p, name: "Z") { name } }', {
        p: projectId,
      }),
    ).toBe('PROJECT_NOT_FOUND');
  });
});

describe('project setup', () => {
  it('keeps a tree of locations with abbreviation trees, keeping ids of kept items', async () => {
    const projectId = await createProject(t, admin);
    const SET =
      'mutation($p: Int!, $l: [ProjectTreeItemInput!]!) { setProjectLocals(projectId: $p, locals: $l) { id parentId name abbreviation abbreviationTree } }';
    const first = await call<{ setProjectLocals: { id: number; name: string; abbreviationTree: string }[] }>(
      t,
      admin,
      SET,
      {
        p: projectId,
        l: [
          { name: 'Torre A', abbreviation: 'TA', children: [{ name: 'Pavimento 2', abbreviation: 'PAV2' }] },
          { name: 'Garagem', abbreviation: 'GAR' },
        ],
      },
    );
    const tower = first.setProjectLocals.find((l) => l.name === 'Torre A');
    expect(first.setProjectLocals.find((l) => l.name === 'Pavimento 2')?.abbreviationTree).toBe('TA.PAV2');
    const second = await call<{ setProjectLocals: { id: number; name: string }[] }>(t, admin, SET, {
      p: projectId,
      l: [{ id: tower?.id, name: 'Torre A1', abbreviation: 'TA1' }],
    });
    expect(second.setProjectLocals).toEqual([expect.objectContaining({ id: tower?.id, name: 'Torre A1' })]);
    expect(
      await codeOf(t, admin, SET, { p: projectId, l: [{ id: 999999, name: 'X', abbreviation: 'X' }] }),
    ).toBe('INVALID_ACTION');
    expect(await codeOf(t, admin, SET, { p: projectId, l: [{ name: '', abbreviation: 'X' }] })).toBe(
      'REQUIRED_FIELD',
    );
    const labels = await call<{ setProjectLabels: { abbreviationTree: string }[] }>(
      t,
      admin,
      'mutation($p: Int!) { setProjectLabels(projectId: $p, labels: [{ name: "Urgente", abbreviation: "URG" }]) { abbreviationTree } }',
      { p: projectId },
    );
    expect(labels.setProjectLabels).toEqual([{ abbreviationTree: 'URG' }]);
  });

  it('switches categories, phases and discipline statuses, keeping the locked ones on', async () => {
    const projectId = await createProject(t, admin);
    const cats = await call<{ setProjectCategories: { id: number; active: boolean }[] }>(
      t,
      admin,
      'mutation($p: Int!) { setProjectCategories(projectId: $p, categoriesIds: [0, 3, 12]) { id active } }',
      { p: projectId },
    );
    expect(cats.setProjectCategories.filter((c) => c.active).map((c) => c.id)).toEqual([0, 3, 12]);
    expect(
      await codeOf(
        t,
        admin,
        'mutation($p: Int!) { setProjectCategories(projectId: $p, categoriesIds: [3]) { id } }',
        { p: projectId },
      ),
    ).toBe('INVALID_ACTION');
    expect(
      await codeOf(
        t,
        admin,
        'mutation($p: Int!) { setProjectCategories(projectId: $p, categoriesIds: [0, 9]) { id } }',
        { p: projectId },
      ),
    ).toBe('INVALID_ACTION');
    const phases = await call<{ setProjectPhases: { id: number; active: boolean }[] }>(
      t,
      admin,
      'mutation($p: Int!) { setProjectPhases(projectId: $p, phasesIds: [0, 9, 10]) { id active } }',
      { p: projectId },
    );
    expect(phases.setProjectPhases.filter((p) => p.active).map((p) => p.id)).toEqual([0, 9, 10]);
    const statuses = await call<{ setProjectDisciplinesStatus: { name: string; active: boolean }[] }>(
      t,
      admin,
      'mutation($p: Int!) { setProjectDisciplinesStatus(projectId: $p, disciplinesStatus: ["active", "resolved", "todo", "done"]) { name active } }',
      { p: projectId },
    );
    expect(statuses.setProjectDisciplinesStatus.filter((s) => s.active).map((s) => s.name)).toEqual([
      'active',
      'todo',
      'done',
      'resolved',
    ]);
    expect(
      await codeOf(
        t,
        admin,
        'mutation($p: Int!) { setProjectDisciplinesStatus(projectId: $p, disciplinesStatus: ["todo"]) { name } }',
        { p: projectId },
      ),
    ).toBe('INVALID_ACTION');
  });

  it('sets standard and custom disciplines, refusing repeats and removing the ones left out', async () => {
    const projectId = await createProject(t, admin);
    const ids = await addDisciplines(t, admin, projectId);
    expect(ids).toHaveLength(3);
    expect(
      await codeOf(t, admin, SET_DISCIPLINES, {
        projectId,
        disciplines: [
          { name: 'A', abbreviation: 'X' },
          { name: 'B', abbreviation: 'x' },
        ],
      }),
    ).toBe('DUPLICATED_DISCIPLINES');
    expect(
      await codeOf(t, admin, SET_DISCIPLINES, {
        projectId,
        disciplines: [
          { standardDisciplineId: 1, name: 'A', abbreviation: 'A' },
          { standardDisciplineId: 1, name: 'B', abbreviation: 'B' },
        ],
      }),
    ).toBe('DUPLICATED_DISCIPLINES');
    expect(
      await codeOf(t, admin, SET_DISCIPLINES, { projectId, disciplines: [{ name: ' ', abbreviation: 'A' }] }),
    ).toBe('REQUIRED_FIELD');
    const kept = await call<{ setProjectDisciplines: { id: number; name: string }[] }>(
      t,
      admin,
      SET_DISCIPLINES,
      {
        projectId,
        disciplines: [
          { id: ids[0], standardDisciplineId: 1, name: 'Arquitetura e interiores', abbreviation: 'ARQ' },
        ],
      },
    );
    expect(kept.setProjectDisciplines).toEqual([
      expect.objectContaining({ id: ids[0], name: 'Arquitetura e interiores' }),
    ]);
    const list = await call<{ projectDisciplines: { id: number }[] }>(
      t,
      admin,
      'query($p: Int!) { projectDisciplines(projectId: $p) { id } }',
      { p: projectId },
    );
    expect(list.projectDisciplines.map((d) => d.id)).toEqual([ids[0]]);
  });

  it('checks the document naming rule', async () => {
    const projectId = await createProject(t, admin);
    const SET =
      'mutation($p: Int!, $r: [String!]!, $s: String!) { setProjectDocumentsNamingRule(projectId: $p, documentsNamingRule: $r, documentsNamingRuleSeparator: $s) { documentsNamingRule documentsNamingRuleSeparator } }';
    const ok = await call<{ setProjectDocumentsNamingRule: unknown }>(t, admin, SET, {
      p: projectId,
      r: ['project', 'discipline', 'sequence', 'revision'],
      s: '_',
    });
    expect(ok.setProjectDocumentsNamingRule).toEqual({
      documentsNamingRule: ['project', 'discipline', 'sequence', 'revision'],
      documentsNamingRuleSeparator: '_',
    });
    expect(
      await codeOf(t, admin, SET, { p: projectId, r: ['discipline', 'revision', 'sequence'], s: '-' }),
    ).toBe('INVALID_ACTION');
    expect(
      await codeOf(t, admin, SET, {
        p: projectId,
        r: ['discipline', 'discipline', 'sequence', 'revision'],
        s: '-',
      }),
    ).toBe('INVALID_ACTION');
  });

  it('refuses setup to collaborators of the project and to other companies', async () => {
    const projectId = await createProject(t, admin);
    const collaboratorCompany = await buildCompany(t);
    const collaborator = await buildUser(t, { companyId: collaboratorCompany, companyRole: 'admin' });
    await t.server.services.database.db.execute(
      sql`insert into project_companies (project_id, company_id, role_id, all_disciplines) values (${projectId}, ${collaboratorCompany}, 3, true)`,
    );
    expect(await codeOf(t, collaborator, SET_DISCIPLINES, { projectId, disciplines: [] })).toBe('FORBIDDEN');
    expect(await codeOf(t, outsider, SET_DISCIPLINES, { projectId, disciplines: [] })).toBe(
      'PROJECT_NOT_FOUND',
    );
  });
});

describe('reference data', () => {
  it('lists system roles and active companies', async () => {
    const roles = await call<{ systemRoles: { id: number; type: string; name: string }[] }>(
      t,
      admin,
      '{ systemRoles { id type name permissionsId } }',
    );
    expect(roles.systemRoles.filter((r) => r.type === 'project').map((r) => r.name)).toEqual([
      'project_admin',
      'coordinator',
      'collaborator',
    ]);
    const inactive = await buildCompany(t, 'Dormant Ltda', false);
    const list = await call<{ allCompanies: { id: number }[] }>(
      t,
      admin,
      '{ allCompanies { id name isActive } }',
    );
    expect(list.allCompanies.map((c) => c.id)).toContain(companyId);
    expect(list.allCompanies.map((c) => c.id)).not.toContain(inactive);
  });
});
