import type { AppServices } from '../../services.ts';
import { cleanupBcfJobs, runBcfExport, runBcfImport } from './bcf-job-service.ts';

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
