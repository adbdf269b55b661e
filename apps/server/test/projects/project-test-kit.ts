import type { TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';

/** Runs an operation as a user and returns its data, failing the test on any error. */
export async function call<T = Record<string, unknown>>(
  t: TestServer,
  user: TestUser | undefined,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const res = await t.gql<T>(query, variables, user ? { token: user.token } : {});
  if (res.errors?.length) throw new Error(`unexpected error: ${JSON.stringify(res.errors)}`);
  if (!res.data) throw new Error('no data');
  return res.data;
}

/** Runs an operation that must fail and returns the error code. */
export async function codeOf(
  t: TestServer,
  user: TestUser | undefined,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<string | undefined> {
  const res = await t.gql(query, variables, user ? { token: user.token } : {});
  return res.errors?.[0]?.extensions?.code;
}

/** Creates a project as a user and returns its id. */
export async function createProject(t: TestServer, user: TestUser, name = 'Torre Norte'): Promise<number> {
  const data = await call<{ createProject: { id: number } }>(
    t,
    user,
    'mutation($name: String!) { createProject(name: $name) { id } }',
    { name },
  );
  return data.createProject.id;
}

export const SET_DISCIPLINES = `mutation($projectId: Int!, $disciplines: [ProjectDisciplineInput!]!) {
  setProjectDisciplines(projectId: $projectId, disciplines: $disciplines) { id name abbreviation standardDisciplineId guid projectId }
}`;

export const INVITE = `mutation($projectId: Int!, $companyId: Int!, $projectRoleId: Int!, $allDisciplines: Boolean!, $disciplinesId: [Int!]!) {
  createProjectCompanyInvite(projectId: $projectId, companyId: $companyId, projectRoleId: $projectRoleId, allDisciplines: $allDisciplines, disciplinesId: $disciplinesId) {
    id companyId projectId allDisciplines disciplinesId role { id name } disciplines { id abbreviation } company { id name } sentTo { email }
  }
}`;

/** Adds two disciplines to a project and returns their ids. */
export async function addDisciplines(t: TestServer, user: TestUser, projectId: number): Promise<number[]> {
  const data = await call<{ setProjectDisciplines: { id: number }[] }>(t, user, SET_DISCIPLINES, {
    projectId,
    disciplines: [
      { standardDisciplineId: 1, name: 'Arquitetura', abbreviation: 'ARQ' },
      { standardDisciplineId: 2, name: 'Estrutura', abbreviation: 'EST' },
      { name: 'Fachada ventilada', abbreviation: 'FV' },
    ],
  });
  return data.setProjectDisciplines.map((d) => d.id);
}
