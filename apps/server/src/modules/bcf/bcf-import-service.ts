import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { z } from 'zod';
import {
  AppError,
  bcfDateOnly,
  bcfKey,
  commentTextProblems,
  isAppError,
  mapBcfLabels,
  mapBcfPriority,
  mapBcfStage,
  mapBcfStatus,
  mapBcfTopicType,
  TEXT_LIMITS,
  type BcfMatch,
  type BcfPackage,
  type BcfTopic,
  type ErrorCode,
  type ObraBcfTopicExtension,
} from '@obra/domain';
import type { Actor } from '../../auth/actor.ts';
import type { Db, Tx } from '../../db/database.ts';
import { savepoint, unitOfWork } from '../../db/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import { inspectImage } from '../../storage/image-content.ts';
import { applyIssueCreate } from '../issues/issue-create-service.ts';
import { applyCommentCreate } from '../issues/comments/issue-comment-service.ts';
import { findIssueById, loadVisibleIssue } from '../issues/issue-repository.ts';
import { insertConfirmedIssueFile } from '../issues/images/issue-file-repository.ts';
import { checkEnums, type IssueFieldsInput } from '../issues/issue-input-checks.ts';
import { projectStatuses } from '../projects/project-settings-repository.ts';
import { applyIssueUpdate } from '../issues/issue-update-service.ts';
import { ISSUE_FILE_MAX_BYTES, type ConfirmedIssueFile } from '../issues/images/issue-file-service.ts';
import type { ImageInput } from '../issues/images/issue-image-service.ts';
import { loadForWrite, type ProjectAccess } from '../projects/project-access.ts';
import {
  bcfCommentGuidsOf,
  insertBcfComment,
  insertBcfTopic,
  issueDisciplineRows,
  issueImagesWithFiles,
  saveBcfTopic,
  issuesWithTopic,
  loadBcfProjectSetup,
  topicsByGuid,
  visibleIssueIds,
  type BcfProjectSetup,
} from './bcf-repository.ts';
import { derivedTopicGuid } from './bcf-guids.ts';
import { readBcfPackage } from './bcf-xml-read.ts';
import { openBcfArchive, type BcfArchive } from './bcf-zip.ts';

/** The choices a user makes where the mapping is ambiguous (all optional; the preview shows the guesses). */
export const bcfImportMappingSchema = z
  .object({
    types: z.record(z.string(), z.number().int().nullable()).optional(),
    statuses: z.record(z.string(), z.enum(['active', 'resolved', 'reproved'])).optional(),
    priorities: z.record(z.string(), z.enum(['high', 'medium', 'low'])).optional(),
    stages: z.record(z.string(), z.number().int().nullable()).optional(),
    labels: z.record(z.string(), z.number().int().nullable()).optional(),
    users: z.record(z.string(), z.number().int().nullable()).optional(),
    /** Disciplines of topics that do not carry Obra's extension. */
    disciplineIds: z.array(z.number().int()).max(100).optional(),
    visibility: z.enum(['creator', 'project_management', 'public']).optional(),
  })
  .strict();
export type BcfImportMapping = z.infer<typeof bcfImportMappingSchema>;

/** Parses the `mapping` field of an import (JSON text or value); BAD_USER_INPUT when it does not fit. */
export function parseBcfImportMapping(raw: unknown): BcfImportMapping {
  if (raw === undefined || raw === null || raw === '') return {};
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      throw new AppError('BAD_USER_INPUT', 'mapping is not JSON', { field: 'mapping' });
    }
  }
  const parsed = bcfImportMappingSchema.safeParse(value);
  if (!parsed.success) throw new AppError('BAD_USER_INPUT', 'invalid mapping', { field: 'mapping' });
  return parsed.data;
}

/** How one BCF value of a kind was mapped, with how many topics carry it. */
export interface BcfValueMapping<T> {
  value: string;
  topics: number;
  mappedTo: T;
  match: BcfMatch;
}

export interface BcfImportItem {
  guid: string;
  title: string;
  action: 'create' | 'update' | 'failed';
  issueId?: number | undefined;
  code?: string | undefined;
  error?: { code: ErrorCode; message: string } | undefined;
  comments: number;
  viewpoints: number;
  snapshots: number;
  /** What of the topic could not be mapped (labels without a project label, unknown users, …). */
  warnings: string[];
}

/** The preview (dryRun) and the result of an import. */
export interface BcfImportReport {
  dryRun: boolean;
  version: string;
  topics: number;
  created: number;
  updated: number;
  failed: number;
  fromObra: boolean;
  items: BcfImportItem[];
  mapping: {
    types: BcfValueMapping<number | null>[];
    statuses: BcfValueMapping<string>[];
    priorities: BcfValueMapping<string>[];
    stages: BcfValueMapping<number | null>[];
    labels: BcfValueMapping<number | null>[];
    users: BcfValueMapping<number | null>[];
    disciplineIds: number[];
  };
  /** Topic folders that could not be read, with why. */
  unreadable: { folder: string; reason: string }[];
}

interface PlannedTopic {
  topic: BcfTopic;
  item: BcfImportItem;
  fields: IssueFieldsInput;
  existingIssueId: number | undefined;
  obra: ObraBcfTopicExtension | undefined;
  unmappedLabels: string[];
}

function tally<T>(
  list: BcfValueMapping<T>[],
  value: string | undefined,
  mapped: { value: T; match: BcfMatch },
): void {
  if (value === undefined || value.trim() === '') return;
  const found = list.find((m) => m.value === value);
  if (found) found.topics += 1;
  else list.push({ value, topics: 1, mappedTo: mapped.value, match: mapped.match });
}

/** The disciplines a topic without Obra's extension gets: the chosen ones, else BIM coordination, else the importer's. */
function defaultDisciplineIds(
  setup: BcfProjectSetup,
  access: ProjectAccess,
  mapping: BcfImportMapping,
): number[] {
  const known = new Set(setup.disciplines.map((d) => d.id));
  const chosen = (mapping.disciplineIds ?? []).filter((id) => known.has(id));
  if (chosen.length > 0) return [...new Set(chosen)];
  const bim = setup.disciplines.find((d) => d.standardDisciplineId === 33);
  if (bim) return [bim.id];
  const own = access.userDisciplines.find((id) => known.has(id));
  if (own !== undefined) return [own];
  const first = setup.disciplines[0];
  return first ? [first.id] : [];
}

/** A pending and a settled discipline status the project has switched on (todo / done by preference). */
function disciplineStatusFor(
  statuses: Awaited<ReturnType<typeof projectStatuses>>,
  issueStatus: string,
): string {
  const pending = issueStatus === 'active';
  const candidates = pending ? ['todo', 'doing', 'active'] : ['done', 'resolved', 'validated', 'aware'];
  const preferred = candidates.find((key) => statuses.active.has(key));
  if (preferred) return preferred;
  const any = [...statuses.all.values()].find(
    (s) => statuses.active.has(s.key) && s.keepIssueActive === pending,
  );
  return any?.key ?? (pending ? 'todo' : 'done');
}

/** The BCF bimPin of a topic: where its first viewpoint's camera looks from (Obra issues need a pin). */
function bimPinsOf(topic: BcfTopic): unknown[] {
  const first = [...topic.viewpoints].sort((a, b) => (a.index ?? 0) - (b.index ?? 0))[0];
  const camera = first?.visualization?.camera;
  return [
    {
      source: 'bcf',
      topicGuid: topic.guid,
      viewpointGuid: first?.guid ?? null,
      position: camera ? camera.viewPoint : null,
      direction: camera ? camera.direction : null,
    },
  ];
}

function planTopics(
  pkg: BcfPackage,
  context: {
    access: ProjectAccess;
    setup: BcfProjectSetup;
    statuses: Awaited<ReturnType<typeof projectStatuses>>;
    mapping: BcfImportMapping;
    existing: Map<string, number>;
    visible: Set<number>;
  },
  report: BcfImportReport,
): PlannedTopic[] {
  const { setup, statuses, mapping, existing, visible } = context;
  const defaults = defaultDisciplineIds(setup, context.access, mapping);
  report.mapping.disciplineIds = defaults;
  const visibility = mapping.visibility ?? 'public';
  const seen = new Set<string>();
  const planned: PlannedTopic[] = [];
  for (const topic of pkg.topics) {
    const obra = pkg.obra?.topics[topic.guid];
    const warnings: string[] = [];
    const existingIssueId = existing.get(topic.guid);
    const item: BcfImportItem = {
      guid: topic.guid,
      title: existingIssueId !== undefined && !visible.has(existingIssueId) ? '' : topic.title,
      action: existingIssueId === undefined ? 'create' : 'update',
      issueId: existingIssueId !== undefined && visible.has(existingIssueId) ? existingIssueId : undefined,
      comments: topic.comments.length,
      viewpoints: topic.viewpoints.length,
      snapshots: topic.viewpoints.filter((v) => v.snapshot).length,
      warnings,
    };
    report.items.push(item);
    const fail = (code: ErrorCode, reason: string) => {
      item.action = 'failed';
      item.error = { code, message: reason };
    };
    if (seen.has(topic.guid)) {
      fail('BAD_USER_INPUT', 'the package has this topic twice');
      continue;
    }
    seen.add(topic.guid);
    if (existingIssueId !== undefined && !visible.has(existingIssueId)) {
      // Another user's issue the importer may not see: nothing of it is told.
      fail('NOT_FOUND', 'a topic with this GUID exists in the project and you may not change it');
      continue;
    }
    if (topic.title.trim() === '') {
      fail('REQUIRED_FIELD', 'the topic has no title');
      continue;
    }
    const longComment = topic.comments.find(
      (c) => commentTextProblems({ message: bcfCommentMessage(c.comment) }).length > 0,
    );
    if (longComment) {
      fail(
        'TEXT_TOO_LONG',
        `comment ${longComment.guid} is longer than ${TEXT_LIMITS.commentMessage} characters`,
      );
      continue;
    }
    const status = mapBcfStatus(topic.topicStatus, mapping.statuses?.[topic.topicStatus ?? '']);
    const priority = mapBcfPriority(topic.priority, mapping.priorities?.[topic.priority ?? '']);
    const type = mapBcfTopicType(
      topic.topicType,
      setup.activeCategoryIds,
      topic.topicType !== undefined ? mapping.types?.[topic.topicType] : undefined,
    );
    const stage = mapBcfStage(
      topic.stage,
      setup.activePhaseIds,
      topic.stage !== undefined ? mapping.stages?.[topic.stage] : undefined,
    );
    tally(report.mapping.statuses, topic.topicStatus, status);
    tally(report.mapping.priorities, topic.priority, priority);
    tally(report.mapping.types, topic.topicType, type);
    tally(report.mapping.stages, topic.stage, stage);
    const labelsIn = topic.labels.filter((l) => !(obra?.disciplineLabels ?? []).includes(l));
    const labels = mapBcfLabels(labelsIn, setup.labels, mapping.labels ?? {});
    for (const label of labelsIn) {
      const id = labels.ids.find((lid) => {
        const l = setup.labels.find((x) => x.id === lid);
        return l && (bcfKey(l.name) === bcfKey(label) || bcfKey(l.abbreviation) === bcfKey(label));
      });
      const chosen = mapping.labels?.[label];
      tally(
        report.mapping.labels,
        label,
        chosen !== undefined
          ? { value: chosen, match: 'chosen' }
          : { value: id ?? null, match: id !== undefined ? 'exact' : 'none' },
      );
    }
    if (labels.unmapped.length > 0) warnings.push(`labels kept in BCF only: ${labels.unmapped.join(', ')}`);
    for (const email of [topic.assignedTo, topic.creationAuthor, ...topic.comments.map((c) => c.author)]) {
      if (!email) continue;
      const chosen = mapping.users?.[email];
      const member = setup.members.get(email.toLowerCase());
      tally(
        report.mapping.users,
        email,
        chosen !== undefined
          ? { value: chosen, match: 'chosen' }
          : { value: member?.id ?? null, match: member ? 'exact' : 'none' },
      );
    }
    const assignee = topic.assignedTo
      ? (mapping.users?.[topic.assignedTo] ?? setup.members.get(topic.assignedTo.toLowerCase())?.id ?? null)
      : null;
    if (topic.assignedTo && assignee === null)
      warnings.push(`AssignedTo ${topic.assignedTo} is not a project member`);
    if (type.match === 'none') warnings.push(`TopicType "${topic.topicType ?? ''}" has no category`);
    if (stage.match === 'none') warnings.push(`Stage "${topic.stage ?? ''}" has no phase`);
    if (status.match === 'none') warnings.push(`TopicStatus "${topic.topicStatus ?? ''}" read as active`);
    // Obra's own extension restores what BCF cannot say: exact status, priority, visibility, disciplines.
    const issueStatus = (obra?.status as typeof status.value | undefined) ?? status.value;
    const disciplines = obra?.disciplines.length
      ? obra.disciplines.flatMap((d) => {
          const found =
            setup.disciplines.find((p) => bcfKey(p.abbreviation) === bcfKey(d.abbreviation)) ??
            setup.disciplines.find(
              (p) => d.standardDisciplineId != null && p.standardDisciplineId === d.standardDisciplineId,
            );
          if (!found) {
            warnings.push(`discipline ${d.abbreviation} is not in the project`);
            return [];
          }
          return [{ disciplineId: found.id, status: d.status, deadline: d.deadline ?? null }];
        })
      : undefined;
    const status0 = disciplineStatusFor(statuses, issueStatus);
    const phase = obra?.creationPhase !== undefined ? obra.creationPhase : stage.value;
    const fields: IssueFieldsInput = {
      title: topic.title.trim(),
      description: topic.description ?? null,
      status: issueStatus,
      priority: obra?.priority ?? priority.value,
      visibility: existingIssueId === undefined ? (obra?.visibility ?? visibility) : undefined,
      category: obra?.category !== undefined ? obra.category : type.value,
      creationPhase: phase,
      resolutionPhase:
        obra?.resolutionPhase !== undefined
          ? obra.resolutionPhase
          : issueStatus === 'active'
            ? null
            : (phase ?? 0),
      deadline: bcfDateOnly(topic.dueDate) ?? null,
      labels: labels.ids,
      disciplines:
        disciplines && disciplines.length > 0
          ? disciplines
          : existingIssueId === undefined
            ? defaults.map((disciplineId) => ({ disciplineId, status: status0 }))
            : undefined,
      bimPins: bimPinsOf(topic),
      mentionedUsers: assignee !== null ? [assignee] : undefined,
      documentsReferences: topic.documentReferences.map((d, index) => ({
        index,
        source: 'bcf',
        id: d.guid ?? null,
        documentId: d.documentGuid ?? null,
        documentName:
          d.description ?? d.url ?? pkg.documents.find((x) => x.guid === d.documentGuid)?.filename ?? null,
        url: d.url ?? null,
      })),
    };
    if (existingIssueId === undefined && (fields.disciplines?.length ?? 0) === 0) {
      fail('ISSUE_MUST_HAVE_DISCIPLINES', 'the project has no discipline to give the topic');
      continue;
    }
    planned.push({ topic, item, fields, existingIssueId, obra, unmappedLabels: labels.unmapped });
  }
  return planned;
}

/** Where a topic's snapshot and viewpoint land: the file GUID of each viewpoint's stored snapshot. */
type SnapshotFiles = Map<string, ConfirmedIssueFile>;

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
async function storeSnapshot(
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

function storedViewpoints(
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

export function readStoredViewpoints(value: unknown): StoredBcfViewpoint[] {
  return Array.isArray(value)
    ? value.filter(
        (v): v is StoredBcfViewpoint =>
          typeof v === 'object' && v !== null && (v as { source?: unknown }).source === 'bcf',
      )
    : [];
}

/** An internal document (BCF 3.0 documents.xml) kept in the file store for the next export. */
export interface StoredBcfDocument {
  guid: string;
  filename: string;
  description?: string | undefined;
  storageKey: string;
}

/** The topic fields kept in bcf_topics (everything but comments and viewpoints). */
function topicRecord(
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
async function storeDocuments(
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
 * The topic's comments not yet in the project (by GUID), each through the comments' own path (applyCommentCreate:
 * the row, its history entry, the unread marks, the live event) with its BCF date, author and viewpoint kept beside.
 */
async function storeComments(
  tx: Db,
  access: ProjectAccess,
  issueId: number,
  topic: BcfTopic,
  visibility: string,
): Promise<number> {
  const known = await bcfCommentGuidsOf(tx, issueId);
  const fresh = topic.comments.filter((c) => !known.has(c.guid));
  if (fresh.length === 0) return 0;
  const issue = await loadVisibleIssue(tx, access, issueId);
  const userId = access.actor.account.id;
  for (const c of fresh) {
    const message = bcfCommentMessage(c.comment);
    const date = Number.isNaN(Date.parse(c.date)) ? new Date() : new Date(c.date);
    const row = await applyCommentCreate(
      tx,
      {},
      issue,
      { message, visibility, groupId: null, mentioned: [], userId, createdAt: date },
      { bcf: { old: null, new: { guid: c.guid, author: c.author } } },
    );
    await insertBcfComment(tx, {
      commentId: row.id,
      issueId,
      guid: c.guid,
      comment: {
        author: c.author,
        date: c.date,
        modifiedAuthor: c.modifiedAuthor,
        modifiedDate: c.modifiedDate,
        viewpointGuid: c.viewpointGuid,
      },
    });
  }
  return fresh.length;
}

/** A BCF comment's text as an Obra comment: as written, and '-' for an empty one (a comment holding only a viewpoint). */
function bcfCommentMessage(text: string): string {
  return text.trim() === '' ? '-' : text;
}

async function applyTopic(
  tx: Db,
  context: {
    access: ProjectAccess;
    statuses: Awaited<ReturnType<typeof projectStatuses>>;
    files: SnapshotFiles;
    documents: ReadonlyMap<string, StoredBcfDocument>;
    visibility: string;
    removeImageIds?: ReadonlySet<number>;
  },
  plan: PlannedTopic,
): Promise<void> {
  const { access, statuses, files } = context;
  const { topic, fields } = plan;
  const projectId = access.project.id;
  const newSnapshots = topic.viewpoints
    .map((v) => ({ v, file: files.get(`${topic.guid}/${v.guid}`) }))
    .filter((s): s is { v: (typeof topic.viewpoints)[number]; file: ConfirmedIssueFile } => !!s.file);
  let issueId: number;
  if (plan.existingIssueId === undefined) {
    const images: ImageInput[] = newSnapshots.map((s, index) => ({
      index,
      title: s.v.snapshot ?? '',
      original: s.file.guid,
    }));
    const row = await applyIssueCreate(
      tx,
      { access, statuses, files: new Map(newSnapshots.map((s) => [s.file.guid, s.file])) },
      {
        ...fields,
        projectId,
        images,
        viewpoints: storedViewpoints(topic, files, []),
      },
      { bcf: { old: null, new: { guid: topic.guid } } },
    );
    issueId = row.id;
    plan.item.code = row.code;
    await insertBcfTopic(tx, {
      issueId,
      projectId,
      guid: topic.guid,
      serverAssignedId: topic.serverAssignedId ?? null,
      topic: topicRecord(topic, plan.unmappedLabels, context.documents),
    });
  } else {
    issueId = plan.existingIssueId;
    const removed = context.removeImageIds ?? new Set<number>();
    const current = (await issueImagesWithFiles(tx, [issueId])).filter((c) => !removed.has(c.id));
    const row = await findIssueById(tx, issueId);
    if (!row) throw new AppError('NOT_FOUND');
    const previous = readStoredViewpoints(row.viewpoints);
    const fresh = newSnapshots.filter((s) => !previous.some((p) => p.guid === s.v.guid && p.snapshot));
    const images: ImageInput[] | undefined =
      fresh.length || removed.size
        ? [
            ...current.map((c) => ({ id: c.id })),
            ...fresh.map((s, i) => ({
              index: current.length + i,
              title: s.v.snapshot ?? '',
              original: s.file.guid,
            })),
          ]
        : undefined;
    const stored = storedViewpoints(
      topic,
      new Map(fresh.map((s) => [`${topic.guid}/${s.v.guid}`, s.file])),
      previous,
    );
    await applyIssueUpdate(
      tx,
      { access, statuses, files: new Map(fresh.map((s) => [s.file.guid, s.file])) },
      {
        ...fields,
        status: fields.status === row.status ? undefined : fields.status,
        resolutionPhase: fields.status === row.status ? undefined : fields.resolutionPhase,
        bimPins: undefined,
        projectId,
        issueId,
        images,
        viewpoints: stored,
      },
      checkEnums({ ...fields, status: fields.status === row.status ? undefined : fields.status }),
    );
    plan.item.code = row.code;
    // A topic matched through Obra's extension (exported from here, never imported) gets its BCF row now.
    await saveBcfTopic(tx, {
      issueId,
      projectId,
      guid: topic.guid,
      serverAssignedId: topic.serverAssignedId ?? null,
      topic: topicRecord(topic, plan.unmappedLabels, context.documents),
    });
  }
  await storeComments(tx, access, issueId, topic, context.visibility);
  plan.item.issueId = issueId;
}

/**
 * Stores the snapshots of some planned topics as issue images (outside any transaction: a topic that then fails
 * leaves files the files.cleanup job removes) and answers them by `topicGuid/viewpointGuid`; unreadable ones
 * become warnings of their topic.
 */
async function storeSnapshots(
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

/**
 * Imports a BCF package (POST /bcf-xml/projects/{projectId}/imports): authorize (issue.create, active
 * project) → read the package → map every topic (the preview; `dryRun` stops here and writes nothing) →
 * store the snapshots as issue images → one unit of work in which each topic is a savepoint: a topic the
 * rules refuse is reported with its error code, the others are kept. A topic whose GUID the project knows
 * updates its issue (through updateIssue's rules); others create issues (through createIssue's rules).
 */
/** How far an import job got: the package's topics handled (in package order) and their report items. */
export interface BcfImportProgress {
  done: number;
  items: BcfImportItem[];
}

/**
 * An import written in batches (the bcf.import job): each batch of topics is one unit of work, and `onBatch` runs
 * inside it once its topics are written, so the job's progress commits with them (or not at all). `resume`
 * skips the topics an earlier run of the same job wrote, keeping their items.
 */
export interface BcfImportBatches {
  size: number;
  resume?: BcfImportProgress | undefined;
  onStart?: (total: number) => Promise<void>;
  onBatch: (tx: Tx, progress: BcfImportProgress) => Promise<void>;
}

export async function importBcf(
  services: AppServices,
  actor: Actor,
  input: {
    projectId: number;
    file: string;
    dryRun: boolean;
    mapping: BcfImportMapping;
    batches?: BcfImportBatches;
  },
): Promise<BcfImportReport> {
  const { db } = services.database;
  const access = await loadForWrite(db, actor, input.projectId, 'issue.create');
  const archive = await openBcfArchive(input.file);
  try {
    const pkg = await readBcfPackage(archive);
    return await importPackage(services, access, archive, pkg, input);
  } finally {
    archive.close();
  }
}

async function importPackage(
  services: AppServices,
  access: ProjectAccess,
  archive: BcfArchive,
  pkg: BcfPackage,
  input: { dryRun: boolean; mapping: BcfImportMapping; batches?: BcfImportBatches | undefined },
): Promise<BcfImportReport> {
  const { db } = services.database;
  const [setup, statuses] = await Promise.all([
    loadBcfProjectSetup(db, access.project.id),
    projectStatuses(db, access.project.id),
  ]);
  const existing = await topicsByGuid(
    db,
    access.project.id,
    pkg.topics.map((t) => t.guid),
  );
  // A package exported from this very project matches its topics to their issues by id as well.
  if (pkg.obra?.projectGuid === access.project.guid) {
    const candidates = pkg.topics
      .filter((t) => !existing.has(t.guid) && pkg.obra?.topics[t.guid]?.issueId !== undefined)
      .map((t) => ({ guid: t.guid, issueId: pkg.obra?.topics[t.guid]?.issueId ?? 0 }));
    const withTopic = await issuesWithTopic(
      db,
      candidates.map((c) => c.issueId),
    );
    for (const c of candidates)
      if (!withTopic.has(c.issueId) && derivedTopicGuid(access.project.guid, c.issueId) === c.guid)
        existing.set(c.guid, c.issueId);
  }
  const visible = await visibleIssueIds(db, access, [...existing.values()]);
  const report: BcfImportReport = {
    dryRun: input.dryRun,
    version: pkg.version,
    topics: pkg.topics.length,
    created: 0,
    updated: 0,
    failed: 0,
    fromObra: pkg.obra !== undefined,
    items: [],
    mapping: {
      types: [],
      statuses: [],
      priorities: [],
      stages: [],
      labels: [],
      users: [],
      disciplineIds: [],
    },
    unreadable: pkg.unreadable,
  };
  const planned = planTopics(
    pkg,
    { access, setup, statuses, mapping: input.mapping, existing, visible },
    report,
  );
  const count = () => {
    report.created = report.items.filter((i) => i.action === 'create').length;
    report.updated = report.items.filter((i) => i.action === 'update').length;
    report.failed = report.items.filter((i) => i.action === 'failed').length;
  };
  if (input.dryRun) {
    count();
    return report;
  }
  // A job that ran before wrote the first `done` topics (and committed their items with them): they are kept.
  const resume = input.batches?.resume;
  const from = Math.min(resume?.done ?? 0, report.items.length);
  for (let i = 0; i < from; i++) {
    const kept = resume?.items[i];
    if (kept) report.items[i] = kept;
  }
  const planOf = new Map(planned.map((plan) => [plan.item, plan]));
  const size = Math.max(1, input.batches?.size ?? report.items.length);
  await input.batches?.onStart?.(report.items.length);
  const documents = await storeDocuments(services, access, archive, pkg);
  const visibility = input.mapping.visibility ?? 'public';
  for (let start = from; start < report.items.length; start += size) {
    const end = Math.min(start + size, report.items.length);
    const batch = report.items.slice(start, end).flatMap((item) => planOf.get(item) ?? []);
    const files = await storeSnapshots(services, access, archive, batch);
    await unitOfWork(services, async (tx) => {
      for (const plan of batch) {
        try {
          await savepoint(tx, (itemTx) =>
            applyTopic(itemTx, { access, statuses, files, documents, visibility }, plan),
          );
        } catch (error) {
          if (!isAppError(error)) throw error;
          plan.item.action = 'failed';
          plan.item.error = { code: error.code, message: error.message };
          plan.item.issueId = undefined;
        }
      }
      await input.batches?.onBatch(tx, { done: end, items: report.items.slice(0, end) });
    });
  }
  count();
  return report;
}

/**
 * Writes one topic that a BCF-API client sent (modules/bcf/api): the same mapping and write path as an import
 * of a package holding only this topic, so the domain rules, visibility, history and live events are the
 * import's and the web app's. `existingIssueId` updates that issue (it must be visible: NOT_FOUND otherwise);
 * `snapshots` are the new viewpoints' snapshot images by viewpoint GUID. Answers the issue id.
 */
export async function writeApiTopic(
  services: AppServices,
  access: ProjectAccess,
  topic: BcfTopic,
  options: {
    existingIssueId?: number | undefined;
    snapshots?: ReadonlyMap<string, { name: string; bytes: Buffer }>;
    documents?: readonly StoredBcfDocument[];
    /** Issue images to remove (the snapshot of a viewpoint deleted through the API). */
    removeImageIds?: readonly number[];
  },
): Promise<number> {
  const { db } = services.database;
  const [setup, statuses] = await Promise.all([
    loadBcfProjectSetup(db, access.project.id),
    projectStatuses(db, access.project.id),
  ]);
  const existing = new Map<string, number>();
  if (options.existingIssueId !== undefined) existing.set(topic.guid, options.existingIssueId);
  const visible = await visibleIssueIds(db, access, [...existing.values()]);
  const report: BcfImportReport = {
    dryRun: false,
    version: '3.0',
    topics: 1,
    created: 0,
    updated: 0,
    failed: 0,
    fromObra: false,
    items: [],
    mapping: {
      types: [],
      statuses: [],
      priorities: [],
      stages: [],
      labels: [],
      users: [],
      disciplineIds: [],
    },
    unreadable: [],
  };
  const pkg: BcfPackage = { version: '3.0', documents: [], topics: [topic], unreadable: [] };
  const [plan] = planTopics(pkg, { access, setup, statuses, mapping: {}, existing, visible }, report);
  if (!plan) {
    const error = report.items[0]?.error;
    throw error ? new AppError(error.code, error.message) : new AppError('BAD_USER_INPUT');
  }
  const requested = plan.fields.status;
  if (options.existingIssueId !== undefined && typeof requested === 'string') {
    // Obra derives an issue's status from its disciplines: a BCF status change moves them along (to the
    // project's settled or pending status), under the same policy checks as a change in the web app.
    const row = await findIssueById(db, options.existingIssueId);
    if (row && row.status !== requested) {
      const status = disciplineStatusFor(statuses, requested);
      const current = await issueDisciplineRows(db, options.existingIssueId);
      plan.fields.disciplines = current.map((d) => ({
        disciplineId: d.disciplineId,
        status,
        deadline: d.deadline,
      }));
    }
  }
  const files: SnapshotFiles = new Map();
  for (const [viewpointGuid, snapshot] of options.snapshots ?? []) {
    const file = await storeSnapshot(services, access, snapshot.name, snapshot.bytes);
    if (!file)
      throw new AppError('BAD_USER_INPUT', 'the snapshot is not an image Obra reads', { field: 'snapshot' });
    files.set(`${topic.guid}/${viewpointGuid}`, file);
  }
  const documents = new Map((options.documents ?? []).map((d) => [d.guid, d]));
  await unitOfWork(services, (tx) =>
    applyTopic(
      tx,
      {
        access,
        statuses,
        files,
        documents,
        visibility: 'public',
        removeImageIds: new Set(options.removeImageIds ?? []),
      },
      plan,
    ),
  );
  if (plan.item.issueId === undefined) throw new Error('topic not stored');
  return plan.item.issueId;
}
