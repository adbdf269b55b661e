import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin, type TestUser } from '../support/factories.ts';
import { call, codeOf, createProject } from './project-test-kit.ts';

let t: TestServer;
let owner: TestUser;
let outsider: TestUser;
let outsiderCompanyId: number;
let projectId: number;
let groupId: number;

beforeAll(async () => {
  t = await startTestServer();
  owner = (await buildCompanyWithAdmin(t)).admin;
  ({ admin: outsider, companyId: outsiderCompanyId } = await buildCompanyWithAdmin(t));
  projectId = await createProject(t, owner, 'Sigiloso');
  groupId = (
    await call<{ createProjectGroup: { id: number } }>(
      t,
      owner,
      'mutation($p: Int!) { createProjectGroup(projectId: $p, name: "G") { id } }',
      { p: projectId },
    )
  ).createProjectGroup.id;
});
afterAll(async () => {
  await t.close();
});

// Every project call, as a user of a company that does not take part: each must answer PROJECT_NOT_FOUND and
// reveal nothing (spec: a user of another company gets nothing of a project they do not take part in).
const CALLS: [string, string, () => Record<string, unknown>][] = [
  ['projectData', 'query($p: Int!) { projectData(projectId: $p) { id name } }', () => ({ p: projectId })],
  ['projectUsers', 'query($p: Int!) { projectUsers(projectId: $p) { id } }', () => ({ p: projectId })],
  [
    'projectCompanies',
    'query($p: Int!) { projectCompanies(projectId: $p) { companies { id } } }',
    () => ({ p: projectId }),
  ],
  [
    'projectDisciplines',
    'query($p: Int!) { projectDisciplines(projectId: $p) { id } }',
    () => ({ p: projectId }),
  ],
  [
    'updateProject',
    'mutation($p: Int!) { updateProject(projectId: $p, name: "x") { id } }',
    () => ({ p: projectId }),
  ],
  [
    'setProjectStarred',
    'mutation($p: Int!) { setProjectStarred(projectId: $p, starred: true) }',
    () => ({ p: projectId }),
  ],
  [
    'setProjectLocals',
    'mutation($p: Int!) { setProjectLocals(projectId: $p, locals: []) { id } }',
    () => ({ p: projectId }),
  ],
  [
    'setProjectLabels',
    'mutation($p: Int!) { setProjectLabels(projectId: $p, labels: []) { id } }',
    () => ({ p: projectId }),
  ],
  [
    'setProjectCategories',
    'mutation($p: Int!) { setProjectCategories(projectId: $p, categoriesIds: [0]) { id } }',
    () => ({ p: projectId }),
  ],
  [
    'setProjectPhases',
    'mutation($p: Int!) { setProjectPhases(projectId: $p, phasesIds: [0]) { id } }',
    () => ({ p: projectId }),
  ],
  [
    'setProjectDisciplines',
    'mutation($p: Int!) { setProjectDisciplines(projectId: $p, disciplines: []) { id } }',
    () => ({ p: projectId }),
  ],
  [
    'setProjectDisciplinesStatus',
    'mutation($p: Int!) { setProjectDisciplinesStatus(projectId: $p, disciplinesStatus: []) { name } }',
    () => ({ p: projectId }),
  ],
  [
    'setProjectDocumentsNamingRule',
    'mutation($p: Int!) { setProjectDocumentsNamingRule(projectId: $p, documentsNamingRule: [], documentsNamingRuleSeparator: "-") { id } }',
    () => ({ p: projectId }),
  ],
  [
    'copyProjectSettings',
    'mutation($p: Int!) { copyProjectSettings(sourceProjectId: $p, targetProjectsIds: [1], settings: {}) }',
    () => ({ p: projectId }),
  ],
  [
    'duplicateProject',
    'mutation($p: Int!) { duplicateProject(sourceProjectId: $p, targetProjectName: "x") { id } }',
    () => ({ p: projectId }),
  ],
  [
    'createProjectGroup',
    'mutation($p: Int!) { createProjectGroup(projectId: $p, name: "x") { id } }',
    () => ({ p: projectId }),
  ],
  [
    'setProjectGroup',
    'mutation($p: Int!, $g: Int!) { setProjectGroup(projectId: $p, groupId: $g, name: "x", usersId: []) { id } }',
    () => ({ p: projectId, g: groupId }),
  ],
  [
    'deleteProjectGroup',
    'mutation($p: Int!, $g: Int!) { deleteProjectGroup(projectId: $p, groupId: $g) }',
    () => ({ p: projectId, g: groupId }),
  ],
  [
    'leaveProjectGroup',
    'mutation($p: Int!, $g: Int!) { leaveProjectGroup(projectId: $p, groupId: $g) }',
    () => ({ p: projectId, g: groupId }),
  ],
  [
    'setProjectUserTags',
    'mutation($p: Int!) { setProjectUserTags(projectId: $p, tags: []) { id } }',
    () => ({ p: projectId }),
  ],
  [
    'createProjectCompanyInvite',
    'mutation($p: Int!, $c: Int!) { createProjectCompanyInvite(projectId: $p, companyId: $c, projectRoleId: 3, allDisciplines: true, disciplinesId: []) { id } }',
    () => ({ p: projectId, c: outsiderCompanyId }),
  ],
  [
    'updateProjectCompanyInvite',
    'mutation($p: Int!, $c: Int!) { updateProjectCompanyInvite(projectId: $p, companyId: $c, projectRoleId: 3, allDisciplines: true, disciplinesId: []) { id } }',
    () => ({ p: projectId, c: outsiderCompanyId }),
  ],
  [
    'deleteProjectCompanyInvite',
    'mutation($p: Int!, $c: Int!) { deleteProjectCompanyInvite(projectId: $p, companyId: $c) }',
    () => ({ p: projectId, c: outsiderCompanyId }),
  ],
  [
    'setProjectCompanyRoleAndDisciplines',
    'mutation($p: Int!, $c: Int!) { setProjectCompanyRoleAndDisciplines(projectId: $p, companyId: $c, projectRoleId: 3, allDisciplines: true, disciplinesId: []) { id } }',
    () => ({ p: projectId, c: outsiderCompanyId }),
  ],
  [
    'deleteProjectCompany',
    'mutation($p: Int!, $c: Int!) { deleteProjectCompany(projectId: $p, companyId: $c) }',
    () => ({ p: projectId, c: outsiderCompanyId }),
  ],
];

describe('a user of another company gets nothing of the project', () => {
  for (const [name, query, variables] of CALLS) {
    it(`${name} answers PROJECT_NOT_FOUND`, async () => {
      const res = await t.gql(query, variables(), { token: outsider.token });
      expect(res.errors?.[0]?.extensions?.code).toBe('PROJECT_NOT_FOUND');
      expect(JSON.stringify(res)).not.toContain('Sigiloso');
    });
  }

  it('sees none of it on the workspace home either', async () => {
    const home = await call<{ workspaceProjects: { id: number }[] }>(
      t,
      outsider,
      '{ workspaceProjects { id } }',
    );
    expect(home.workspaceProjects.map((p) => p.id)).not.toContain(projectId);
  });

  it('and anonymous callers get UNAUTHENTICATED', async () => {
    expect(
      await codeOf(t, undefined, 'query($p: Int!) { projectData(projectId: $p) { id } }', { p: projectId }),
    ).toBe('UNAUTHENTICATED');
  });
});
