import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, PROJECT_PHASES, STANDARD_DISCIPLINES } from '@obra/domain';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { checkExtensions } from '../src/db/database.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});

afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('answers /healthz and /readyz with 200 and names the database backend', async () => {
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('echoes a caller request id, or makes one', async () => {
    const given = await fetch(`${t.url}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('abc-123');
    const made = await fetch(`${t.url}/healthz`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('tells how long the server took for a GraphQL call (Server-Timing)', async () => {
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ apiVersion }' }),
    });
    expect(res.status).toBe(200);
    const timing = res.headers.get('server-timing') ?? '';
    expect(timing).toMatch(/^app;dur=\d+\.\d$/);
    expect(Number(timing.slice('app;dur='.length))).toBeGreaterThan(0);
  });
});

describe('database', () => {
  it('has pg_trgm and unaccent, and an immutable unaccent for indexes', async () => {
    expect(await checkExtensions(t.server.services.database)).toEqual(['pg_trgm', 'unaccent']);
    const { rows } = await t.server.services.database.executor.executeSql(
      "select immutable_unaccent('Ação Útil São Paulo') as v, similarity('fundacao', 'fundação') > 0 as s",
      [],
    );
    expect(rows[0]).toEqual({ v: 'Acao Util Sao Paulo', s: true });
  });
});

describe('projectEnums', () => {
  it('serves every enumeration in the caller language, in order', async () => {
    const res = await t.gql<{
      projectEnums: {
        systemIssueCategories: { id: number; name: string }[];
        systemPriorities: { name: string; deadlineAlert: boolean }[];
        systemVisibilities: { name: string; forComments: boolean }[];
        systemProjectPhases: { id: number; key: string; name: string; abbreviation: string }[];
        systemIssueStatus: { name: string; icon: string; responsibility: string | null }[];
        systemIssueDisciplineStatus: {
          name: string;
          label: string;
          responsibility: string | null;
          deadlineAlert: boolean;
        }[];
      };
    }>(
      `{ projectEnums {
          systemIssueCategories { id name label }
          systemPriorities { name label deadlineAlert responsibility }
          systemVisibilities { name label description forComments }
          systemProjectPhases { id key name abbreviation }
          systemIssueStatus { name label icon deadlineAlert responsibility }
          systemIssueDisciplineStatus { name label responsibility deadlineAlert keepIssueActive allowCollaboratorUpdateTo deadline doneAt statusGroup allowDisable }
      } }`,
      {},
      { headers: { 'accept-language': 'pt-BR,pt;q=0.9' } },
    );
    expect(res.errors).toBeUndefined();
    const e = res.data!.projectEnums;
    expect(e.systemIssueCategories.map((c) => c.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12]);
    expect(e.systemPriorities.map((p) => p.name)).toEqual(['high', 'medium', 'low']);
    expect(e.systemVisibilities.map((v) => v.name)).toEqual([
      'creator',
      'group',
      'project_management',
      'semi_public',
      'public',
    ]);
    expect(e.systemVisibilities.filter((v) => v.forComments).map((v) => v.name)).toEqual([
      'creator',
      'group',
      'project_management',
      'public',
    ]);
    expect(e.systemProjectPhases).toHaveLength(14);
    expect(e.systemProjectPhases.map((p) => [p.id, p.key, p.abbreviation])).toEqual(
      PROJECT_PHASES.map((p) => [p.id, p.key, p.abbreviation]),
    );
    expect(e.systemProjectPhases[9]?.name).toBe('Projeto executivo');
    expect(e.systemIssueStatus.map((s) => [s.name, s.icon])).toEqual([
      ['active', 'active'],
      ['resolved', 'yes'],
      ['reproved', 'delete'],
    ]);
    const validate = e.systemIssueDisciplineStatus.find((s) => s.name === 'validate');
    expect(validate).toMatchObject({ label: 'Validar', responsibility: 'manager', deadlineAlert: true });
    const todo = e.systemIssueDisciplineStatus.find((s) => s.name === 'todo');
    expect(todo).toMatchObject({ responsibility: 'collaborator' });
  });
});

describe('standardDisciplines', () => {
  it('lists at least 20 disciplines from the database catalogue, named in the caller language', async () => {
    const res = await t.gql<{
      standardDisciplines: { id: number; key: string; name: string; abbreviation: string }[];
    }>('{ standardDisciplines { id key name abbreviation } }', {}, { headers: { 'accept-language': 'es' } });
    expect(res.errors).toBeUndefined();
    const list = res.data!.standardDisciplines;
    expect(list.length).toBe(STANDARD_DISCIPLINES.length);
    expect(list.length).toBeGreaterThanOrEqual(20);
    expect(list[0]).toEqual({ id: 1, key: 'architecture', name: 'Arquitectura', abbreviation: 'ARQ' });
    for (const key of [
      'structure',
      'foundations',
      'electrical',
      'plumbing',
      'hvac',
      'fireProtection',
      'telecom',
      'landscaping',
    ]) {
      expect(list.map((d) => d.key)).toContain(key);
    }
  });
});

describe('bad requests', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('answers a syntax error with GRAPHQL_PARSE_FAILED and no stack', async () => {
    const res = await post(JSON.stringify({ query: '{ projectEnums { ' }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { message: string; extensions: Record<string, unknown> }[] };
    expect(body.errors[0]?.extensions['code']).toBe('GRAPHQL_PARSE_FAILED');
    expect(JSON.stringify(body)).not.toMatch(/stack|node_modules|\.ts:/);
  });

  it('answers an unknown field with GRAPHQL_VALIDATION_FAILED', async () => {
    const res = await post(JSON.stringify({ query: '{ nope }' }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { extensions: Record<string, unknown> }[] };
    expect(body.errors[0]?.extensions['code']).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('answers a malformed JSON body with BAD_USER_INPUT in the GraphQL shape, translated', async () => {
    const res = await post('{ not json', { 'accept-language': 'pt-BR' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      errors: [{ message: 'A solicitação não é válida.', extensions: { code: 'BAD_USER_INPUT' } }],
    });
  });

  it('answers bad variables with BAD_USER_INPUT', async () => {
    const res = await post(
      JSON.stringify({
        query: 'query($id: Int!) { apiVersion @include(if: true) @skip(if: false) }',
        variables: {},
      }),
    );
    const body = (await res.json()) as { errors: { extensions: Record<string, unknown> }[] };
    expect(body.errors[0]?.extensions['code']).toMatch(/BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED/);
  });

  it('keeps serving after bad requests', async () => {
    for (let i = 0; i < 5; i++) await post('][');
    const res = await t.gql<{ apiVersion: string }>('{ apiVersion }');
    expect(res.data?.apiVersion).toBe('1');
  });

  it('answers unknown REST paths with a coded 404 and every code with a translated message', async () => {
    const res = await fetch(`${t.url}/project-drive/nothing`, { headers: { 'accept-language': 'es' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'No encontrado.' });
    expect(ERROR_CODES).toContain('NOT_FOUND');
  });
});
