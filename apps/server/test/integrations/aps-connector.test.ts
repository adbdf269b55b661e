// The APS adapter against a local platform that answers from Autodesk's OpenAPI descriptions and validates every
// request and answer against them (test/support/aps-test-server.ts): the authorization code with PKCE, the two
// tokens (data and viewer), refresh, revocation, hubs → projects → folders → items → versions in Obra's shape, a
// version's bytes through the signed S3 address, APS error answers, and ids that try to change the call's path.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@obra/domain';
import { ConfigError, loadConfig, type ApsConfig } from '../../src/config.ts';
import { ApsConnector } from '../../src/modules/integrations/aps-connector.ts';
import {
  apsAuthorizeUrl,
  exchangeApsCode,
  parseTokenSet,
  pkcePair,
  tokenCredentials,
  type ApsTokenSet,
} from '../../src/modules/integrations/aps-oauth.ts';
import { startApsServer, type ApsTestServer } from '../support/aps-test-server.ts';

const PDF_V1 = Buffer.from('%PDF-1.4\n% first issue\n%%EOF\n');
const PDF_V2 = Buffer.from('%PDF-1.4\n% second issue, revised\n%%EOF\n');
const IFC = Buffer.from('ISO-10303-21;\nHEADER;\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n');
const HUB = 'b.3f1c-alfa';
const PROJECT = 'b.77aa-norte';
const REDIRECT = 'https://obra.example/autodoc/aps/callback';

let aps: ApsTestServer;
let config: ApsConfig;
let tokens: ApsTokenSet;
const ref = { customerId: HUB, projectId: PROJECT };

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'no error';
}

/** The browser's part: Autodesk's consent page, then the code and state it sends back. */
async function consent(url: string): Promise<URL> {
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}

async function connect(): Promise<ApsTokenSet> {
  const { verifier, challenge } = pkcePair();
  const back = await consent(apsAuthorizeUrl(config, { state: 'state-1', challenge, redirectUri: REDIRECT }));
  expect(back.origin + back.pathname).toBe(REDIRECT);
  expect(back.searchParams.get('state')).toBe('state-1');
  return exchangeApsCode(
    config,
    { code: back.searchParams.get('code')!, verifier, redirectUri: REDIRECT },
    5000,
  );
}

function connector(set = tokens, base: Partial<ApsConfig> = {}, timeoutMs = 5000) {
  return new ApsConnector({ ...config, ...base }, tokenCredentials('ana', set), timeoutMs);
}

beforeAll(async () => {
  aps = await startApsServer({
    pageSize: 2,
    hubs: [
      {
        id: HUB,
        name: 'Construtora Alfa',
        projects: [
          {
            id: PROJECT,
            name: 'Torre Norte',
            folders: {
              'Project Files': {
                Plantas: {
                  'A-101.pdf': { versions: [PDF_V1, PDF_V2] },
                  'MEP.ifc': { versions: [IFC] },
                  Detalhes: { 'D-1.pdf': { versions: [PDF_V1] } },
                },
                'memorial.pdf': { versions: [PDF_V1] },
              },
              Plans: { 'P-1.pdf': { versions: [PDF_V1] } },
            },
          },
          {
            id: 'b.77ab-sul',
            name: 'Torre Sul',
            folders: { 'Project Files': { 'x.pdf': { versions: [PDF_V1] } } },
          },
          {
            id: 'b.77ac-leste',
            name: 'Anexo Leste',
            folders: { 'Project Files': { 'y.pdf': { versions: [PDF_V1] } } },
          },
        ],
      },
      { id: 'b.9d0e-beta', name: 'Beta Engenharia', projects: [] },
      { id: 'b.0000-other', name: 'Not Ana’s', projects: [] },
    ],
    accounts: [
      { email: 'ana@alfa.example', name: 'ana.alfa', hubs: [HUB, 'b.9d0e-beta'] },
      { email: 'bruno@beta.example', name: 'bruno', hubs: ['b.9d0e-beta'] },
    ],
  });
  config = {
    clientId: aps.clientId,
    clientSecret: aps.clientSecret,
    baseUrl: aps.baseUrl,
    userinfoUrl: aps.userinfoUrl,
  };
  aps.signIn('ana@alfa.example');
  tokens = await connect();
});
afterAll(async () => {
  await aps.close();
});

describe('APS three-legged OAuth with PKCE', () => {
  it('exchanges the code with the verifier that matches the challenge, for a data token and a viewer token', () => {
    expect(aps.pkceChecks).toEqual([true]);
    expect(aps.scopesOf(tokens.access).sort()).toEqual(['data:read', 'user-profile:read']);
    expect(aps.scopesOf(tokens.viewer)).toEqual(['viewables:read']);
    // The refresh token kept is the last one answered; it carries the consented scopes.
    expect(aps.isActive(tokens.refresh)).toBe(true);
    expect(aps.scopesOf(tokens.refresh).sort()).toEqual(['data:read', 'user-profile:read', 'viewables:read']);
    expect(tokens.accessExpiresAt).toBeGreaterThan(Date.now() + 3000 * 1000);
    // The client secret only ever went in the token calls' Basic header.
    const basic = `Basic ${Buffer.from(`${aps.clientId}:${aps.clientSecret}`).toString('base64')}`;
    for (const r of aps.requests) {
      expect(r.url).not.toContain(aps.clientSecret);
      expect(r.body).not.toContain(aps.clientSecret);
      if (r.url.startsWith('/authentication/v2/token')) expect(r.authorization).toBe(basic);
    }
  });

  it('refuses a verifier that is not the challenge’s, and a code used twice', async () => {
    const { challenge } = pkcePair();
    const back = await consent(apsAuthorizeUrl(config, { state: 's', challenge, redirectUri: REDIRECT }));
    const code = back.searchParams.get('code')!;
    const wrong = exchangeApsCode(
      config,
      { code, verifier: pkcePair().verifier, redirectUri: REDIRECT },
      5000,
    );
    expect(await codeOf(wrong)).toBe('INTEGRATION_LOGIN_FAILED');
    expect(aps.pkceChecks.at(-1)).toBe(false);
    const again = exchangeApsCode(config, { code, verifier: 'x'.repeat(43), redirectUri: REDIRECT }, 5000);
    expect(await codeOf(again)).toBe('INTEGRATION_LOGIN_FAILED');
  });

  it('reads the account’s e-mail (userinfo)', async () => {
    expect(await connector().accountEmail()).toBe('ana@alfa.example');
    expect(await connector().profile()).toEqual({ email: 'ana@alfa.example', name: 'ana.alfa' });
  });

  it('refreshes both tokens; the spent refresh token is refused afterwards', async () => {
    const own = await connect();
    const refreshed = await connector(own).refresh();
    expect(refreshed).toBeDefined();
    const next = parseTokenSet(refreshed!.secret);
    expect(next.refresh).not.toBe(own.refresh);
    expect(aps.isActive(own.refresh)).toBe(false);
    expect(aps.isActive(next.refresh)).toBe(true);
    expect(aps.scopesOf(next.access).sort()).toEqual(['data:read', 'user-profile:read']);
    expect(aps.scopesOf(next.viewer)).toEqual(['viewables:read']);
    expect(refreshed!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 3000 * 1000);
    expect(await connector(next).customers()).toHaveLength(2);
    // The old token set's refresh token was spent: the user must connect again.
    expect(await codeOf(connector(own).refresh())).toBe('INTEGRATION_NOT_CONNECTED');
  });

  it('revokes the refresh token and both access tokens', async () => {
    const own = await connect();
    await connector(own).revoke();
    for (const t of [own.refresh, own.access, own.viewer]) expect(aps.revoked).toContain(t);
    expect(aps.isActive(own.access)).toBe(false);
    expect(await codeOf(connector(own).customers())).toBe('INTEGRATION_LOGIN_FAILED');
  });

  it('answers a read-only viewer token: viewables:read, refused by the data calls', async () => {
    const viewer = await connector().viewerToken();
    expect(viewer.accessToken).toBe(tokens.viewer);
    expect(viewer.expiresIn).toBeGreaterThan(3000);
    expect(viewer.expiresIn).toBeLessThanOrEqual(3600);
    const hubs = await fetch(`${aps.baseUrl}/project/v1/hubs`, {
      headers: { authorization: `Bearer ${viewer.accessToken}` },
    });
    expect(hubs.status).toBe(403);
    // A viewer token past its time is a connection to renew.
    expect(await codeOf(connector({ ...tokens, viewerExpiresAt: Date.now() - 1 }).viewerToken())).toBe(
      'INTEGRATION_NOT_CONNECTED',
    );
  });
});

describe('APS Data Management in Obra’s shape', () => {
  it('lists hubs as customers and a hub’s projects (all pages)', async () => {
    expect(await connector().customers()).toEqual([
      { id: 'b.9d0e-beta', name: 'Beta Engenharia' },
      { id: HUB, name: 'Construtora Alfa' },
    ]);
    // Three projects, two per page.
    expect(await connector().projects(HUB)).toEqual([
      { id: 'b.77ac-leste', name: 'Anexo Leste', customerId: HUB },
      { id: PROJECT, name: 'Torre Norte', customerId: HUB },
      { id: 'b.77ab-sul', name: 'Torre Sul', customerId: HUB },
    ]);
    expect(aps.requests.some((r) => r.url.includes('page%5Bnumber%5D=1'))).toBe(true);
    expect(await codeOf(connector().projects('b.0000-other'))).toBe('NOT_FOUND');
  });

  it('browses the top folders (the root), folders (folders first) and their parents', async () => {
    const files = aps.idOf(PROJECT, '/Project Files');
    const plantas = aps.idOf(PROJECT, '/Project Files/Plantas');
    expect(await connector().folder(ref, '/')).toEqual({ id: '/', name: 'Torre Norte', parentId: null });
    expect(await connector().folderItems(ref, '/')).toEqual([
      {
        type: 'folder',
        id: aps.idOf(PROJECT, '/Plans'),
        name: 'Plans',
        modifiedAt: '2026-03-02T10:15:00.000Z',
      },
      { type: 'folder', id: files, name: 'Project Files', modifiedAt: '2026-03-02T10:15:00.000Z' },
    ]);
    expect(await connector().folder(ref, files)).toEqual({ id: files, name: 'Project Files', parentId: '/' });
    expect(await connector().folder(ref, plantas)).toEqual({ id: plantas, name: 'Plantas', parentId: files });
    const items = await connector().folderItems(ref, plantas);
    expect(items).toEqual([
      {
        type: 'folder',
        id: aps.idOf(PROJECT, '/Project Files/Plantas/Detalhes'),
        name: 'Detalhes',
        modifiedAt: '2026-03-02T10:15:00.000Z',
      },
      {
        type: 'file',
        id: aps.idOf(PROJECT, '/Project Files/Plantas/A-101.pdf'),
        name: 'A-101.pdf',
        size: PDF_V2.length,
        mimeType: null,
        modifiedAt: '2026-03-02T10:17:00.000Z',
      },
      {
        type: 'file',
        id: aps.idOf(PROJECT, '/Project Files/Plantas/MEP.ifc'),
        name: 'MEP.ifc',
        size: IFC.length,
        mimeType: null,
        modifiedAt: '2026-03-02T10:16:00.000Z',
      },
    ]);
  });

  it('reads an item with its versions, newest first; the item must be in the folder named', async () => {
    const plantas = aps.idOf(PROJECT, '/Project Files/Plantas');
    const item = aps.idOf(PROJECT, '/Project Files/Plantas/A-101.pdf');
    const [v1, v2] = aps.versionsOf(item);
    const file = await connector().file(ref, plantas, item);
    expect(file).toEqual({
      id: item,
      name: 'A-101.pdf',
      folderId: plantas,
      size: PDF_V2.length,
      mimeType: null,
      modifiedAt: '2026-03-02T10:17:00.000Z',
      versions: [
        { id: v2, number: 2, size: PDF_V2.length, mimeType: null, modifiedAt: '2026-03-02T10:17:00.000Z' },
        { id: v1, number: 1, size: PDF_V1.length, mimeType: null, modifiedAt: '2026-03-02T10:16:00.000Z' },
      ],
    });
    expect(await connector().file(ref, null, item)).toEqual(file);
    expect(await codeOf(connector().file(ref, aps.idOf(PROJECT, '/Plans'), item))).toBe('NOT_FOUND');
    // An item of another project is not found through this one.
    const other = aps.idOf('b.77ab-sul', '/Project Files/x.pdf');
    expect(await codeOf(connector().file(ref, null, other))).toBe('NOT_FOUND');
  });

  it('downloads the tip or a version through the signed S3 address, without the token there', async () => {
    const item = aps.idOf(PROJECT, '/Project Files/Plantas/A-101.pdf');
    const [v1] = aps.versionsOf(item);
    const read = async (versionId?: string) => {
      const d = await connector().download(ref, item, versionId);
      const chunks: Buffer[] = [];
      for await (const c of d.body) chunks.push(c as Buffer);
      return { ...d, bytes: Buffer.concat(chunks) };
    };
    const tip = await read();
    expect([tip.name, tip.size, tip.bytes.equals(PDF_V2)]).toEqual(['A-101.pdf', PDF_V2.length, true]);
    expect((await read(v1)).bytes.equals(PDF_V1)).toBe(true);
    const s3 = aps.requests.filter((r) => r.url.startsWith('/s3/'));
    expect(s3.length).toBeGreaterThanOrEqual(2);
    expect(s3.every((r) => r.authorization === undefined)).toBe(true);
    // A version of another item is not this file's.
    const otherVersion = aps.versionsOf(aps.idOf(PROJECT, '/Plans/P-1.pdf'))[0]!;
    expect(await codeOf(connector().download(ref, item, otherVersion))).toBe('NOT_FOUND');
  });

  it('refuses ids that could change the call’s path', async () => {
    expect(await codeOf(connector().projects('../../oss'))).toBe('BAD_USER_INPUT');
    expect(await codeOf(connector().folderItems(ref, '../items'))).toBe('BAD_USER_INPUT');
    expect(await codeOf(connector().folder({ ...ref, projectId: 'b.1/../x' }, '/'))).toBe('BAD_USER_INPUT');
    expect(await codeOf(connector().file(ref, null, 'urn:adsk/../x'))).toBe('BAD_USER_INPUT');
  });
});

describe('APS settings', () => {
  it('offers APS with both the client id and secret, at Autodesk by default', () => {
    expect(loadConfig({}).integrations.aps).toBeUndefined();
    expect(loadConfig({ APS_CLIENT_ID: 'id', APS_CLIENT_SECRET: 'secret' }).integrations.aps).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      baseUrl: 'https://developer.api.autodesk.com',
      userinfoUrl: 'https://api.userprofile.autodesk.com/userinfo',
    });
    expect(() => loadConfig({ APS_CLIENT_ID: 'id' })).toThrow(ConfigError);
    expect(() => loadConfig({ APS_CLIENT_SECRET: 'secret' })).toThrow(ConfigError);
  });
});

describe('APS error answers', () => {
  it('maps 401, 403, 404, 429 and 5xx to the catalogue’s codes', async () => {
    const plantas = aps.idOf(PROJECT, '/Project Files/Plantas');
    for (const [status, code] of [
      [401, 'INTEGRATION_LOGIN_FAILED'],
      [403, 'NOT_FOUND'],
      [404, 'NOT_FOUND'],
      [429, 'INTEGRATION_PLATFORM_UNAVAILABLE'],
      [500, 'INTEGRATION_PLATFORM_ERROR'],
      [503, 'INTEGRATION_PLATFORM_UNAVAILABLE'],
    ] as const) {
      aps.failNext(/\/contents$/, status);
      expect(await codeOf(connector().folderItems(ref, plantas)), String(status)).toBe(code);
    }
    aps.failNext(/\/authentication\/v2\/token$/, 503);
    expect(await codeOf(connector().refresh())).toBe('INTEGRATION_PLATFORM_UNAVAILABLE');
  });

  it('keeps the new refresh token when the viewer token’s refresh fails, and refreshes again at next use', async () => {
    const own = await connect();
    aps.failNext(/\/authentication\/v2\/token$/, 503, 1, 1);
    const half = await connector(own).refresh();
    const set = parseTokenSet(half!.secret);
    expect(aps.isActive(own.refresh)).toBe(false);
    expect(aps.isActive(set.refresh)).toBe(true);
    expect(set.viewer).toBe(own.viewer);
    // Due at once: the service refreshes before the next call.
    expect(half!.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await connector(set).customers()).toHaveLength(2);
    const whole = parseTokenSet((await connector(set).refresh())!.secret);
    expect(aps.scopesOf(whole.viewer)).toEqual(['viewables:read']);
  });

  it('a platform that does not answer is INTEGRATION_PLATFORM_UNAVAILABLE', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const down = connector(tokens, {
      baseUrl: `http://127.0.0.1:${port}`,
      userinfoUrl: `http://127.0.0.1:${port}/userinfo`,
    });
    expect(await codeOf(down.customers())).toBe('INTEGRATION_PLATFORM_UNAVAILABLE');
    expect(await codeOf(down.accountEmail())).toBe('INTEGRATION_PLATFORM_UNAVAILABLE');
  });

  it('every request and answer matched Autodesk’s descriptions', () => {
    expect(aps.violations).toEqual([]);
  });

  it('(the test server itself) records what the descriptions do not allow', async () => {
    const auth = { authorization: `Bearer ${tokens.access}` };
    await fetch(`${aps.baseUrl}/project/v1/hubs?bogus=1`, { headers: auth });
    await fetch(`${aps.baseUrl}/project/v1/hubs/${HUB}/projects?page%5Blimit%5D=many`, { headers: auth });
    await fetch(`${aps.baseUrl}/data/v2/anything`, { headers: auth });
    await fetch(`${aps.baseUrl}/authentication/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&scope=data:read%20everything:write',
    });
    expect(aps.violations).toEqual([
      'GET /project/v1/hubs: undescribed query parameter bogus',
      'GET /project/v1/hubs/{hub_id}/projects: query parameter page[limit]: value should be integer',
      // The answer is checked too: no page of that size, and the description wants at least one project.
      'GET /project/v1/hubs/{hub_id}/projects → 200: answer: value.data should NOT have fewer than 1 items',
      "GET /data/v2/anything: not in Autodesk's descriptions",
      expect.stringContaining(
        'POST /authentication/v2/token: body: value.grant_type should be equal to one of the allowed values',
      ),
      expect.stringContaining('POST /authentication/v2/token: body scope everything:write'),
    ]);
    aps.violations.length = 0;
  });
});
