import { PassThrough } from 'node:stream';
import { AppError, isAppError, resolveLocale, type ErrorCode } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import { jobActorOf } from '../identity/job-actor.ts';
import { loadProjectAccess } from '../projects/project-access.ts';
import {
  countExportIssues,
  downloadName,
  prepareIssueExport,
  prepareIssueReport,
  reportContextOf,
  REPORT_MAX_ISSUES,
} from '../exports/export-service.ts';
import { exportFilter, exportIssuePages, type ExportPage } from '../exports/export-source.ts';
import { defaultSeparator, writeIssuesCsv, writeIssuesXlsx } from '../exports/issue-export-writers.ts';
import { writeIssuesReport } from '../exports/issue-report-pdf.ts';
import {
  deleteExpiredExportJobs,
  findExportJob,
  exportProjectName,
  findOwnExportJob,
  insertExportJob,
  updateExportJob,
  type ExportJobRow,
} from './export-job-repository.ts';
import { announceDownloadReady } from './download-notices.ts';
import { deleteOldNotices } from './download-notice-repository.ts';

/** What a background export writes: the list as Excel or CSV (per issue or per discipline), or the PDF report. */
export const EXPORT_FORMATS = ['issuesXlsx', 'issuesCsv', 'disciplinesCsv', 'issuesReport'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How long a prepared export stays in Downloads. */
export const EXPORT_JOB_HOURS = 24;

/** What the request named, kept with the job (the job reads the list as the requester sees it when it runs). */
export interface ExportJobParams {
  filter?: unknown;
  ids?: number[];
  locale: string;
  separator?: 'comma' | 'semicolon';
  comments?: boolean;
  history?: boolean;
  images?: boolean;
}

const FILE = {
  issuesXlsx: {
    what: 'issues',
    extension: 'xlsx',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  issuesCsv: { what: 'issues', extension: 'csv', type: 'text/csv; charset=utf-8' },
  disciplinesCsv: { what: 'issues-disciplines', extension: 'csv', type: 'text/csv; charset=utf-8' },
  issuesReport: { what: 'issues-report', extension: 'pdf', type: 'application/pdf' },
} as const satisfies Record<ExportFormat, { what: string; extension: string; type: string }>;

/** The content type of a prepared export's file (for its signed address). */
export function exportContentType(format: string): string {
  if (format === 'projectData') return 'application/zip';
  return FILE[format as ExportFormat]?.type ?? 'application/octet-stream';
}

/**
 * Starts an export in the background (issue 33, docs/workspace.md "Downloads"): the request is checked now (the
 * project's access, the filter, the ids, a report's size), so a refusal is an answer with its code and never a
 * failed download later; then the job is recorded and exports.prepare queued in one unit of work. A read: allowed
 * in inactive projects, like the direct exports.
 */
export async function startExportJob(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; format: string } & ExportJobParams,
): Promise<{ id: string }> {
  if (!(EXPORT_FORMATS as readonly string[]).includes(input.format))
    throw new AppError('BAD_USER_INPUT', { field: 'format' });
  const format = input.format as ExportFormat;
  if (input.separator !== undefined && input.separator !== 'comma' && input.separator !== 'semicolon')
    throw new AppError('BAD_USER_INPUT', { field: 'separator' });
  const request = { projectId: input.projectId, filter: input.filter, ids: input.ids };
  if (format === 'issuesReport')
    await countExportIssues(
      services,
      actor,
      { ...request, filter: exportFilter(request), ids: undefined },
      REPORT_MAX_ISSUES,
    );
  else await exportIssuePages(services, actor, request, 1).next();
  const params: ExportJobParams = {
    filter: input.filter,
    ids: input.ids,
    locale: resolveLocale(input.locale),
    separator: input.separator,
    comments: input.comments,
    history: input.history,
    images: input.images,
  };
  return unitOfWork(services, async (tx) => {
    const id = await insertExportJob(tx, {
      projectId: input.projectId,
      userId: actor.account.id,
      format,
      params: JSON.parse(JSON.stringify(params)) as Record<string, unknown>,
      expiresAt: new Date(Date.now() + EXPORT_JOB_HOURS * 3_600_000),
    });
    await services.jobs.send('exports.prepare', { exportJobId: id }, { executor: transactionExecutor(tx) });
    return { id };
  });
}

/** The caller's own export's row, for the Downloads page (undefined when it is not theirs or is gone). */
export async function ownExportJob(
  services: AppServices,
  actor: Actor,
  input: { id: string; projectId: number },
): Promise<ExportJobRow | undefined> {
  await loadProjectAccess(services.database.db, actor, input.projectId);
  return findOwnExportJob(services.database.db, { ...input, userId: actor.account.id });
}

/** Counts the issues as the writer takes them, telling the job's progress at most once a second. */
async function* counted(
  pages: AsyncIterable<ExportPage>,
  progress: (done: number) => void,
): AsyncGenerator<ExportPage> {
  let done = 0;
  for await (const page of pages) {
    yield page;
    done += page.issues.length;
    progress(done);
  }
}

/**
 * The exports.prepare job: writes the export the requester would download now (what they see when it runs) into
 * the file store, counting the issues as they are written; the Downloads page then gives its signed address. A
 * refusal met while running (access lost, a report grown past its maximum) is the job's error code; anything else
 * is 'Error preparing download' (PREPARING). The requester is told either way. Never retried: they ask again.
 */
export async function runExportJob(services: AppServices, exportJobId: string): Promise<void> {
  const { db } = services.database;
  const row = await findExportJob(db, exportJobId);
  if (!row || row.status !== 'processing') return;
  const format = row.format as ExportFormat;
  const params = row.params as unknown as ExportJobParams;
  const file = FILE[format];
  const key = `issue-exports/${row.projectId}/${row.id}.${file.extension}`;
  let projectName = (await exportProjectName(db, row.projectId)) ?? String(row.projectId);
  const finish = async (
    outcome: { errorCode: ErrorCode | 'PREPARING' } | { size: number; fileName: string; total: number },
  ) => {
    await unitOfWork(services, (tx) =>
      updateExportJob(
        tx,
        row.id,
        'errorCode' in outcome
          ? { status: 'error', errorCode: outcome.errorCode, completedAt: new Date() }
          : {
              status: 'completed',
              storageKey: key,
              size: outcome.size,
              fileName: outcome.fileName,
              done: outcome.total,
              total: outcome.total,
              completedAt: new Date(),
            },
      ),
    );
    await announceDownloadReady(services, row.userId, {
      id: row.id,
      kind: format,
      status: 'errorCode' in outcome ? 'error' : 'completed',
      projectId: row.projectId,
      projectName,
      fileName: 'errorCode' in outcome ? null : outcome.fileName,
    });
  };
  try {
    const actor = await jobActorOf(db, row.userId);
    if (!actor) throw new AppError('NOT_FOUND');
    const locale = resolveLocale(params.locale);
    const request = { projectId: row.projectId, filter: params.filter, ids: params.ids };
    // The report counts its issues itself (its cover's totals); the others in the same light pass.
    const report = format === 'issuesReport' ? await prepareIssueReport(services, actor, request) : null;
    const totals =
      report?.totals ??
      (await countExportIssues(services, actor, {
        ...request,
        filter: exportFilter(request),
        ids: undefined,
      }));
    await updateExportJob(db, row.id, { total: totals.total });
    let lastReport = Date.now();
    const progress = (done: number) => {
      if (Date.now() - lastReport < 1000) return;
      lastReport = Date.now();
      void updateExportJob(db, row.id, { done }).catch(() => undefined);
    };
    const out = new PassThrough();
    let fileName: string;
    let write: Promise<unknown>;
    if (report) {
      const prepared = report;
      projectName = prepared.lookups.projectName;
      fileName = downloadName(projectName, file.what, file.extension);
      const options = {
        comments: params.comments ?? false,
        history: params.history ?? false,
        images: params.images ?? true,
      };
      write = writeIssuesReport(
        counted(prepared.pages, progress),
        reportContextOf(services, actor, prepared, locale, options),
        out,
      );
    } else {
      const prepared = await prepareIssueExport(services, actor, request);
      projectName = prepared.lookups.projectName;
      fileName = downloadName(projectName, file.what, file.extension);
      const context = { db, locale, lookups: prepared.lookups };
      const pages = counted(prepared.pages, progress);
      write =
        format === 'issuesXlsx'
          ? writeIssuesXlsx(pages, context, out)
          : writeIssuesCsv(
              pages,
              {
                ...context,
                kind: format === 'issuesCsv' ? 'issues' : 'disciplines',
                separator:
                  params.separator === 'comma'
                    ? ','
                    : params.separator === 'semicolon'
                      ? ';'
                      : defaultSeparator(locale),
              },
              out,
            );
    }
    write.catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
    const [size] = await Promise.all([services.files.store.writeStream(key, out, file.type), write]);
    await finish({ size, fileName, total: totals.total });
  } catch (error) {
    await services.files.store.remove([key]).catch(() => undefined);
    if (isAppError(error)) {
      await finish({ errorCode: error.code });
      return;
    }
    services.logger.warn({ err: error, exportJobId }, 'background export failed');
    await finish({ errorCode: 'PREPARING' });
  }
}

/** Download notices are kept this long (every prepared file has expired by then). */
const NOTICE_KEEP_DAYS = 3;

/** The exports.cleanup job: prepared exports past their day go with their files, and old download notices. */
export async function cleanupExportJobs(services: AppServices, now = new Date()): Promise<number> {
  const keys = await unitOfWork(services, (tx) => deleteExpiredExportJobs(tx, now));
  if (keys.length > 0) await services.files.store.remove(keys);
  const notices = await unitOfWork(services, (tx) =>
    deleteOldNotices(tx, new Date(now.getTime() - NOTICE_KEEP_DAYS * 86_400_000)),
  );
  return keys.length + notices;
}
