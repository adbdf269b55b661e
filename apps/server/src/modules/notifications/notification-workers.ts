import type { AppServices } from '../../services.ts';
import { queueDueDigests, runDigestJob } from './notification-digest-service.ts';
import { runImmediateEmails } from './notification-immediate-service.ts';
import { sendPush } from './push-service.ts';

/**
 * The notification jobs: a tick every quarter of an hour queues the digests whose period has just ended
 * (one job per kind and period), and the immediate e-mails run every minute. pg-boss keeps one schedule per
 * name, whichever process registers it, and retries a job whose worker died.
 */
export async function registerNotificationWorkers(services: AppServices): Promise<void> {
  await services.jobs.work('notifications.tick', async () => {
    await queueDueDigests(services, new Date());
  });
  await services.jobs.work('notifications.digest', async (payload) => {
    const result = await runDigestJob(services, payload);
    if (result.sent > 0) services.logger.info({ ...payload, ...result }, 'notification digests queued');
  });
  await services.jobs.work('notifications.immediate', async () => {
    await runImmediateEmails(services);
  });
  await services.jobs.work('notifications.push', async (payload) => {
    await sendPush(services, payload);
  });
  // Test servers run these jobs when a test asks (at chosen periods): a schedule firing every minute would add
  // statements to the query-count measurements of other areas' tests.
  if (services.config.env === 'test') return;
  await services.jobs.boss.schedule('notifications.tick', '*/15 * * * *', {});
  await services.jobs.boss.schedule('notifications.immediate', '* * * * *', {});
}
