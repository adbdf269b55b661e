// The WebDAV adapter against a real WebDAV server (webdav-server, RFC 4918) started here: browse, file info,
// download, the account's e-mail, ids that try to leave their project, and a platform that is down or stalls.
import net from 'node:net';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@obra/domain';
import { WebDavConnector } from '../../src/modules/integrations/webdav-connector.ts';
import { startWebDavServer, type WebDavTestServer } from '../support/webdav-test-server.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n% partner sheet\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
let dav: WebDavTestServer;
const ref = { customerId: 'Construtora Alfa', projectId: 'Torre Norte' };

beforeAll(async () => {
  dav = await startWebDavServer([
    {
      username: 'ana',
      password: 'app-password-ana',
      email: 'ana@alfa.example',
      tree: {
        'Construtora Alfa': {
          'Torre Norte': { Plantas: { 'A-101 térreo.pdf': PDF, Detalhes: {} }, 'memorial.txt': 'texto' },
          'Torre Sul': {},
        },
        Beta: {},
      },
    },
    { username: 'bruno', password: 'pw-bruno', tree: { Outro: {} } },
  ]);
});
afterAll(async () => {
  await dav.close();
});

function ana(password = 'app-password-ana', baseUrl = dav.baseUrl, timeoutMs = 5000) {
  return new WebDavConnector(baseUrl, { accountName: 'ana', secret: password, expiresAt: null }, timeoutMs);
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'no error';
}

describe('WebDAV connector', () => {
  it('reads the e-mail the server keeps for the account, and none when it keeps none', async () => {
    expect(await ana().accountEmail()).toBe('ana@alfa.example');
    const bruno = new WebDavConnector(
      dav.baseUrl,
      { accountName: 'bruno', secret: 'pw-bruno', expiresAt: null },
      5000,
    );
    expect(await bruno.accountEmail()).toBeNull();
  });

  it('lists customers (top folders) and their projects', async () => {
    expect(await ana().customers()).toEqual([
      { id: 'Beta', name: 'Beta' },
      { id: 'Construtora Alfa', name: 'Construtora Alfa' },
    ]);
    expect(await ana().projects('Construtora Alfa')).toEqual([
      { id: 'Torre Norte', name: 'Torre Norte', customerId: 'Construtora Alfa' },
      { id: 'Torre Sul', name: 'Torre Sul', customerId: 'Construtora Alfa' },
    ]);
  });

  it('browses folders (folders first), reads a file with its version and downloads it', async () => {
    expect(await ana().folder(ref, '/')).toEqual({ id: '/', name: 'Torre Norte', parentId: null });
    expect(await ana().folder(ref, '/Plantas')).toEqual({ id: '/Plantas', name: 'Plantas', parentId: '/' });
    const root = await ana().folderItems(ref, '/');
    expect(root.map((i) => [i.type, i.id])).toEqual([
      ['folder', '/Plantas'],
      ['file', '/memorial.txt'],
    ]);
    const plans = await ana().folderItems(ref, '/Plantas');
    expect(plans.map((i) => [i.type, i.id])).toEqual([
      ['folder', '/Plantas/Detalhes'],
      ['file', '/Plantas/A-101 térreo.pdf'],
    ]);
    const file = await ana().file(ref, '/Plantas', '/Plantas/A-101 térreo.pdf');
    expect(file).toMatchObject({ name: 'A-101 térreo.pdf', folderId: '/Plantas', size: PDF.length });
    expect(file.versions).toHaveLength(1);
    expect(file.versions[0]).toMatchObject({ number: 1, size: PDF.length });
    const download = await ana().download(ref, file.id, file.versions[0]!.id);
    const chunks: Buffer[] = [];
    for await (const chunk of download.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
  });

  it('answers NOT_FOUND for a file outside the folder named with it, or missing', async () => {
    expect(await codeOf(ana().file(ref, '/', '/Plantas/A-101 térreo.pdf'))).toBe('NOT_FOUND');
    expect(await codeOf(ana().file(ref, '/Plantas', '/Plantas/nada.pdf'))).toBe('NOT_FOUND');
    expect(await codeOf(ana().folder(ref, '/Nada'))).toBe('NOT_FOUND');
  });

  it('refuses ids that would leave the project', async () => {
    for (const id of ['/../Torre Sul', '/Plantas/../../Torre Sul', 'Plantas', '/a\\b', '//x'])
      expect(await codeOf(ana().folderItems(ref, id)), id).toBe('BAD_USER_INPUT');
    expect(await codeOf(ana().folderItems({ customerId: '..', projectId: 'x' }, '/'))).toBe('BAD_USER_INPUT');
  });

  it("cannot read another account's folders, and a wrong password is INTEGRATION_LOGIN_FAILED", async () => {
    const bruno = new WebDavConnector(
      dav.baseUrl.replace('{user}', 'ana'),
      { accountName: 'bruno', secret: 'pw-bruno', expiresAt: null },
      5000,
    );
    expect(['NOT_FOUND', 'INTEGRATION_LOGIN_FAILED']).toContain(await codeOf(bruno.customers()));
    expect(await codeOf(ana('wrong').customers())).toBe('INTEGRATION_LOGIN_FAILED');
  });

  it('has no viewer token (APS only)', async () => {
    expect(await codeOf(ana().viewerToken())).toBe('INTEGRATION_NOT_SUPPORTED');
  });

  it('a platform that is down is INTEGRATION_PLATFORM_UNAVAILABLE at once', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    expect(await codeOf(ana('x', `http://127.0.0.1:${port}/dav/`).customers())).toBe(
      'INTEGRATION_PLATFORM_UNAVAILABLE',
    );
  });

  it('a platform that accepts but never answers is cut by the time-out', async () => {
    const sockets: net.Socket[] = [];
    const silent = http.createServer(() => undefined);
    silent.on('connection', (s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as AddressInfo).port;
    try {
      expect(await codeOf(ana('x', `http://127.0.0.1:${port}/dav/`, 300).customers())).toBe(
        'INTEGRATION_PLATFORM_UNAVAILABLE',
      );
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });

  it('an answer that is not WebDAV is INTEGRATION_PLATFORM_ERROR', async () => {
    const odd = http.createServer((_req, res) => {
      res.writeHead(207, { 'content-type': 'application/xml' });
      res.end('<html>not dav</html>');
    });
    await new Promise<void>((r) => odd.listen(0, '127.0.0.1', r));
    const port = (odd.address() as AddressInfo).port;
    try {
      expect(await codeOf(ana('x', `http://127.0.0.1:${port}/dav/`).customers())).toBe(
        'INTEGRATION_PLATFORM_ERROR',
      );
    } finally {
      await new Promise<void>((r) => odd.close(() => r()));
    }
  });
});
