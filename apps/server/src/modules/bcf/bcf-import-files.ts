import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { isAppError, isBcfGuid, type BcfPackage, type BcfTopic } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import { inspectImage } from '../../storage/image-content.ts';
import { insertConfirmedIssueFile } from '../issues/images/issue-file-repository.ts';
import { ISSUE_FILE_MAX_BYTES, type ConfirmedIssueFile } from '../issues/images/issue-file-service.ts';
import { type ProjectAccess } from '../projects/project-access.ts';
import { type BcfArchive } from './bcf-zip.ts';
import { type PlannedTopic } from './bcf-import-plan.ts';

/** Where a topic's snapshot and viewpoint land: the file GUID of each viewpoint's stored snapshot. */
export type SnapshotFiles = Map<string, ConfirmedIssueFile>;

/** Largest side of an imported snapshot; larger ones are scaled down (and so fit the 5 MB image limit). */
const SNAPSHOT_MAX_SIDE = 1500;

/** Snapshots stored at once during an import. */
const SNAPSHOT_CONCURRENCY = 4;

/** `work` over every item, at most `limit` at once; results in the items' order. */
async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * Stores a snapshot as a confirmed issue file (the server read and checked the bytes itself). Outside the
 * transaction like every upload: a topic that then fails leaves an unused file that the files.cleanup job
 * removes.
 */
export async function storeSnapshot(
  services: AppServices,
  access: ProjectAccess,
  name: string,
  bytes: Buffer,
): Promise<ConfirmedIssueFile | undefined> {
  let data = bytes;
  let facts = await inspectImage(data).catch(() => undefined);
  if (!facts) return undefined;
  if (Math.max(facts.width, facts.height) > SNAPSHOT_MAX_SIDE || data.length > ISSUE_FILE_MAX_BYTES) {
    data = await sharp(data)
      .rotate()
      .resize({ width: SNAPSHOT_MAX_SIDE, height: SNAPSHOT_MAX_SIDE, fit: 'inside' })
      .png()
      .toBuffer();
    facts = await inspectImage(data);
  }
  const contentType = /^\x89PNG/.test(data.subarray(0, 4).toString('latin1'))
    ? 'image/png'
    : data[0] === 0xff && data[1] === 0xd8
      ? 'image/jpeg'
      : data.subarray(0, 4).toString('latin1') === 'RIFF'
        ? 'image/webp'
        : 'image/gif';
  const guid = randomUUID();
  const storageKey = `issues/${access.project.id}/${guid}`;
  const thumbKey = `${storageKey}.thumb.webp`;
  await services.files.store.write(storageKey, data, contentType);
  await services.files.store.write(thumbKey, facts.thumbnail.data, facts.thumbnail.contentType);
  const now = new Date();
  const row = await insertConfirmedIssueFile(services.database.db, {
    guid,
    projectId: access.project.id,
    createdByUserId: access.actor.account.id,
    fileName: name,
    storageKey,
    contentType,
    size: data.length,
    width: facts.width,
    height: facts.height,
    thumbKey,
    thumbWidth: facts.thumbnail.width,
    thumbHeight: facts.thumbnail.height,
    confirmedAt: now,
    expiresAt: new Date(now.getTime() + 24 * 3600 * 1000),
  });
  return row as ConfirmedIssueFile;
}

/** The viewpoints JSON Obra stores on the issue (issues.viewpoints): one entry per BCF viewpoint. */
export interface StoredBcfViewpoint {
  source: 'bcf';
  guid: string;
  index: number | null;
  /** The GUID of the issue file holding the snapshot (its issue image), if any. */
  snapshot: string | null;
  visualization: unknown;
}

export function storedViewpoints(
  topic: BcfTopic,
  snapshots: SnapshotFiles,
  previous: readonly StoredBcfViewpoint[],
): StoredBcfViewpoint[] {
  return topic.viewpoints.map((v) => ({
    source: 'bcf',
    guid: v.guid,
    index: v.index ?? null,
    snapshot:
      snapshots.get(`${topic.guid}/${v.guid}`)?.guid ??
      previous.find((p) => p.guid === v.guid)?.snapshot ??
      null,
    visualization: v.visualization ?? null,
  }));
}

/**
 * The BCF viewpoints stored on an issue: those imported or written as BCF (`source: "bcf"`), and those Obra's own
 * 3D viewer saved (a BCF viewpoint as the viewer builds it: a GUID and its visualization, no `source`), so that an
 * issue raised in Obra's viewer keeps its camera in the BCF-API and in BCF-XML exports. A viewer viewpoint's
 * snapshot is the issue image that carries the same viewpoint (`images`: the issue's own, with the GUID of the
 * viewpoint each carries), when there is one.
 */
export function readStoredViewpoints(
  value: unknown,
  images: readonly { fileGuid: string; viewpointGuid?: string | null }[] = [],
): StoredBcfViewpoint[] {
  if (!Array.isArray(value)) return [];
  const out: StoredBcfViewpoint[] = [];
  for (const v of value as unknown[]) {
    if (typeof v !== 'object' || v === null) continue;
    const entry = v as Record<string, unknown>;
    if (entry['source'] === 'bcf') {
      out.push(entry as unknown as StoredBcfViewpoint);
      continue;
    }
    const guid = entry['guid'];
    const visualization = entry['visualization'];
    if (entry['source'] !== undefined || typeof guid !== 'string' || !isBcfGuid(guid)) continue;
    if (typeof visualization !== 'object' || visualization === null) continue;
    out.push({
      source: 'bcf',
      guid,
      index: typeof entry['index'] === 'number' ? entry['index'] : null,
      snapshot: images.find((i) => i.viewpointGuid === guid)?.fileGuid ?? null,
      visualization,
    });
  }
  return out;
}

/** An internal document (BCF 3.0 documents.xml) kept in the file store for the next export. */
export interface StoredBcfDocument {
  guid: string;
  filename: string;
  description?: string | undefined;
  storageKey: string;
}

/** The topic fields kept in bcf_topics (everything but comments and viewpoints). */
export function topicRecord(
  topic: BcfTopic,
  unmappedLabels: string[],
  documents: ReadonlyMap<string, StoredBcfDocument>,
): Record<string, unknown> {
  const { comments: _c, viewpoints: _v, folder: _f, ...rest } = topic;
  const own = topic.documentReferences
    .map((d) => (d.documentGuid ? documents.get(d.documentGuid) : undefined))
    .filter((d): d is StoredBcfDocument => d !== undefined);
  return { ...rest, unmappedLabels, documents: own };
}

/** Stores the package's internal documents that topics reference (BCF 3.0 documents/{guid}). */
export async function storeDocuments(
  services: AppServices,
  access: ProjectAccess,
  archive: BcfArchive,
  pkg: BcfPackage,
): Promise<Map<string, StoredBcfDocument>> {
  const stored = new Map<string, StoredBcfDocument>();
  const wanted = new Set(pkg.topics.flatMap((t) => t.documentReferences.map((d) => d.documentGuid)));
  for (const document of pkg.documents) {
    if (!wanted.has(document.guid)) continue;
    const path = archive.paths.find((p) => p.toLowerCase() === `documents/${document.guid}`);
    if (!path) continue;
    const storageKey = `bcf/${access.project.id}/documents/${randomUUID()}`;
    await services.files.store.write(storageKey, await archive.read(path), 'application/octet-stream');
    stored.set(document.guid, { ...document, storageKey });
  }
  return stored;
}

/**
 * Stores the snapshots of some planned topics as issue images (outside any transaction: a topic that then fails
 * leaves files the files.cleanup job removes) and answers them by `topicGuid/viewpointGuid`; unreadable ones
 * become warnings of their topic.
 */
export async function storeSnapshots(
  services: AppServices,
  access: ProjectAccess,
  archive: BcfArchive,
  planned: readonly PlannedTopic[],
): Promise<SnapshotFiles> {
  const files: SnapshotFiles = new Map();
  const snapshots = planned.flatMap((plan) =>
    plan.topic.folder
      ? plan.topic.viewpoints.flatMap((v) =>
          v.snapshot ? [{ plan, v, folder: plan.topic.folder, name: v.snapshot }] : [],
        )
      : [],
  );
  // Snapshots are decoded and thumbnailed by sharp in libuv's threads: a few at a time keep both the threads and
  // the event loop busy (one at a time left a core idle: a 2,000-topic package took 67 s, docs/benchmarks.md).
  // Outcomes are applied in the package's order, so the report reads the same whatever finished first.
  const outcomes = await mapConcurrently(snapshots, SNAPSHOT_CONCURRENCY, async ({ folder, name }) => {
    try {
      const bytes = await archive.read(`${folder}/${name}`, 50 * 1024 * 1024);
      return { file: await storeSnapshot(services, access, name, bytes) };
    } catch (error) {
      if (!isAppError(error)) throw error;
      return { error: `snapshot ${name}: ${error.message}` };
    }
  });
  snapshots.forEach(({ plan, v, name }, i) => {
    const outcome = outcomes[i];
    if (outcome?.file) files.set(`${plan.topic.guid}/${v.guid}`, outcome.file);
    else plan.item.warnings.push(outcome?.error ?? `snapshot ${name} is not an image Obra reads`);
  });
  return files;
}
