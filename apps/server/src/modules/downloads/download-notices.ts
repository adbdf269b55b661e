import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import { renderEmail } from '../../mail/email-renderer.ts';
import { findBcfJob } from '../bcf/bcf-job-repository.ts';
import type { BulkZipOutcome } from '../drive/drive-bulk-download-service.ts';
import { claimNoticeForMail, insertDownloadNotice, markNoticesSeen } from './download-notice-repository.ts';
import { exportProjectName } from './export-job-repository.ts';

/** The pub/sub channel of "download ready" notices; its topic is per person (`downloadsTopic`). */
export const DOWNLOADS_CHANNEL = 'account:downloads';

/**
 * How long after a preparation ends its e-mail waits for the web app to say the person saw the notice: an open
 * tab acknowledges within a second; after this the person is taken to have left, and the e-mail goes.
 */
export const DOWNLOAD_MAIL_DELAY_SECONDS = 90;

/** What the web app is told when one of the person's preparations ends (ids only travel with their own topic). */
export interface DownloadReadyEvent {
  id: string;
  kind: string;
  status: 'completed' | 'error';
  projectId: number;
  projectName: string;
  fileName: string | null;
}

export function downloadsTopic(services: Pick<AppServices, 'config'>, userId: number): string {
  return `${services.config.redisChannelPrefix}downloads:${userId}`;
}

/**
 * A preparation of the person's ended (completed or failed): the notice is written and the e-mail queued for
 * later in one unit of work, then the person's open tabs are told at once (pub/sub, across processes). A job
 * retried after it ended does not notify twice.
 */
export async function announceDownloadReady(
  services: AppServices,
  userId: number,
  event: DownloadReadyEvent,
): Promise<void> {
  const fresh = await unitOfWork(services, async (tx) => {
    const written = await insertDownloadNotice(tx, {
      userId,
      downloadId: event.id,
      kind: event.kind,
      status: event.status,
      projectName: event.projectName,
      fileName: event.fileName,
    });
    if (written)
      await services.jobs.send(
        'downloads.readyMail',
        { userId, downloadId: event.id },
        {
          executor: transactionExecutor(tx),
          startAfter: new Date(Date.now() + DOWNLOAD_MAIL_DELAY_SECONDS * 1000),
        },
      );
    return written;
  });
  if (fresh) services.pubsub.publish(DOWNLOADS_CHANNEL, downloadsTopic(services, userId), event);
}

/** A drive or project-files zip ended: its requester is told (the drive.bulkZip worker calls this). */
export async function announceBulkZip(
  services: AppServices,
  outcome: BulkZipOutcome | undefined,
): Promise<void> {
  if (!outcome) return;
  await announceDownloadReady(services, outcome.userId, {
    id: outcome.id,
    kind: outcome.area === 'files' ? 'filesZip' : 'driveZip',
    status: outcome.status,
    projectId: outcome.projectId,
    projectName: (await exportProjectName(services.database.db, outcome.projectId)) ?? '',
    fileName: null,
  });
}

/** A BCF export job ran: when it ended (completed or failed), its requester is told. */
export async function announceBcfExport(services: AppServices, jobId: string): Promise<void> {
  const row = await findBcfJob(services.database.db, jobId);
  if (!row || row.kind !== 'export' || (row.state !== 'completed' && row.state !== 'failed')) return;
  await announceDownloadReady(services, row.userId, {
    id: row.id,
    kind: 'bcfExport',
    status: row.state === 'completed' ? 'completed' : 'error',
    projectId: row.projectId,
    projectName: (await exportProjectName(services.database.db, row.projectId)) ?? '',
    fileName: row.fileName,
  });
}

/** The web app showed these notices (a toast, or the Downloads page): their e-mails will not go. */
export async function acknowledgeDownloads(
  services: AppServices,
  actor: Actor,
  ids: readonly string[],
): Promise<number> {
  const unique = [...new Set(ids)].slice(0, 100);
  return unitOfWork(services, (tx) => markNoticesSeen(tx, actor.account.id, unique));
}

/**
 * The downloads.readyMail job: when the notice is still unseen (no open tab showed it), the person gets an
 * e-mail in their language with the Downloads page's address. Claimed in one statement: sent at most once.
 */
export async function runDownloadReadyMail(
  services: AppServices,
  payload: { userId: number; downloadId: string },
): Promise<boolean> {
  return unitOfWork(services, async (tx) => {
    const notice = await claimNoticeForMail(tx, payload.userId, payload.downloadId);
    if (!notice) return false;
    const what = notice.fileName ?? notice.projectName;
    const mail = renderEmail({
      to: notice.email,
      locale: notice.localeId,
      template: notice.status === 'completed' ? 'downloadReady' : 'downloadFailed',
      recipientName: notice.name,
      vars: {
        file: what,
        project: notice.projectName,
        link: `${services.config.publicUrl}/workspace/downloads`,
      },
    });
    await services.jobs.send('mail.send', mail, { executor: transactionExecutor(tx) });
    return true;
  });
}
