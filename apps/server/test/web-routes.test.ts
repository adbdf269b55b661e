import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIXES } from '../src/http/build-app.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// Every route of spec core §2, as a browser opens it (ids filled in). Each must reach the web app, whose
// router shows the screen or, for a route not built yet, its "not found" page.
const SETUP = [
  'profile',
  'locals',
  'labels',
  'categories',
  'disciplinesStatus',
  'phases',
  'disciplines',
  'drive',
  'companies',
  'integrations',
];
const SPEC_ROUTES = [
  '/',
  '/login',
  '/google-login',
  '/logout',
  '/process-federated-sign-in',
  '/policies',
  '/maintenance',
  '/test',
  '/showroom',
  '/issues-report',
  '/onboarding',
  '/onboarding/userprofile',
  '/onboarding/company',
  '/workspace',
  '/workspace/home',
  '/workspace/smart-flow',
  '/workspace/downloads',
  '/workspace/support',
  '/workspace/company/members',
  '/workspace/company/profile',
  '/workspace/company/projects',
  '/workspace/user/profile',
  '/workspace/user/changePassword',
  '/workspace/user/notifications',
  '/workspace/user/accessKeys',
  '/workspace/project/7',
  '/workspace/project/7/issues',
  '/workspace/project/7/issues/42',
  '/workspace/project/7/dashboards/status',
  '/workspace/project/7/drive',
  '/workspace/project/7/files',
  '/workspace/project/7/bim-files/models',
  ...[...SETUP, 'importSettings', 'exportSettings', 'duplicateProject'].map(
    (s) => `/workspace/project/7/setup/${s}`,
  ),
  '/admin',
  '/admin/companies',
  '/admin/projects',
  '/admin/scripts',
  '/admin/company/3/members',
  '/admin/company/3/profile',
  '/admin/company/3/projects',
  ...[...SETUP, 'import', 'export'].map((s) => `/admin/project/7/setup/${s}`),
  '/tools/compare-documents?documents=W10%3D',
  '/ai/chat',
  '/caio',
  '/ana',
  '/smart-docs',
  '/autodoc/connect-project',
];

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';

let t: TestServer;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  t = await startTestServer({ WEB_DIST_DIR: webDir });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('web and API paths', () => {
  it('reserves no API prefix that holds a route of the web app', () => {
    const collisions = SPEC_ROUTES.filter((route) => {
      const pathname = route.split('?')[0] ?? route;
      return API_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
    });
    expect(collisions).toEqual([]);
  });

  it('serves the web app for every spec route', async () => {
    const failures: string[] = [];
    for (const route of SPEC_ROUTES) {
      const res = await fetch(`${t.url}${route}`, { headers: { accept: 'text/html' } });
      const body = await res.text();
      if (
        res.status !== 200 ||
        !res.headers.get('content-type')?.startsWith('text/html') ||
        body !== INDEX_HTML
      ) {
        failures.push(`${route} → ${res.status} ${body.slice(0, 60)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('still answers paths under the API prefixes from the API, never with the web app', async () => {
    for (const prefix of API_PREFIXES.filter((p) => p !== '/graphql')) {
      const res = await fetch(`${t.url}${prefix}/does-not-exist`, { headers: { accept: 'text/html' } });
      expect(res.status, prefix).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('content-type'), prefix).toMatch(/^application\/json/);
      expect(await res.json(), prefix).toHaveProperty('code');
    }
  });
});
