import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { call } from '../projects/project-test-kit.ts';
import { commentAs } from '../issues/comment-test-kit.ts';
import { UPDATE_ISSUE } from '../issues/issue-test-kit.ts';
import { buildExportWorld, WORLD_TITLES, type ExportWorld } from '../exports/export-test-kit.ts';

let t: TestServer;
let w: ExportWorld;
const keys = new Map<number, string>();

async function keyOf(user: TestUser): Promise<string> {
  const known = keys.get(user.id);
  if (known) return known;
  const data = await call<{ createAccessKey: { accessKey: { keyId: string }; secret: string } }>(
    t,
    user,
    'mutation { createAccessKey(name: "Power BI") { accessKey { keyId } secret } }',
  );
  const basic = `Basic ${Buffer.from(`${data.createAccessKey.accessKey.keyId}:${data.createAccessKey.secret}`).toString('base64')}`;
  keys.set(user.id, basic);
  return basic;
}

async function feed(user: TestUser | string | undefined, path: string, headers: Record<string, string> = {}) {
  const authorization = typeof user === 'string' ? user : user ? await keyOf(user) : undefined;
  const response = await fetch(path.startsWith('http') ? path : `${t.url}${path}`, {
    headers: { ...(authorization ? { authorization } : {}), ...headers },
  });
  return response;
}

async function json<T = Record<string, unknown>>(
  user: TestUser | string | undefined,
  path: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await feed(user, path, headers);
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as T;
}

interface RestPage {
  data: Record<string, unknown>[];
  nextCursor: string | null;
  next: string | null;
  hasMore: boolean;
}

interface ODataAnswer {
  value: Record<string, unknown>[];
  '@odata.count'?: number;
  '@odata.nextLink'?: string;
  '@odata.context': string;
}

const titles = (rows: Record<string, unknown>[]) => new Set(rows.map((r) => r['title']));

beforeAll(async () => {
  t = await startTestServer();
  w = await buildExportWorld(t);
  const publicIssue = w.issueIds.get(WORLD_TITLES.public) ?? 0;
  await commentAs(t, w.creator, w, publicIssue, { message: 'público' });
  await commentAs(t, w.creator, w, publicIssue, { message: 'coordenação', visibility: 'project_management' });
});
afterAll(async () => {
  await t.close();
});

describe('BI feed: access keys', () => {
  it('asks for Basic credentials, refuses a wrong secret and a session token with UNAUTHENTICATED', async () => {
    const anonymous = await feed(undefined, '/data-lake/issues');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    expect(((await anonymous.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
    const right = await keyOf(w.creator);
    const keyId = Buffer.from(right.slice(6), 'base64').toString().split(':')[0];
    const wrong = await feed(
      `Basic ${Buffer.from(`${keyId}:not-the-secret`).toString('base64')}`,
      '/data-lake/issues',
    );
    expect([wrong.status, ((await wrong.json()) as { code: string }).code]).toEqual([401, 'UNAUTHENTICATED']);
    const bearer = await feed(`Bearer ${w.creator.token}`, '/data-lake/issues');
    expect(bearer.status).toBe(401);
    const odata = await feed(
      `Basic ${Buffer.from(`${keyId}:nope`).toString('base64')}`,
      '/data-lake/odata/Issues',
    );
    expect(odata.status).toBe(401);
    expect(odata.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(((await odata.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    const ok = await feed(w.creator, '/data-lake/issues');
    expect(ok.status).toBe(200);
  });
});

describe('BI feed: REST', () => {
  it('lists every entity, and reads each one for the key’s user', async () => {
    const index = await json<{ entities: { name: string }[] }>(w.creator, '/data-lake');
    expect(index.entities.map((e) => e.name)).toEqual([
      'projects',
      'phases',
      'categories',
      'disciplines',
      'locals',
      'issues',
      'issues-disciplines',
      'issues-locals',
      'comments',
    ]);
    for (const { name } of index.entities) {
      const page = await json<RestPage>(w.creator, `/data-lake/${name}?projectId=${w.projectId}`);
      expect(page.data.length, name).toBeGreaterThan(0);
    }
    const projects = await json<RestPage>(w.creator, '/data-lake/projects');
    expect(projects.data.map((p) => p['id'])).toContain(w.projectId);
    const locals = await json<RestPage>(w.creator, `/data-lake/locals?projectId=${w.projectId}`);
    expect(locals.data.map((l) => l['name'])).toEqual(['Torre A', 'Pavimento 2']);
    const phases = await json<RestPage>(w.creator, `/data-lake/phases?projectId=${w.projectId}&locale=pt-BR`);
    expect(phases.data[0]).toMatchObject({
      projectId: w.projectId,
      key: expect.any(String),
      name: expect.any(String),
    });
  });

  it('gives each discipline of an issue with its status and deadline', async () => {
    const id = w.issueIds.get(WORLD_TITLES.public);
    const page = await json<RestPage>(w.creator, `/data-lake/issues-disciplines?projectId=${w.projectId}`);
    const rows = page.data.filter((r) => r['issueId'] === id);
    expect(rows).toEqual([
      expect.objectContaining({
        disciplineId: w.disciplineIds[0],
        status: 'todo',
        deadline: '2026-03-10',
        effectiveDeadline: '2026-03-10',
      }),
      expect.objectContaining({
        disciplineId: w.disciplineIds[1],
        status: 'follow',
        deadline: null,
        effectiveDeadline: '2026-03-15',
      }),
    ]);
    const locals = await json<RestPage>(w.creator, `/data-lake/issues-locals?projectId=${w.projectId}`);
    expect(locals.data).toEqual([expect.objectContaining({ issueId: id, localId: w.floorId })]);
  });

  it('shows each key’s user exactly the issues and comments they may see', async () => {
    const cases = [
      [w.collaboratorSame, [WORLD_TITLES.public, WORLD_TITLES.resolved], ['público']],
      [
        w.coordinator,
        [
          WORLD_TITLES.public,
          WORLD_TITLES.resolved,
          WORLD_TITLES.project_management,
          WORLD_TITLES.semi_public,
        ],
        ['público', 'coordenação'],
      ],
      [
        w.groupMember,
        [WORLD_TITLES.public, WORLD_TITLES.resolved, WORLD_TITLES.group, WORLD_TITLES.semi_public],
        ['público'],
      ],
    ] as const;
    for (const [user, expected, comments] of cases) {
      const issues = await json<RestPage>(user, '/data-lake/issues');
      expect(titles(issues.data)).toEqual(new Set(expected));
      const visibleIds = new Set(issues.data.map((i) => i['id']));
      const disciplines = await json<RestPage>(user, '/data-lake/issues-disciplines');
      expect(disciplines.data.every((d) => visibleIds.has(d['issueId']))).toBe(true);
      const found = await json<RestPage>(user, '/data-lake/comments');
      expect(new Set(found.data.map((c) => c['message']))).toEqual(new Set(comments));
      const odata = await json<ODataAnswer>(user, '/data-lake/odata/Issues');
      expect(titles(odata.value)).toEqual(new Set(expected));
    }
    const outsider = await feed(w.outsider, `/data-lake/issues?projectId=${w.projectId}`);
    expect([outsider.status, ((await outsider.json()) as { code: string }).code]).toEqual([
      404,
      'PROJECT_NOT_FOUND',
    ]);
    const none = await json<RestPage>(w.outsider, '/data-lake/issues');
    expect(none.data).toEqual([]);
  });

  it('pages by cursor and by page number, and reads only what changed since a time', async () => {
    const all = await json<RestPage>(w.creator, `/data-lake/issues?projectId=${w.projectId}`);
    const ids = all.data.map((r) => r['id']);
    expect(ids).toHaveLength(6);
    const seen: unknown[] = [];
    let next: string | null = `/data-lake/issues?projectId=${w.projectId}&pageSize=4`;
    let pages = 0;
    while (next) {
      const page: RestPage = await json<RestPage>(w.creator, next);
      seen.push(...page.data.map((r) => r['id']));
      next = page.next;
      pages++;
    }
    expect([pages, seen]).toEqual([2, ids]);
    const second = await json<RestPage>(
      w.creator,
      `/data-lake/issues?projectId=${w.projectId}&page=2&pageSize=4`,
    );
    expect(second.data.map((r) => r['id'])).toEqual(ids.slice(4));
    expect(second.hasMore).toBe(false);
    const badCursor = await feed(w.creator, '/data-lake/issues?cursor=zzz');
    expect([badCursor.status, ((await badCursor.json()) as { code: string }).code]).toEqual([
      400,
      'BAD_USER_INPUT',
    ]);
    const badSize = await feed(w.creator, '/data-lake/issues?pageSize=0');
    expect(badSize.status).toBe(400);
    const unknown = await feed(w.creator, '/data-lake/nothing');
    expect(unknown.status).toBe(404);

    const since = new Date();
    await new Promise((r) => setTimeout(r, 20));
    const changed = w.issueIds.get(WORLD_TITLES.resolved);
    await call(t, w.creator, UPDATE_ISSUE, {
      projectId: w.projectId,
      issueId: changed,
      title: 'Laje fissurada',
    });
    const recent = await json<RestPage>(
      w.creator,
      `/data-lake/issues?projectId=${w.projectId}&updatedSince=${encodeURIComponent(since.toISOString())}`,
    );
    expect(recent.data.map((r) => [r['id'], r['title']])).toEqual([[changed, 'Laje fissurada']]);
    expect(Date.parse(String(recent.data[0]?.['updatedAt']))).toBeGreaterThanOrEqual(since.getTime());
    const comments = await json<RestPage>(
      w.creator,
      `/data-lake/comments?updatedSince=${encodeURIComponent(since.toISOString())}`,
    );
    expect(comments.data).toEqual([]);
    await call(t, w.creator, UPDATE_ISSUE, {
      projectId: w.projectId,
      issueId: changed,
      title: WORLD_TITLES.resolved,
    });
  });
});

describe('BI feed: OData v4', () => {
  it('serves the service document and the $metadata CSDL', async () => {
    const service = await json<{ value: { name: string; url: string }[]; '@odata.context': string }>(
      w.creator,
      '/data-lake/odata',
    );
    expect(service['@odata.context']).toBe(`${t.url}/data-lake/odata/$metadata`);
    expect(service.value.map((s) => s.name)).toContain('IssueDisciplines');
    const metadata = await feed(w.creator, '/data-lake/odata/$metadata');
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(metadata.headers.get('odata-version')).toBe('4.0');
    const xml = await metadata.text();
    expect(xml).toContain('<edmx:Edmx Version="4.0"');
    expect(xml).toMatch(/<EntityType Name="Issue">\s*<Key><PropertyRef Name="id"\/><\/Key>/);
    expect(xml).toContain('<Property Name="deadline" Type="Edm.Date" Nullable="true"/>');
    expect(xml).toContain('<EntitySet Name="IssueDisciplines" EntityType="Obra.DataLake.IssueDiscipline"/>');
  });

  it('answers $filter, $orderby, $top/$skip, $count and $select as OData clients expect', async () => {
    const base = `/data-lake/odata/Issues?projectId=${w.projectId}`;
    const q = (s: string) => `${base}&${s}`;
    const low = await json<ODataAnswer>(w.creator, q(`$filter=${encodeURIComponent("priority eq 'low'")}`));
    expect(titles(low.value)).toEqual(new Set([WORLD_TITLES.resolved]));
    expect(low['@odata.context']).toBe(`${t.url}/data-lake/odata/$metadata#Issues`);
    const combined = await json<ODataAnswer>(
      w.creator,
      q(
        `$filter=${encodeURIComponent("(deadline ge 2026-03-01 and deadline lt 2026-04-01) or (visibility eq 'group' and priority ne 'low')")}`,
      ),
    );
    expect(titles(combined.value)).toEqual(new Set([WORLD_TITLES.public, WORLD_TITLES.group]));
    const noDeadline = await json<ODataAnswer>(
      w.creator,
      q(`$filter=${encodeURIComponent('deadline eq null')}&$count=true`),
    );
    expect(noDeadline['@odata.count']).toBe(5);
    const future = await json<ODataAnswer>(
      w.creator,
      q(`$filter=${encodeURIComponent('createdAt gt 2099-01-01T00:00:00Z')}`),
    );
    expect(future.value).toEqual([]);
    const ordered = await json<ODataAnswer>(
      w.creator,
      q('$orderby=title desc&$top=2&$skip=1&$select=id,title&$count=true'),
    );
    const sortedTitles = [...Object.values(WORLD_TITLES)].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
    expect(ordered['@odata.count']).toBe(6);
    expect(ordered.value.map((r) => Object.keys(r).sort())).toEqual([
      ['id', 'title'],
      ['id', 'title'],
    ]);
    expect(ordered.value).toHaveLength(2);
    expect(ordered['@odata.nextLink']).toBeUndefined();
    // The database's collation decides the order of text; PostgreSQL and PGlite agree with it on these titles.
    const dbOrder = await json<ODataAnswer>(w.creator, q('$orderby=title desc&$select=title'));
    expect(ordered.value.map((r) => r['title'])).toEqual(dbOrder.value.slice(1, 3).map((r) => r['title']));
    expect(new Set(dbOrder.value.map((r) => r['title']))).toEqual(new Set(sortedTitles));
    const count = await feed(w.creator, `/data-lake/odata/Issues/$count?projectId=${w.projectId}`);
    expect(await count.text()).toBe('6');
  });

  it('pages with @odata.nextLink (server paging) until the end, keeping $filter and $top', async () => {
    const seen: unknown[] = [];
    let next: string | undefined = `/data-lake/odata/Issues?projectId=${w.projectId}`;
    let pages = 0;
    while (next) {
      const page: ODataAnswer = await json<ODataAnswer>(w.creator, next, { prefer: 'odata.maxpagesize=4' });
      seen.push(...page.value.map((r) => r['id']));
      next = page['@odata.nextLink'];
      if (next) expect(next).toMatch(/\$skiptoken=/);
      pages++;
    }
    expect(pages).toBe(2);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    const limited = await json<ODataAnswer>(w.creator, `/data-lake/odata/Issues?$top=5`, {
      prefer: 'odata.maxpagesize=4',
    });
    expect(limited.value).toHaveLength(4);
    const rest = await json<ODataAnswer>(w.creator, limited['@odata.nextLink'] ?? '', {
      prefer: 'odata.maxpagesize=4',
    });
    expect(rest.value).toHaveLength(1);
    expect(rest['@odata.nextLink']).toBeUndefined();
  });

  it('refuses what it does not support with a 400 in the OData error shape', async () => {
    for (const filter of ["contains(title, 'x')", 'nothing eq 1', "id eq 'x'", 'title eq', 'id eq 1 and']) {
      const response = await feed(w.creator, `/data-lake/odata/Issues?$filter=${encodeURIComponent(filter)}`);
      expect([filter, response.status]).toEqual([filter, 400]);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('BAD_USER_INPUT');
    }
    const badOrder = await feed(w.creator, '/data-lake/odata/Issues?$orderby=nothing');
    expect(badOrder.status).toBe(400);
    const unknownSet = await feed(w.creator, '/data-lake/odata/Nothing');
    expect(unknownSet.status).toBe(404);
  });
});
