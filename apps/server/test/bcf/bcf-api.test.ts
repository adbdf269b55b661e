// The BCF-API 3.0 server (docs/api-bcf.md): the Foundation API, projects and topics. Comments, viewpoints and the
// topics' relations: bcf-api-topic-parts.test.ts; what a caller may see: bcf-api-visibility.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import { createIssueAs, draft, GET_ISSUES, type IssueWorld } from '../issues/issue-test-kit.ts';
import { call } from '../projects/project-test-kit.ts';
import {
  bcf,
  COLLABORATION as S,
  failing,
  startBcfApiWorld,
  TOPIC,
  TOPICS,
  valid,
  type BcfTopic as Topic,
} from './bcf-api-kit.ts';

let t: TestServer;
let w: IssueWorld;
let guid: string;
let base: string;

beforeAll(async () => {
  ({ t, w, guid, base } = await startBcfApiWorld());
});
afterAll(async () => {
  await t.close();
});

describe('Foundation API', () => {
  it('answers versions, auth and the current user', async () => {
    const versions = await valid<{ versions: { version_id: string; api_id: string }[] }>(
      t,
      undefined,
      'GET',
      '/foundation/versions',
      { schema: '2.1/Public/versions_GET.json' },
    );
    expect(versions.versions).toContainEqual(expect.objectContaining({ api_id: 'bcf', version_id: '3.0' }));
    const auth = await valid<{ http_basic_supported: boolean }>(t, undefined, 'GET', '/foundation/1.0/auth', {
      schema: '2.1/Authentication/auth_GET.json',
    });
    expect(auth.http_basic_supported).toBe(true);
    const me = await valid<{ id: string }>(t, w.creator, 'GET', '/foundation/1.0/current-user', {
      schema: '3.0/User/user_GET.json',
    });
    expect(me.id).toBe(w.creator.email);
    expect(await failing(t, undefined, 'GET', '/foundation/1.0/current-user')).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    expect(
      (await failing(t, { authorization: 'Bearer not-a-token' }, 'GET', '/bcf/3.0/projects')).status,
    ).toBe(401);
  });

  it('accepts an access key over HTTP Basic', async () => {
    const created = await call<{ createAccessKey: { accessKey: { keyId: string }; secret: string } }>(
      t,
      w.creator,
      'mutation { createAccessKey(name: "Solibri") { accessKey { keyId } secret } }',
    );
    const { accessKey, secret } = created.createAccessKey;
    const basic = {
      authorization: `Basic ${Buffer.from(`${accessKey.keyId}:${secret}`).toString('base64')}`,
    };
    const me = await valid<{ id: string }>(t, basic, 'GET', '/foundation/1.0/current-user', {
      schema: '3.0/User/user_GET.json',
    });
    expect(me.id).toBe(w.creator.email);
    const projects = await valid<{ project_id: string }[]>(t, basic, 'GET', '/bcf/3.0/projects', {
      schema: '3.0/Project/project_GET.json',
      list: true,
    });
    expect(projects.map((p) => p.project_id)).toContain(guid);
    const wrong = { authorization: `Basic ${Buffer.from(`${accessKey.keyId}:wrong`).toString('base64')}` };
    expect((await failing(t, wrong, 'GET', '/bcf/3.0/projects')).status).toBe(401);
  });
});

describe('projects', () => {
  it('lists, reads and describes the projects the caller takes part in', async () => {
    const projects = await valid<{ project_id: string; authorization: { project_actions: string[] } }[]>(
      t,
      w.creator,
      'GET',
      '/bcf/3.0/projects',
      { schema: '3.0/Project/project_GET.json', list: true },
    );
    expect(projects.find((p) => p.project_id === guid)?.authorization.project_actions).toEqual([
      'update',
      'createTopic',
      'createDocument',
    ]);
    expect(
      await valid(t, w.outsider, 'GET', '/bcf/3.0/projects', {
        schema: '3.0/Project/project_GET.json',
        list: true,
      }),
    ).toEqual([]);
    const project = await valid<{ name: string }>(t, w.collaboratorOther, 'GET', base, {
      schema: '3.0/Project/project_GET.json',
    });
    expect(project.name).toBe('Torre Issues');
    const extensions = await valid<{ topic_status: string[]; users: string[]; priority: string[] }>(
      t,
      w.creator,
      'GET',
      `${base}/extensions`,
      { schema: '3.0/Project/extensions_GET.json' },
    );
    expect(extensions.topic_status).toEqual(['Open', 'Resolved', 'Rejected']);
    expect(extensions.users).toContain(w.collaboratorSame.email);
    expect(extensions.priority).toEqual(['High', 'Medium', 'Low']);
    expect(await failing(t, w.outsider, 'GET', base)).toEqual({ status: 404, code: 'PROJECT_NOT_FOUND' });
    expect(await failing(t, w.creator, 'GET', '/bcf/3.0/projects/not-a-guid')).toEqual({
      status: 404,
      code: 'PROJECT_NOT_FOUND',
    });
    expect(
      await valid(t, w.creator, 'GET', `${base}/files_information`, {
        schema: `${S}/File/project_files_information_GET.json`,
      }),
    ).toEqual([]);
    expect(
      await valid(t, w.creator, 'GET', `${base}/documents`, {
        schema: `${S}/Document/document_GET.json`,
        list: true,
      }),
    ).toEqual([]);
  });
});

describe('topics', () => {
  it('creates a topic that the web app lists, and reads it back', async () => {
    const created = await valid<Topic & Record<string, unknown>>(
      t,
      w.creator,
      'POST',
      `${base}/topics`,
      { status: 201, ...TOPIC },
      {
        guid: 'A245F4F2-2C01-B43B-B612-5E456BEF8116',
        title: 'Duct crosses beam B12',
        topic_type: 'Clash',
        topic_status: 'Open',
        priority: 'High',
        labels: ['Legacy label'],
        description: 'Level 2, grid C4',
        due_date: '2026-06-30',
        reference_links: ['https://example.com/ticket/1'],
        assigned_to: w.collaboratorSame.email,
      },
    );
    expect(created).toMatchObject({
      guid: 'a245f4f2-2c01-b43b-b612-5e456bef8116',
      title: 'Duct crosses beam B12',
      topic_status: 'Open',
      priority: 'High',
      labels: ['Legacy label'],
      description: 'Level 2, grid C4',
      due_date: '2026-06-30T00:00:00Z',
      creation_author: w.creator.email,
      reference_links: ['https://example.com/ticket/1'],
      assigned_to: w.collaboratorSame.email,
    });
    expect(created.authorization.topic_actions).toContain('update');
    const listed = await call<{ getIssues: { issues: { title: string; visibility: string }[] } }>(
      t,
      w.creator,
      GET_ISSUES,
      {
        projectId: w.projectId,
        first: 50,
      },
    );
    expect(listed.getIssues.issues).toContainEqual(
      expect.objectContaining({ title: 'Duct crosses beam B12', visibility: 'public' }),
    );
    const read = await valid<Topic>(
      t,
      w.creator,
      'GET',
      `${base}/topics/${created.guid.toUpperCase()}`,
      TOPIC,
    );
    expect(read.title).toBe('Duct crosses beam B12');
    expect(
      await failing(t, w.creator, 'POST', `${base}/topics`, { guid: created.guid, title: 'again' }),
    ).toEqual({ status: 400, code: 'BAD_USER_INPUT' });
    expect(await failing(t, w.creator, 'POST', `${base}/topics`, { title: '' })).toEqual({
      status: 400,
      code: 'REQUIRED_FIELD',
    });
    expect(await failing(t, w.creator, 'GET', `${base}/topics/3c3ee4a3-4a74-4a7a-9f7e-2f2b6b7d1a00`)).toEqual(
      {
        status: 404,
        code: 'NOT_FOUND',
      },
    );
  });

  it('answers issues made in the web app under a stable GUID', async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w, { title: 'Made in Obra' }));
    const topics = await valid<Topic[]>(
      t,
      w.creator,
      'GET',
      `${base}/topics?$filter=${encodeURIComponent("title eq 'Made in Obra'")}`,
      TOPICS,
    );
    expect(topics).toHaveLength(1);
    const topicGuid = topics[0]?.guid ?? '';
    const again = await valid<Topic>(t, w.creator, 'GET', `${base}/topics/${topicGuid}`, TOPIC);
    expect(again.title).toBe('Made in Obra');
    expect(issueId).toBeGreaterThan(0);
  });

  it('filters, orders and pages with OData', async () => {
    const make = (title: string, priority: string, labels: string[]) =>
      valid<Topic>(
        t,
        w.creator,
        'POST',
        `${base}/topics`,
        { status: 201, ...TOPIC },
        { title, priority, labels },
      );
    await make('OData alpha', 'Low', ['Roof']);
    await make('OData beta', 'Medium', ['Roof', 'Facade']);
    await make('OData gamma', 'High', []);
    const list = async (query: string) =>
      (await valid<Topic[]>(t, w.creator, 'GET', `${base}/topics?${query}`, TOPICS)).map((x) => x.title);
    const odata = (filter: string, rest = '') => list(`$filter=${encodeURIComponent(filter)}${rest}`);
    expect(await odata("contains(title,'OData')", '&$orderby=title')).toEqual([
      'OData alpha',
      'OData beta',
      'OData gamma',
    ]);
    expect(await odata("contains(title,'OData') and priority eq 'Low'")).toEqual(['OData alpha']);
    expect(await odata("contains(title,'OData') and priority ne 'Low'", '&$orderby=title desc')).toEqual([
      'OData gamma',
      'OData beta',
    ]);
    expect(
      await odata(
        "priority eq 'Low' and contains(title,'OData') or title eq 'OData gamma'",
        '&$orderby=title',
      ),
    ).toEqual(['OData alpha', 'OData gamma']);
    expect(await odata("labels/any(l: l eq 'Facade')")).toEqual(['OData beta']);
    const all = await valid<(Topic & { creation_date: string })[]>(
      t,
      w.creator,
      'GET',
      `${base}/topics?$orderby=creation_date`,
      TOPICS,
    );
    const middle = all.find((x) => x.title === 'OData beta')?.creation_date ?? '';
    expect(await odata(`contains(title,'OData') and creation_date gt ${middle}`)).toEqual(['OData gamma']);
    expect(await odata(`contains(title,'OData') and creation_date ge ${middle}`, '&$orderby=title')).toEqual([
      'OData beta',
      'OData gamma',
    ]);
    expect(await odata(`contains(title,'OData') and creation_date lt ${middle}`)).toEqual(['OData alpha']);
    expect(await odata(`contains(title,'OData') and creation_date le ${middle}`, '&$orderby=title')).toEqual([
      'OData alpha',
      'OData beta',
    ]);
    // Without $filter and $orderby, pages follow the issue list's own order, read page by page in SQL.
    const everything = await list('');
    expect(await list('$top=2&$skip=1')).toEqual(everything.slice(1, 3));
    expect(await list(`$skip=${everything.length}`)).toEqual([]);
    const paged = (skip: number) => odata("contains(title,'OData')", `&$orderby=title&$top=2&$skip=${skip}`);
    expect(await paged(0)).toEqual(['OData alpha', 'OData beta']);
    expect(await paged(2)).toEqual(['OData gamma']);
    expect(await paged(4)).toEqual([]);
    for (const bad of [
      '$filter=nonsense%20eq%201',
      '$filter=title%20eq',
      '$orderby=secret',
      '$top=-1',
      '$skip=x',
    ])
      expect(await failing(t, w.creator, 'GET', `${base}/topics?${bad}`)).toEqual({
        status: 400,
        code: 'BAD_USER_INPUT',
      });
  });

  it('computes authorization from the issue policy and enforces it', async () => {
    const created = await valid<Topic>(
      t,
      w.creator,
      'POST',
      `${base}/topics`,
      { status: 201, ...TOPIC },
      { title: 'Policy topic' },
    );
    const path = `${base}/topics/${created.guid}`;
    expect(created.authorization.topic_status).toEqual(['Open', 'Resolved', 'Rejected']);
    expect(created.authorization.topic_actions).toEqual(
      expect.arrayContaining(['update', 'createComment', 'createViewpoint', 'delete']),
    );
    // A collaborator of another discipline sees the public topic, may comment, may not change it.
    const other = await valid<Topic>(t, w.collaboratorOther, 'GET', path, TOPIC);
    expect(other.authorization.topic_actions).not.toContain('update');
    expect(other.authorization.topic_actions).not.toContain('delete');
    expect(other.authorization.topic_status).toEqual([]);
    expect(await failing(t, w.collaboratorOther, 'PUT', path, { title: 'Hijacked' })).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(await failing(t, w.collaboratorOther, 'DELETE', path)).toEqual({ status: 403, code: 'FORBIDDEN' });
    const updated = await valid<Topic & { topic_status: string; priority: string }>(
      t,
      w.creator,
      'PUT',
      path,
      TOPIC,
      { title: 'Policy topic, renamed', topic_status: 'Resolved', priority: 'Low' },
    );
    expect(updated).toMatchObject({
      title: 'Policy topic, renamed',
      topic_status: 'Resolved',
      priority: 'Low',
    });
    expect((await bcf(t, w.creator, 'DELETE', path)).status).toBe(204);
    expect(await failing(t, w.creator, 'GET', path)).toEqual({ status: 404, code: 'NOT_FOUND' });
  });
});
