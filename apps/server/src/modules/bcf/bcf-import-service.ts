import { AppError, type BcfPackage, type BcfTopic } from '@obra/domain';
import type { Actor } from '../../auth/actor.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { AppServices } from '../../services.ts';
import { findIssueById } from '../issues/issue-repository.ts';
import { loadForWrite, type ProjectAccess } from '../projects/project-access.ts';
import { issueDisciplineRows, loadImportWorld } from './bcf-repository.ts';
import { openBcfPackage } from './bcf-xml-read.ts';
import { applyTopic, storeImport } from './bcf-import-apply.ts';
import { storeSnapshot, type SnapshotFiles, type StoredBcfDocument } from './bcf-import-files.ts';
import {
  disciplineStatusFor,
  planTopics,
  type BcfImportBatches,
  type BcfImportMapping,
  type BcfImportReport,
} from './bcf-import-plan.ts';

export type { BcfImportBatches, BcfImportProgress } from './bcf-import-plan.ts';

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

/**
 * Imports a BCF package (POST /bcf-xml/projects/{projectId}/imports): authorize (issue.create, active
 * project) → read the package → map every topic (the preview; `dryRun` stops here and writes nothing) →
 * store the snapshots as issue images → one unit of work in which each topic is a savepoint: a topic the
 * rules refuse is reported with its error code, the others are kept. A topic whose GUID the project knows
 * updates its issue (through updateIssue's rules); others create issues (through createIssue's rules).
 */
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
  const { archive, pkg } = await openBcfPackage(input.file);
  try {
    const world = await loadImportWorld(db, access, pkg);
    const report = emptyReport({
      dryRun: input.dryRun,
      version: pkg.version,
      topics: pkg.topics.length,
      fromObra: pkg.obra !== undefined,
      unreadable: pkg.unreadable,
    });
    const planned = planTopics(pkg, { ...world, mapping: input.mapping }, report);
    if (!input.dryRun) await storeImport(services, world, { archive, pkg, planned, report }, input);
    return countReport(report);
  } finally {
    archive.close();
  }
}

/** The report's counts of created, updated and failed topics, from its items. */
function countReport(report: BcfImportReport): BcfImportReport {
  report.created = report.items.filter((i) => i.action === 'create').length;
  report.updated = report.items.filter((i) => i.action === 'update').length;
  report.failed = report.items.filter((i) => i.action === 'failed').length;
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
  const pkg: BcfPackage = { version: '3.0', documents: [], topics: [topic], unreadable: [] };
  const known = new Map<string, number>();
  if (options.existingIssueId !== undefined) known.set(topic.guid, options.existingIssueId);
  const world = await loadImportWorld(db, access, pkg, known);
  const { statuses } = world;
  const report = emptyReport({ dryRun: false, version: '3.0', topics: 1, fromObra: false, unreadable: [] });
  const [plan] = planTopics(pkg, { ...world, mapping: {} }, report);
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
