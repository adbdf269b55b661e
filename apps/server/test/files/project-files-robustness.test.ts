import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expectClientError, NASTY_VALUES, seededRandom } from '../support/fuzz.ts';
import { buildDriveWorld, pdfBytes, rest, uploadFile, type DriveWorld } from '../drive/drive-test-kit.ts';

/**
 * Fuzzed requests to every project files route (as drive-robustness.test.ts for the drive): wrong types, huge
 * values, path traversal, unicode and control characters give 4xx with a catalogue code, never 5xx.
 */

let t: TestServer;
let w: DriveWorld;
let base: string;
let fileId: number;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Arquivos Fuzz');
  base = `/project-files/projects/${w.projectId}`;
  fileId = (await uploadFile(t, { ...w, base }, w.owner, 'notes.pdf', {}, pdfBytes('notes'))).id;
});
afterAll(async () => {
  await t.close();
});

describe('fuzzed requests to every project files route answer 4xx with a catalogue code, never 5xx', () => {
  it('bad path parameters', async () => {
    for (const bad of ['abc', '-1', '0', '99999999999999999999', '1.5', '%2e%2e', '..%2f..', '1e3', 'NaN']) {
      for (const [method, path] of [
        ['GET', `/project-files/projects/${bad}/files`],
        ['GET', `/project-files/projects/${bad}/user-authorization`],
        ['POST', `/project-files/projects/${bad}/files`],
        ['GET', `${base}/files/${bad}`],
        ['GET', `${base}/files/${bad}/download-url`],
        ['PATCH', `${base}/files/${bad}/confirm-upload`],
        ['DELETE', `${base}/files/${bad}`],
        ['DELETE', `${base}/files/${bad}/versions`],
        ['GET', `${base}/files/bulk-downloads/${bad}`],
      ] as const) {
        expectClientError(
          await rest(t, w.owner, method, path, method === 'POST' ? {} : undefined),
          `${method} ${path}`,
        );
      }
    }
    expectClientError(await rest(t, w.owner, 'GET', `${base}/nothing-here`), 'unknown route');
  });

  it('bad query strings of the list; odd searches are answered', async () => {
    for (const query of [
      'page=-1',
      'page=abc',
      'pageSize=100000',
      'pageSize=0',
      'sort=id;drop',
      'order=sideways',
      `search=${'x'.repeat(1000)}`,
      `extension=${'x'.repeat(50)}`,
    ]) {
      expectClientError(await rest(t, w.owner, 'GET', `${base}/files?${query}`), query);
    }
    for (const search of ['%', '_', '\\', "'", '🏗️', 'ção', '\u0000']) {
      const answer = await rest(t, w.owner, 'GET', `${base}/files?search=${encodeURIComponent(search)}`);
      expect(answer.status, JSON.stringify(search)).toBeLessThan(500);
    }
  });

  it('random bodies for every write', async () => {
    const next = seededRandom(15);
    const pick = (): unknown => NASTY_VALUES[Math.floor(next() * NASTY_VALUES.length)];
    const routes: [string, string, string[]][] = [
      ['POST', `${base}/files`, ['fileName', 'fileSize']],
      ['POST', `${base}/files/bulk-downloads`, ['filesIds']],
    ];
    for (const [method, path, fields] of routes) {
      for (let i = 0; i < 40; i++) {
        const body = Object.fromEntries(fields.filter(() => next() < 0.85).map((f) => [f, pick()]));
        const answer = await rest(t, w.owner, method, path, body);
        expect(answer.status, `${method} ${path} ${JSON.stringify(body).slice(0, 200)}`).toBeLessThan(500);
        if (answer.status >= 400) expectClientError(answer, `${method} ${path}`);
      }
      expectClientError(await rest(t, w.owner, method, path, '{not json'), `${method} ${path} not json`);
      expectClientError(await rest(t, w.owner, method, path, '[]'), `${method} ${path} array`);
    }
    expect((await rest(t, w.owner, 'GET', `${base}/files/${fileId}`)).status).toBe(200);
  });

  it('path traversal and odd characters in names never reach the store', async () => {
    for (const fileName of [
      '../../etc/passwd.pdf',
      '..\\x.pdf',
      'a/b.pdf',
      'a\u0000.pdf',
      '.',
      '..',
      'x'.repeat(300) + '.pdf',
    ]) {
      const answer = await rest(t, w.owner, 'POST', `${base}/files`, { fileName, fileSize: 10 });
      expect(answer.body, fileName).toMatchObject({
        code: 'DOCUMENT_NAME_INVALID',
        details: { field: 'fileName' },
      });
    }
    expectClientError(
      await rest(t, w.owner, 'POST', `${base}/files/bulk-downloads`, {
        filesIds: Array.from({ length: 1001 }, (_v, i) => i + 1),
      }),
      'too many ids',
    );
  });
});
