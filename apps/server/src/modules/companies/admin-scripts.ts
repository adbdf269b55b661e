import { AppError } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../auth/actor.ts';
import { deleteExpiredCredentials } from '../identity/expired-credentials-repository.ts';
import { resetFailedCopies } from '../projects/project-copy-repository.ts';
import { requirePlatformAdmin } from './company-admin-service.ts';

/** The maintenance actions of the admin area (/admin/scripts); each runs as the 'admin.script' job. */
export const ADMIN_SCRIPTS = ['projects.retryFailedCopies', 'identity.purgeExpiredCredentials'] as const;

/** One admin script. */
export type AdminScriptName = (typeof ADMIN_SCRIPTS)[number];

function isScript(name: string): name is AdminScriptName {
  return (ADMIN_SCRIPTS as readonly string[]).includes(name);
}

/** Queues a script; the answer carries the job id to follow. */
export async function runAdminScript(
  services: AppServices,
  actor: Actor,
  name: string,
): Promise<{ name: string; jobId: string }> {
  requirePlatformAdmin(actor);
  if (!isScript(name)) throw new AppError('NOT_FOUND', { script: name });
  const jobId = await services.jobs.send('admin.script', { name, requestedByUserId: actor.account.id });
  return { name, jobId };
}

/** The body of the 'admin.script' job. */
export async function executeAdminScript(services: AppServices, name: string): Promise<void> {
  if (name === 'projects.retryFailedCopies') {
    // Each copy is set pending and its job queued together: a crash in between leaves nothing half-done.
    const retried = await unitOfWork(services, async (tx) => {
      const failed = await resetFailedCopies(tx);
      for (const copy of failed)
        await services.jobs.send(
          'project.duplicate',
          { copyId: copy.id },
          { executor: transactionExecutor(tx) },
        );
      return failed.length;
    });
    services.logger.info({ script: name, retried }, 'admin script done');
    return;
  }
  if (name === 'identity.purgeExpiredCredentials') {
    await unitOfWork(services, (tx) => deleteExpiredCredentials(tx));
    services.logger.info({ script: name }, 'admin script done');
    return;
  }
  throw new Error(`unknown admin script ${name}`);
}
