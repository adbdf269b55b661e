import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createProject } from '../projects/project-test-kit.ts';
import { buildDriveWorld, rest, uploadFile, type DriveWorld, type RestAnswer } from './drive-test-kit.ts';

/**
 * Seeded fuzzing of every drive route (issue 14 "Done when"): wrong types, huge values, path traversal, unicode
 * and control characters in path parameters, query strings and bodies, in a project with a naming rule and one
 * without (where names and document names reach the database as given). Every answer must be a 2xx or a 4xx
 * with a code of the catalogue — never a 5xx. The generator is deterministic: a failure names its seed and case.
 */

let t: TestServer;
let w: DriveWorld;
/** The same drive routes in a project without a naming rule (free document names). */
let free: string;
let fileId = 0;
let freeFileId = 0;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildDriveWorld(t, 'Torre Fuzz Semente');
  const freeProject = await createProject(t, w.owner, 'Obra sem regra');
  free = `/project-drive/projects/${freeProject}`;
  fileId = (await uploadFile(t, w, w.owner, 'TRN-ARQ-ED-0001-R00.pdf')).id;
});
afterAll(async () => {
  await t.close();
});

/** mulberry32: a small seeded generator, so every case replays. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const CONTROL = Array.from({ length: 32 }, (_v, i) => String.fromCharCode(i)).concat(['\u007f', '\u0085']);

/** Strings that have broken servers: traversal, encodings, unicode edge cases, control characters, SQL. */
const STRINGS = [
  '',
  ' ',
  '\t\n',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....//....//x.pdf',
  '/absolute/path.pdf',
  'C:\\x.pdf',
  'file:///etc/passwd',
  'a\u0000b.pdf',
  'nul\u0000',
  '\u202Efdp.exe',
  '\u200B\u200C\u200D\uFEFF.pdf',
  'e\u0301\u0301\u0301.pdf',
  '🏗️👷‍♀️-ARQ-ED-0001-R00.pdf',
  '\ud800.pdf',
  '\udfff',
  'ÓBRA-arq-ED-0001-R99.pdf',
  'ﬁ-ARQ-ED-0001-R00.pdf',
  'ARQ\u3000ED.pdf',
  "'; drop table drive_files; --",
  '" or 1=1 --',
  '%',
  '_',
  '\\',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '<script>alert(1)</script>.pdf',
  'CON.pdf',
  'x'.repeat(256) + '.pdf',
  'x'.repeat(70_000),
  'TRN-ARQ-ED-0001-R00.pdf',
  'TRN-ARQ-ED-0001-' + 'R'.repeat(30) + '.pdf',
  'ANALYSING',
  'public',
  'analysing',
  '1',
  '-1',
  '1e309',
  '0x10',
];

const NUMBERS = [
  0,
  -1,
  1,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1.5,
  13,
  14,
];

type Pick = <T>(list: readonly T[]) => T;

/** A value of any JSON shape, biased to the nasty ones. */
function anyValue(next: () => number, pick: Pick, depth = 0): unknown {
  const roll = next();
  if (roll < 0.35) return pick(STRINGS);
  if (roll < 0.45) return pick(CONTROL) + pick(STRINGS) + pick(CONTROL);
  if (roll < 0.65) return pick(NUMBERS);
  if (roll < 0.72) return pick([null, true, false]);
  if (roll < 0.85 || depth > 2)
    return Array.from({ length: Math.floor(next() * 4) }, () => anyValue(next, pick, depth + 1));
  if (roll < 0.92) return Array.from({ length: 1001 + Math.floor(next() * 50) }, (_v, i) => i + 1);
  return { [pick(STRINGS).slice(0, 20)]: anyValue(next, pick, depth + 1) };
}

/** A path segment that is not a valid id. */
function badSegment(next: () => number, pick: Pick): string {
  const raw = next() < 0.5 ? String(pick(NUMBERS)) : pick(STRINGS).slice(0, 300);
  // A URL cannot hold an unpaired surrogate: it is sent as U+FFFD, as browsers do.
  return encodeURIComponent(raw === '' ? ' ' : raw.replace(/\p{Cs}/gu, '\ufffd'));
}

interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path with :fileId / :bulkDownloadId where an id goes. */
  path: string;
  body?: string[];
  query?: string[];
}

/** Every drive route (docs/api-drive.md). */
const ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/files',
    query: [
      'page',
      'pageSize',
      'sort',
      'order',
      'createdByUserId',
      'disciplineId',
      'extension',
      'localId',
      'phase',
      'status',
      'visibility',
      'uploadedAfter',
      'uploadedBefore',
      'updatedAfter',
      'updatedBefore',
      'search',
    ],
  },
  { method: 'GET', path: '/files/filtering-data' },
  { method: 'GET', path: '/user-authorization' },
  { method: 'GET', path: '/files/:fileId' },
  { method: 'GET', path: '/files/:fileId/download-url' },
  {
    method: 'POST',
    path: '/files',
    body: [
      'fileName',
      'documentName',
      'revisionName',
      'disciplineId',
      'localId',
      'phase',
      'status',
      'visibility',
      'fileSize',
    ],
  },
  { method: 'PATCH', path: '/files/:fileId/confirm-upload' },
  { method: 'PATCH', path: '/files/:fileId/status', body: ['newStatus'] },
  { method: 'PATCH', path: '/files/:fileId/visibility', body: ['newVisibility'] },
  { method: 'DELETE', path: '/files/:fileId' },
  { method: 'POST', path: '/files/bulk-downloads', body: ['filesIds'] },
  { method: 'GET', path: '/files/bulk-downloads/:bulkDownloadId' },
  { method: 'POST', path: '/files/bulk-update', body: ['filesIds', 'newStatus', 'newVisibility'] },
  { method: 'POST', path: '/files/bulk-delete', body: ['filesIds'] },
];

function expectNoServerError(answer: RestAnswer, what: string): void {
  expect(answer.status, `${what} → ${JSON.stringify(answer.body)?.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status >= 400) {
    const code = (answer.body as { code?: unknown } | null)?.code;
    expect(
      isErrorCode(code),
      `${what} → ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 300)}`,
    ).toBe(true);
  }
}

/** A query string of the list with some parameters set to nasty values (repeated keys make arrays). */
function fuzzQuery(next: () => number, pick: Pick, fields: string[]): string {
  const params = new URLSearchParams();
  for (const field of fields) {
    if (next() > 0.3) continue;
    const repeats = 1 + Math.floor(next() * 3);
    for (let i = 0; i < repeats; i++) {
      const value = anyValue(next, pick);
      params.append(field, typeof value === 'string' ? value.slice(0, 5000) : JSON.stringify(value));
    }
  }
  if (next() < 0.1) params.append(pick(STRINGS).slice(0, 30) || 'x', 'unknown');
  return params.toString();
}

describe('seeded fuzzing of every drive route: 2xx or 4xx with a catalogue code, never 5xx', () => {
  for (const [k, seed] of [1, 14, 2026].entries()) {
    it(`seed ${seed}: every route, path parameters, query strings and bodies, in both projects`, async () => {
      // Fresh files for this seed: an earlier seed may have deleted or changed the others.
      fileId = (await uploadFile(t, w, w.owner, `TRN-ARQ-ED-70${k}0-R00.pdf`)).id;
      freeFileId = (await uploadFile(t, { ...w, base: free }, w.owner, `Planta livre ${seed}.pdf`)).id;
      const next = generator(seed);
      const pick: Pick = (list) => list[Math.floor(next() * list.length)] as (typeof list)[number];
      for (const route of ROUTES) {
        for (let i = 0; i < 12; i++) {
          const ruled = next() < 0.5;
          const base = ruled ? w.base : free;
          const id = ruled ? fileId : freeFileId;
          const badPath = next() < 0.3;
          const path = route.path
            .replace(':fileId', badPath ? badSegment(next, pick) : String(id))
            .replace(
              ':bulkDownloadId',
              badPath ? badSegment(next, pick) : 'a'.repeat(Math.floor(next() * 80)),
            );
          const query = route.query ? fuzzQuery(next, pick, route.query) : '';
          const projectPart = next() < 0.1 ? `/project-drive/projects/${badSegment(next, pick)}` : base;
          const url = `${projectPart}${path}${query ? `?${query}` : ''}`;
          let body: unknown;
          if (route.body) {
            const shape = next();
            if (shape < 0.8)
              body = Object.fromEntries(
                route.body.filter(() => next() < 0.7).map((f) => [f, anyValue(next, pick)]),
              );
            else body = anyValue(next, pick);
          }
          const what = `seed ${seed} #${i} ${route.method} ${url.slice(0, 200)} ${JSON.stringify(body)?.slice(0, 200)}`;
          expectNoServerError(await rest(t, w.owner, route.method, url, body), what);
        }
      }
      // The drive still answers normally after all of it.
      const after = await rest(t, w.owner, 'GET', `${w.base}/files?pageSize=1`);
      expect(after.status).toBe(200);
    });
  }

  it('control characters and unicode in the search, extension and date filters', async () => {
    for (const c of CONTROL) {
      for (const field of ['search', 'extension', 'uploadedAfter']) {
        const value = `a${c}b`;
        const answer = await rest(t, w.owner, 'GET', `${w.base}/files?${field}=${encodeURIComponent(value)}`);
        expectNoServerError(answer, `${field}=${JSON.stringify(value)}`);
      }
    }
    // Malformed percent-encoding and bytes that are not UTF-8.
    for (const raw of ['%', '%zz', '%C0%AF', '%ED%A0%80', '%FF%FE', '%E2%80%AE']) {
      expectNoServerError(await rest(t, w.owner, 'GET', `${w.base}/files?search=${raw}`), `search=${raw}`);
      expectNoServerError(await rest(t, w.owner, 'GET', `${w.base}/files/${raw}`), `files/${raw}`);
    }
  });

  it('names with control characters, lone surrogates or traversal are refused before the database or the store', async () => {
    for (const base of [w.base, free]) {
      for (const fileName of [
        'a\u0000.pdf',
        'plan\u0007ta.pdf',
        'x\u202Efdp.exe.pdf',
        '\ud800.pdf',
        'TRN-ARQ-ED-0002-R00.pdf\u0000.exe',
        '../TRN-ARQ-ED-0002-R00.pdf',
      ]) {
        const answer = await rest(t, w.owner, 'POST', `${base}/files`, { fileName, fileSize: 10 });
        expectNoServerError(answer, `${base} ${JSON.stringify(fileName)}`);
        expect(answer.status, JSON.stringify(fileName)).not.toBe(201);
      }
      // A look-alike slash is an ordinary character (no file system reads it as a separator): the name is kept
      // as given, and the stored object's key never holds a name.
      const lookalike = await rest(t, w.owner, 'POST', `${base}/files`, {
        fileName: '..\u2215etc\u2215passwd.pdf',
        fileSize: 10,
      });
      expectNoServerError(lookalike, 'look-alike slash');
      // Document and revision names given beside a name (used when the project has no rule).
      for (const documentName of ['a\u0000b', '\ud800', ' ', 'x'.repeat(1001), '../../x']) {
        for (const revisionName of [undefined, 'R\u0000', '../1', '\ud800', 'x'.repeat(101)]) {
          const answer = await rest(t, w.owner, 'POST', `${base}/files`, {
            fileName: 'Corte AA.pdf',
            fileSize: 10,
            documentName,
            ...(revisionName === undefined ? {} : { revisionName }),
          });
          expectNoServerError(answer, `${base} ${JSON.stringify({ documentName, revisionName })}`);
        }
      }
    }
  });

  it('garbage credentials, content types and bodies', async () => {
    for (const authorization of [
      'Bearer ',
      'Bearer x',
      `Bearer ${'a'.repeat(8000)}`,
      'Basic Zm9vOmJhcg==',
      'Bearer \u00ff\u00fe',
    ]) {
      const answer = await rest(t, undefined, 'GET', `${w.base}/files`, undefined, { authorization });
      expectNoServerError(answer, authorization.slice(0, 30));
      expect(answer.status).toBe(401);
    }
    for (const [type, body] of [
      ['text/plain', 'fileName=x'],
      ['application/x-www-form-urlencoded', 'fileName=x&fileSize=1'],
      ['application/json; charset=utf-16', '{}'],
      ['application/json', '{"fileName": "x.pdf", "fileSize": 1e400}'],
      ['application/json', '{"fileName": "x.pdf", "fileSize": 10, "fileName": "y.pdf"}'],
      ['application/json', `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`],
      ['application/json', '{"__proto__": {"isAdmin": true}, "fileName": "x.pdf", "fileSize": 10}'],
      ['application/json', '{"constructor": {"prototype": {"x": 1}}}'],
      ['application/json', 'null'],
      ['application/json', '"string"'],
      ['application/json', '\u0000'],
    ] as const) {
      for (const path of ['/files', '/files/bulk-update', `/files/${fileId}/status`]) {
        const method = path.endsWith('/status') ? 'PATCH' : 'POST';
        const answer = await rest(t, w.owner, method, `${w.base}${path}`, body, { 'content-type': type });
        expectNoServerError(answer, `${method} ${path} ${type} ${body.slice(0, 40)}`);
      }
    }
    const huge = JSON.stringify({ fileName: 'x'.repeat(3 * 1024 * 1024), fileSize: 10 });
    expectNoServerError(await rest(t, w.owner, 'POST', `${w.base}/files`, huge), 'body above the limit');
  });
});
