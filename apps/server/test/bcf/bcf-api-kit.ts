import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildIssueWorld, type IssueWorld } from '../issues/issue-test-kit.ts';
import type { TestUser } from '../support/factories.ts';
import { schemaErrors } from './bcf-api-schemas.ts';

/** How a test calls the BCF-API: as a user (their Bearer token), with an Authorization header, or anonymously. */
export type Caller = TestUser | { authorization: string } | undefined;

export interface Answer<T = unknown> {
  status: number;
  body: T;
  contentType: string;
  bytes: Buffer;
}

function authorizationOf(caller: Caller): Record<string, string> {
  if (!caller) return {};
  if ('authorization' in caller) return { authorization: caller.authorization };
  return { authorization: `Bearer ${caller.token}` };
}

/** One call of the API; JSON answers are parsed, images kept as bytes. */
export async function bcf<T = unknown>(
  t: TestServer,
  caller: Caller,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const response = await fetch(`${t.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...authorizationOf(caller),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('content-type') ?? '';
  const json =
    contentType.includes('json') && bytes.length > 0
      ? (JSON.parse(bytes.toString('utf8')) as T)
      : (null as T);
  return { status: response.status, body: json, contentType, bytes };
}

/** The same call, failing the test unless the answer has the status and validates against the schema. */
export async function valid<T = Record<string, unknown>>(
  t: TestServer,
  caller: Caller,
  method: string,
  path: string,
  expected: { status?: number; schema: string; list?: boolean },
  body?: unknown,
): Promise<T> {
  const answer = await bcf<T>(t, caller, method, path, body);
  if (answer.status !== (expected.status ?? 200))
    throw new Error(`${method} ${path}: ${answer.status} ${answer.bytes.toString('utf8').slice(0, 500)}`);
  const errors = schemaErrors(expected.schema, answer.body, { list: expected.list });
  if (errors.length > 0)
    throw new Error(`${method} ${path} does not validate against ${expected.schema}: ${errors.join('; ')}`);
  return answer.body;
}

/** An error answer: its status, and its body validates against the BCF error schema. */
export async function failing(
  t: TestServer,
  caller: Caller,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; code: string }> {
  const answer = await bcf<{ code: string; message: string }>(t, caller, method, path, body);
  const errors = schemaErrors('3.0/error.json', answer.body);
  if (errors.length > 0)
    throw new Error(`${method} ${path}: error body ${answer.bytes.toString('utf8')} ${errors.join('; ')}`);
  return { status: answer.status, code: answer.body.code };
}

export async function projectGuidOf(t: TestServer, projectId: number): Promise<string> {
  const result = (await t.server.services.database.db.execute(
    sql`select guid from projects where id = ${projectId}`,
  )) as unknown as { rows: { guid: string }[] };
  const guid = result.rows[0]?.guid;
  if (!guid) throw new Error('project missing');
  return guid;
}

/** A small PNG (base64) for snapshots and bitmaps. */
export async function pngBase64(color = '#3366cc'): Promise<string> {
  const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: color } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

/** A viewpoint_POST with every part: camera, lines, clipping planes, bitmap, snapshot, components. */
export async function fullViewpoint(guid?: string): Promise<Record<string, unknown>> {
  return {
    ...(guid ? { guid } : {}),
    index: 0,
    perspective_camera: {
      camera_view_point: { x: 12.5, y: -3, z: 4.25 },
      camera_direction: { x: 0, y: 1, z: 0 },
      camera_up_vector: { x: 0, y: 0, z: 1 },
      field_of_view: 60,
      aspect_ratio: 1.6,
    },
    lines: [{ start_point: { x: 0, y: 0, z: 0 }, end_point: { x: 1, y: 2, z: 3 } }],
    clipping_planes: [{ location: { x: 0, y: 0, z: 3 }, direction: { x: 0, y: 0, z: -1 } }],
    bitmaps: [
      {
        bitmap_type: 'png',
        bitmap_data: await pngBase64('#ff0000'),
        location: { x: 1, y: 1, z: 1 },
        normal: { x: 0, y: 0, z: 1 },
        up: { x: 0, y: 1, z: 0 },
        height: 2,
      },
    ],
    snapshot: { snapshot_type: 'png', snapshot_data: await pngBase64() },
    components: {
      selection: [
        { ifc_guid: '2MF28NhmDBiRVyFakgdbCT', originating_system: 'Revit', authoring_tool_id: '4711' },
      ],
      coloring: [{ color: 'FF00FF00', components: [{ ifc_guid: '3$cshxZO9AJBebsni$z9Yk' }] }],
      visibility: {
        default_visibility: false,
        exceptions: [{ ifc_guid: '0Gl71cVurFn8bxAOox6M4X' }],
        view_setup_hints: { spaces_visible: false, space_boundaries_visible: false, openings_visible: true },
      },
    },
  };
}

/** The schema folder of the BCF-API 3.0 collaboration answers, and what a topic answer validates against. */
export const COLLABORATION = '3.0/Collaboration';
export const TOPIC = { schema: `${COLLABORATION}/Topic/topic_GET.json` };
export const TOPICS = { ...TOPIC, list: true };

/** The part of a topic answer the tests read. */
export interface BcfTopic {
  guid: string;
  title: string;
  authorization: { topic_actions: string[]; topic_status: string[] };
}

/** A test server with the issue world (issue-test-kit.ts), and the BCF-API address of its project. */
export async function startBcfApiWorld(): Promise<{
  t: TestServer;
  w: IssueWorld;
  guid: string;
  base: string;
}> {
  const t = await startTestServer();
  const w = await buildIssueWorld(t);
  const guid = await projectGuidOf(t, w.projectId);
  return { t, w, guid, base: `/bcf/3.0/projects/${guid}` };
}
