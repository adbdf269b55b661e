import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.ts';

// A built web app in miniature: an asset with the .br and .gz files the build writes next to it.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-dist-'));
const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};\n`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Obra</title>');
fs.writeFileSync(path.join(dist, 'assets/app-abc123.js'), script);
fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.gz'), zlib.gzipSync(script));
fs.writeFileSync(path.join(dist, 'assets/list.worker-abc123.js'), script);
// The installable app (issue 34): the service worker, the manifest and an icon, at the root under fixed names.
fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("push", () => {});\n');
fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Obra', start_url: '/' }));
fs.mkdirSync(path.join(dist, 'icons'));
fs.writeFileSync(path.join(dist, 'icons/icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose answer is read byte for byte (fetch would decode it). */
function raw(
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${t.url}${pathname}`,
      { method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function gql(query: string, acceptEncoding?: string): Promise<RawAnswer> {
  return raw('/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
    body: JSON.stringify({ query }),
  });
}

// A schema introspection is a large answer (tens of kB) any client may ask for in tests.
const LARGE = '{ __schema { types { name fields { name } } } }';

describe('built web assets', () => {
  it('are served from the brotli file to a client that accepts brotli', async () => {
    const res = await raw('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('are served from the gzip file to a client that accepts only gzip', async () => {
    const res = await raw('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString()).toBe(script);
  });

  it('are served as they are to a client that accepts no encoding', async () => {
    const res = await raw('/assets/app-abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(script);
  });
});

describe('headers of built assets', () => {
  // Issue 12: on HTTP/1.1 each of the sign-in page's requests carried about 870 bytes of headers, most of them
  // policies that only documents and workers read.
  it('leave out the policies of documents and revalidation on a hashed script, and keep nosniff', async () => {
    const asset = await raw('/assets/app-abc123.js', { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    for (const name of [
      'content-security-policy',
      'cross-origin-opener-policy',
      'permissions-policy',
      'etag',
    ])
      expect(asset.headers[name]).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('keep the policies on the page and on a worker (a worker answer sets its own policy)', async () => {
    const page = await raw('/login');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const worker = await raw('/assets/list.worker-abc123.js');
    expect(worker.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('the installable app', () => {
  // Fixed names, so revalidated on every load (no-cache) and never an immutable year: a new build's worker and
  // manifest reach the browser at once. The worker keeps the page's policies (it is a script that runs).
  it('serves the service worker, the manifest and the icons with their types, revalidated', async () => {
    const worker = await raw('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-security-policy']).toContain("script-src 'self'");
    const manifest = await raw('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const icon = await raw('/icons/icon-192.png');
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });
});

describe('API answers', () => {
  it('are compressed with brotli or gzip above 1 kB, keeping the Server-Timing header', async () => {
    const br = await gql(LARGE, 'gzip, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['server-timing']).toMatch(/^app;dur=/);
    const data = JSON.parse(zlib.brotliDecompressSync(br.body).toString()) as {
      data: { __schema: { types: unknown[] } };
    };
    expect(data.data.__schema.types.length).toBeGreaterThan(10);

    expect(br.headers['vary']).toContain('accept-encoding');
    const gz = await gql(LARGE, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(data);
  });

  it('are not compressed when small or when the client does not accept it', async () => {
    const small = await gql('{ apiVersion }', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toHaveProperty('data.apiVersion');

    const plain = await gql(LARGE);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toHaveProperty('data.__schema');
  });

  it('include REST answers: a large JSON goes out compressed in one piece, decodable, with Vary', async () => {
    const plain = await raw('/openapi.json');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const document = JSON.parse(plain.body.toString()) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);
    const br = await raw('/openapi.json', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('accept-encoding');
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(document);
    const gz = await raw('/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(document);
  });

  it('answer a body Yoga does not read (text/plain, no type) in the GraphQL error shape, not as bytes', async () => {
    for (const headers of [{ 'content-type': 'text/plain' }, {}] as Record<string, string>[]) {
      const res = await fetch(`${t.url}/graphql`, { method: 'POST', headers, body: '{"email": }' });
      expect(res.status).toBe(415);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({
        errors: [{ message: expect.any(String), extensions: { code: 'BAD_USER_INPUT' } }],
      });
    }
  });
});
