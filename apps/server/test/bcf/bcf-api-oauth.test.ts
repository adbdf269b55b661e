import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildIssueWorld, type IssueWorld } from '../issues/issue-test-kit.ts';
import { bcf, fullViewpoint, projectGuidOf, valid } from './bcf-api-kit.ts';
import { cleanupBcfOauth } from '../../src/modules/bcf/oauth/bcf-oauth-adapter.ts';
import { browse, CookieJar } from '../support/cookie-jar.ts';

let t: TestServer;
let w: IssueWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
});
afterAll(async () => {
  await t.close();
});

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function token(
  form: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${t.url}/bcf-oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * A desktop BCF client's sign-in: register, open the browser at the authorization URL, the person (signed in
 * to Obra) allows it on the consent screen, the browser lands on the client's loopback redirect with a code.
 */
async function authorize(options: {
  allow: boolean;
  challenge: string;
  clientId: string;
  redirectUri: string;
}) {
  const jar = new CookieJar();
  const state = randomBytes(8).toString('hex');
  const query = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    response_type: 'code',
    scope: 'openid bcf',
    code_challenge: options.challenge,
    code_challenge_method: 'S256',
    state,
  });
  const start = await browse(jar, `${t.url}/bcf-oauth/auth?${query.toString()}`);
  expect([302, 303]).toContain(start.status);
  const interaction = new URL(start.headers.get('location') ?? '', t.url).href;
  expect(interaction).toMatch(/\/bcf-oauth\/interaction\/[\w-]+$/);
  const toPage = await browse(jar, interaction);
  expect([302, 303]).toContain(toPage.status);
  const page = toPage.headers.get('location') ?? '';
  expect(page).toMatch(/^\/oauth\/consent\/[\w-]+$/);
  const uid = page.split('/').pop() ?? '';
  // What the consent screen reads and sends, as the signed-in person.
  const bearer = { authorization: `Bearer ${w.creator.token}` };
  const details = await browse(jar, `${t.url}/bcf-oauth/interaction/${uid}/details`, { headers: bearer });
  expect(details.status).toBe(200);
  const shown = (await details.json()) as { clientName: string; redirectUri: string; scopes: string[] };
  expect(shown).toMatchObject({ clientName: 'Desktop BCF client', redirectUri: options.redirectUri });
  const decided = await browse(
    jar,
    `${t.url}/bcf-oauth/interaction/${uid}/${options.allow ? 'confirm' : 'abort'}`,
    {
      method: 'POST',
      headers: bearer,
    },
  );
  expect(decided.status).toBe(200);
  let next = new URL(((await decided.json()) as { redirectTo: string }).redirectTo, t.url).href;
  // The browser follows the server's redirects until it leaves for the client's loopback address.
  const server = new URL(t.url).origin;
  for (let hops = 0; new URL(next).origin === server && hops < 5; hops++) {
    const response = await browse(jar, next);
    expect([302, 303]).toContain(response.status);
    next = new URL(response.headers.get('location') ?? '', t.url).href;
  }
  const landed = new URL(next);
  expect(landed.origin + landed.pathname).toBe(options.redirectUri);
  expect(landed.searchParams.get('state')).toBe(state);
  return landed;
}

async function registerClient(redirectUri: string): Promise<string> {
  const response = await fetch(`${t.url}/bcf-oauth/reg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Desktop BCF client',
      application_type: 'native',
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { client_id: string }).client_id;
}

describe('OAuth2 authorization code with PKCE for desktop BCF clients', () => {
  it('signs a desktop client in, round-trips a topic with a viewpoint, refreshes, and stores no token', async () => {
    const auth = await valid<{
      oauth2_auth_url: string;
      oauth2_token_url: string;
      supported_oauth2_flows: string[];
    }>(t, undefined, 'GET', '/foundation/1.0/auth', { schema: '2.1/Authentication/auth_GET.json' });
    expect(auth.supported_oauth2_flows).toEqual(['authorization_code_grant']);
    expect(new URL(auth.oauth2_auth_url).pathname).toBe('/bcf-oauth/auth');
    expect(new URL(auth.oauth2_token_url).pathname).toBe('/bcf-oauth/token');

    const redirectUri = 'http://127.0.0.1:53682/callback';
    const clientId = await registerClient(redirectUri);
    const { verifier, challenge } = pkce();
    const landed = await authorize({ allow: true, challenge, clientId, redirectUri });
    const code = landed.searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    // A stolen code without the verifier is worthless.
    const stolen = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: pkce().verifier,
    });
    expect(stolen).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    // The failed attempt consumed nothing of the real exchange? A code is single use: start again.
    const again = await authorize({ allow: true, challenge, clientId, redirectUri });
    const exchanged = await token({
      grant_type: 'authorization_code',
      code: again.searchParams.get('code') ?? '',
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    });
    expect(exchanged.status).toBe(200);
    const accessToken = String(exchanged.body['access_token']);
    const refreshToken = String(exchanged.body['refresh_token']);
    expect(exchanged.body['token_type']).toBe('Bearer');
    expect(Number(exchanged.body['expires_in'])).toBeGreaterThan(0);
    expect(refreshToken.length).toBeGreaterThan(20);

    const client = { authorization: `Bearer ${accessToken}` };
    const me = await valid<{ id: string }>(t, client, 'GET', '/foundation/1.0/current-user', {
      schema: '3.0/User/user_GET.json',
    });
    expect(me.id).toBe(w.creator.email);

    // Round trip: a topic with a viewpoint, read back.
    const base = `/bcf/3.0/projects/${await projectGuidOf(t, w.projectId)}`;
    const topic = await valid<{ guid: string }>(
      t,
      client,
      'POST',
      `${base}/topics`,
      {
        status: 201,
        schema: '3.0/Collaboration/Topic/topic_GET.json',
      },
      { title: 'From the desktop client', topic_status: 'Open', priority: 'Medium' },
    );
    const sent = await fullViewpoint();
    const viewpoint = await valid<{ guid: string }>(
      t,
      client,
      'POST',
      `${base}/topics/${topic.guid}/viewpoints`,
      { status: 201, schema: '3.0/Collaboration/Viewpoint/viewpoint_GET.json' },
      sent,
    );
    const read = await valid<Record<string, unknown>>(
      t,
      client,
      'GET',
      `${base}/topics/${topic.guid}/viewpoints/${viewpoint.guid}`,
      {
        schema: '3.0/Collaboration/Viewpoint/viewpoint_GET.json',
      },
    );
    expect(read['perspective_camera']).toEqual(sent['perspective_camera']);
    const readTopic = await valid<{ title: string; creation_author: string }>(
      t,
      client,
      'GET',
      `${base}/topics/${topic.guid}`,
      {
        schema: '3.0/Collaboration/Topic/topic_GET.json',
      },
    );
    expect(readTopic).toMatchObject({ title: 'From the desktop client', creation_author: w.creator.email });

    // Refresh: a new access token; the used refresh token is rotated away.
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
    });
    expect(refreshed.status).toBe(200);
    const next = String(refreshed.body['access_token']);
    expect(next).not.toBe(accessToken);
    expect(
      (await bcf(t, { authorization: `Bearer ${next}` }, 'GET', '/foundation/1.0/current-user')).status,
    ).toBe(200);
    const reused = await token({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
    });
    expect(reused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    // Tokens are kept hashed: no stored record holds one.
    const stored = await t.server.services.database.executor.executeSql(
      'select id_hash, payload::text as payload from bcf_oauth_records',
      [],
    );
    const dump = JSON.stringify(stored.rows);
    for (const secret of [accessToken, refreshToken, next, String(refreshed.body['refresh_token'])])
      expect(dump).not.toContain(secret);

    // An unknown or forged token is refused.
    expect(
      (await bcf(t, { authorization: `Bearer ${accessToken}x` }, 'GET', '/foundation/1.0/current-user'))
        .status,
    ).toBe(401);
  });

  it('lands on the client with access_denied when the person refuses, and needs PKCE', async () => {
    const redirectUri = 'http://127.0.0.1:53683/callback';
    const clientId = await registerClient(redirectUri);
    const refused = await authorize({ allow: false, challenge: pkce().challenge, clientId, redirectUri });
    expect(refused.searchParams.get('error')).toBe('access_denied');
    expect(refused.searchParams.get('code')).toBeNull();

    const withoutPkce = await fetch(
      `${t.url}/bcf-oauth/auth?${new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'openid' }).toString()}`,
      { redirect: 'manual' },
    );
    const location = new URL(withoutPkce.headers.get('location') ?? '', t.url);
    expect(location.searchParams.get('error')).toBe('invalid_request');

    // A client registered on the loopback listens on whatever port is free when it signs in.
    const anyPort = await registerClient('http://localhost/callback');
    const landed = await authorize({
      allow: true,
      challenge: pkce().challenge,
      clientId: anyPort,
      redirectUri: 'http://localhost:61234/callback',
    });
    expect(landed.searchParams.get('code')).toBeTruthy();

    // Registration takes loopback redirects for desktop clients, not other hosts over http.
    const bad = await fetch(`${t.url}/bcf-oauth/reg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        application_type: 'native',
        redirect_uris: ['http://evil.example/cb'],
        token_endpoint_auth_method: 'none',
      }),
    });
    expect(bad.status).toBe(400);
  });

  it('lets only the signed-in person decide on the consent screen', async () => {
    const redirectUri = 'http://127.0.0.1:53684/callback';
    const clientId = await registerClient(redirectUri);
    const jar = new CookieJar();
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    const start = await browse(jar, `${t.url}/bcf-oauth/auth?${query.toString()}`);
    const uid = (start.headers.get('location') ?? '').split('/').pop() ?? '';
    const anonymous = await browse(jar, `${t.url}/bcf-oauth/interaction/${uid}/confirm`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    // Without the browser's interaction cookie (another browser), the interaction is not found.
    const elsewhere = await fetch(`${t.url}/bcf-oauth/interaction/${uid}/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.creator.token}` },
    });
    expect(elsewhere.status).toBe(404);
  });

  it('removes expired records', async () => {
    const { executor, db } = t.server.services.database;
    await executor.executeSql(
      "insert into bcf_oauth_records (model, id_hash, payload, expires_at) values ('AccessToken', 'expired-test', '{}', now() - interval '1 hour'), ('AccessToken', 'live-test', '{}', now() + interval '1 hour')",
      [],
    );
    expect(await cleanupBcfOauth(db)).toBeGreaterThanOrEqual(1);
    const left = await executor.executeSql(
      "select id_hash from bcf_oauth_records where id_hash in ('expired-test', 'live-test')",
      [],
    );
    expect(left.rows).toEqual([{ id_hash: 'live-test' }]);
  });
});

describe('connected applications', () => {
  type Connected = {
    clientId: string;
    clientName: string | null;
    grantedAt: string;
    lastUsedAt: string | null;
  };
  const connected = async (user: { token: string }) => {
    const response = await fetch(`${t.url}/bcf-oauth-applications`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    return { status: response.status, body: (await response.json()) as Connected[] };
  };
  const revoke = (user: { token: string }, clientId: string) =>
    fetch(`${t.url}/bcf-oauth-applications/${encodeURIComponent(clientId)}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${user.token}` },
    });

  it('lists what a person allowed and revokes it: grants and refresh tokens go, the tokens stop working', async () => {
    const redirectUri = 'http://127.0.0.1:53690/callback';
    const clientId = await registerClient(redirectUri);
    const { verifier, challenge } = pkce();
    const landed = await authorize({ allow: true, challenge, clientId, redirectUri });
    const exchanged = await token({
      grant_type: 'authorization_code',
      code: landed.searchParams.get('code') ?? '',
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    });
    expect(exchanged.status).toBe(200);
    const client = { authorization: `Bearer ${String(exchanged.body['access_token'])}` };
    expect((await bcf(t, client, 'GET', '/foundation/1.0/current-user')).status).toBe(200);

    const mine = await connected(w.creator);
    expect(mine.status).toBe(200);
    const entry = mine.body.find((c) => c.clientId === clientId);
    expect(entry).toMatchObject({ clientName: 'Desktop BCF client' });
    expect(Date.parse(entry?.grantedAt ?? '')).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(entry?.lastUsedAt).not.toBeNull();
    // Another person's list does not show it; nor do they revoke it.
    expect((await connected(w.collaboratorSame)).body.map((c) => c.clientId)).not.toContain(clientId);
    expect((await revoke(w.collaboratorSame, clientId)).status).toBe(404);
    // The list is the signed-in person's own: not for anonymous callers.
    expect((await fetch(`${t.url}/bcf-oauth-applications`)).status).toBe(401);

    expect((await revoke(w.creator, clientId)).status).toBe(204);
    expect((await connected(w.creator)).body.map((c) => c.clientId)).not.toContain(clientId);
    // Its access token and refresh token are gone: the application must ask again.
    expect((await bcf(t, client, 'GET', '/foundation/1.0/current-user')).status).toBe(401);
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: String(exchanged.body['refresh_token']),
      client_id: clientId,
    });
    expect(refreshed).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const left = await t.server.services.database.executor.executeSql(
      "select count(*)::int as n from bcf_oauth_records where model in ('Grant', 'RefreshToken', 'AccessToken') and payload->>'clientId' = $1",
      [clientId],
    );
    expect(left.rows).toEqual([{ n: 0 }]);
    expect((await revoke(w.creator, clientId)).status).toBe(404);
  });
});
