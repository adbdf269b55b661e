// The BCF-API 3.0 server's parts of a topic (docs/api-bcf.md): comments, viewpoints (camera, snapshot, bitmaps,
// components), related topics, document references and model files, topic events, and the same parts of topics
// imported from BCF-XML packages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import type { IssueWorld } from '../issues/issue-test-kit.ts';
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
import { caseBytes, importFile } from './bcf-test-kit.ts';
import { schemaErrors } from './bcf-api-schemas.ts';

let t: TestServer;
let w: IssueWorld;
let base: string;

beforeAll(async () => {
  ({ t, w, base } = await startBcfApiWorld());
});
afterAll(async () => {
  await t.close();
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
