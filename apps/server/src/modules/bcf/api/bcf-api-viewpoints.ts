import { randomUUID } from 'node:crypto';
import { AppError, isBcfGuid, type BcfVisualization } from '@obra/domain';
import type { Actor } from '../../../auth/actor.ts';
import type { AppServices } from '../../../services.ts';
import { type ProjectAccess } from '../../projects/project-access.ts';
import { derivedViewpointGuid } from '../bcf-guids.ts';
import { readStoredViewpoints } from '../bcf-import-files.ts';
import { issueImagesWithFiles } from '../bcf-repository.ts';
import {
  bitmapGuid,
  coloringOf,
  selectionOf,
  viewpointOf,
  visibilityOf,
  type ViewpointSource,
} from './bcf-api-mapping.ts';
import { visualizationOf } from './bcf-api-bodies.ts';
import { commentsOf } from './bcf-api-comments.ts';
import { requireWrites, type Json } from './bcf-api-projects.ts';
import {
  baseTopicOf,
  loadTopic,
  loadTopicFor,
  type LoadedTopic,
  type TopicAt,
  writeTopic,
} from './bcf-api-topics.ts';

// --- viewpoints -----------------------------------------------------------------------------------------

interface LoadedViewpoint extends ViewpointSource {
  /** The issue image holding its snapshot. */
  imageId: number | undefined;
}

type Images = Awaited<ReturnType<typeof issueImagesWithFiles>>;

/** The viewpoints of a topic: its stored BCF viewpoints, then its other images as snapshot-only viewpoints. */
export function viewpointsOf(access: ProjectAccess, topic: LoadedTopic, images: Images): LoadedViewpoint[] {
  const own = images.filter((i) => i.issueId === topic.view.row.id);
  const stored = readStoredViewpoints(topic.view.row.viewpoints, own);
  const byFile = new Map(own.map((i) => [i.fileGuid, i]));
  const used = new Set(stored.map((v) => v.snapshot).filter((s): s is string => s !== null));
  const type = (contentType: string | null) =>
    (contentType === 'image/jpeg' ? 'jpg' : 'png') as 'jpg' | 'png';
  return [
    ...stored.map((v) => {
      const image = v.snapshot ? byFile.get(v.snapshot) : undefined;
      return {
        guid: v.guid,
        index: v.index,
        snapshotType: image ? type(image.contentType) : v.snapshot ? ('png' as const) : undefined,
        visualization: (v.visualization ?? undefined) as BcfVisualization | undefined,
        imageId: image?.id,
      };
    }),
    ...own
      .filter((i) => !used.has(i.fileGuid))
      .map((i) => ({
        guid: derivedViewpointGuid(access.project.guid, i.id),
        index: null,
        snapshotType: type(i.contentType),
        visualization: undefined,
        imageId: i.id,
      })),
  ];
}

async function loadViewpoints(
  services: AppServices,
  actor: Actor,
  at: TopicAt,
): Promise<{ access: ProjectAccess; topic: LoadedTopic; viewpoints: LoadedViewpoint[]; images: Images }> {
  const { access, topic } = await loadTopic(services, actor, at);
  const images = await issueImagesWithFiles(services.database.db, [topic.view.row.id]);
  return { access, topic, viewpoints: viewpointsOf(access, topic, images), images };
}

export async function listBcfViewpoints(services: AppServices, actor: Actor, at: TopicAt): Promise<Json[]> {
  const { topic, viewpoints } = await loadViewpoints(services, actor, at);
  return viewpoints.map((v) => viewpointOf({ ...v, actions: viewpointActions(topic) }));
}

async function loadViewpoint(services: AppServices, actor: Actor, at: TopicAt, viewpointGuid: string) {
  const loaded = await loadViewpoints(services, actor, at);
  const viewpoint = loaded.viewpoints.find((v) => v.guid === viewpointGuid.toLowerCase());
  if (!viewpoint) throw new AppError('NOT_FOUND');
  return { ...loaded, viewpoint };
}

export type ViewpointPart = 'viewpoint' | 'selection' | 'coloring' | 'visibility';

export async function getBcfViewpoint(
  services: AppServices,
  actor: Actor,
  ids: { projectGuid: string; topicGuid: string; viewpointGuid: string },
  part: ViewpointPart,
): Promise<Json> {
  const { topic, viewpoint } = await loadViewpoint(services, actor, ids, ids.viewpointGuid);
  if (part === 'selection') return selectionOf(viewpoint.visualization);
  if (part === 'coloring') return coloringOf(viewpoint.visualization);
  if (part === 'visibility') return visibilityOf(viewpoint.visualization);
  return viewpointOf({ ...viewpoint, actions: viewpointActions(topic) });
}

/** A viewpoint's actions: `delete` with the topic's full edit scope (as createViewpoint). */
function viewpointActions(topic: LoadedTopic): 'delete'[] {
  const actions = (topic.json['authorization'] as { topic_actions: string[] }).topic_actions;
  return actions.includes('createViewpoint') ? ['delete'] : [];
}

/**
 * DELETE viewpoint: removes a viewpoint and its snapshot (the issue image) with `delete` in viewpoint_actions.
 * A viewpoint a comment the caller sees refers to is refused with 409 BCF_VIEWPOINT_IN_USE, as the spec asks:
 * the client detaches the comment first.
 */
export async function deleteBcfViewpoint(
  services: AppServices,
  actor: Actor,
  ids: { projectGuid: string; topicGuid: string; viewpointGuid: string },
): Promise<void> {
  const { access, topic, viewpoint } = await loadViewpoint(services, actor, ids, ids.viewpointGuid);
  requireWrites(access);
  if (!viewpointActions(topic).includes('delete')) throw new AppError('FORBIDDEN');
  const comments = await commentsOf(services, access, topic);
  if (comments.some((c) => c.json['viewpoint_guid'] === viewpoint.guid))
    throw new AppError('BCF_VIEWPOINT_IN_USE');
  const base = baseTopicOf(topic);
  await writeTopic(
    services,
    access,
    { ...base, viewpoints: base.viewpoints.filter((v) => v.guid !== viewpoint.guid) },
    topic,
    undefined,
    viewpoint.imageId === undefined ? [] : [viewpoint.imageId],
  );
}

/** The snapshot image of a viewpoint (NOT_FOUND when it has none). */
export async function getBcfSnapshot(
  services: AppServices,
  actor: Actor,
  ids: { projectGuid: string; topicGuid: string; viewpointGuid: string },
): Promise<{ bytes: Buffer; contentType: string }> {
  const { viewpoint, images } = await loadViewpoint(services, actor, ids, ids.viewpointGuid);
  const image = images.find((i) => i.id === viewpoint.imageId);
  if (!image) throw new AppError('NOT_FOUND');
  const bytes = await services.files.store.read(image.storageKey);
  return { bytes, contentType: image.contentType ?? 'image/png' };
}

/** A bitmap image of a viewpoint, when the viewpoint carried its data. */
export async function getBcfBitmap(
  services: AppServices,
  actor: Actor,
  ids: { projectGuid: string; topicGuid: string; viewpointGuid: string; bitmapGuid: string },
): Promise<{ bytes: Buffer; contentType: string }> {
  const { viewpoint } = await loadViewpoint(services, actor, ids, ids.viewpointGuid);
  const bitmaps = viewpoint.visualization?.bitmaps ?? [];
  const position = bitmaps.findIndex(
    (_, i) => bitmapGuid(viewpoint.guid, i) === ids.bitmapGuid.toLowerCase(),
  );
  const bitmap = bitmaps[position];
  if (!bitmap?.data) throw new AppError('NOT_FOUND');
  return {
    bytes: Buffer.from(bitmap.data, 'base64'),
    contentType: bitmap.format === 'jpg' ? 'image/jpeg' : 'image/png',
  };
}

/** The largest snapshot or bitmap a viewpoint_POST may carry (decoded). */
export const BCF_API_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** POST viewpoints: adds a viewpoint (createViewpoint); its snapshot becomes an issue image. */
export async function createBcfViewpoint(
  services: AppServices,
  actor: Actor,
  at: TopicAt,
  body: unknown,
): Promise<Json> {
  const { access, topic } = await loadTopicFor(services, actor, at, 'createViewpoint');
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new AppError('BAD_USER_INPUT', 'expected a JSON object', { field: 'body' });
  const json = body as Json;
  const given = typeof json['guid'] === 'string' ? json['guid'].toLowerCase() : undefined;
  if (given !== undefined && !isBcfGuid(given))
    throw new AppError('BAD_USER_INPUT', 'guid is not a GUID', { field: 'guid' });
  const guid = (given ?? randomUUID()).toLowerCase();
  const base = baseTopicOf(topic);
  if (base.viewpoints.some((v) => v.guid === guid))
    throw new AppError('BAD_USER_INPUT', 'a viewpoint with this guid exists', { field: 'guid' });
  const { visualization, snapshot } = visualizationOf(json, guid);
  for (const bitmap of visualization.bitmaps)
    if (bitmap.data && Buffer.byteLength(bitmap.data, 'base64') > BCF_API_IMAGE_MAX_BYTES)
      throw new AppError('FILE_SIZE_LIMIT_EXCEEDED');
  const snapshots = new Map<string, { name: string; bytes: Buffer }>();
  if (snapshot) {
    const bytes = Buffer.from(snapshot.data, 'base64');
    if (bytes.length > BCF_API_IMAGE_MAX_BYTES) throw new AppError('FILE_SIZE_LIMIT_EXCEEDED');
    snapshots.set(guid, { name: `snapshot.${snapshot.type}`, bytes });
  }
  const index = typeof json['index'] === 'number' ? json['index'] : undefined;
  await writeTopic(
    services,
    access,
    {
      ...base,
      viewpoints: [
        ...base.viewpoints,
        { guid, index, snapshot: snapshot ? `snapshot.${snapshot.type}` : undefined, visualization },
      ],
    },
    topic,
    snapshots,
  );
  return getBcfViewpoint(services, actor, { ...at, topicGuid: topic.guid, viewpointGuid: guid }, 'viewpoint');
}
