import type { TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { browse, CookieJar } from '../support/cookie-jar.ts';

// A BIM plugin as the tests play it (docs/plugins.md "Pairing"): its registration, its form posts to the OAuth
// server, the hidden fields of the device pages, and the whole pairing of a person.

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** A form post to the OAuth server (as a plugin sends them), with its status and JSON answer. */
export async function oauthForm(
  t: TestServer,
  path: string,
  body: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, string | number> }> {
  const response = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string | number> };
}

/** The hidden fields of a device page's form, as the browser would post them. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    fields[match[1] ?? ''] = match[2] ?? '';
  return fields;
}

/** Registers a plugin (dynamic client registration, RFC 7591); its client id. */
export async function registerPlugin(t: TestServer): Promise<string> {
  const response = await fetch(`${t.url}/bcf-oauth/reg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Revit plugin',
      application_type: 'native',
      grant_types: [DEVICE_GRANT, 'refresh_token'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'none',
    }),
  });
  if (response.status !== 201) throw new Error(`registration answered ${response.status}`);
  return ((await response.json()) as { client_id: string }).client_id;
}

/** Pairs a plugin for `user` through the device flow, the person approving in the browser: its access token. */
export async function pairPlugin(t: TestServer, user: TestUser): Promise<string> {
  const clientId = await registerPlugin(t);
  const started = (await oauthForm(t, '/bcf-oauth/device/auth', { client_id: clientId, scope: 'openid bcf' }))
    .body;
  const jar = new CookieJar();
  const post = (body: Record<string, string>) =>
    browse(jar, `${t.url}/bcf-oauth/device`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
  const page = await browse(jar, String(started['verification_uri_complete']));
  const confirmPage = await post(hiddenFields(await page.text()));
  const confirmed = await post(hiddenFields(await confirmPage.text()));
  const interaction = new URL(confirmed.headers.get('location') ?? '', t.url).href;
  const toPage = await browse(jar, interaction);
  const uid = (toPage.headers.get('location') ?? '').split('/').pop() ?? '';
  const decided = await browse(jar, `${t.url}/bcf-oauth/interaction/${uid}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
  });
  let next = new URL(((await decided.json()) as { redirectTo: string }).redirectTo, t.url).href;
  for (let hops = 0; hops < 5; hops++) {
    const hop = await browse(jar, next);
    if (![302, 303].includes(hop.status)) break;
    next = new URL(hop.headers.get('location') ?? '', t.url).href;
  }
  const tokens = (
    await oauthForm(t, '/bcf-oauth/token', {
      grant_type: DEVICE_GRANT,
      device_code: String(started['device_code']),
      client_id: clientId,
    })
  ).body;
  const token = tokens['access_token'];
  if (typeof token !== 'string') throw new Error(`no token: ${JSON.stringify(tokens)}`);
  return token;
}
