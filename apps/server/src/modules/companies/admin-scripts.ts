import { eq, lt, sql } from 'drizzle-orm';
import { AppError } from '@obra/domain';
import { federatedFlows, projectCopies, refreshTokens, verificationCodes } from '../../db/schema/index.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
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
  const { db } = services.database;
  if (name === 'projects.retryFailedCopies') {
    const failed = await db
      .select({ id: projectCopies.id })
      .from(projectCopies)
      .where(eq(projectCopies.status, 'failed'));
    for (const copy of failed) {
      await db
        .update(projectCopies)
        .set({ status: 'pending', error: null })
        .where(eq(projectCopies.id, copy.id));
      await services.jobs.send('project.duplicate', { copyId: copy.id });
    }
    services.logger.info({ script: name, retried: failed.length }, 'admin script done');
    return;
  }
  if (name === 'identity.purgeExpiredCredentials') {
    const cutoff = sql`now() - interval '1 day'`;
    await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, cutoff));
    await db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, cutoff));
    await db.delete(federatedFlows).where(lt(federatedFlows.expiresAt, cutoff));
    services.logger.info({ script: name }, 'admin script done');
    return;
  }
  throw new Error(`unknown admin script ${name}`);
}
