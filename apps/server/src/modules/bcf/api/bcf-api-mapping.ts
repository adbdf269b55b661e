import {
  BCF_STATUS_OF,
  type BcfComponent,
  type BcfDocumentReference,
  type BcfHeaderFile,
  type BcfPoint,
  type BcfVisualization,
} from '@obra/domain';
import { keptBcfValues, type KeptBcfValue, type KeptTopic } from '../bcf-kept-values.ts';
import { derivedGuid } from '../bcf-xml-read.ts';

/**
 * The pure half of the BCF-API 3.0 (docs/api-bcf.md): Obra's issues, comments and viewpoints as the API's JSON
 * (topic_GET, comment_GET, viewpoint_GET and their parts), the per-entity `authorization` from the domain's
 * issue policy, and the API's request bodies read back into BCF-XML's model (which the import's write path
 * takes). No database, no I/O: unit tested in test/bcf/bcf-api-mapping.test.ts.
 */

/** The issue fields a topic is made of. */
export interface TopicIssue {
  id: number;
  code: string;
  title: string;
  description: string | null;
  status: string;
  priority: string;
  categoryId: number | null;
  creationPhase: number | null;
  deadline: string | null;
  createdAt: Date;
  createdByUserId: number;
  editedAt: Date | null;
  editedByUserId: number | null;
}

export interface TopicSource {
  guid: string;
  issue: TopicIssue;
  /** undefined for an issue made in Obra (no BCF row). */
  kept: KeptTopic | undefined;
  labelNames: readonly string[];
  emails: ReadonlyMap<number, string>;
  activeCategoryIds: readonly number[];
  activePhaseIds: readonly number[];
  authorization: TopicAuthorization;
}

export const TOPIC_ACTIONS = [
  'update',
  'updateBimSnippet',
  'updateRelatedTopics',
  'updateDocumentReferences',
  'updateFiles',
  'createComment',
  'createViewpoint',
  'delete',
] as const;
export type TopicAction = (typeof TOPIC_ACTIONS)[number];

export interface TopicAuthorization {
  topic_actions: TopicAction[];
  topic_status: string[];
}

/** What the policy says of one caller and one issue (the domain's issue policy, through project-access.ts). */
export interface TopicFacts {
  /** The project is active (inactive projects take no writes). */
  active: boolean;
  /** The caller is not a demo user. */
  writes: boolean;
  editScope: 'full' | 'ownDisciplineStatuses' | 'none';
  canDelete: boolean;
  canComment: boolean;
}

/**
 * A topic's authorization: with the full edit scope every field, its relations, viewpoints and any status
 * (Obra's statuses as BCF names them); commenting with comment.create; delete as canDeleteIssue. A collaborator
 * who only moves their discipline's status changes nothing BCF names, so gets no topic action but comments.
 */
export function topicAuthorization(facts: TopicFacts): TopicAuthorization {
  if (!facts.active || !facts.writes) return { topic_actions: [], topic_status: [] };
  const full = facts.editScope === 'full';
  const actions: TopicAction[] = [
    ...(full
      ? ([
          'update',
          'updateBimSnippet',
          'updateRelatedTopics',
          'updateDocumentReferences',
          'updateFiles',
          'createViewpoint',
        ] as const)
      : []),
    ...(facts.canComment ? (['createComment'] as const) : []),
    ...(facts.canDelete ? (['delete'] as const) : []),
  ];
  return { topic_actions: actions, topic_status: full ? Object.values(BCF_STATUS_OF) : [] };
}

/** A comment's authorization (commentPermissions: its author edits it; its author or a manager deletes it). */
export function commentAuthorization(facts: {
  active: boolean;
  writes: boolean;
  canEdit: boolean;
  canDelete: boolean;
}): { comment_actions: ('update' | 'delete')[] } {
  if (!facts.active || !facts.writes) return { comment_actions: [] };
  return {
    comment_actions: [
      ...(facts.canEdit ? (['update'] as const) : []),
      ...(facts.canDelete ? (['delete'] as const) : []),
    ],
  };
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : undefined);

/**
 * The BCF values of imported topics mapped to Obra's (mapBcfTopicType, …), remembered for the lists of active
 * categories and phases they were mapped with: the topics of one page share those lists and mostly a few values,
 * and mapping one (names in every language, accents stripped) costs more than the rest of the topic.
 */
const MAPPED = new WeakMap<readonly number[], Map<string, unknown>>();

function mappedOnce<T>(ids: readonly number[], key: string, map: () => T): T {
  let memo = MAPPED.get(ids);
  if (!memo) {
    memo = new Map();
    MAPPED.set(ids, memo);
  }
  if (memo.has(key)) return memo.get(key) as T;
  const value = map();
  memo.set(key, value);
  return value;
}

/**
 * A topic_GET. Imported topics answer what BCF said while Obra's value still reads the same (as the export
 * does), else Obra's value; Obra's own issues answer Obra's values.
 */
export function topicOf(source: TopicSource): Record<string, unknown> {
  const { issue, emails } = source;
  const kept = source.kept ?? {};
  // What BCF said, while Obra's value still reads the same (only imported topics keep anything). A value BCF left
  // out answers Obra's, where the BCF export (bcf-export-service.ts) leaves the element out.
  const values = keptBcfValues(issue, kept, source, mappedOnce);
  const keep = (value: KeptBcfValue): string | null =>
    (source.kept !== undefined && value.kept !== undefined && value.same ? value.kept : value.obra) ?? null;
  const topic: Record<string, unknown> = {
    guid: source.guid,
    server_assigned_id: issue.code,
    topic_type: keep(values.topicType),
    topic_status: keep(values.topicStatus),
    reference_links: kept.referenceLinks ?? [],
    title: issue.title,
    priority: keep(values.priority),
    index: kept.index ?? null,
    labels:
      kept.unmappedLabels?.length || source.labelNames.length > 1
        ? [...new Set([...source.labelNames, ...(kept.unmappedLabels ?? [])])]
        : source.labelNames,
    creation_date: kept.creationDate || issue.createdAt.toISOString(),
    creation_author: kept.creationAuthor || (emails.get(issue.createdByUserId) ?? 'unknown'),
    modified_date: iso(issue.editedAt) ?? kept.modifiedDate ?? issue.createdAt.toISOString(),
    modified_author: (issue.editedByUserId ? emails.get(issue.editedByUserId) : kept.modifiedAuthor) ?? null,
    assigned_to: kept.assignedTo ?? null,
    stage: keep(values.stage),
    description: issue.description ?? null,
    due_date: issue.deadline ? `${issue.deadline}T00:00:00Z` : null,
    authorization: source.authorization,
  };
  if (kept.bimSnippet)
    topic['bim_snippet'] = {
      snippet_type: kept.bimSnippet.snippetType,
      is_external: kept.bimSnippet.isExternal ?? false,
      reference: kept.bimSnippet.reference,
      reference_schema: kept.bimSnippet.referenceSchema,
    };
  return topic;
}

/** A comment as comment_GET reads it. */
export interface CommentSource {
  guid: string;
  topicGuid: string;
  message: string;
  createdAt: Date;
  authorEmail: string | undefined;
  editedAt: Date | null;
  /** What BCF said of an imported comment (bcf_comments.comment). */
  kept:
    | {
        author?: string;
        date?: string;
        viewpointGuid?: string;
        modifiedAuthor?: string;
        modifiedDate?: string;
      }
    | undefined;
  /** The viewpoint GUIDs of the topic (a comment's viewpoint must be one of them). */
  viewpointGuids: ReadonlySet<string>;
  authorization: { comment_actions: ('update' | 'delete')[] };
}

export function commentOf(source: CommentSource): Record<string, unknown> {
  const kept = source.kept ?? {};
  const viewpoint =
    kept.viewpointGuid && source.viewpointGuids.has(kept.viewpointGuid) ? kept.viewpointGuid : null;
  return {
    guid: source.guid,
    date: kept.date ?? source.createdAt.toISOString(),
    author: kept.author ?? source.authorEmail ?? 'unknown',
    comment: source.message,
    topic_guid: source.topicGuid,
    viewpoint_guid: viewpoint,
    modified_date: iso(source.editedAt) ?? kept.modifiedDate ?? null,
    modified_author: source.editedAt ? (source.authorEmail ?? null) : (kept.modifiedAuthor ?? null),
    authorization: source.authorization,
  };
}

/** A viewpoint as Obra stores it (issues.viewpoints) or an image shown as a snapshot-only viewpoint. */
export interface ViewpointSource {
  guid: string;
  index: number | null;
  /** The snapshot's content type, when the viewpoint has one. */
  snapshotType: 'png' | 'jpg' | undefined;
  visualization: BcfVisualization | undefined;
  /** viewpoint_actions: `delete` with the topic's full edit scope (none when absent). */
  actions?: 'delete'[] | undefined;
}

const point = (p: BcfPoint | undefined) => ({ x: p?.x ?? 0, y: p?.y ?? 0, z: p?.z ?? 0 });

/** The GUID a bitmap of a viewpoint answers to (BCF-XML bitmaps have none). */
export function bitmapGuid(viewpointGuid: string, position: number): string {
  return derivedGuid(`obra:viewpoint:${viewpointGuid}:bitmap:${position}`);
}

export function viewpointOf(source: ViewpointSource): Record<string, unknown> {
  const v = source.visualization;
  const camera = v?.camera;
  const cameraJson = camera
    ? {
        camera_view_point: point(camera.viewPoint),
        camera_direction: point(camera.direction),
        camera_up_vector: point(camera.upVector),
        aspect_ratio: camera.aspectRatio ?? 1,
        ...(camera.kind === 'orthogonal'
          ? { view_to_world_scale: camera.viewToWorldScale ?? 1 }
          : { field_of_view: camera.fieldOfView ?? 60 }),
      }
    : undefined;
  return {
    guid: source.guid,
    index: source.index,
    ...(camera?.kind === 'orthogonal' ? { orthogonal_camera: cameraJson } : {}),
    ...(camera?.kind === 'perspective' ? { perspective_camera: cameraJson } : {}),
    lines: (v?.lines ?? []).map((l) => ({ start_point: point(l.start), end_point: point(l.end) })),
    clipping_planes: (v?.clippingPlanes ?? []).map((c) => ({
      location: point(c.location),
      direction: point(c.direction),
    })),
    bitmaps: (v?.bitmaps ?? []).map((b, i) => ({
      guid: bitmapGuid(source.guid, i),
      bitmap_type: b.format,
      location: point(b.location),
      normal: point(b.normal),
      up: point(b.up),
      height: b.height,
    })),
    ...(source.snapshotType ? { snapshot: { snapshot_type: source.snapshotType } } : {}),
    authorization: { viewpoint_actions: source.actions ?? [] },
  };
}

const componentOf = (c: BcfComponent) => ({
  ifc_guid: c.ifcGuid ?? null,
  originating_system: c.originatingSystem ?? null,
  authoring_tool_id: c.authoringToolId ?? null,
});

export function selectionOf(v: BcfVisualization | undefined): Record<string, unknown> {
  return { selection: (v?.components?.selection ?? []).map(componentOf) };
}

export function coloringOf(v: BcfVisualization | undefined): Record<string, unknown> {
  return {
    coloring: (v?.components?.coloring ?? []).map((c) => ({
      color: c.color,
      components: c.components.map(componentOf),
    })),
  };
}

export function visibilityOf(v: BcfVisualization | undefined): Record<string, unknown> {
  const hints = v?.components?.viewSetupHints;
  return {
    visibility: {
      default_visibility: v?.components?.visibility.defaultVisibility ?? true,
      exceptions: (v?.components?.visibility.exceptions ?? []).map(componentOf),
      ...(hints
        ? {
            view_setup_hints: {
              spaces_visible: hints.spacesVisible ?? false,
              space_boundaries_visible: hints.spaceBoundariesVisible ?? false,
              openings_visible: hints.openingsVisible ?? false,
            },
          }
        : {}),
    },
  };
}

export function fileOf(f: BcfHeaderFile): Record<string, unknown> {
  return {
    ifc_project: f.ifcProject ?? null,
    ifc_spatial_structure_element: f.ifcSpatialStructureElement ?? null,
    filename: f.filename ?? null,
    date: f.date ?? null,
    reference: f.reference ?? null,
  };
}

export function documentReferenceOf(d: BcfDocumentReference, topicGuid: string, position: number) {
  return {
    guid: d.guid ?? derivedGuid(`obra:topic:${topicGuid}:document_reference:${position}`),
    document_guid: d.documentGuid ?? null,
    url: d.url ?? null,
    description: d.description ?? null,
  };
}
