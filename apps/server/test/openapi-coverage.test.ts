import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUndescribedRoute, registeredRoutes } from '../src/http/openapi.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

type Operation = {
  operationId?: string;
  summary?: string;
  responses?: Record<string, unknown>;
  parameters?: { name: string; in: string }[];
};
type OpenApi = { openapi: string; servers?: unknown[]; paths: Record<string, Record<string, Operation>> };

const committed = path.resolve(import.meta.dirname, '../../../docs/openapi.json');
let t: TestServer;
let dist: string;

beforeAll(async () => {
  // A built web app beside the API, so that its static routes are registered too (and must stay out).
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-openapi-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Obra</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await startTestServer({ WEB_DIST_DIR: dist, TEST_JOB_ROUTES: 'true' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function served(): Promise<OpenApi> {
  const answer = await fetch(`${t.url}/openapi.json`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as OpenApi;
}

/** Fastify's `/a/:id/*` as the document writes it: `/a/{id}/{path}`. */
function documentPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');
}

describe('the served OpenAPI document', () => {
  it('is valid OpenAPI 3.0.3 for @apidevtools/swagger-parser, with servers', async () => {
    const document = await served();
    expect(document.openapi).toBe('3.0.3');
    expect(document.servers?.length).toBeGreaterThan(0);
    // validate() dereferences in place: it gets a copy. It throws on the first schema error.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('is the committed docs/openapi.json (run `npm run openapi` when this fails)', async () => {
    expect(JSON.parse(fs.readFileSync(committed, 'utf8'))).toEqual(await served());
  });

  it("describes every REST route of Fastify's own route list, with an operationId, a summary and its answers", async () => {
    const document = await served();
    const routes = registeredRoutes(t.server.app);
    // The list is the server's: it holds the GraphQL endpoint, the test routes and the web app's files too.
    expect(routes.some((r) => r.url === '/graphql')).toBe(true);
    expect(routes.some((r) => r.url.startsWith('/test/'))).toBe(true);
    expect(routes.some((r) => r.url === '/assets/app-1234.js')).toBe(true);
    const missing: string[] = [];
    let described = 0;
    for (const route of routes) {
      if (isUndescribedRoute(route.method, route.url, route.hidden)) continue;
      const operation = document.paths[documentPath(route.url)]?.[route.method.toLowerCase()];
      const call = `${route.method} ${route.url}`;
      if (!operation) {
        missing.push(`${call}: not described`);
        continue;
      }
      described += 1;
      if (!operation.operationId) missing.push(`${call}: no operationId`);
      if (!operation.summary) missing.push(`${call}: no summary`);
      const codes = Object.keys(operation.responses ?? {});
      if (!codes.some((c) => /^[23]/.test(c))) missing.push(`${call}: no success answer`);
      if (!codes.some((c) => /^[45]/.test(c))) missing.push(`${call}: no error answer`);
      for (const name of documentPath(route.url).match(/\{([^}]+)\}/g) ?? []) {
        const param = name.slice(1, -1);
        if (!operation.parameters?.some((p) => p.in === 'path' && p.name === param))
          missing.push(`${call}: path parameter ${param} not described`);
      }
    }
    expect(missing).toEqual([]);
    // …and what is left out is not in it.
    expect(
      Object.keys(document.paths).filter(
        (p) => p === '/graphql' || p.startsWith('/test/') || p.startsWith('/assets/'),
      ),
    ).toEqual([]);
    // Every area: identity, BCF-XML, the BCF-API, Foundation, OAuth, the data lake, exports, notifications, health.
    for (const prefix of [
      '/auth/',
      '/bcf-xml/',
      '/bcf/3.0/',
      '/foundation/',
      '/bcf-oauth/',
      '/bcf-oauth-applications',
      '/data-lake',
      '/exports/',
      '/notifications/',
      '/healthz',
      '/files/',
      '/project-drive/',
      '/project-files/',
      '/bim/',
    ])
      expect(
        Object.keys(document.paths).some((p) => p.startsWith(prefix)),
        prefix,
      ).toBe(true);
    expect(described).toBeGreaterThan(130);
  });

  it('has no operation beyond the registered routes and no operationId twice', async () => {
    const document = await served();
    const registered = new Set(
      registeredRoutes(t.server.app).map((r) => `${r.method.toLowerCase()} ${documentPath(r.url)}`),
    );
    const ids: string[] = [];
    const extra: string[] = [];
    for (const [p, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item)) {
        if (!registered.has(`${method} ${p}`)) extra.push(`${method} ${p}`);
        if (operation.operationId) ids.push(operation.operationId);
      }
    expect(extra).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
