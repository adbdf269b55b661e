import { describe, expect, it } from 'vitest';
import { BCF_STATUS_OF } from '@obra/domain';
import {
  coloringOf,
  commentAuthorization,
  commentOf,
  selectionOf,
  topicAuthorization,
  topicOf,
  viewpointOf,
  visibilityOf,
} from '../../src/modules/bcf/api/bcf-api-mapping.ts';
import { topicFieldsOf, visualizationOf } from '../../src/modules/bcf/api/bcf-api-bodies.ts';
import { fromDraft03, schemaErrors } from './bcf-api-schemas.ts';

const issue = {
  id: 7,
  code: '007',
  title: 'Viga interfere com duto',
  description: null,
  status: 'active',
  priority: 'high',
  categoryId: null,
  creationPhase: null,
  deadline: '2026-05-01',
  createdAt: new Date('2026-01-02T03:04:05.000Z'),
  createdByUserId: 1,
  editedAt: null,
  editedByUserId: null,
};

const full = { active: true, writes: true, editScope: 'full' as const, canDelete: true, canComment: true };

describe('authorization from the issue policy', () => {
  it('gives the full scope every topic action and every status', () => {
    const a = topicAuthorization(full);
    expect(a.topic_actions).toEqual([
      'update',
      'updateBimSnippet',
      'updateRelatedTopics',
      'updateDocumentReferences',
      'updateFiles',
      'createViewpoint',
      'createComment',
      'delete',
    ]);
    expect(a.topic_status).toEqual(Object.values(BCF_STATUS_OF));
  });

  it('gives a discipline collaborator comments only, and nothing on inactive projects or to demo users', () => {
    expect(topicAuthorization({ ...full, editScope: 'ownDisciplineStatuses', canDelete: false })).toEqual({
      topic_actions: ['createComment'],
      topic_status: [],
    });
    expect(topicAuthorization({ ...full, active: false })).toEqual({ topic_actions: [], topic_status: [] });
    expect(topicAuthorization({ ...full, writes: false })).toEqual({ topic_actions: [], topic_status: [] });
    expect(commentAuthorization({ active: true, writes: true, canEdit: true, canDelete: true })).toEqual({
      comment_actions: ['update', 'delete'],
    });
    expect(commentAuthorization({ active: true, writes: true, canEdit: false, canDelete: false })).toEqual({
      comment_actions: [],
    });
  });
});

describe('topics, comments and viewpoints as the official schemas read them', () => {
  it('maps an issue made in Obra to a valid topic_GET', () => {
    const topic = topicOf({
      guid: '0f8c6a2e-1111-4222-8333-444455556666',
      issue,
      kept: undefined,
      labelNames: ['Fachada'],
      emails: new Map([[1, 'ana@obra.test']]),
      activeCategoryIds: [],
      activePhaseIds: [],
      authorization: topicAuthorization(full),
    });
    expect(schemaErrors('3.0/Collaboration/Topic/topic_GET.json', topic)).toEqual([]);
    expect(topic).toMatchObject({
      server_assigned_id: '007',
      title: 'Viga interfere com duto',
      priority: 'High',
      labels: ['Fachada'],
      creation_author: 'ana@obra.test',
      due_date: '2026-05-01T00:00:00Z',
    });
  });

  it('answers what an imported topic said while Obra still reads it the same', () => {
    const topic = topicOf({
      guid: '0f8c6a2e-1111-4222-8333-444455556666',
      issue,
      kept: {
        priority: 'Critical',
        topicStatus: 'Open',
        unmappedLabels: ['Legacy'],
        creationAuthor: 'x@y.z',
      },
      labelNames: [],
      emails: new Map(),
      activeCategoryIds: [],
      activePhaseIds: [],
      authorization: topicAuthorization(full),
    });
    expect(topic['topic_status']).toBe('Open');
    expect(topic['labels']).toEqual(['Legacy']);
    expect(topic['creation_author']).toBe('x@y.z');
  });

  it('maps comments, and drops a viewpoint the topic does not have', () => {
    const comment = commentOf({
      guid: 'c1',
      topicGuid: 't1',
      message: 'Ok',
      createdAt: issue.createdAt,
      authorEmail: 'ana@obra.test',
      editedAt: null,
      kept: { viewpointGuid: 'gone' },
      viewpointGuids: new Set(['v1']),
      authorization: { comment_actions: ['update'] },
    });
    expect(schemaErrors('3.0/Collaboration/Comment/comment_GET.json', comment)).toEqual([]);
    expect(comment['viewpoint_guid']).toBeNull();
  });

  it('reads a viewpoint_POST back into the same viewpoint and components', () => {
    const body = {
      guid: 'ignored',
      perspective_camera: {
        camera_view_point: { x: 1, y: 2, z: 3 },
        camera_direction: { x: 0, y: 1, z: 0 },
        camera_up_vector: { x: 0, y: 0, z: 1 },
        field_of_view: 55,
        aspect_ratio: 1.5,
      },
      lines: [{ start_point: { x: 0, y: 0, z: 0 }, end_point: { x: 1, y: 1, z: 1 } }],
      clipping_planes: [{ location: { x: 0, y: 0, z: 2 }, direction: { x: 0, y: 0, z: -1 } }],
      bitmaps: [
        {
          bitmap_type: 'png',
          bitmap_data: 'iVBORw0KGgo=',
          location: { x: 1, y: 1, z: 1 },
          normal: { x: 0, y: 0, z: 1 },
          up: { x: 0, y: 1, z: 0 },
          height: 2,
        },
      ],
      components: {
        selection: [
          { ifc_guid: '2MF28NhmDBiRVyFakgdbCT', originating_system: 'Revit', authoring_tool_id: '1' },
        ],
        coloring: [{ color: 'FF00FF00', components: [{ ifc_guid: '3$cshxZO9AJBebsni$z9Yk' }] }],
        visibility: {
          default_visibility: false,
          exceptions: [{ ifc_guid: '0Gl71cVurFn8bxAOox6M4X' }],
          view_setup_hints: { spaces_visible: true, space_boundaries_visible: false, openings_visible: true },
        },
      },
    };
    expect(schemaErrors('3.0/Collaboration/Viewpoint/viewpoint_POST.json', body)).toEqual([]);
    const { visualization, snapshot } = visualizationOf(body, 'v1');
    expect(snapshot).toBeUndefined();
    const viewpoint = viewpointOf({ guid: 'v1', index: 0, snapshotType: 'png', visualization });
    expect(schemaErrors('3.0/Collaboration/Viewpoint/viewpoint_GET.json', viewpoint)).toEqual([]);
    expect(viewpoint['perspective_camera']).toEqual(body.perspective_camera);
    expect(viewpoint['lines']).toEqual(body.lines);
    expect(viewpoint['clipping_planes']).toEqual(body.clipping_planes);
    expect(selectionOf(visualization)).toEqual({ selection: body.components.selection });
    expect(schemaErrors('3.0/Collaboration/Viewpoint/coloring_GET.json', coloringOf(visualization))).toEqual(
      [],
    );
    expect(coloringOf(visualization)['coloring']).toEqual([
      {
        color: 'FF00FF00',
        components: [
          { ifc_guid: '3$cshxZO9AJBebsni$z9Yk', originating_system: null, authoring_tool_id: null },
        ],
      },
    ]);
    expect(visibilityOf(visualization)).toEqual({
      visibility: {
        default_visibility: false,
        exceptions: [
          { ifc_guid: '0Gl71cVurFn8bxAOox6M4X', originating_system: null, authoring_tool_id: null },
        ],
        view_setup_hints: { spaces_visible: true, space_boundaries_visible: false, openings_visible: true },
      },
    });
  });

  it('reads a topic_PUT over the stored topic', () => {
    const base = {
      guid: 'g',
      referenceLinks: ['x'],
      title: 'old',
      labels: ['a'],
      creationDate: 'd',
      creationAuthor: 'a',
      documentReferences: [],
      relatedTopics: ['r'],
      headerFiles: [],
      comments: [],
      viewpoints: [],
    };
    const topic = topicFieldsOf({ title: 'new', priority: 'Low', labels: ['b'] }, base);
    expect(topic).toMatchObject({
      title: 'new',
      priority: 'Low',
      labels: ['b'],
      relatedTopics: ['r'],
      referenceLinks: [],
    });
  });
});

describe('the draft-03 reading of the schemas', () => {
  it('turns property-level required into the parent list and refuses what misses it', () => {
    expect(
      fromDraft03({
        type: 'object',
        required: false,
        properties: { a: { type: 'string', required: true }, b: {} },
      }),
    ).toEqual({ type: 'object', properties: { a: { type: 'string' }, b: {} }, required: ['a'] });
    expect(schemaErrors('3.0/Collaboration/Topic/topic_GET.json', { guid: 'x' }).length).toBeGreaterThan(0);
    expect(schemaErrors('3.0/User/user_GET.json', { id: 3 }).length).toBeGreaterThan(0);
  });
});
