import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { buildUser } from './support/factories.ts';

// Unexpected failures (a bug, a broken database) must answer INTERNAL_SERVER_ERROR with nothing of the inside:
// no stack, no SQL, no table or file names. Forced here by renaming tables the calls need, on a server of its own.
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});

afterAll(async () => {
  await t.close();
});

const sql = (text: string) => t.server.services.database.executor.executeSql(text, []);
// What must never reach a caller: table and column names, SQL, driver and database words, source paths, stacks.
const INTERNALS =
  /access_keys|verification_codes|broken_|relation|select |insert |does not exist|postgres|pglite|drizzle|stack|\.ts\b|node_modules|\bat \w/i;

describe('unexpected failures', () => {
  it('answer INTERNAL_SERVER_ERROR without internals over GraphQL and REST, and the server keeps serving', async () => {
    const user = await buildUser(t);
    const keys = () =>
      t.gql<{ accessKeys: unknown[] }>(
        '{ accessKeys { id } }',
        {},
        { token: user.token, headers: { 'accept-language': 'es' } },
      );
    const signUp = () =>
      fetch(`${t.url}/auth/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'pt-BR' },
        body: JSON.stringify({
          email: `new-${Date.now()}@example.com`,
          password: 'Obra!Passw0rd',
          name: 'Ana',
          lastName: 'Silva',
        }),
      });
    expect((await keys()).data?.accessKeys).toEqual([]);

    await sql('alter table access_keys rename to broken_access_keys');
    await sql('alter table verification_codes rename to broken_verification_codes');
    try {
      const failed = await keys();
      expect(failed.data).toBeNull();
      expect(failed.errors).toEqual([
        {
          message: 'Algo salió mal por nuestra parte. Vuelve a intentarlo.',
          path: ['accessKeys'],
          extensions: { code: 'INTERNAL_SERVER_ERROR' },
        },
      ]);
      expect(JSON.stringify(failed.errors)).not.toMatch(INTERNALS);

      const rest = await signUp();
      expect(rest.status).toBe(500);
      const body = (await rest.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['code', 'message']);
      expect(body['code']).toBe('INTERNAL_SERVER_ERROR');
      expect(body['message']).toBe('Algo deu errado do nosso lado. Tente novamente.');
      // The sign-up is one transaction: the account was not left half made.
      const users = await t.server.services.database.executor.executeSql(
        "select count(*)::int as n from users where name = 'Ana'",
        [],
      );
      expect(users.rows[0]).toEqual({ n: 0 });
    } finally {
      await sql('alter table broken_access_keys rename to access_keys');
      await sql('alter table broken_verification_codes rename to verification_codes');
    }

    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
    expect((await keys()).data?.accessKeys).toEqual([]);
    expect((await signUp()).status).toBe(201);
  });
});
