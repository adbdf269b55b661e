import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { AppError, errorMessage, isAppError, resolveLocale, type ErrorCode } from '@obra/domain';
import type { Actor } from '../../auth/actor.ts';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { jobActorOf } from '../identity/job-actor.ts';
import type { AppServices } from '../../services.ts';
import { requireIssueReader } from '../projects/project-access.ts';
import { translator } from '../notifications/notification-emails.ts';
import { loadForWrite, loadProjectAccess } from '../projects/project-access.ts';
import { exportBcf, parseBcfExportVersion } from './bcf-export-service.ts';
import { importBcf } from './bcf-import-service.ts';
import { type BcfImportItem, type BcfImportMapping, type BcfImportReport } from './bcf-import-plan.ts';
import {
  deleteFinishedBcfJobs,
  failAbandonedBcfJobs,
  findBcfJob,
  findUnfinishedImport,
  findUserBcfJob,
  insertBcfJob,
  pushSubscriptionIdsOf,
  updateBcfJob,
  type BcfJobKind,
  type BcfJobRow,
  type BcfJobState,
} from './bcf-job-repository.ts';
import { checkBcfPackageBounds, removeTemporary } from './bcf-zip.ts';
import { analyzeIssueTables } from '../../db/planner-statistics.ts';

/** Topics written per unit of work by an import job (its progress moves by this much). */
export const BCF_IMPORT_BATCH = 100;
/** How long a finished job (its report, an export's package) stays available. */
export const BCF_JOB_KEEP_HOURS = 24;
/** A job not touched for this long while queued or running was abandoned by its worker. */
const ABANDONED_HOURS = 2;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What GET /bcf-xml/projects/{projectId}/jobs/{jobId} answers. */
export interface BcfJobView {
  id: string;
  kind: BcfJobKind;
  state: BcfJobState;
  fileName: string;
  /** Topics written (import) or packed (export) so far, of `total`. */
  done: number;
  total: number;
  /** The import report once completed; an export's `{topics}`. */
  report: unknown;
  error: { code: ErrorCode; message: string } | null;
  /** The export's package, signed for five minutes, once completed. */
  url: string | null;
  /** The stored package's bytes (an import's upload; an export's package once completed). */
  size: number | null;
  createdAt: string;
  finishedAt: string | null;
}

function present(services: AppServices, row: BcfJobRow, locale: string, origin: string): BcfJobView {
  const code = row.errorCode as ErrorCode | null;
  const finished = row.state === 'completed' || row.state === 'failed';
  const expires = Math.floor(Date.now() / 1000) + 5 * 60;
  return {
    id: row.id,
    kind: row.kind as BcfJobKind,
    state: row.state as BcfJobState,
    fileName: row.fileName,
    done: row.done,
    total: row.total,
    report: finished ? (row.report ?? null) : null,
    error: code ? { code, message: errorMessage(resolveLocale(locale), code) } : null,
    url:
      row.kind === 'export' && row.state === 'completed' && row.storageKey
        ? `${origin}${services.files.signer.signedPath('GET', row.storageKey, expires, 'application/zip')}`
        : null,
    size: row.size === null ? null : Number(row.size),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * POST /bcf-xml/projects/{projectId}/imports: checks the caller may import here and the package's bounds (from
 * its central directory: entries, topics, unpacked bytes; BCF_PACKAGE_TOO_LARGE), stores the package in the file
 * store and queues bcf.import in the same unit of work as the job's row. The same package sent again by the same
 * person while its job is unfinished answers that job (a client retrying after a lost answer starts nothing new).
 */
export async function startBcfImport(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; file: string; fileName: string; mapping: BcfImportMapping; origin: string },
): Promise<{ job: BcfJobView; joined: boolean }> {
  const { db } = services.database;
  const locale = actor.account.localeId ?? 'en';
  await loadForWrite(db, actor, input.projectId, 'issue.create');
  const { topics } = await checkBcfPackageBounds(input.file);
  const sha256 = await sha256Of(input.file);
  const running = await findUnfinishedImport(db, {
    projectId: input.projectId,
    userId: actor.account.id,
    sha256,
  });
  if (running) return { job: present(services, running, locale, input.origin), joined: true };
  const key = `bcf-jobs/${input.projectId}/${randomUUID()}.bcf`;
  const size = await services.files.store.writeStream(
    key,
    fs.createReadStream(input.file),
    'application/zip',
  );
  try {
    const row = await unitOfWork(services, async (tx) => {
      const inserted = await insertBcfJob(tx, {
        projectId: input.projectId,
        userId: actor.account.id,
        kind: 'import',
        fileName: input.fileName.slice(0, 255),
        storageKey: key,
        size,
        sha256,
        options: input.mapping,
        total: topics,
      });
      await services.jobs.send('bcf.import', { jobId: inserted.id }, { executor: transactionExecutor(tx) });
      return inserted;
    });
    return { job: present(services, row, locale, input.origin), joined: false };
  } catch (error) {
    await services.files.store.remove([key]).catch(() => undefined);
    throw error;
  }
}

/** POST /bcf-xml/projects/{projectId}/exports: the same checks as the download, then bcf.export is queued. */
export async function startBcfExport(
  services: AppServices,
  actor: Actor,
  input: {
    projectId: number;
    version?: unknown;
    filter?: unknown;
    ids?: number[] | undefined;
    origin: string;
  },
): Promise<BcfJobView> {
  const { db } = services.database;
  const version = parseBcfExportVersion(input.version);
  const access = await loadProjectAccess(db, actor, input.projectId);
  requireIssueReader(access);
  const row = await unitOfWork(services, async (tx) => {
    const inserted = await insertBcfJob(tx, {
      projectId: input.projectId,
      userId: actor.account.id,
      kind: 'export',
      fileName: `${access.project.name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'project'}-bcf-${version}.bcf`,
      storageKey: null,
      size: null,
      sha256: null,
      options: { version, filter: input.filter ?? null, ids: input.ids ?? null },
      total: 0,
    });
    await services.jobs.send('bcf.export', { jobId: inserted.id }, { executor: transactionExecutor(tx) });
    return inserted;
  });
  return present(services, row, actor.account.localeId ?? 'en', input.origin);
}

/** GET /bcf-xml/projects/{projectId}/jobs/{jobId}: the caller's own job (BCF_JOB_NOT_FOUND otherwise). */
export async function bcfJobState(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; jobId: string; origin: string },
): Promise<BcfJobView> {
  const { db } = services.database;
  await loadProjectAccess(db, actor, input.projectId);
  if (!UUID.test(input.jobId)) throw new AppError('BCF_JOB_NOT_FOUND');
  const row = await findUserBcfJob(db, {
    id: input.jobId,
    projectId: input.projectId,
    userId: actor.account.id,
  });
  if (!row) throw new AppError('BCF_JOB_NOT_FOUND');
  return present(services, row, actor.account.localeId ?? 'en', input.origin);
}

/** The job's requester as an actor (as when they asked), or undefined when the account is gone. */
function requesterOf(services: AppServices, row: BcfJobRow): Promise<Actor | undefined> {
  return jobActorOf(services.database.db, row.userId);
}

/** Tells the requester's devices (Web Push) that the job ended. */
async function notifyRequester(
  services: AppServices,
  actor: Actor,
  row: BcfJobRow,
  text: string,
): Promise<void> {
  const { db } = services.database;
  const subscriptions = await pushSubscriptionIdsOf(db, actor.account.id);
  if (subscriptions.length === 0) return;
  const payload = JSON.stringify({
    title: text,
    body: row.fileName,
    url: `/workspace/project/${row.projectId}/issues`,
    tag: `bcf-${row.id}`,
  });
  await unitOfWork(services, async (tx) => {
    for (const subscriptionId of subscriptions)
      await services.jobs.send(
        'notifications.push',
        { subscriptionId, payload },
        { executor: transactionExecutor(tx) },
      );
  });
}

async function finish(
  services: AppServices,
  row: BcfJobRow,
  actor: Actor | undefined,
  outcome: { report: unknown; storageKey?: string | null; size?: number | null } | { error: ErrorCode },
  text: (t: (key: string, vars?: Record<string, string | number>) => string, project: string) => string,
): Promise<void> {
  const now = new Date();
  if ('error' in outcome)
    await unitOfWork(services, (tx) =>
      updateBcfJob(tx, row.id, { state: 'failed', errorCode: outcome.error, finishedAt: now }),
    );
  else
    await unitOfWork(services, (tx) =>
      updateBcfJob(tx, row.id, {
        state: 'completed',
        report: outcome.report,
        done: row.kind === 'import' ? (outcome.report as BcfImportReport).topics : row.total,
        ...(outcome.storageKey !== undefined
          ? { storageKey: outcome.storageKey, size: outcome.size ?? null }
          : {}),
        finishedAt: now,
      }),
    );
  if (!actor) return;
  const { t } = translator(actor.account.localeId);
  const project = (await loadProjectAccess(services.database.db, actor, row.projectId).catch(() => undefined))
    ?.project.name;
  await notifyRequester(services, actor, row, text(t, project ?? String(row.projectId))).catch(
    (error: unknown) =>
      services.logger.warn({ err: error, jobId: row.id }, 'BCF job notification not queued'),
  );
}

/**
 * The bcf.import job: reads the stored package into a temporary file and imports it in batches of
 * BCF_IMPORT_BATCH topics, each batch one unit of work that also moves the job's progress. A retried job (its
 * worker died) goes on after the last batch written; topics are matched by GUID, so nothing is duplicated even
 * when a package is imported again. A refusal (AppError) fails the job with its code; other errors are thrown so
 * that pg-boss retries.
 */
export async function runBcfImport(services: AppServices, jobId: string): Promise<void> {
  const { db } = services.database;
  const row = await findBcfJob(db, jobId);
  if (!row || row.kind !== 'import' || row.state === 'completed' || row.state === 'failed') return;
  const actor = await requesterOf(services, row);
  const failText =
    (code: ErrorCode) => (t: (k: string, v?: Record<string, string | number>) => string, project: string) =>
      t('bcfImportFailed', {
        project,
        message: errorMessage(resolveLocale(actor?.account.localeId ?? 'en'), code),
      });
  if (!actor || !row.storageKey) {
    await finish(services, row, actor, { error: 'NOT_FOUND' }, failText('NOT_FOUND'));
    return;
  }
  await unitOfWork(services, (tx) => updateBcfJob(tx, row.id, { state: 'running' }));
  const file = path.join(os.tmpdir(), `obra-bcf-job-${row.id}-${randomUUID()}.bcf`);
  try {
    await pipeline(await services.files.store.readStream(row.storageKey), fs.createWriteStream(file));
    const kept = row.report as { items?: BcfImportItem[] } | null;
    const report = await importBcf(services, actor, {
      projectId: row.projectId,
      file,
      dryRun: false,
      mapping: row.options as BcfImportMapping,
      batches: {
        size: BCF_IMPORT_BATCH,
        resume: row.done > 0 && kept?.items ? { done: row.done, items: kept.items } : undefined,
        onStart: (total) => unitOfWork(services, (tx) => updateBcfJob(tx, row.id, { total })),
        onBatch: (tx, progress) =>
          updateBcfJob(tx, row.id, { done: progress.done, report: { items: progress.items } }),
      },
    });
    // Thousands of topics may have just arrived: the list is planned on them from its first look.
    if (report.created > 0) await analyzeIssueTables(services.database);
    await finish(services, row, actor, { report }, (t, project) =>
      t('bcfImportDone', {
        project,
        created: report.created,
        updated: report.updated,
        failed: report.failed,
      }),
    );
    await services.files.store.remove([row.storageKey]).catch(() => undefined);
  } catch (error) {
    if (!isAppError(error)) throw error;
    await finish(services, row, actor, { error: error.code }, failText(error.code));
  } finally {
    await removeTemporary(file);
  }
}

/**
 * The bcf.export job: writes the package the requester would download now (what they see when it runs) into the
 * file store, counting the topics as they are packed; the job's state then gives a signed address for it.
 */
export async function runBcfExport(services: AppServices, jobId: string): Promise<void> {
  const { db } = services.database;
  const row = await findBcfJob(db, jobId);
  if (!row || row.kind !== 'export' || row.state === 'completed' || row.state === 'failed') return;
  const actor = await requesterOf(services, row);
  const failText =
    (code: ErrorCode) => (t: (k: string, v?: Record<string, string | number>) => string, project: string) =>
      t('bcfExportFailed', {
        project,
        message: errorMessage(resolveLocale(actor?.account.localeId ?? 'en'), code),
      });
  if (!actor) {
    await finish(services, row, actor, { error: 'NOT_FOUND' }, failText('NOT_FOUND'));
    return;
  }
  await unitOfWork(services, (tx) => updateBcfJob(tx, row.id, { state: 'running', done: 0 }));
  const options = row.options as { version: string; filter: unknown; ids: number[] | null };
  const key = `bcf-jobs/${row.projectId}/${row.id}.bcf`;
  let lastReport = 0;
  try {
    const result = await exportBcf(services, actor, {
      projectId: row.projectId,
      version: options.version,
      filter: options.filter ?? undefined,
      ids: options.ids ?? undefined,
      onTopic: (done, total) => {
        if (Date.now() - lastReport < 1000 && done < total) return;
        lastReport = Date.now();
        void updateBcfJob(db, row.id, { done, total }).catch(() => undefined);
      },
    });
    await unitOfWork(services, (tx) => updateBcfJob(tx, row.id, { total: result.count }));
    const size = await services.files.store.writeStream(key, result.stream, 'application/zip');
    await finish(
      services,
      { ...row, total: result.count },
      actor,
      {
        report: { topics: result.count },
        storageKey: key,
        size,
      },
      (t, project) => t('bcfExportDone', { project, topics: result.count }),
    );
  } catch (error) {
    await services.files.store.remove([key]).catch(() => undefined);
    if (!isAppError(error)) throw error;
    await finish(services, row, actor, { error: error.code }, failText(error.code));
  }
}

/** The bcf.cleanup job: jobs finished over a day ago go with their stored packages; abandoned ones fail. */
export async function cleanupBcfJobs(services: AppServices, now = new Date()): Promise<number> {
  await unitOfWork(services, (tx) =>
    failAbandonedBcfJobs(tx, new Date(now.getTime() - ABANDONED_HOURS * 3_600_000)),
  );
  const keys = await unitOfWork(services, (tx) =>
    deleteFinishedBcfJobs(tx, new Date(now.getTime() - BCF_JOB_KEEP_HOURS * 3_600_000)),
  );
  if (keys.length > 0) await services.files.store.remove(keys);
  return keys.length;
}

/**
 * The BCF-XML import and export jobs and their hourly clean-up (register-workers calls this); `onExportEnded`
 * is told each export job that ran (the Downloads' "ready" notice).
 */
export async function registerBcfJobWorkers(
  services: AppServices,
  onExportEnded?: (jobId: string) => Promise<void>,
): Promise<void> {
  await services.jobs.work('bcf.import', (payload) => runBcfImport(services, payload.jobId));
  await services.jobs.work('bcf.export', async (payload) => {
    await runBcfExport(services, payload.jobId);
    await onExportEnded?.(payload.jobId);
  });
  await services.jobs.work('bcf.cleanup', async () => {
    const removed = await cleanupBcfJobs(services);
    if (removed > 0) services.logger.info({ removed }, 'finished BCF jobs removed');
  });
  await services.jobs.boss.schedule('bcf.cleanup', '17 * * * *', {});
}
