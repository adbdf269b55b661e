import { AppError, type ErrorCode } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { bulkDownloadState } from '../drive/drive-bulk-download-service.ts';
import { BCF_JOB_KEEP_HOURS, bcfJobState } from '../bcf/bcf-job-service.ts';
import { listUserPreparations, type PreparationRef } from './downloads-repository.ts';
import { exportContentType, ownExportJob, type ExportFormat } from './export-job-service.ts';

/** The most preparations the Downloads page lists. */
export const DOWNLOADS_LIMIT = 50;

/** One file being prepared or ready, as the Downloads page shows it (docs/workspace.md "Downloads"). */
export interface DownloadView {
  id: string;
  /** driveZip, filesZip, bcfExport, or an issue export: issuesXlsx, issuesCsv, disciplinesCsv, issuesReport. */
  kind: 'driveZip' | 'filesZip' | 'bcfExport' | ExportFormat | 'projectData';
  projectId: number;
  projectName: string;
  fileName: string | null;
  status: 'processing' | 'completed' | 'error';
  /** PREPARING / COMPRESSING for a zip (editor §6), the job's catalogue code for a BCF export. */
  errorCode: string | null;
  done: number;
  total: number;
  size: number | null;
  createdAt: Date;
  expiresAt: Date | null;
  /** Signed for five minutes, once completed. */
  url: string | null;
}

/**
 * The caller's own preparations (`/workspace/downloads`): the list comes from the repository, each state from its
 * area's own reading (the same access checks and signed addresses as the drive's and the BCF routes); one the
 * caller may no longer read (they left the project) is left out.
 */
export async function myDownloads(
  services: AppServices,
  actor: Actor,
  origin: string,
): Promise<DownloadView[]> {
  const refs = await listUserPreparations(services.database.db, actor.account.id, DOWNLOADS_LIMIT);
  const views = await Promise.all(refs.map((ref) => viewOf(services, actor, origin, ref)));
  return views.filter((v): v is DownloadView => v !== null);
}

async function viewOf(
  services: AppServices,
  actor: Actor,
  origin: string,
  ref: PreparationRef,
): Promise<DownloadView | null> {
  try {
    if (ref.source === 'bulkZip') {
      const area = ref.area === 'files' ? 'files' : 'drive';
      const s = await bulkDownloadState(services, actor, {
        projectId: ref.projectId,
        bulkDownloadId: ref.id,
        origin,
        area,
      });
      return {
        id: ref.id,
        kind: area === 'files' ? 'filesZip' : 'driveZip',
        projectId: ref.projectId,
        projectName: ref.projectName,
        fileName: null,
        status: s.status,
        errorCode: s.errorCode,
        done: s.processedCount,
        total: s.fileCount,
        size: s.size,
        createdAt: new Date(s.createdAt),
        expiresAt: new Date(s.expiresAt),
        url: s.url,
      };
    }
    if (ref.source === 'issueExport') return await issueExportView(services, actor, origin, ref);
    const s = await bcfJobState(services, actor, { projectId: ref.projectId, jobId: ref.id, origin });
    const finishedAt = s.finishedAt ? new Date(s.finishedAt) : null;
    return {
      id: ref.id,
      kind: 'bcfExport',
      projectId: ref.projectId,
      projectName: ref.projectName,
      fileName: s.fileName,
      status: s.state === 'completed' ? 'completed' : s.state === 'failed' ? 'error' : 'processing',
      errorCode: (s.error?.code as ErrorCode | undefined) ?? null,
      done: s.done,
      total: s.total,
      // The job's own read, with its state: the list's row may be older than a job that completed meanwhile.
      size: s.size,
      createdAt: new Date(s.createdAt),
      expiresAt: finishedAt ? new Date(finishedAt.getTime() + BCF_JOB_KEEP_HOURS * 3_600_000) : null,
      url: s.url,
    };
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** A background issue export as the page shows it (the caller must still be in the project). */
async function issueExportView(
  services: AppServices,
  actor: Actor,
  origin: string,
  ref: PreparationRef,
): Promise<DownloadView | null> {
  const row = await ownExportJob(services, actor, { id: ref.id, projectId: ref.projectId });
  if (!row) return null;
  const completed = row.status === 'completed' && row.storageKey !== null;
  const expires = Math.floor(Date.now() / 1000) + 5 * 60;
  return {
    id: row.id,
    kind: row.format as ExportFormat | 'projectData',
    projectId: row.projectId,
    projectName: ref.projectName,
    fileName: row.fileName,
    status: row.status as DownloadView['status'],
    errorCode: row.errorCode,
    done: row.done,
    total: row.total,
    size: row.size,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    url:
      completed && row.storageKey
        ? `${origin}${services.files.signer.signedPath('GET', row.storageKey, expires, exportContentType(row.format))}`
        : null,
  };
}
