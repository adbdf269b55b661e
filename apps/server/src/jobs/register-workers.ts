import type { AppServices } from '../services.ts';
import { cleanupTransfers, runTransfer } from '../modules/integrations/integration-transfer-service.ts';
import { markDuplicateFailed, runDuplicate } from '../modules/projects/project-copy-service.ts';
import { executeAdminScriptRun } from '../modules/admin-scripts/admin-script-service.ts';
import { cleanupIssueFiles } from '../modules/issues/images/issue-file-cleanup.ts';
import { cleanupProfileImages } from '../modules/profile-images/profile-image-claims.ts';
import { sendResetCode } from '../modules/identity/password-service.ts';
import { registerNotificationWorkers } from '../modules/notifications/notification-workers.ts';
import { cleanupDrive, runBulkZip } from '../modules/drive/drive-bulk-download-service.ts';
import { runDriveThumbnail } from '../modules/drive/drive-thumbnail-service.ts';
import { cleanupBcfOauth } from '../modules/bcf/oauth/bcf-oauth-adapter.ts';
import { queueMissingBimBounds, runBimConversion } from '../modules/bim/bim-conversion-service.ts';
import { runPdfPreparation } from '../modules/drive/drive-pdf-service.ts';
import { registerBcfJobWorkers } from '../modules/bcf/bcf-job-service.ts';
import { RETROSPECTIVE_YEAR } from '@obra/domain';
import { computeRetrospectives } from '../modules/retrospective/retrospective-service.ts';
import {
  queueMissingSmartDocsIndexes,
  runSmartDocsIndex,
} from '../modules/smart-docs/smart-docs-index-service.ts';

import {
  announceBcfExport,
  announceBulkZip,
  runDownloadReadyMail,
} from '../modules/downloads/download-notices.ts';
import { cleanupExportJobs, runExportJob } from '../modules/downloads/export-job-service.ts';
import { runIssueRules, runTimedRule } from '../modules/smart-flow/smart-flow-runner.ts';
import { maintainEmbeddedDatabase } from '../db/planner-statistics.ts';

/** How many PDF preparations one job-running process runs at once. */
export const PDF_PREPARE_CONCURRENCY = 2;

/** Registers every job worker of this process. */
export async function registerWorkers(services: AppServices): Promise<void> {
  await services.jobs.work('mail.send', async (payload) => {
    await services.mailer.send(payload);
  });
  await services.jobs.work('password.resetCode', async (payload) => {
    await sendResetCode(services, payload.email);
  });
  await services.jobs.work('project.duplicate', async (payload) => {
    try {
      await runDuplicate(services, payload.copyId);
    } catch (error) {
      // Visible to admins until a retry succeeds; pg-boss retries with backoff.
      await markDuplicateFailed(
        services.database.db,
        payload.copyId,
        error instanceof Error ? error.message : String(error),
      );
      throw error;
    }
  });
  await services.jobs.work('admin.script', async (payload) => {
    await executeAdminScriptRun(services, payload.runId);
  });
  await services.jobs.work('files.cleanup', async () => {
    const removed = (await cleanupIssueFiles(services)) + (await cleanupProfileImages(services));
    if (removed > 0) services.logger.info({ removed }, 'unused uploads removed');
  });
  // Every quarter of an hour; pg-boss keeps one schedule per name, whichever process registers it.
  await services.jobs.boss.schedule('files.cleanup', '*/15 * * * *', {});
  await registerNotificationWorkers(services);
  await services.jobs.work('drive.bulkZip', async (payload) =>
    announceBulkZip(services, await runBulkZip(services, payload.bulkDownloadId)),
  );
  await services.jobs.work('exports.prepare', (payload) => runExportJob(services, payload.exportJobId));
  await services.jobs.work('downloads.readyMail', async (payload) => {
    await runDownloadReadyMail(services, payload);
  });
  await services.jobs.work('exports.cleanup', async () => {
    const removed = await cleanupExportJobs(services);
    if (removed > 0) services.logger.info({ removed }, 'expired exports removed');
  });
  await services.jobs.boss.schedule('exports.cleanup', '7,22,37,52 * * * *', {});
  // A few transfers at once: each mostly waits on the platform and the store.
  await services.jobs.work('integrations.transfer', (payload) => runTransfer(services, payload.transferId), {
    concurrency: 2,
  });
  await services.jobs.work('integrations.cleanup', async () => {
    const removed = await cleanupTransfers(services);
    if (removed > 0) services.logger.info({ removed }, 'old partner transfers forgotten');
  });
  await services.jobs.boss.schedule('integrations.cleanup', '41 3 * * *', {});
  for (const work of ['analyze', 'vacuum'] as const)
    await services.jobs.work(`database.${work}`, async () => {
      if (await maintainEmbeddedDatabase(services.database, work))
        services.logger.info({ work }, 'embedded database maintained');
    });
  // The embedded PGlite runs no autovacuum: its statistics every hour, its old row versions each night. On
  // PostgreSQL, autovacuum does both and nothing is scheduled.
  if (services.database.kind === 'pglite') {
    await services.jobs.boss.schedule('database.analyze', '53 * * * *', {});
    await services.jobs.boss.schedule('database.vacuum', '23 4 * * *', {});
  }
  await services.jobs.work('drive.cleanup', async () => {
    const removed = await cleanupDrive(services);
    if (removed > 0) services.logger.info({ removed }, 'expired drive uploads and archives removed');
  });
  await services.jobs.boss.schedule('drive.cleanup', '*/15 * * * *', {});
  await services.jobs.work('drive.thumbnail', (payload) => runDriveThumbnail(services, payload.fileId));
  await services.jobs.work('bcf.oauthCleanup', () =>
    cleanupBcfOauth(services.database.db).then(() => undefined),
  );
  await services.jobs.boss.schedule('bcf.oauthCleanup', '7 * * * *', {});
  await registerBcfJobWorkers(services, (jobId) => announceBcfExport(services, jobId));
  await services.jobs.work('retrospective.compute', async (payload) => {
    const year = payload.year ?? RETROSPECTIVE_YEAR;
    const people = await computeRetrospectives(services, year);
    services.logger.info({ year, people }, 'retrospectives computed');
  });
  // Late activity of the year (imports, the demo) is counted again each night.
  await services.jobs.boss.schedule('retrospective.compute', '17 3 * * *', {});
  await services.jobs.work('bim.convert', async (payload) => {
    await runBimConversion(services, payload.fileId);
  });
  // Revisions converted before their bounds were recorded (migration 0021) get them read, once per start.
  const boundsQueued = await queueMissingBimBounds(services);
  if (boundsQueued > 0) services.logger.info({ boundsQueued }, 'model revision bounds queued for reading');
  // Several documents are prepared at once (each in a child process with its own limits, drive-pdf-prepare.ts), so
  // that one slow or hostile file does not hold the others queued behind it.
  await services.jobs.work(
    'drive.pdfPrepare',
    async (payload) => {
      await runPdfPreparation(services, payload.fileId);
    },
    { concurrency: PDF_PREPARE_CONCURRENCY },
  );
  await services.jobs.work('smartDocs.index', async (payload) => {
    await runSmartDocsIndex(services, payload.fileId);
  });
  await services.jobs.work('smartFlow.run', (payload) => runTimedRule(services, payload));
  await services.jobs.work('smartFlow.issues', (payload) => runIssueRules(services, payload));
  // Prepared PDFs without Smart Docs passages (older files, a demo seeded before the workers) are indexed.
  const indexesQueued = await queueMissingSmartDocsIndexes(services);
  if (indexesQueued > 0) services.logger.info({ indexesQueued }, 'Smart Docs indexing queued');
}
