import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createClient } from 'graphql-ws';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { post, readyUser, signIn, signUpConfirmed } from '../support/auth-client.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100' });
});

afterAll(async () => {
  await t.close();
});

const LOGGED_USER = `{ loggedUserData { id name lastName email firstPhone phone linkedin photo createdAt localeId isAdmin isDemo
  acceptedPolicies confirmedRegister companyId hasAiAssistant aiDisclaimerAccepted company { id name logo customization amountProjects role } } }`;

describe('anonymous callers', () => {
  it('reach only apiVersion, projectEnums, standardDisciplines and requestDemoAccess', async () => {
    expect((await t.gql('{ apiVersion }')).data).toEqual({ apiVersion: '1' });
    expect((await t.gql('{ standardDisciplines { id } }')).errors).toBeUndefined();
    expect((await t.gql('{ projectEnums { systemPriorities { name } } }')).errors).toBeUndefined();
    for (const query of [
      '{ loggedUserData { id } }',
      '{ policies { version } }',
      '{ accessKeys { id } }',
      '{ myCompanyInvites { id } }',
      'mutation { acceptAiDisclaimer { id } }',
      'mutation { noop }',
    ]) {
      const res = await t.gql(query, {}, { headers: { 'accept-language': 'pt-BR' } });
      expect(res.errors?.[0]?.extensions?.code, query).toBe('UNAUTHENTICATED');
      expect(res.errors?.[0]?.message).toBe('Você não está conectado.');
    }
  });

  it('guards fields reached through aliases and fragments too', async () => {
    const res = await t.gql('query { ...F } fragment F on Query { me: loggedUserData { id } }');
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('policies', () => {
  it('a user who has not accepted the policies gets NOT_ACCEPTED_POLICIES except on loggedUserData, policies and acceptPolicies', async () => {
    await signUpConfirmed(t, 'fresh@example.com');
    const { accessToken: token } = await signIn(t, 'fresh@example.com');
    const user = await t.gql<{ loggedUserData: { acceptedPolicies: boolean; confirmedRegister: boolean } }>(
      LOGGED_USER,
      {},
      { token },
    );
    expect(user.errors).toBeUndefined();
    expect(user.data?.loggedUserData).toMatchObject({
      acceptedPolicies: false,
      confirmedRegister: false,
      isAdmin: false,
      isDemo: false,
      company: null,
      name: 'Ana',
    });
    const policies = await t.gql<{ policies: { version: string; accepted: boolean } }>(
      '{ policies { version publishedAt accepted } }',
      {},
      { token },
    );
    expect(policies.data?.policies.accepted).toBe(false);
    const blocked = await t.gql('{ accessKeys { id } }', {}, { token });
    expect(blocked.errors?.[0]?.extensions?.code).toBe('NOT_ACCEPTED_POLICIES');
    const stale = await t.gql('mutation { acceptPolicies(version: "1999") { id } }', {}, { token });
    expect(stale.errors?.[0]?.extensions?.code).toBe('INVALID_ACTION');
    const accepted = await t.gql<{ acceptPolicies: { acceptedPolicies: boolean } }>(
      'mutation($v: String!) { acceptPolicies(version: $v) { acceptedPolicies } }',
      { v: policies.data?.policies.version },
      { token },
    );
    expect(accepted.data?.acceptPolicies.acceptedPolicies).toBe(true);
    expect((await t.gql('{ accessKeys { id } }', {}, { token })).errors).toBeUndefined();
  });
});

describe('loggedUserData and personal settings', () => {
  it('serves every field of spec core §3 and answers errors in the user language', async () => {
    const token = await readyUser(t, 'lu@example.com');
    await t.gql(
      'mutation { updateUserProfile(input: { firstPhone: "+55 11 9999", linkedin: "in/lu", localeId: "es" }) { id } }',
      {},
      { token },
    );
    const res = await t.gql<{ loggedUserData: Record<string, unknown> }>(LOGGED_USER, {}, { token });
    expect(res.data?.loggedUserData).toMatchObject({
      email: 'lu@example.com',
      name: 'Ana',
      lastName: 'Silva',
      firstPhone: '+55 11 9999',
      phone: '+55 11 9999',
      linkedin: 'in/lu',
      localeId: 'es',
      acceptedPolicies: true,
      confirmedRegister: true,
      hasAiAssistant: false,
      aiDisclaimerAccepted: false,
      companyId: null,
    });
    const bad = await t.gql(
      'mutation { updateUserProfile(input: { localeId: "fr" }) { id } }',
      {},
      { token, headers: { 'accept-language': 'en' } },
    );
    expect(bad.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
      message: 'La solicitud no es válida.',
    });
    const blank = await t.gql('mutation { updateUserProfile(input: { name: " " }) { id } }', {}, { token });
    expect(blank.errors?.[0]?.extensions?.code).toBe('REQUIRED_FIELD');
    // REST calls with a bearer token answer in the user's language too, whatever the browser sends.
    const rest = await post(
      t,
      '/auth/change-password',
      { oldPassword: 'Wrong!Passw0rd', newPassword: 'An0ther!Pass' },
      { authorization: `Bearer ${token}`, 'accept-language': 'pt-BR' },
    );
    expect(rest.body).toEqual({
      code: 'NotAuthorizedException',
      message: expect.stringMatching(/contraseña/),
    });
    const ai = await t.gql<{ acceptAiDisclaimer: { aiDisclaimerAccepted: boolean } }>(
      'mutation { acceptAiDisclaimer { aiDisclaimerAccepted } }',
      {},
      { token },
    );
    expect(ai.data?.acceptAiDisclaimer.aiDisclaimerAccepted).toBe(true);
  });
});

describe('access keys', () => {
  it('are created with a secret shown once, listed, used with Basic or headers, and revoked', async () => {
    const token = await readyUser(t, 'bi@example.com');
    const created = await t.gql<{
      createAccessKey: { accessKey: { id: number; keyId: string; name: string }; secret: string };
    }>(
      'mutation { createAccessKey(name: "Power BI") { accessKey { id keyId name createdAt expiresAt lastUsedAt } secret } }',
      {},
      { token },
    );
    expect(created.errors).toBeUndefined();
    const { accessKey, secret } = created.data!.createAccessKey;
    expect(accessKey.keyId).toMatch(/^obk_/);
    const stored = await t.server.services.database.executor.executeSql(
      'select secret_hash from access_keys where id = $1',
      [accessKey.id],
    );
    expect((stored.rows[0] as { secret_hash: string }).secret_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(stored.rows)).not.toContain(secret);

    const basic = `Basic ${Buffer.from(`${accessKey.keyId}:${secret}`).toString('base64')}`;
    const viaBasic = await t.gql<{ loggedUserData: { email: string } }>(
      '{ loggedUserData { email } }',
      {},
      { headers: { authorization: basic } },
    );
    expect(viaBasic.data?.loggedUserData.email).toBe('bi@example.com');
    const viaHeaders = await t.gql<{ loggedUserData: { email: string } }>(
      '{ loggedUserData { email } }',
      {},
      {
        headers: { 'x-access-key-id': accessKey.keyId, 'x-access-key-secret': secret },
      },
    );
    expect(viaHeaders.data?.loggedUserData.email).toBe('bi@example.com');
    const wrong = await t.gql(
      '{ loggedUserData { email } }',
      {},
      { headers: { authorization: `Basic ${Buffer.from(`${accessKey.keyId}:nope`).toString('base64')}` } },
    );
    expect(wrong.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // A key cannot mint more keys: that needs the person, signed in.
    const mint = await t.gql(
      'mutation { createAccessKey(name: "x") { secret } }',
      {},
      { headers: { authorization: basic } },
    );
    expect(mint.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const list = await t.gql<{ accessKeys: { id: number }[] }>(
      '{ accessKeys { id name keyId } }',
      {},
      { token },
    );
    expect(list.data?.accessKeys.map((k) => k.id)).toEqual([accessKey.id]);
    expect(
      (await t.gql('mutation { revokeAccessKey(id: 999999) }', {}, { token })).errors?.[0]?.extensions?.code,
    ).toBe('NOT_FOUND');
    expect(
      (
        await t.gql<{ revokeAccessKey: boolean }>(
          `mutation { revokeAccessKey(id: ${accessKey.id}) }`,
          {},
          { token },
        )
      ).data?.revokeAccessKey,
    ).toBe(true);
    expect(
      (await t.gql('{ loggedUserData { email } }', {}, { headers: { authorization: basic } })).errors?.[0]
        ?.extensions?.code,
    ).toBe('UNAUTHENTICATED');
    expect(
      (await t.gql<{ accessKeys: unknown[] }>('{ accessKeys { id } }', {}, { token })).data?.accessKeys,
    ).toEqual([]);
    const blank = await t.gql('mutation { createAccessKey(name: " ") { secret } }', {}, { token });
    expect(blank.errors?.[0]?.extensions?.code).toBe('REQUIRED_FIELD');
  });

  it('expire at their expiry', async () => {
    const token = await readyUser(t, 'exp@example.com');
    const soon = new Date(Date.now() + 1500).toISOString();
    const created = await t.gql<{ createAccessKey: { accessKey: { keyId: string }; secret: string } }>(
      'mutation($at: DateTime) { createAccessKey(name: "short", expiresAt: $at) { accessKey { keyId } secret } }',
      { at: soon },
      { token },
    );
    const { accessKey, secret } = created.data!.createAccessKey;
    const headers = { 'x-access-key-id': accessKey.keyId, 'x-access-key-secret': secret };
    expect((await t.gql('{ loggedUserData { id } }', {}, { headers })).errors).toBeUndefined();
    await new Promise((r) => setTimeout(r, 1700));
    expect((await t.gql('{ loggedUserData { id } }', {}, { headers })).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    const past = await t.gql(
      'mutation { createAccessKey(name: "old", expiresAt: "2000-01-01T00:00:00Z") { secret } }',
      {},
      { token },
    );
    expect(past.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('always expire: 90 days by default, at most 365 days, and keys stored without an expiry end a year after creation', async () => {
    const token = await readyUser(t, 'expiry-policy@example.com');
    const DAY = 86_400_000;
    const create = (variables: Record<string, unknown>) =>
      t.gql<{
        createAccessKey: {
          accessKey: { id: number; keyId: string; createdAt: string; expiresAt: string };
          secret: string;
        };
      }>(
        'mutation($name: String!, $at: DateTime) { createAccessKey(name: $name, expiresAt: $at) { accessKey { id keyId createdAt expiresAt } secret } }',
        variables,
        { token },
      );
    const byDefault = (await create({ name: 'default' })).data!.createAccessKey.accessKey;
    const life = new Date(byDefault.expiresAt).getTime() - new Date(byDefault.createdAt).getTime();
    expect(Math.abs(life - 90 * DAY)).toBeLessThan(60_000);
    const stored = await t.server.services.database.executor.executeSql(
      'select expires_at from access_keys where id = $1',
      [byDefault.id],
    );
    expect((stored.rows[0] as { expires_at: unknown }).expires_at).not.toBeNull();

    const inAYear = new Date(Date.now() + 365 * DAY - 60_000).toISOString();
    expect((await create({ name: 'year', at: inAYear })).data?.createAccessKey.accessKey.expiresAt).toBe(
      inAYear,
    );
    const tooFar = await create({ name: 'too far', at: new Date(Date.now() + 366 * DAY).toISOString() });
    expect(tooFar.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', details: { field: 'expiresAt' } },
    });

    // A key from before expiries were mandatory (no expires_at) counts as expiring a year after its creation.
    const legacy = (await create({ name: 'legacy' })).data!.createAccessKey;
    const headers = { 'x-access-key-id': legacy.accessKey.keyId, 'x-access-key-secret': legacy.secret };
    await t.server.services.database.executor.executeSql(
      "update access_keys set expires_at = null, created_at = now() - interval '364 days' where id = $1",
      [legacy.accessKey.id],
    );
    const listed = await t.gql<{ accessKeys: { id: number; createdAt: string; expiresAt: string }[] }>(
      '{ accessKeys { id createdAt expiresAt } }',
      {},
      { token },
    );
    const row = listed.data!.accessKeys.find((k) => k.id === legacy.accessKey.id)!;
    expect(new Date(row.expiresAt).getTime() - new Date(row.createdAt).getTime()).toBe(365 * DAY);
    await t.server.services.database.executor.executeSql(
      "update access_keys set created_at = now() - interval '366 days' where id = $1",
      [legacy.accessKey.id],
    );
    expect((await t.gql('{ loggedUserData { id } }', {}, { headers })).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });
});

describe('websocket', () => {
  it('authenticates with connectionParams.authorization', async () => {
    const token = await readyUser(t, 'ws@example.com');
    const run = (connectionParams: Record<string, unknown>) => {
      const client = createClient({
        url: `${t.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams,
        retryAttempts: 0,
      });
      return new Promise<{ data?: unknown; errors?: readonly { extensions?: Record<string, unknown> }[] }>(
        (resolve, reject) => {
          let result: { data?: unknown; errors?: readonly { extensions?: Record<string, unknown> }[] } = {};
          client.subscribe(
            { query: '{ loggedUserData { email } }' },
            {
              next: (value) => {
                result = value as typeof result;
              },
              error: (error) => {
                void client.dispose();
                if (Array.isArray(error)) resolve({ errors: error as never });
                else reject(error instanceof Error ? error : new Error(String(error)));
              },
              complete: () => {
                void client.dispose();
                resolve(result);
              },
            },
          );
        },
      );
    };
    expect((await run({ authorization: `Bearer ${token}` })).data).toEqual({
      loggedUserData: { email: 'ws@example.com' },
    });
    expect((await run({})).errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
  });
});
