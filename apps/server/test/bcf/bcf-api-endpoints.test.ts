import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import { leastOfThree } from '../support/statement-count.ts';
import { createIssueAs, draft, type IssueWorld } from '../issues/issue-test-kit.ts';
import { projectLabels } from '../../src/db/schema/index.ts';
import { BCF_API_PAGING } from '../../src/modules/bcf/api/bcf-api-topics.ts';
import {
  BCF_COMMENT_EVENT_TYPES,
  BCF_TOPIC_EVENT_TYPES,
} from '../../src/modules/bcf/api/bcf-api-event-mapping.ts';
import {
  bcf,
  COLLABORATION as S,
  failing,
  fullViewpoint,
  startBcfApiWorld,
  TOPIC,
  TOPICS,
  valid,
  type BcfTopic as Topic,
} from './bcf-api-kit.ts';
import { uploadImage } from '../issues/image-test-kit.ts';
import { call } from '../projects/project-test-kit.ts';
import { randomUUID } from 'node:crypto';

/**
 * The BCF-API 3.0 endpoints added after the first server (docs/api-bcf.md "Endpoints"): PUT project, project
 * documents on the drive, DELETE viewpoint and document reference, the BIM snippet file, the official event
 * types, and OData lists that read every visible issue page by page.
 */

const PROJECT = { schema: '3.0/Project/project_GET.json' };

let t: TestServer;
let w: IssueWorld;
let base: string;

type Project = { project_id: string; name: string; authorization: { project_actions: string[] } };
type Event = { topic_guid: string; comment_guid?: string; actions: { type: string; value: string | null }[] };

beforeAll(async () => {
  ({ t, w, base } = await startBcfApiWorld());
  await t.server.services.database.db.insert(projectLabels).values([
    { projectId: w.projectId, name: 'Roof', abbreviation: 'RF' },
    { projectId: w.projectId, name: 'Facade', abbreviation: 'FC' },
  ]);
});
afterAll(async () => {
  await t.close();
});

async function newTopic(title: string, extra: Record<string, unknown> = {}): Promise<Topic> {
  return valid<Topic>(t, w.creator, 'POST', `${base}/topics`, { status: 201, ...TOPIC }, { title, ...extra });
}

/** A raw call with a binary body. */
async function send(
  caller: { token: string },
  method: string,
  path: string,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${t.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${caller.token}`, 'content-type': 'application/pdf', ...headers },
    body: new Uint8Array(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`, 'latin1');

describe('project', () => {
  it('answers project_actions from the project policy and renames with update', async () => {
    const mine = await valid<Project>(t, w.creator, 'GET', base, PROJECT);
    expect(mine.authorization.project_actions).toEqual(['update', 'createTopic', 'createDocument']);
    const theirs = await valid<Project>(t, w.collaboratorSame, 'GET', base, PROJECT);
    expect(theirs.authorization.project_actions).toEqual(['createTopic', 'createDocument']);
    const renamed = await valid<Project>(t, w.creator, 'PUT', base, PROJECT, { name: 'Torre Issues II' });
    expect(renamed).toMatchObject({ name: 'Torre Issues II', project_id: mine.project_id });
    expect((await valid<Project>(t, w.collaboratorOther, 'GET', base, PROJECT)).name).toBe('Torre Issues II');
    // Without `update` in project_actions: 403, and the name stays.
    expect(await failing(t, w.collaboratorSame, 'PUT', base, { name: 'Mine now' })).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(await failing(t, w.creator, 'PUT', base, { name: ' ' })).toEqual({
      status: 400,
      code: 'REQUIRED_FIELD',
    });
    expect(await failing(t, w.outsider, 'PUT', base, { name: 'x' })).toEqual({
      status: 404,
      code: 'PROJECT_NOT_FOUND',
    });
    expect((await valid<Project>(t, w.creator, 'PUT', base, PROJECT, { name: 'Torre Issues' })).name).toBe(
      'Torre Issues',
    );
  });
});

describe('documents', () => {
  it('uploads a document to the project drive and lists and downloads the drive documents', async () => {
    const bytes = pdf('Building permission');
    const answer = await send(w.collaboratorSame, 'POST', `${base}/documents`, bytes, {
      'content-disposition': 'attachment; filename="Official_Building_Permission.pdf"',
    });
    expect(answer.status).toBe(201);
    expect(answer.json['filename']).toBe('Official_Building_Permission.pdf');
    const guid = String(answer.json['guid']);
    // The drive lists it, with the same bytes: it is a drive document like any uploaded in the web app.
    const drive = await fetch(`${t.url}/project-drive/projects/${w.projectId}/files`, {
      headers: { authorization: `Bearer ${w.creator.token}` },
    });
    const files = ((await drive.json()) as { files: { fileName: string; uploadState: string }[] }).files;
    expect(files).toContainEqual(
      expect.objectContaining({ fileName: 'Official_Building_Permission.pdf', uploadState: 'confirmed' }),
    );
    for (const user of [w.creator, w.collaboratorOther]) {
      const listed = await valid<{ guid: string; filename: string }[]>(t, user, 'GET', `${base}/documents`, {
        schema: `${S}/Document/document_GET.json`,
        list: true,
      });
      expect(listed).toContainEqual(
        expect.objectContaining({ guid, filename: 'Official_Building_Permission.pdf' }),
      );
      const download = await bcf(t, user, 'GET', `${base}/documents/${guid.toUpperCase()}`);
      expect(download.status).toBe(200);
      expect(download.contentType).toBe('application/pdf');
      expect(download.bytes.equals(bytes)).toBe(true);
    }
    // A document reference may point at it.
    const topic = await newTopic('Refers to the permission');
    const reference = await valid<{ document_guid: string }>(
      t,
      w.creator,
      'POST',
      `${base}/topics/${topic.guid}/document_references`,
      { status: 201, schema: `${S}/DocumentReference/document_reference_GET.json` },
      { document_guid: guid, description: 'Permission' },
    );
    expect(reference.document_guid).toBe(guid);
  });

  it('refuses uploads without a name, of a refused type, or from outside the project', async () => {
    const none = await send(w.creator, 'POST', `${base}/documents`, pdf('x'));
    expect([none.status, none.json['code']]).toEqual([400, 'REQUIRED_FIELD']);
    const exe = await send(
      w.creator,
      'POST',
      `${base}/documents?filename=setup.pdf`,
      Buffer.from('MZ\x90\0'),
    );
    expect([exe.status, exe.json['code']]).toEqual([400, 'FILE_EXTENSION_NOT_ALLOWED']);
    const outsider = await send(w.outsider, 'POST', `${base}/documents?filename=a.pdf`, pdf('a'));
    expect([outsider.status, outsider.json['code']]).toEqual([404, 'PROJECT_NOT_FOUND']);
    const listed = await valid<{ filename: string }[]>(t, w.creator, 'GET', `${base}/documents`, {
      schema: `${S}/Document/document_GET.json`,
      list: true,
    });
    expect(listed.map((d) => d.filename)).not.toContain('setup.pdf');
    expect(
      await failing(t, w.creator, 'GET', `${base}/documents/3c3ee4a3-4a74-4a7a-9f7e-2f2b6b7d1a00`),
    ).toEqual({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('deletes', () => {
  it('deletes a viewpoint and its snapshot, after the comments that refer to it let go', async () => {
    const topic = await newTopic('Viewpoint to delete');
    const path = `${base}/topics/${topic.guid}`;
    const viewpoint = await valid<{ guid: string; authorization: { viewpoint_actions: string[] } }>(
      t,
      w.creator,
      'POST',
      `${path}/viewpoints`,
      { status: 201, schema: `${S}/Viewpoint/viewpoint_GET.json` },
      await fullViewpoint(),
    );
    expect(viewpoint.authorization.viewpoint_actions).toEqual(['delete']);
    const seenByOther = await valid<{ authorization: { viewpoint_actions: string[] } }>(
      t,
      w.collaboratorOther,
      'GET',
      `${path}/viewpoints/${viewpoint.guid}`,
      { schema: `${S}/Viewpoint/viewpoint_GET.json` },
    );
    expect(seenByOther.authorization.viewpoint_actions).toEqual([]);
    expect(await failing(t, w.collaboratorOther, 'DELETE', `${path}/viewpoints/${viewpoint.guid}`)).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    const comment = await valid<{ guid: string }>(
      t,
      w.creator,
      'POST',
      `${path}/comments`,
      { status: 201, schema: `${S}/Comment/comment_GET.json` },
      { comment: 'See the viewpoint', viewpoint_guid: viewpoint.guid },
    );
    expect(await failing(t, w.creator, 'DELETE', `${path}/viewpoints/${viewpoint.guid}`)).toEqual({
      status: 409,
      code: 'BCF_VIEWPOINT_IN_USE',
    });
    await valid(
      t,
      w.creator,
      'PUT',
      `${path}/comments/${comment.guid}`,
      { schema: `${S}/Comment/comment_GET.json` },
      { comment: 'See the viewpoint' },
    );
    expect((await bcf(t, w.creator, 'DELETE', `${path}/viewpoints/${viewpoint.guid}`)).status).toBe(204);
    expect(await failing(t, w.creator, 'GET', `${path}/viewpoints/${viewpoint.guid}`)).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    // Its snapshot went with it: it does not come back as a snapshot-only viewpoint.
    expect(
      await valid(t, w.creator, 'GET', `${path}/viewpoints`, {
        schema: `${S}/Viewpoint/viewpoint_GET.json`,
        list: true,
      }),
    ).toEqual([]);
  });

  it('deletes a document reference', async () => {
    const topic = await newTopic('Reference to delete');
    const path = `${base}/topics/${topic.guid}/document_references`;
    const schema = { schema: `${S}/DocumentReference/document_reference_GET.json` };
    const first = await valid<{ guid: string }>(
      t,
      w.creator,
      'POST',
      path,
      { status: 201, ...schema },
      {
        url: 'https://example.com/a.pdf',
      },
    );
    await valid(t, w.creator, 'POST', path, { status: 201, ...schema }, { url: 'https://example.com/b.pdf' });
    expect(await failing(t, w.collaboratorOther, 'DELETE', `${path}/${first.guid}`)).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect((await bcf(t, w.creator, 'DELETE', `${path}/${first.guid}`)).status).toBe(204);
    const left = await valid<{ url: string }[]>(t, w.creator, 'GET', path, { ...schema, list: true });
    expect(left.map((d) => d.url)).toEqual(['https://example.com/b.pdf']);
    expect(await failing(t, w.creator, 'DELETE', `${path}/${first.guid}`)).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
  });
});

describe("viewpoints saved by Obra's own 3D viewer", () => {
  it('answer with their camera and their snapshot in the BCF-API, as one viewpoint', async () => {
    const guid = randomUUID();
    const visualization = {
      guid,
      camera: {
        kind: 'perspective',
        viewPoint: { x: 10, y: -4, z: 3.5 },
        direction: { x: 0, y: 1, z: 0 },
        upVector: { x: 0, y: 0, z: 1 },
        fieldOfView: 60,
        aspectRatio: 1.6,
      },
      components: {
        selection: [{ ifcGuid: '2O2Fr$t4X7Zf8NOew3FLOH' }],
        visibility: { defaultVisibility: true, exceptions: [] },
        coloring: [],
      },
      lines: [],
      clippingPlanes: [],
      bitmaps: [],
    };
    const viewpoint = { guid, index: 0, visualization };
    const original = await uploadImage(t, w.creator, w.projectId);
    const created = await call<{ createIssue: { id: number } }>(
      t,
      w.creator,
      `mutation($p: Int!, $d: [IssueDisciplineInput!], $v: JSON, $i: [IssueImageInput!], $b: JSON) {
        createIssue(projectId: $p, title: "Raised in the 3D viewer", status: "active", priority: "high",
          visibility: "public", disciplines: $d, viewpoints: $v, images: $i, bimPins: $b) { id } }`,
      {
        p: w.projectId,
        d: [{ disciplineId: w.disciplineIds[0], status: 'todo' }],
        v: [viewpoint],
        i: [{ index: 0, title: 'Model view', original, viewpoint }],
        b: [{ guid: '2O2Fr$t4X7Zf8NOew3FLOH', position: [1, 2, 3], modelId: null }],
      },
    );
    expect(created.createIssue.id).toBeGreaterThan(0);
    const topics = await valid<Topic[]>(t, w.creator, 'GET', `${base}/topics`, TOPICS);
    const topicGuid = topics.find((x) => x.title === 'Raised in the 3D viewer')?.guid ?? '';
    const listed = await valid<{ guid: string; perspective_camera?: { camera_view_point: unknown } }[]>(
      t,
      w.creator,
      'GET',
      `${base}/topics/${topicGuid}/viewpoints`,
      { schema: `${S}/Viewpoint/viewpoint_GET.json`, list: true },
    );
    // One viewpoint: the camera the viewer saved, not a snapshot-only copy beside a camera without a picture.
    expect(listed).toHaveLength(1);
    expect(listed[0]?.guid).toBe(guid);
    expect(listed[0]?.perspective_camera?.camera_view_point).toEqual({ x: 10, y: -4, z: 3.5 });
    const snapshot = await bcf(
      t,
      w.creator,
      'GET',
      `${base}/topics/${topicGuid}/viewpoints/${guid}/snapshot`,
    );
    expect(snapshot.status).toBe(200);
  });
});

describe('BIM snippet', () => {
  it('stores and answers the file of an internal snippet', async () => {
    const topic = await newTopic('With a snippet');
    const path = `${base}/topics/${topic.guid}`;
    const file = Buffer.from('ISO-10303-21;\nHEADER;ENDSEC;DATA;ENDSEC;END-ISO-10303-21;\n');
    // An external snippet has no file here.
    const external = await send(w.creator, 'PUT', `${path}/snippet`, file, {
      'content-type': 'application/octet-stream',
    });
    expect([external.status, external.json['code']]).toEqual([400, 'BAD_USER_INPUT']);
    await valid(t, w.creator, 'PUT', path, TOPIC, {
      title: 'With a snippet',
      bim_snippet: {
        snippet_type: 'clash',
        is_external: false,
        reference: 'clash.ifc',
        reference_schema: 'https://example.com/schema',
      },
    });
    expect(await failing(t, w.creator, 'GET', `${path}/snippet`)).toEqual({ status: 404, code: 'NOT_FOUND' });
    const refused = await send(w.collaboratorOther, 'PUT', `${path}/snippet`, file, {
      'content-type': 'application/octet-stream',
    });
    expect([refused.status, refused.json['code']]).toEqual([403, 'FORBIDDEN']);
    const put = await send(w.creator, 'PUT', `${path}/snippet`, file, {
      'content-type': 'application/octet-stream',
    });
    expect(put.status).toBe(204);
    const got = await bcf(t, w.collaboratorOther, 'GET', `${path}/snippet`);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(file)).toBe(true);
  });
});

describe('events', () => {
  it('answers the official topic and comment event types only', async () => {
    const topic = await newTopic('Evented', {
      description: 'First text',
      priority: 'High',
      due_date: '2026-09-30',
      labels: ['Roof'],
    });
    const path = `${base}/topics/${topic.guid}`;
    await valid(t, w.creator, 'PUT', path, TOPIC, {
      title: 'Evented, renamed',
      priority: 'Low',
      labels: ['Facade'],
    });
    const events = await valid<Event[]>(t, w.creator, 'GET', `${path}/events`, {
      schema: `${S}/Events/topic_event_GET.json`,
      list: true,
    });
    const actions = events.flatMap((e) => e.actions);
    for (const action of actions) expect(BCF_TOPIC_EVENT_TYPES).toContain(action.type);
    expect(events.every((e) => e.actions.length === 1)).toBe(true);
    expect(actions[0]).toEqual({ type: 'topic_created', value: null });
    // Creation: an event per field then set, with the value it had.
    expect(actions).toEqual(
      expect.arrayContaining([
        { type: 'title_updated', value: 'Evented' },
        { type: 'description_updated', value: 'First text' },
        { type: 'priority_updated', value: 'High' },
        { type: 'due_date_updated', value: '2026-09-30T00:00:00Z' },
        { type: 'label_added', value: 'Roof' },
        // The PUT: a new title, priority, labels; the description and due date it left out are removed.
        { type: 'title_updated', value: 'Evented, renamed' },
        { type: 'priority_updated', value: 'Low' },
        { type: 'description_removed', value: null },
        { type: 'due_date_removed', value: null },
        { type: 'label_removed', value: 'Roof' },
        { type: 'label_added', value: 'Facade' },
      ]),
    );
    const labelAdded = await valid<Event[]>(
      t,
      w.creator,
      'GET',
      `${base}/topics/events?$filter=${encodeURIComponent(`topic_guid eq '${topic.guid}' and type eq 'label_added'`)}`,
      { schema: `${S}/Events/topic_event_GET.json`, list: true },
    );
    expect(labelAdded.flatMap((e) => e.actions.map((a) => a.value))).toEqual(['Roof', 'Facade']);

    const viewpoint = await valid<{ guid: string }>(
      t,
      w.creator,
      'POST',
      `${path}/viewpoints`,
      { status: 201, schema: `${S}/Viewpoint/viewpoint_GET.json` },
      await fullViewpoint(),
    );
    const comment = await valid<{ guid: string }>(
      t,
      w.creator,
      'POST',
      `${path}/comments`,
      { status: 201, schema: `${S}/Comment/comment_GET.json` },
      { comment: 'With a view', viewpoint_guid: viewpoint.guid },
    );
    await valid(
      t,
      w.creator,
      'PUT',
      `${path}/comments/${comment.guid}`,
      { schema: `${S}/Comment/comment_GET.json` },
      { comment: 'With a view, edited', viewpoint_guid: viewpoint.guid },
    );
    const commentEvents = await valid<Event[]>(
      t,
      w.creator,
      'GET',
      `${path}/comments/${comment.guid}/events`,
      {
        schema: `${S}/Events/comment_event_GET.json`,
        list: true,
      },
    );
    const commentActions = commentEvents.flatMap((e) => e.actions);
    for (const action of commentActions) expect(BCF_COMMENT_EVENT_TYPES).toContain(action.type);
    expect(commentActions).toEqual([
      { type: 'comment_created', value: null },
      { type: 'viewpoint_updated', value: viewpoint.guid },
      { type: 'comment_text_updated', value: 'With a view, edited' },
    ]);
    const created = await valid<Event[]>(
      t,
      w.creator,
      'GET',
      `${base}/topics/comments/events?$filter=${encodeURIComponent(`comment_guid eq '${comment.guid}' and type eq 'comment_created'`)}`,
      { schema: `${S}/Events/comment_event_GET.json`, list: true },
    );
    expect(created).toHaveLength(1);
  });
});

describe('OData over every visible issue', () => {
  const pageSize = BCF_API_PAGING.pageSize;
  afterEach(() => {
    BCF_API_PAGING.pageSize = pageSize;
  });

  it('filters, orders and pages past any page of the issue list', async () => {
    for (const n of [1, 2, 3, 4, 5, 6, 7])
      await createIssueAs(t, w.creator, draft(w, { title: `Paged ${String(n).padStart(2, '0')}` }));
    const list = async (query: string) =>
      (await valid<Topic[]>(t, w.creator, 'GET', `${base}/topics?${query}`, TOPICS)).map((x) => x.title);
    const filter = `$filter=${encodeURIComponent("contains(title,'Paged')")}`;
    const expected = ['01', '02', '03', '04', '05', '06', '07'].map((n) => `Paged ${n}`);
    const everything = await list('');
    const unfiltered = await list('$top=3&$skip=2');
    const ordered = await list(`${filter}&$orderby=title`);
    expect(ordered).toEqual(expected);
    // Two issues a page: every list must read past the first pages to answer the same.
    BCF_API_PAGING.pageSize = 2;
    expect(await list('')).toEqual(everything);
    expect(await list('$top=3&$skip=2')).toEqual(unfiltered);
    expect(await list(`${filter}&$orderby=title`)).toEqual(expected);
    expect(await list(`${filter}&$orderby=title desc&$top=3&$skip=1`)).toEqual(
      [...expected].reverse().slice(1, 4),
    );
    // Without an order, the list's order: the same topics as filtering the whole list.
    const inListOrder = everything.filter((title) => title.startsWith('Paged'));
    expect(await list(filter)).toEqual(inListOrder);
    expect(await list(`${filter}&$top=2&$skip=4`)).toEqual(inListOrder.slice(4, 6));
    expect(await list(`$filter=${encodeURIComponent("title eq 'Paged 01'")}`)).toEqual(['Paged 01']);
  });
});

describe('the topic list’s statements', () => {
  it('reads a page of topics in the same few statements whatever its size', async () => {
    for (const n of [1, 2, 3]) {
      const topic = await newTopic(`Counted ${n}`, { labels: ['Roof'] });
      // An edit: the editor's e-mail is read with the creator's.
      await valid(t, w.creator, 'PUT', `${base}/topics/${topic.guid}`, TOPIC, {
        title: `Counted ${n}, edited`,
        labels: ['Roof', 'Facade'],
      });
    }
    const stats = t.server.services.database.stats;
    // The least of three reads (support/statement-count.ts): the edits' notification jobs may land in a window.
    const count = (top: number) =>
      leastOfThree(
        async () => {
          const before = stats.queries;
          const topics = await valid<(Topic & { labels: string[]; modified_author: string | null })[]>(
            t,
            w.creator,
            'GET',
            `${base}/topics?$top=${top}`,
            TOPICS,
          );
          return { statements: stats.queries - before, topics };
        },
        (read) => read.statements,
      );
    const one = await count(1);
    const many = await count(500);
    expect(one.topics).toHaveLength(1);
    const counted = many.topics.filter((topic) => topic.title.startsWith('Counted'));
    expect(counted).toHaveLength(3);
    for (const topic of counted) {
      expect(topic.title).toMatch(/, edited$/);
      expect(topic.labels).toEqual(['Roof', 'Facade']);
      expect(topic.modified_author).toBe(w.creator.email);
    }
    // The caller (token), the project by its GUID with the caller's access (once), the page of the issue list,
    // and the page's BCF rows with its authors' e-mails, the labels' names and the active categories and phases.
    expect(one.statements).toBe(4);
    expect(many.statements).toBe(one.statements);
  });
});
