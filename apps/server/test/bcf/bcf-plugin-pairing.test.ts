import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildIssueWorld, type IssueWorld } from '../issues/issue-test-kit.ts';
import { browse, CookieJar } from '../support/cookie-jar.ts';
import { DEVICE_GRANT, hiddenFields, oauthForm, registerPlugin } from './plugin-pairing-kit.ts';

// BIM plugins pair with Obra through the OAuth 2.0 device authorization grant (RFC 8628; issue 32 item 2;
// docs/plugins.md). This file is the plugin: it registers, asks for a code, polls; the person approves the code in
// the browser (the provider's pages, then the consent page's calls), and the plugin gets tokens for the BCF-API.

let t: TestServer;
let w: IssueWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
});
afterAll(async () => {
  await t.close();
});

/** The plugin's form posts, in Portuguese (the pages and errors follow the browser's language). */
const form = (path: string, body: Record<string, string>) =>
  oauthForm(t, path, body, { 'accept-language': 'pt-BR' });

describe('plugin pairing (RFC 8628)', () => {
  it('pairs a plugin: code shown, approved in the browser, tokens for the BCF-API, revoked from connected apps', async () => {
    const clientId = await registerPlugin(t);
    const started = await form('/bcf-oauth/device/auth', { client_id: clientId, scope: 'openid bcf' });
    expect(started.status).toBe(200);
    const { device_code: deviceCode, user_code: userCode } = started.body as Record<string, string>;
    expect(userCode).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(started.body['verification_uri']).toBe(`${t.url}/bcf-oauth/device`);
    expect(started.body['verification_uri_complete']).toBe(`${t.url}/bcf-oauth/device?user_code=${userCode}`);
    // Before the person approves, the plugin waits.
    const pending = await form('/bcf-oauth/token', {
      grant_type: DEVICE_GRANT,
      device_code: deviceCode ?? '',
      client_id: clientId,
    });
    expect(pending).toMatchObject({ status: 400, body: { error: 'authorization_pending' } });

    // The person types a wrong code first (in Portuguese), then the right one.
    const jar = new CookieJar();
    const lang = { 'accept-language': 'pt-BR' };
    const input = await browse(jar, `${t.url}/bcf-oauth/device`, { headers: lang });
    const inputPage = await input.text();
    expect(inputPage).toContain('Conectar um plugin');
    expect(inputPage).toContain('Digite o código que o seu plugin BIM mostra.');
    const wrong = await browse(jar, `${t.url}/bcf-oauth/device`, {
      method: 'POST',
      headers: { ...lang, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...hiddenFields(inputPage), user_code: 'BBBB-BBBB' }).toString(),
    });
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain('Este código não é válido ou expirou.');
    const typed = await browse(jar, `${t.url}/bcf-oauth/device`, {
      method: 'POST',
      headers: { ...lang, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...hiddenFields(wrongPage), user_code: userCode ?? '' }).toString(),
    });
    const confirmPage = await typed.text();
    expect(confirmPage).toContain('Conectar Revit plugin?');
    expect(confirmPage).toContain(userCode);
    const confirmed = await browse(jar, `${t.url}/bcf-oauth/device`, {
      method: 'POST',
      headers: { ...lang, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(hiddenFields(confirmPage)).toString(),
    });
    expect([302, 303]).toContain(confirmed.status);
    // The sign-in and consent interaction of the web app, as the signed-in person.
    const interaction = new URL(confirmed.headers.get('location') ?? '', t.url).href;
    expect(interaction).toMatch(/\/bcf-oauth\/interaction\/[\w-]+$/);
    const toPage = await browse(jar, interaction);
    const uid = (toPage.headers.get('location') ?? '').split('/').pop() ?? '';
    const bearer = { authorization: `Bearer ${w.creator.token}` };
    const details = await browse(jar, `${t.url}/bcf-oauth/interaction/${uid}/details`, { headers: bearer });
    expect(((await details.json()) as { clientName: string }).clientName).toBe('Revit plugin');
    const decided = await browse(jar, `${t.url}/bcf-oauth/interaction/${uid}/confirm`, {
      method: 'POST',
      headers: bearer,
    });
    let next = new URL(((await decided.json()) as { redirectTo: string }).redirectTo, t.url).href;
    let last: Response | undefined;
    for (let hops = 0; hops < 5; hops++) {
      last = await browse(jar, next, { headers: lang });
      if (![302, 303].includes(last.status)) break;
      next = new URL(last.headers.get('location') ?? '', t.url).href;
    }
    expect(last?.status).toBe(200);
    expect(await last?.text()).toContain('Revit plugin está conectado à sua conta do Obra.');

    // The plugin's next poll gets its tokens, and they open the BCF-API as the person.
    const tokens = await form('/bcf-oauth/token', {
      grant_type: DEVICE_GRANT,
      device_code: deviceCode ?? '',
      client_id: clientId,
    });
    expect(tokens.status).toBe(200);
    expect(tokens.body['refresh_token']).toBeTruthy();
    const api = (token: string) =>
      fetch(`${t.url}/bcf/3.0/projects`, { headers: { authorization: `Bearer ${token}` } });
    const projects = await api(String(tokens.body['access_token']));
    expect(projects.status).toBe(200);
    expect(((await projects.json()) as unknown[]).length).toBeGreaterThan(0);
    // Listed among the person's connected applications, and revoked there.
    const apps = await fetch(`${t.url}/bcf-oauth-applications`, { headers: bearer });
    const listed = (await apps.json()) as { clientId: string; clientName: string | null }[];
    expect(listed.find((a) => a.clientId === clientId)?.clientName).toBe('Revit plugin');
    const revoked = await fetch(`${t.url}/bcf-oauth-applications/${clientId}`, {
      method: 'DELETE',
      headers: bearer,
    });
    expect(revoked.status).toBe(204);
    expect((await api(String(tokens.body['access_token']))).status).toBe(401);
    // The code is used once (a second use is refused).
    const again = await form('/bcf-oauth/token', {
      grant_type: DEVICE_GRANT,
      device_code: deviceCode ?? '',
      client_id: clientId,
    });
    expect(again.status).toBe(400);
  });

  it('cancelled on the confirmation page: the plugin is told access was denied', async () => {
    const clientId = await registerPlugin(t);
    const started = await form('/bcf-oauth/device/auth', { client_id: clientId, scope: 'openid bcf' });
    const jar = new CookieJar();
    // The complete address carries the code: the browser posts it on its own, then the confirmation shows.
    const page = await browse(jar, String(started.body['verification_uri_complete']));
    const posted = await browse(jar, `${t.url}/bcf-oauth/device`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(hiddenFields(await page.text())).toString(),
    });
    const html = await posted.text();
    expect(html).toContain('Connect Revit plugin?');
    const { confirm: _yes, ...fields } = hiddenFields(html);
    const cancelled = await browse(jar, `${t.url}/bcf-oauth/device`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, abort: 'yes' }).toString(),
    });
    expect(await cancelled.text()).toContain('The connection was cancelled.');
    const polled = await form('/bcf-oauth/token', {
      grant_type: DEVICE_GRANT,
      device_code: String(started.body['device_code']),
      client_id: clientId,
    });
    expect(polled).toMatchObject({ status: 400, body: { error: 'access_denied' } });
  });
});
