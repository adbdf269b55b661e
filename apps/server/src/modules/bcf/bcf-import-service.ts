import { AppError, isAppError, type BcfPackage, type BcfTopic } from '@obra/domain';
import type { Actor } from '../../auth/actor.ts';
import type { Tx } from '../../db/database.ts';
import { savepoint, unitOfWork } from '../../db/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import { findIssueById } from '../issues/issue-repository.ts';
import { projectStatuses } from '../projects/project-settings-repository.ts';
import { loadForWrite, type ProjectAccess } from '../projects/project-access.ts';
import {
  issueDisciplineRows,
  issuesWithTopic,
  loadBcfProjectSetup,
  topicsByGuid,
  visibleIssueIds,
} from './bcf-repository.ts';
import { derivedTopicGuid } from './bcf-guids.ts';
import { readBcfPackage } from './bcf-xml-read.ts';
import { openBcfArchive, type BcfArchive } from './bcf-zip.ts';
import { applyTopic } from './bcf-import-apply.ts';
import {
  storeDocuments,
  storeSnapshot,
  storeSnapshots,
  type SnapshotFiles,
  type StoredBcfDocument,
} from './bcf-import-files.ts';
import {
  disciplineStatusFor,
  planTopics,
  type BcfImportItem,
  type BcfImportMapping,
  type BcfImportReport,
} from './bcf-import-plan.ts';

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

/** A report before any topic is planned: nothing created, updated or failed, no value mapped yet. */
function emptyReport(
  facts: Pick<BcfImportReport, 'dryRun' | 'version' | 'topics' | 'fromObra' | 'unreadable'>,
): BcfImportReport {
  const mapping = {
    types: [],
    statuses: [],
    priorities: [],
    stages: [],
    labels: [],
    users: [],
    disciplineIds: [],
  };
  return { ...facts, created: 0, updated: 0, failed: 0, items: [], mapping };
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
  const report = emptyReport({
    dryRun: input.dryRun,
    version: pkg.version,
    topics: pkg.topics.length,
    fromObra: pkg.obra !== undefined,
    unreadable: pkg.unreadable,
  });
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
  const report = emptyReport({ dryRun: false, version: '3.0', topics: 1, fromObra: false, unreadable: [] });
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
