import { AppError, isAppError, type BcfPackage, type BcfTopic } from '@obra/domain';
import { savepoint, unitOfWork } from '../../db/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import type { Db } from '../../db/database.ts';
import { applyIssueCreate } from '../issues/issue-create-service.ts';
import { applyCommentCreate } from '../issues/comments/issue-comment-service.ts';
import { findIssueById, loadVisibleIssue } from '../issues/issue-repository.ts';
import { applyIssueUpdate } from '../issues/issue-update-service.ts';
import { type ConfirmedIssueFile } from '../issues/images/issue-file-service.ts';
import type { ImageInput } from '../issues/images/issue-image-service.ts';
import { type ProjectAccess } from '../projects/project-access.ts';
import {
  bcfCommentGuidsOf,
  insertBcfComment,
  insertBcfTopic,
  issueImagesWithFiles,
  saveBcfTopic,
} from './bcf-repository.ts';
import {
  readStoredViewpoints,
  storeDocuments,
  storeSnapshots,
  storedViewpoints,
  topicRecord,
  type SnapshotFiles,
  type StoredBcfDocument,
} from './bcf-import-files.ts';
import {
  bcfCommentMessage,
  type BcfImportBatches,
  type BcfImportMapping,
  type BcfImportReport,
  type PlannedTopic,
} from './bcf-import-plan.ts';
import type { BcfImportWorld } from './bcf-repository.ts';
import type { BcfArchive } from './bcf-zip.ts';

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

export async function applyTopic(
  tx: Db,
  context: {
    access: ProjectAccess;
    files: SnapshotFiles;
    documents: ReadonlyMap<string, StoredBcfDocument>;
    visibility: string;
    removeImageIds?: ReadonlySet<number>;
  },
  plan: PlannedTopic,
): Promise<void> {
  const { access, files } = context;
  const { topic, fields } = plan;
  const projectId = access.project.id;
  const newSnapshots = topic.viewpoints
    .map((v) => ({ v, file: files.get(`${topic.guid}/${v.guid}`) }))
    .filter((s): s is { v: (typeof topic.viewpoints)[number]; file: ConfirmedIssueFile } => !!s.file);
  // The topic's BCF row beside its issue: its GUID, server id and what Obra keeps of it.
  const bcfRowOf = (issueId: number) => ({
    issueId,
    projectId,
    guid: topic.guid,
    serverAssignedId: topic.serverAssignedId ?? null,
    topic: topicRecord(topic, plan.unmappedLabels, context.documents),
  });
  let issueId: number;
  if (plan.existingIssueId === undefined) {
    const images: ImageInput[] = newSnapshots.map((s, index) => ({
      index,
      title: s.v.snapshot ?? '',
      original: s.file.guid,
    }));
    const row = await applyIssueCreate(
      tx,
      { access, files: new Map(newSnapshots.map((s) => [s.file.guid, s.file])) },
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
    await insertBcfTopic(tx, bcfRowOf(issueId));
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
      { access, files: new Map(fresh.map((s) => [s.file.guid, s.file])) },
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
    );
    plan.item.code = row.code;
    // A topic matched through Obra's extension (exported from here, never imported) gets its BCF row now.
    await saveBcfTopic(tx, bcfRowOf(issueId));
  }
  await storeComments(tx, access, issueId, topic, context.visibility);
  plan.item.issueId = issueId;
}

/**
 * The store step of a package import: the package's documents, then the planned topics in batches, each batch's
 * snapshots stored as issue images and its topics written in one unit of work, each topic in a savepoint (a topic
 * the rules refuse is reported with its error code, the others are kept). A job's progress commits with each batch
 * (`onBatch`); topics an earlier run of the same job wrote keep their items (`resume`).
 */
export async function storeImport(
  services: AppServices,
  world: Pick<BcfImportWorld, 'access'>,
  read: { archive: BcfArchive; pkg: BcfPackage; planned: readonly PlannedTopic[]; report: BcfImportReport },
  input: { mapping: BcfImportMapping; batches?: BcfImportBatches | undefined },
): Promise<void> {
  const { access } = world;
  const { archive, pkg, report } = read;
  const resume = input.batches?.resume;
  const from = Math.min(resume?.done ?? 0, report.items.length);
  for (let i = 0; i < from; i++) {
    const kept = resume?.items[i];
    if (kept) report.items[i] = kept;
  }
  const planOf = new Map(read.planned.map((plan) => [plan.item, plan]));
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
          await savepoint(tx, (itemTx) => applyTopic(itemTx, { access, files, documents, visibility }, plan));
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
}
