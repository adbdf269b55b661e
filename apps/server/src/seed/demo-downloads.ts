import type { AppServices } from '../services.ts';
import { jobActorOf } from '../modules/identity/job-actor.ts';
import { findUserByEmail } from '../modules/identity/user-repository.ts';
import { runExportJob, startExportJob } from '../modules/downloads/export-job-service.ts';
import { acknowledgeDownloads } from '../modules/downloads/download-notices.ts';
import type { DemoUser } from './demo-seed-step.ts';

/**
 * The demo manager's Downloads (docs/workspace.md "Downloads"): the project's issue list as Excel, prepared in the
 * background the way the Export menu does it, so the page shows a completed file on the first visit. Made through the
 * module's own service and job, as the manager; its notice is marked seen (nobody was there to be told, and no
 * e-mail should go to a demo address).
 */
export async function seedDemoDownloads(
  services: AppServices,
  demoUsers: readonly DemoUser[],
): Promise<number> {
  const manager = demoUsers.find((u) => u.role === 'manager');
  const projectId = manager?.projectIds[0];
  if (!manager || projectId === undefined) return 0;
  const row = await findUserByEmail(services.database.db, manager.email);
  const actor = row ? await jobActorOf(services.database.db, row.id) : undefined;
  if (!actor) return 0;
  const { id } = await startExportJob(services, actor, { projectId, format: 'issuesXlsx', locale: 'pt-BR' });
  await runExportJob(services, id);
  await acknowledgeDownloads(services, actor, [id]);
  return 1;
}
