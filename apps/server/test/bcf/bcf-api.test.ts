import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_VISIBILITIES } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  buildIssueWorld,
  createIssueAs,
  draft,
  GET_ISSUES,
  type IssueWorld,
} from '../issues/issue-test-kit.ts';
import { CREATE_COMMENT } from '../issues/comment-test-kit.ts';
import { call } from '../projects/project-test-kit.ts';
import { bcf, failing, fullViewpoint, projectGuidOf, valid } from './bcf-api-kit.ts';
import { caseBytes, importFile } from './bcf-test-kit.ts';
import { schemaErrors } from './bcf-api-schemas.ts';

const S = '3.0/Collaboration';
const TOPIC = { schema: `${S}/Topic/topic_GET.json` };
const TOPICS = { schema: `${S}/Topic/topic_GET.json`, list: true };

let t: TestServer;
let w: IssueWorld;
let guid: string;
let base: string;

type Topic = {
  guid: string;
  title: string;
  authorization: { topic_actions: string[]; topic_status: string[] };
};

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
  guid = await projectGuidOf(t, w.projectId);
  base = `/bcf/3.0/projects/${guid}`;
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

describe('comments, viewpoints and relations', () => {
  it('round-trips comments with their viewpoint', async () => {
    const topic = await valid<Topic>(
      t,
      w.creator,
      'POST',
      `${base}/topics`,
      { status: 201, ...TOPIC },
      { title: 'Comment topic' },
    );
    const path = `${base}/topics/${topic.guid}`;
    const viewpoint = await valid<{ guid: string }>(
      t,
      w.creator,
      'POST',
      `${path}/viewpoints`,
      { status: 201, schema: `${S}/Viewpoint/viewpoint_GET.json` },
      await fullViewpoint(),
    );
    const comment = await valid<{
      guid: string;
      viewpoint_guid: string;
      authorization: { comment_actions: string[] };
    }>(
      t,
      w.creator,
      'POST',
      `${path}/comments`,
      { status: 201, schema: `${S}/Comment/comment_GET.json` },
      {
        guid: 'C1D5E3A0-1234-4ABC-8DEF-0123456789AB',
        comment: 'Please move the duct',
        viewpoint_guid: viewpoint.guid,
      },
    );
    expect(comment).toMatchObject({
      guid: 'c1d5e3a0-1234-4abc-8def-0123456789ab',
      viewpoint_guid: viewpoint.guid,
      authorization: { comment_actions: ['update', 'delete'] },
    });
    const second = await valid<{ guid: string; authorization: { comment_actions: string[] } }>(
      t,
      w.collaboratorSame,
      'POST',
      `${path}/comments`,
      { status: 201, schema: `${S}/Comment/comment_GET.json` },
      { comment: 'Done on our side' },
    );
    const comments = await valid<{ guid: string; comment: string }[]>(
      t,
      w.creator,
      'GET',
      `${path}/comments`,
      {
        schema: `${S}/Comment/comment_GET.json`,
        list: true,
      },
    );
    expect(comments.map((c) => c.comment)).toEqual(['Please move the duct', 'Done on our side']);
    const seen = await valid<{ authorization: { comment_actions: string[] } }>(
      t,
      w.creator,
      'GET',
      `${path}/comments/${second.guid}`,
      { schema: `${S}/Comment/comment_GET.json` },
    );
    expect(seen.authorization.comment_actions).toEqual(['delete']);
    expect(
      await failing(t, w.creator, 'PUT', `${path}/comments/${second.guid}`, { comment: 'Not mine' }),
    ).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    const edited = await valid<{ comment: string; modified_date: string | null }>(
      t,
      w.collaboratorSame,
      'PUT',
      `${path}/comments/${second.guid}`,
      { schema: `${S}/Comment/comment_GET.json` },
      { comment: 'Done, checked twice' },
    );
    expect(edited.comment).toBe('Done, checked twice');
    expect(edited.modified_date).not.toBeNull();
    expect(
      await failing(t, w.creator, 'POST', `${path}/comments`, {
        comment: 'x',
        viewpoint_guid: '5a8b2f9c-0000-4000-8000-000000000000',
      }),
    ).toEqual({
      status: 400,
      code: 'BAD_USER_INPUT',
    });
    expect(await failing(t, w.creator, 'POST', `${path}/comments`, { comment: '' })).toEqual({
      status: 400,
      code: 'REQUIRED_FIELD',
    });
    const events = await valid<{ actions: { type: string }[] }[]>(
      t,
      w.creator,
      'GET',
      `${path}/comments/${second.guid}/events`,
      {
        schema: `${S}/Events/comment_event_GET.json`,
        list: true,
      },
    );
    expect(events.map((e) => e.actions[0]?.type)).toEqual(['comment_created', 'comment_text_updated']);
    expect((await bcf(t, w.collaboratorSame, 'DELETE', `${path}/comments/${second.guid}`)).status).toBe(204);
    expect(await failing(t, w.creator, 'GET', `${path}/comments/${second.guid}`)).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('stores viewpoints with camera, snapshot, bitmaps, selection, coloring and visibility', async () => {
    const topic = await valid<Topic>(
      t,
      w.creator,
      'POST',
      `${base}/topics`,
      { status: 201, ...TOPIC },
      { title: 'Viewpoint topic' },
    );
    const path = `${base}/topics/${topic.guid}`;
    const sent = await fullViewpoint('B7E1D0A4-5555-4666-8777-888899990000');
    const created = await valid<{
      guid: string;
      bitmaps: { guid: string }[];
      snapshot: { snapshot_type: string };
    }>(
      t,
      w.creator,
      'POST',
      `${path}/viewpoints`,
      { status: 201, schema: `${S}/Viewpoint/viewpoint_GET.json` },
      sent,
    );
    expect(created.guid).toBe('b7e1d0a4-5555-4666-8777-888899990000');
    expect(created.snapshot).toEqual({ snapshot_type: 'png' });
    const vp = `${path}/viewpoints/${created.guid}`;
    const read = await valid<Record<string, unknown>>(t, w.collaboratorOther, 'GET', vp, {
      schema: `${S}/Viewpoint/viewpoint_GET.json`,
    });
    expect(read['perspective_camera']).toEqual(sent['perspective_camera']);
    expect(read['lines']).toEqual(sent['lines']);
    expect(read['clipping_planes']).toEqual(sent['clipping_planes']);
    const list = await valid<{ guid: string }[]>(t, w.creator, 'GET', `${path}/viewpoints`, {
      schema: `${S}/Viewpoint/viewpoint_GET.json`,
      list: true,
    });
    expect(list.map((v) => v.guid)).toEqual([created.guid]);
    const components = sent['components'] as Record<string, unknown>;
    const selection = await valid<{ selection: unknown[] }>(t, w.creator, 'GET', `${vp}/selection`, {
      schema: `${S}/Viewpoint/selection_GET.json`,
    });
    expect(selection.selection).toEqual(components['selection']);
    const coloring = await valid<{ coloring: { color: string }[] }>(t, w.creator, 'GET', `${vp}/coloring`, {
      schema: `${S}/Viewpoint/coloring_GET.json`,
    });
    expect(coloring.coloring[0]?.color).toBe('FF00FF00');
    const visibility = await valid<{
      visibility: { default_visibility: boolean; view_setup_hints: unknown };
    }>(t, w.creator, 'GET', `${vp}/visibility`, { schema: `${S}/Viewpoint/visibility_GET.json` });
    expect(visibility.visibility.default_visibility).toBe(false);
    expect(visibility.visibility.view_setup_hints).toEqual({
      spaces_visible: false,
      space_boundaries_visible: false,
      openings_visible: true,
    });
    const snapshot = await bcf(t, w.creator, 'GET', `${vp}/snapshot`);
    expect(snapshot.status).toBe(200);
    expect(snapshot.contentType).toContain('image/png');
    expect(snapshot.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    const bitmap = await bcf(t, w.creator, 'GET', `${vp}/bitmaps/${created.bitmaps[0]?.guid ?? ''}`);
    expect(bitmap.status).toBe(200);
    expect(bitmap.bytes.toString('base64')).toBe(
      (sent['bitmaps'] as { bitmap_data: string }[])[0]?.bitmap_data,
    );
    // The snapshot is an image of the issue in the web app.
    const images = await t.server.services.database.executor.executeSql(
      'select count(*)::int as n from issue_images i join bcf_topics b on b.issue_id = i.issue_id where b.guid = $1',
      [topic.guid],
    );
    expect((images.rows[0] as { n: number } | undefined)?.n).toBe(1);
    expect(
      await failing(t, w.collaboratorOther, 'POST', `${path}/viewpoints`, await fullViewpoint()),
    ).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(await failing(t, w.creator, 'GET', `${vp}/bitmaps/00000000-0000-4000-8000-000000000000`)).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('keeps related topics, document references and files, and answers topic events', async () => {
    const one = await valid<Topic>(
      t,
      w.creator,
      'POST',
      `${base}/topics`,
      { status: 201, ...TOPIC },
      { title: 'Relations one' },
    );
    const two = await valid<Topic>(
      t,
      w.creator,
      'POST',
      `${base}/topics`,
      { status: 201, ...TOPIC },
      { title: 'Relations two' },
    );
    const path = `${base}/topics/${one.guid}`;
    const related = await valid<{ related_topic_guid: string }[]>(
      t,
      w.creator,
      'PUT',
      `${path}/related_topics`,
      { schema: `${S}/RelatedTopic/related_topic_GET.json`, list: true },
      [{ related_topic_guid: two.guid }],
    );
    expect(related).toEqual([{ related_topic_guid: two.guid }]);
    expect(
      await failing(t, w.creator, 'PUT', `${path}/related_topics`, [
        { related_topic_guid: '11111111-2222-4333-8444-555555555555' },
      ]),
    ).toEqual({ status: 400, code: 'BAD_USER_INPUT' });
    const reference = await valid<{ guid: string; url: string }>(
      t,
      w.creator,
      'POST',
      `${path}/document_references`,
      { status: 201, schema: `${S}/DocumentReference/document_reference_GET.json` },
      { url: 'https://example.com/spec.pdf', description: 'Specification' },
    );
    expect(reference.url).toBe('https://example.com/spec.pdf');
    const references = await valid<{ guid: string }[]>(t, w.creator, 'GET', `${path}/document_references`, {
      schema: `${S}/DocumentReference/document_reference_GET.json`,
      list: true,
    });
    expect(references.map((r) => r.guid)).toEqual([reference.guid]);
    expect(
      await valid(t, w.creator, 'GET', `${path}/files`, { schema: `${S}/File/file_GET.json`, list: true }),
    ).toEqual([]);
    const model = {
      ifc_project: '0J$yPqHBD12v72y4qF6XcD',
      filename: 'Architecture.ifc',
      reference: 'https://example.com/Architecture.ifc',
    };
    expect(schemaErrors(`${S}/File/file_PUT.json`, model)).toEqual([]);
    const files = await valid<{ filename: string }[]>(
      t,
      w.creator,
      'PUT',
      `${path}/files`,
      { schema: `${S}/File/file_GET.json`, list: true },
      [model],
    );
    expect(files.map((f) => f.filename)).toEqual(['Architecture.ifc']);
    expect(
      await valid(t, w.creator, 'GET', `${path}/files`, { schema: `${S}/File/file_GET.json`, list: true }),
    ).toEqual(files);
    const information = await valid<{ file: { filename: string } }[]>(
      t,
      w.creator,
      'GET',
      `${base}/files_information`,
      {
        schema: `${S}/File/project_files_information_GET.json`,
      },
    );
    expect(information.map((i) => i.file.filename)).toContain('Architecture.ifc');
    const changed = await valid<{ url: string; description: string }>(
      t,
      w.creator,
      'PUT',
      `${path}/document_references/${reference.guid}`,
      { schema: `${S}/DocumentReference/document_reference_GET.json` },
      { url: 'https://example.com/spec-v2.pdf', description: 'Specification, second issue' },
    );
    expect(changed).toMatchObject({
      url: 'https://example.com/spec-v2.pdf',
      description: 'Specification, second issue',
    });
    expect(await failing(t, w.collaboratorOther, 'PUT', `${path}/files`, [])).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    // The relations survive a PUT of the topic's fields.
    await valid(t, w.creator, 'PUT', path, TOPIC, { title: 'Relations one, renamed', priority: 'High' });
    expect(
      await valid(t, w.creator, 'GET', `${path}/related_topics`, {
        schema: `${S}/RelatedTopic/related_topic_GET.json`,
        list: true,
      }),
    ).toEqual(related);
    const events = await valid<{ topic_guid: string; actions: { type: string; value: string | null }[] }[]>(
      t,
      w.creator,
      'GET',
      `${path}/events`,
      { schema: `${S}/Events/topic_event_GET.json`, list: true },
    );
    const types = events.flatMap((e) => e.actions.map((a) => a.type));
    expect(types[0]).toBe('topic_created');
    expect(types).toContain('title_updated');
    expect(events.flatMap((e) => e.actions)).toContainEqual({ type: 'priority_updated', value: 'High' });
    const projectEvents = await valid<{ topic_guid: string }[]>(
      t,
      w.creator,
      'GET',
      `${base}/topics/events?$filter=${encodeURIComponent(`topic_guid eq '${one.guid}'`)}`,
      {
        schema: `${S}/Events/topic_event_GET.json`,
        list: true,
      },
    );
    expect(projectEvents.length).toBe(events.length);
  });
});

describe('imported BCF-XML packages over the API', () => {
  it('answers their documents, document references, files, related topics and viewpoints', async () => {
    for (const relative of [
      '3.0/Markup/Document reference internal/Document reference internal.bcf',
      '3.0/Visualization/Topics with different models visible/Topics with different models visible.bcf',
      '3.0/Markup/Related topics with both topics in the same file/Related topics with both topics in the same file.bcf',
      '3.0/Visualization/Component selection/component selection.bcf',
    ]) {
      const imported = await importFile(t, w.creator, w.projectId, caseBytes(relative));
      expect([relative, imported.status, imported.body.failed]).toEqual([relative, 201, 0]);
    }
    const topics = await valid<(Topic & { guid: string })[]>(t, w.creator, 'GET', `${base}/topics`, TOPICS);
    const documents = await valid<{ guid: string; filename: string }[]>(
      t,
      w.creator,
      'GET',
      `${base}/documents`,
      {
        schema: `${S}/Document/document_GET.json`,
        list: true,
      },
    );
    expect(documents.length).toBeGreaterThan(0);
    const file = await bcf(t, w.creator, 'GET', `${base}/documents/${documents[0]?.guid ?? ''}`);
    // The official case's document is an empty file: what counts is that it is served as the package had it.
    expect(file.status).toBe(200);
    expect(file.contentType).toBe('application/octet-stream');
    const information = await valid<unknown[]>(t, w.creator, 'GET', `${base}/files_information`, {
      schema: `${S}/File/project_files_information_GET.json`,
    });
    expect(information.length).toBeGreaterThan(0);
    let references = 0;
    let files = 0;
    let related = 0;
    let selections = 0;
    for (const topic of topics) {
      const path = `${base}/topics/${topic.guid}`;
      references += (
        await valid<unknown[]>(t, w.creator, 'GET', `${path}/document_references`, {
          schema: `${S}/DocumentReference/document_reference_GET.json`,
          list: true,
        })
      ).length;
      files += (
        await valid<unknown[]>(t, w.creator, 'GET', `${path}/files`, {
          schema: `${S}/File/file_GET.json`,
          list: true,
        })
      ).length;
      related += (
        await valid<unknown[]>(t, w.creator, 'GET', `${path}/related_topics`, {
          schema: `${S}/RelatedTopic/related_topic_GET.json`,
          list: true,
        })
      ).length;
      const viewpoints = await valid<{ guid: string }[]>(t, w.creator, 'GET', `${path}/viewpoints`, {
        schema: `${S}/Viewpoint/viewpoint_GET.json`,
        list: true,
      });
      for (const viewpoint of viewpoints) {
        const vp = `${path}/viewpoints/${viewpoint.guid}`;
        selections += (
          await valid<{ selection: unknown[] }>(t, w.creator, 'GET', `${vp}/selection`, {
            schema: `${S}/Viewpoint/selection_GET.json`,
          })
        ).selection.length;
        await valid(t, w.creator, 'GET', `${vp}/visibility`, {
          schema: `${S}/Viewpoint/visibility_GET.json`,
        });
        await valid(t, w.creator, 'GET', `${vp}/coloring`, { schema: `${S}/Viewpoint/coloring_GET.json` });
      }
      await valid(t, w.creator, 'GET', `${path}/comments`, {
        schema: `${S}/Comment/comment_GET.json`,
        list: true,
      });
    }
    expect({
      references: references > 0,
      files: files > 0,
      related: related > 0,
      selections: selections > 0,
    }).toEqual({
      references: true,
      files: true,
      related: true,
      selections: true,
    });
  });
});

describe('visibility over the API', () => {
  it('never answers a topic, comment or event the caller may not see', async () => {
    const viewers = [
      'creator',
      'groupMember',
      'coordinator',
      'collaboratorSame',
      'collaboratorOther',
    ] as const;
    const sees: Record<(typeof viewers)[number], boolean[]> = {
      creator: [true, true, true, true, true],
      groupMember: [false, true, false, true, true],
      coordinator: [false, false, true, true, true],
      collaboratorSame: [false, false, false, false, true],
      collaboratorOther: [false, false, false, false, true],
    };
    const topics: { visibility: string; guid: string; title: string }[] = [];
    for (const visibility of ISSUE_VISIBILITIES) {
      const title = `Matrix ${visibility}`;
      await createIssueAs(t, w.creator, draft(w, { title, visibility, groupId: w.groupId }));
      const [found] = await valid<Topic[]>(
        t,
        w.creator,
        'GET',
        `${base}/topics?$filter=${encodeURIComponent(`title eq '${title}'`)}`,
        TOPICS,
      );
      if (!found) throw new Error(`no topic for ${visibility}`);
      topics.push({ visibility, guid: found.guid, title });
    }
    // A comment only its author sees, on the public topic.
    const publicTopic = topics.find((x) => x.visibility === 'public');
    if (!publicTopic) throw new Error('no public topic');
    const found = await t.server.services.database.executor.executeSql(
      'select id from issues where project_id = $1 and title = $2',
      [w.projectId, 'Matrix public'],
    );
    const issueId = (found.rows[0] as { id: number } | undefined)?.id;
    await call(t, w.creator, CREATE_COMMENT, {
      projectId: w.projectId,
      issueId,
      message: 'Private note',
      visibility: 'creator',
    });
    for (const viewer of viewers) {
      const user = w[viewer];
      const listed = new Set(
        (
          await valid<Topic[]>(
            t,
            user,
            'GET',
            `${base}/topics?$filter=${encodeURIComponent("contains(title,'Matrix')")}`,
            TOPICS,
          )
        ).map((x) => x.guid),
      );
      const events = new Set(
        (
          await valid<{ topic_guid: string }[]>(t, user, 'GET', `${base}/topics/events`, {
            schema: `${S}/Events/topic_event_GET.json`,
            list: true,
          })
        ).map((e) => e.topic_guid),
      );
      topics.forEach((topic, i) => {
        const expected = sees[viewer][i] ?? false;
        expect([viewer, topic.visibility, listed.has(topic.guid)]).toEqual([
          viewer,
          topic.visibility,
          expected,
        ]);
        // Events follow the history's own visibility (docs/permissions.md): never of a topic the viewer may
        // not see, and always of a public one.
        if (!expected)
          expect([viewer, topic.visibility, events.has(topic.guid)]).toEqual([
            viewer,
            topic.visibility,
            false,
          ]);
        if (topic.visibility === 'public') expect([viewer, events.has(topic.guid)]).toEqual([viewer, true]);
      });
      for (const [i, topic] of topics.entries()) {
        const answer = await bcf(t, user, 'GET', `${base}/topics/${topic.guid}`);
        expect([viewer, topic.visibility, answer.status]).toEqual([
          viewer,
          topic.visibility,
          sees[viewer][i] ? 200 : 404,
        ]);
        if (!sees[viewer][i]) {
          expect((await bcf(t, user, 'GET', `${base}/topics/${topic.guid}/comments`)).status).toBe(404);
          expect((await bcf(t, user, 'GET', `${base}/topics/${topic.guid}/viewpoints`)).status).toBe(404);
        }
      }
      const comments = await valid<{ comment: string }[]>(
        t,
        user,
        'GET',
        `${base}/topics/${publicTopic.guid}/comments`,
        {
          schema: `${S}/Comment/comment_GET.json`,
          list: true,
        },
      );
      expect([viewer, comments.some((c) => c.comment === 'Private note')]).toEqual([
        viewer,
        viewer === 'creator',
      ]);
      const commentEvents = await valid<{ topic_guid: string }[]>(
        t,
        user,
        'GET',
        `${base}/topics/comments/events`,
        {
          schema: `${S}/Events/comment_event_GET.json`,
          list: true,
        },
      );
      expect([viewer, commentEvents.filter((e) => e.topic_guid === publicTopic.guid).length]).toEqual([
        viewer,
        viewer === 'creator' ? 1 : 0,
      ]);
    }
    expect((await bcf(t, w.outsider, 'GET', `${base}/topics`)).status).toBe(404);
  });
});
