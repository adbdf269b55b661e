// The BCF-API's request bodies read back into BCF-XML's model (topic fields, visualizations): what a client sends
// through POST/PUT, checked field by field.
import {
  type BcfBitmap,
  type BcfComponent,
  type BcfPoint,
  type BcfTopic,
  type BcfVisualization,
} from '@obra/domain';

type Json = Record<string, unknown>;

function text(body: Json, key: string): string | undefined {
  const value = body[key];
  return typeof value === 'string' ? value : undefined;
}

function strings(body: Json, key: string): string[] {
  const value = body[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * A topic_POST / topic_PUT body as the fields of a BCF topic (the rest of the topic comes from `base`: a new
 * topic's defaults, or the stored topic on a PUT, which replaces every field the body may carry).
 */
export function topicFieldsOf(body: Json, base: BcfTopic): BcfTopic {
  const snippet = body['bim_snippet'];
  const s = typeof snippet === 'object' && snippet !== null ? (snippet as Json) : undefined;
  return {
    ...base,
    title: text(body, 'title') ?? '',
    topicType: text(body, 'topic_type'),
    topicStatus: text(body, 'topic_status'),
    referenceLinks: strings(body, 'reference_links'),
    priority: text(body, 'priority'),
    index: typeof body['index'] === 'number' ? body['index'] : undefined,
    labels: strings(body, 'labels'),
    assignedTo: text(body, 'assigned_to'),
    stage: text(body, 'stage'),
    description: text(body, 'description'),
    dueDate: text(body, 'due_date'),
    bimSnippet: s
      ? {
          snippetType: String(s['snippet_type'] ?? ''),
          isExternal: s['is_external'] === true,
          reference: String(s['reference'] ?? ''),
          referenceSchema: String(s['reference_schema'] ?? ''),
        }
      : undefined,
  };
}

function readPoint(value: unknown): BcfPoint {
  const p = typeof value === 'object' && value !== null ? (value as Json) : {};
  const n = (k: string) => (typeof p[k] === 'number' ? p[k] : 0);
  return { x: n('x'), y: n('y'), z: n('z') };
}

function readComponents(value: unknown): BcfComponent[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((c): c is Json => typeof c === 'object' && c !== null)
    .map((c) => ({
      ifcGuid: typeof c['ifc_guid'] === 'string' ? c['ifc_guid'] : undefined,
      originatingSystem: typeof c['originating_system'] === 'string' ? c['originating_system'] : undefined,
      authoringToolId: typeof c['authoring_tool_id'] === 'string' ? c['authoring_tool_id'] : undefined,
    }));
}

const objects = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((x): x is Json => typeof x === 'object' && x !== null) : [];

/** A viewpoint_POST as BCF-XML's visualization (bitmaps keep their data), with its snapshot if any. */
export function visualizationOf(
  body: Json,
  guid: string,
): { visualization: BcfVisualization; snapshot: { type: 'png' | 'jpg'; data: string } | undefined } {
  const cameraOf = (value: unknown, kind: 'orthogonal' | 'perspective') => {
    const c = value as Json;
    return {
      kind,
      viewPoint: readPoint(c['camera_view_point']),
      direction: readPoint(c['camera_direction']),
      upVector: readPoint(c['camera_up_vector']),
      aspectRatio: typeof c['aspect_ratio'] === 'number' ? c['aspect_ratio'] : undefined,
      viewToWorldScale: typeof c['view_to_world_scale'] === 'number' ? c['view_to_world_scale'] : undefined,
      fieldOfView: typeof c['field_of_view'] === 'number' ? c['field_of_view'] : undefined,
    };
  };
  const camera =
    typeof body['perspective_camera'] === 'object' && body['perspective_camera'] !== null
      ? cameraOf(body['perspective_camera'], 'perspective')
      : typeof body['orthogonal_camera'] === 'object' && body['orthogonal_camera'] !== null
        ? cameraOf(body['orthogonal_camera'], 'orthogonal')
        : undefined;
  const components =
    typeof body['components'] === 'object' && body['components'] !== null
      ? (body['components'] as Json)
      : undefined;
  const visibility =
    components && typeof components['visibility'] === 'object' && components['visibility'] !== null
      ? (components['visibility'] as Json)
      : undefined;
  const hints =
    visibility &&
    typeof visibility['view_setup_hints'] === 'object' &&
    visibility['view_setup_hints'] !== null
      ? (visibility['view_setup_hints'] as Json)
      : undefined;
  const bitmaps: BcfBitmap[] = objects(body['bitmaps']).map((b, i) => ({
    format: b['bitmap_type'] === 'jpg' ? 'jpg' : 'png',
    reference: `bitmap${i}.${b['bitmap_type'] === 'jpg' ? 'jpg' : 'png'}`,
    location: readPoint(b['location']),
    normal: readPoint(b['normal']),
    up: readPoint(b['up']),
    height: typeof b['height'] === 'number' ? b['height'] : 1,
    data: typeof b['bitmap_data'] === 'string' ? b['bitmap_data'] : undefined,
  }));
  const snapshot =
    typeof body['snapshot'] === 'object' && body['snapshot'] !== null
      ? (body['snapshot'] as Json)
      : undefined;
  return {
    visualization: {
      guid,
      components: components
        ? {
            viewSetupHints: hints
              ? {
                  spacesVisible: hints['spaces_visible'] === true,
                  spaceBoundariesVisible: hints['space_boundaries_visible'] === true,
                  openingsVisible: hints['openings_visible'] === true,
                }
              : undefined,
            selection: readComponents(components['selection']),
            visibility: {
              defaultVisibility: visibility?.['default_visibility'] !== false,
              exceptions: readComponents(visibility?.['exceptions']),
            },
            coloring: objects(components['coloring']).map((c) => ({
              color: typeof c['color'] === 'string' ? c['color'] : 'FF0000',
              components: readComponents(c['components']),
            })),
          }
        : undefined,
      camera,
      lines: objects(body['lines']).map((l) => ({
        start: readPoint(l['start_point']),
        end: readPoint(l['end_point']),
      })),
      clippingPlanes: objects(body['clipping_planes']).map((c) => ({
        location: readPoint(c['location']),
        direction: readPoint(c['direction']),
      })),
      bitmaps,
    },
    snapshot:
      snapshot && typeof snapshot['snapshot_data'] === 'string'
        ? { type: snapshot['snapshot_type'] === 'jpg' ? 'jpg' : 'png', data: snapshot['snapshot_data'] }
        : undefined,
  };
}
