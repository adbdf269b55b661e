import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '../fixtures.ts';
import { buildIssueWorld, signedInPage } from './issue-view-helpers.ts';
import { openIssueList, shownTitles } from './issues-list-helpers.ts';

/** The loopback listener a desktop BCF application opens to receive the authorization code (RFC 8252). */
async function loopback(): Promise<{ redirectUri: string; code: Promise<URL>; close(): void }> {
  let received: (url: URL) => void = () => undefined;
  const code = new Promise<URL>((resolve) => {
    received = resolve;
  });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    res.writeHead(200, { 'content-type': 'text/plain' }).end('Signed in: you may close this window.');
    if (url.pathname === '/callback') received(url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { redirectUri: `http://127.0.0.1:${port}/callback`, code, close: () => server.close() };
}

test.describe('BCF-API OAuth2 consent', () => {
  test('a desktop BCF client signs in through the consent screen and round-trips a topic with a viewpoint', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const world = await buildIssueWorld(request, obra);
    const page = await signedInPage(browser, baseURL, world.owner);
    const listener = await loopback();
    try {
      // The desktop client finds the OAuth2 endpoints through the Foundation API and registers itself.
      const auth = (await (await request.get('/foundation/1.0/auth')).json()) as {
        oauth2_auth_url: string;
        oauth2_token_url: string;
        oauth2_dynamic_client_reg_url: string;
      };
      const registered = await request.post(auth.oauth2_dynamic_client_reg_url, {
        data: {
          client_name: 'Coordination Desktop',
          application_type: 'native',
          redirect_uris: [listener.redirectUri],
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
        },
      });
      expect(registered.status()).toBe(201);
      const clientId = ((await registered.json()) as { client_id: string }).client_id;
      const verifier = randomBytes(32).toString('base64url');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const state = randomBytes(8).toString('hex');
      const url = `${auth.oauth2_auth_url}?${new URLSearchParams({
        client_id: clientId,
        redirect_uri: listener.redirectUri,
        response_type: 'code',
        scope: 'openid bcf',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state,
      }).toString()}`;

      // The system browser opens the authorization URL: the signed-in person sees the consent screen.
      await page.goto(url);
      await expect(page.getByTestId('oauth-consent')).toBeVisible();
      await expect(page.getByTestId('oauth-consent')).toContainText('Coordination Desktop');
      await expect(page.getByTestId('oauth-consent-redirect')).toHaveText(listener.redirectUri);
      await page.getByRole('button', { name: 'Allow' }).click();
      const landed = await listener.code;
      expect(landed.searchParams.get('state')).toBe(state);
      await expect(page.getByText('Signed in: you may close this window.')).toBeVisible();

      // The client exchanges the code with its PKCE verifier and works with the BCF-API.
      const exchanged = await request.post(auth.oauth2_token_url, {
        form: {
          grant_type: 'authorization_code',
          code: landed.searchParams.get('code') ?? '',
          redirect_uri: listener.redirectUri,
          client_id: clientId,
          code_verifier: verifier,
        },
      });
      expect(exchanged.status()).toBe(200);
      const tokens = (await exchanged.json()) as { access_token: string; refresh_token: string };
      expect(tokens.refresh_token).toBeTruthy();
      const headers = { authorization: `Bearer ${tokens.access_token}` };
      const projects = (await (await request.get('/bcf/3.0/projects', { headers })).json()) as {
        project_id: string;
        name: string;
      }[];
      const project = projects[0];
      if (!project) throw new Error('no project');
      const base = `/bcf/3.0/projects/${project.project_id}`;
      const topic = await request.post(`${base}/topics`, {
        headers,
        data: { title: 'Clash from the desktop client', topic_status: 'Open', priority: 'High' },
      });
      expect(topic.status()).toBe(201);
      const guid = ((await topic.json()) as { guid: string }).guid;
      const camera = {
        camera_view_point: { x: 10, y: 20, z: 3 },
        camera_direction: { x: 0, y: 1, z: 0 },
        camera_up_vector: { x: 0, y: 0, z: 1 },
        field_of_view: 60,
        aspect_ratio: 1.5,
      };
      const viewpoint = await request.post(`${base}/topics/${guid}/viewpoints`, {
        headers,
        data: {
          perspective_camera: camera,
          components: { selection: [{ ifc_guid: '2MF28NhmDBiRVyFakgdbCT' }] },
        },
      });
      expect(viewpoint.status()).toBe(201);
      const viewpointGuid = ((await viewpoint.json()) as { guid: string }).guid;
      const read = (await (
        await request.get(`${base}/topics/${guid}/viewpoints/${viewpointGuid}`, { headers })
      ).json()) as { perspective_camera: unknown };
      expect(read.perspective_camera).toEqual(camera);

      // What the client wrote is an issue of the project in the web app.
      await openIssueList(page, world.projectId);
      await expect.poll(() => shownTitles(page)).toContain('Clash from the desktop client');

      // The person sees the application among their connected applications and revokes it: its tokens stop.
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Connected applications' }).click();
      await expect(page).toHaveURL(/\/workspace\/user\/connectedApps$/);
      const table = page.getByTestId('connected-apps-table');
      await expect(table).toContainText('Coordination Desktop');
      await page.getByRole('button', { name: 'Revoke Coordination Desktop' }).click();
      await page.getByTestId('connected-apps-confirm').click();
      await expect(page.getByTestId('connected-apps-empty')).toBeVisible();
      expect((await request.get('/foundation/1.0/current-user', { headers })).status()).toBe(401);
      const refreshed = await request.post(auth.oauth2_token_url, {
        form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId },
      });
      expect(refreshed.status()).toBe(400);
    } finally {
      listener.close();
      await page.context().close();
    }
  });

  test('the consent screen is localized and refusing sends the client an access_denied', async ({
    browser,
    baseURL,
    request,
    obra,
  }) => {
    const world = await buildIssueWorld(request, obra);
    const page = await signedInPage(browser, baseURL, world.owner);
    const listener = await loopback();
    try {
      const registered = await request.post('/bcf-oauth/reg', {
        data: {
          client_name: 'Cliente de escritorio',
          application_type: 'native',
          redirect_uris: [listener.redirectUri],
          token_endpoint_auth_method: 'none',
        },
      });
      const clientId = ((await registered.json()) as { client_id: string }).client_id;
      await page.evaluate(() => localStorage.setItem('obra.language', 'pt-BR'));
      await page.goto(
        `/bcf-oauth/auth?${new URLSearchParams({
          client_id: clientId,
          redirect_uri: listener.redirectUri,
          response_type: 'code',
          scope: 'openid',
          code_challenge: createHash('sha256').update('x'.repeat(43)).digest('base64url'),
          code_challenge_method: 'S256',
        }).toString()}`,
      );
      await expect(page.getByTestId('oauth-consent')).toContainText('Cliente de escritorio');
      await expect(page.getByRole('heading', { name: 'Conectar um aplicativo BCF' })).toBeVisible();
      await page.getByRole('button', { name: 'Negar' }).click();
      const landed = await listener.code;
      expect(landed.searchParams.get('error')).toBe('access_denied');
      expect(landed.searchParams.get('code')).toBeNull();
    } finally {
      listener.close();
      await page.context().close();
    }
  });
});
