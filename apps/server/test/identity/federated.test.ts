import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-test-provider.ts';
import { BrowserSession } from '../support/browser-session.ts';
import { post, signUpConfirmed } from '../support/auth-client.ts';

let idp: TestOidcProvider;
let t: TestServer;

beforeAll(async () => {
  idp = await startOidcProvider();
  const provider = { ISSUER: idp.issuer, CLIENT_ID: idp.clientId, CLIENT_SECRET: idp.clientSecret };
  t = await startTestServer({
    RATE_LIMIT_MULTIPLIER: '100',
    ...Object.fromEntries(
      Object.entries(provider).flatMap(([k, v]) => [
        [`OIDC_GOOGLE_${k}`, v],
        [`OIDC_MICROSOFT_${k}`, v],
      ]),
    ),
  });
  idp.configure([`${t.url}/auth/federated/google/callback`, `${t.url}/auth/federated/microsoft/callback`]);
});

afterAll(async () => {
  await t.close();
  await idp.close();
});

const landed = (url: URL) => url.pathname === '/process-federated-sign-in' || url.pathname === '/login';

async function signInAt(provider: 'google' | 'microsoft', query = ''): Promise<URL> {
  return new BrowserSession().follow(`${t.url}/auth/federated/${provider}/start${query}`, landed);
}

async function exchange(url: URL) {
  return post<{ accessToken: string; expiresIn: number; refreshToken?: string }>(
    t,
    '/auth/federated/exchange',
    { code: url.searchParams.get('code'), tokenInBody: true },
  );
}

const me = (token: string) =>
  t.gql<{ loggedUserData: { id: number; email: string; name: string; lastName: string } }>(
    '{ loggedUserData { id email name lastName } }',
    {},
    { token },
  );
const sql = (text: string, values: unknown[] = []) =>
  t.server.services.database.executor.executeSql(text, values);

describe('federated sign-in (OpenID Connect, code + PKCE)', () => {
  it('lists the configured providers and refuses others', async () => {
    expect(await (await fetch(`${t.url}/auth/providers`)).json()).toEqual({
      providers: ['google', 'microsoft'],
    });
    const github = await fetch(`${t.url}/auth/federated/github/start`, { redirect: 'manual' });
    expect(github.status).toBe(404);
    expect(await github.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends the browser to the provider with PKCE S256, state and nonce', async () => {
    const res = await fetch(`${t.url}/auth/federated/google/start`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location') ?? '');
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(to.searchParams.get('state')).toBeTruthy();
    expect(to.searchParams.get('nonce')).toBeTruthy();
    expect(to.searchParams.get('redirect_uri')).toBe(`${t.url}/auth/federated/google/callback`);
  });

  it('signs up a Microsoft user who does not exist, with a random prefixed password, and hands over a one-time code', async () => {
    idp.signInAs({
      sub: 'ms-001',
      email: 'New.Person@Contoso.com',
      given_name: 'Nova',
      family_name: 'Pessoa',
    });
    const url = await signInAt('microsoft', '?redirect=%2Fworkspace%2Fcompany%2Fmembers');
    expect(url.pathname).toBe('/process-federated-sign-in');
    expect(url.searchParams.get('redirect')).toBe('/workspace/company/members');
    expect([...url.searchParams.keys()].sort()).toEqual(['code', 'provider', 'redirect']);
    const tokens = await exchange(url);
    expect(tokens.status).toBe(200);
    expect(tokens.headers.get('set-cookie')).toMatch(/^obra_refresh=.*HttpOnly/i);
    const user = (await me(tokens.body.accessToken)).data?.loggedUserData;
    expect(user).toMatchObject({ email: 'new.person@contoso.com', name: 'Nova', lastName: 'Pessoa' });
    const { rows } = await sql(
      'select password_hash, email_confirmed_at is not null as confirmed from users where email = $1',
      ['new.person@contoso.com'],
    );
    expect(rows[0]).toMatchObject({ confirmed: true });
    expect((rows[0] as { password_hash: string }).password_hash).toMatch(/^\$argon2id\$/);
    const links = await sql('select provider, subject from federated_identities where user_id = $1', [
      user?.id,
    ]);
    expect(links.rows).toEqual([{ provider: 'microsoft', subject: 'ms-001' }]);
    // The code works once.
    expect((await exchange(url)).body).toMatchObject({ code: 'NotAuthorizedException' });
    // The next sign-in finds the same account through the link.
    const again = await exchange(await signInAt('microsoft'));
    expect((await me(again.body.accessToken)).data?.loggedUserData.id).toBe(user?.id);
  });

  it('links a Google account to the existing password account with the same e-mail', async () => {
    await signUpConfirmed(t, 'ana@example.com');
    const { rows } = await sql("select id from users where email = 'ana@example.com'");
    idp.signInAs({ sub: 'g-ana', email: 'ana@example.com', given_name: 'Ana', family_name: 'Silva' });
    const tokens = await exchange(await signInAt('google'));
    expect((await me(tokens.body.accessToken)).data?.loggedUserData.id).toBe((rows[0] as { id: number }).id);
  });

  it('with a forced e-mail, accepts the same address and sends any other back to login (spec core §5)', async () => {
    idp.signInAs({ sub: 'ms-002', email: 'someone.else@contoso.com' });
    const mismatch = await signInAt('microsoft', '?email=expected%40contoso.com&redirect=%2Fworkspace');
    expect(mismatch.pathname).toBe('/login');
    expect(mismatch.searchParams.get('error')).toBe('FEDERATED_EMAIL_MISMATCH');
    expect(
      (await sql("select count(*)::int as n from users where email = 'someone.else@contoso.com'")).rows[0],
    ).toEqual({ n: 0 });
    idp.signInAs({ sub: 'ms-003', email: 'Expected@contoso.com' });
    const match = await signInAt('microsoft', '?email=expected%40contoso.com');
    expect(match.pathname).toBe('/process-federated-sign-in');
    expect((await exchange(match)).status).toBe(200);
  });

  it('refuses an unknown state, a provider error, and an unverified e-mail; ignores an off-site redirect', async () => {
    const bogus = await new BrowserSession().follow(
      `${t.url}/auth/federated/google/callback?code=abc&state=made-up`,
      landed,
    );
    expect(bogus.pathname).toBe('/login');
    expect(bogus.searchParams.get('error')).toBe('NotAuthorizedException');
    const denied = await new BrowserSession().follow(
      `${t.url}/auth/federated/google/callback?error=access_denied&state=x`,
      landed,
    );
    expect(denied.searchParams.get('error')).toBe('NotAuthorizedException');
    idp.signInAs({ sub: 'g-unverified', email: 'unverified@example.com', email_verified: false });
    const unverified = await signInAt('google');
    expect(unverified.searchParams.get('error')).toBe('NotAuthorizedException');
    idp.signInAs({ sub: 'g-ana', email: 'ana@example.com' });
    const offsite = await signInAt('google', '?redirect=%2F%2Fevil.example');
    expect(offsite.pathname).toBe('/process-federated-sign-in');
    expect(offsite.searchParams.get('redirect')).toBeNull();
    expect((await post(t, '/auth/federated/exchange', {})).body).toMatchObject({ code: 'REQUIRED_FIELD' });
  });
});
