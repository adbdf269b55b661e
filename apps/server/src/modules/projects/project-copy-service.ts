import { AppError, canInProject } from '@obra/domain';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import { enqueueMailTo } from '../identity/identity-mail.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { loadForWrite, loadProjectAccess } from './project-access.ts';
import { listDisciplines } from './project-settings-repository.ts';
import { copyTree } from './project-tree-repository.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { findUserById } from '../identity/user-repository.ts';
import {
  copyCategorySwitches,
  copyDisciplineStatuses,
  copyNamingRule,
  copyPhaseSwitches,
  insertCopiedProject,
  insertCopyRequest,
  insertDisciplines,
  lockCopyRequest,
  markCopyDone,
  markCopyFailed,
} from './project-copy-repository.ts';
import { findProjectById } from './project-repository.ts';

/** The parts of a project's settings that can be copied (copyProjectSettings `settings`, spec core §5: JSON). */
export const copySettingsSchema = z
  .object({
    locals: z.boolean().default(false),
    labels: z.boolean().default(false),
    categories: z.boolean().default(false),
    phases: z.boolean().default(false),
    disciplines: z.boolean().default(false),
    disciplinesStatus: z.boolean().default(false),
    documentsNamingRule: z.boolean().default(false),
  })
  .strict();

/** Which settings to copy. */
export type CopySettings = z.output<typeof copySettingsSchema>;

/** Everything: what a project duplication copies. */
export const ALL_SETTINGS: CopySettings = {
  locals: true,
  labels: true,
  categories: true,
  phases: true,
  disciplines: true,
  disciplinesStatus: true,
  documentsNamingRule: true,
};

/**
 * Copies the chosen settings of one project into another in the caller's transaction. Disciplines are added
 * when the target lacks one with the same abbreviation (the target's own are kept: issues point at them).
 */
export async function copySettingsInto(
  tx: Db,
  from: number,
  to: number,
  settings: CopySettings,
): Promise<void> {
  if (settings.locals) await copyTree(tx, 'locals', from, to);
  if (settings.labels) await copyTree(tx, 'labels', from, to);
  if (settings.categories) await copyCategorySwitches(tx, from, to);
  if (settings.phases) await copyPhaseSwitches(tx, from, to);
  if (settings.disciplinesStatus) await copyDisciplineStatuses(tx, from, to);
  if (settings.disciplines) {
    const have = new Set((await listDisciplines(tx, to)).map((d) => d.abbreviation.toLowerCase()));
    const missing = (await listDisciplines(tx, from)).filter((d) => !have.has(d.abbreviation.toLowerCase()));
    await insertDisciplines(tx, to, missing);
  }
  if (settings.documentsNamingRule) await copyNamingRule(tx, from, to);
}

/** copyProjectSettings: from a project the caller administers into others they administer. */
export async function copyProjectSettings(
  services: AppServices,
  actor: Actor,
  sourceProjectId: number,
  targetIds: number[],
  settingsInput: unknown,
): Promise<boolean> {
  const parsed = copySettingsSchema.safeParse(settingsInput);
  if (!parsed.success) throw new AppError('INVALID_ACTION', { reason: 'settings' });
  const { db } = services.database;
  const source = await loadProjectAccess(db, actor, sourceProjectId);
  if (!canInProject(source.policyActor, 'project.copySettings')) throw new AppError('FORBIDDEN');
  const targets = [...new Set(targetIds)].filter((id) => id !== sourceProjectId);
  if (targets.length === 0) throw new AppError('REQUIRED_FIELD', { fields: ['targetProjectsIds'] });
  for (const id of targets) await loadForWrite(db, actor, id, 'project.setup');
  await unitOfWork(services, async (tx) => {
    for (const id of targets) await copySettingsInto(tx, sourceProjectId, id, parsed.data);
  });
  return true;
}

/** duplicateProject: records the request and queues the copy in one transaction (editor §4.7). */
export async function requestDuplicate(
  services: AppServices,
  actor: Actor,
  sourceProjectId: number,
  name: string,
) {
  const { db } = services.database;
  const access = await loadProjectAccess(db, actor, sourceProjectId);
  if (!canInProject(access.policyActor, 'project.duplicate')) throw new AppError('FORBIDDEN');
  const clean = name.trim();
  if (!clean) throw new AppError('REQUIRED_FIELD', { fields: ['targetProjectName'] });
  return unitOfWork(services, async (tx) => {
    const copy = await insertCopyRequest(tx, {
      sourceProjectId,
      targetProjectName: clean,
      requestedByUserId: actor.account.id,
      settings: ALL_SETTINGS,
    });
    await services.jobs.send('project.duplicate', { copyId: copy.id }, { executor: transactionExecutor(tx) });
    return copy;
  });
}

/**
 * The duplication job: creates the copy inactive (spec core §4) with the source's settings and the owner
 * company as administrator, then e-mails the requester. Runs once: a finished copy is not copied again.
 */
export async function runDuplicate(services: AppServices, copyId: number): Promise<void> {
  const done = await unitOfWork(services, async (tx) => {
    const copy = await lockCopyRequest(tx, copyId);
    if (!copy || copy.status === 'done') return undefined;
    const source = await findProjectById(tx, copy.sourceProjectId);
    if (!source) throw new Error('source project missing');
    const target = await insertCopiedProject(tx, source, copy);
    await copySettingsInto(tx, source.id, target.id, ALL_SETTINGS);
    await markCopyDone(tx, copyId, target.id);
    const requester = copy.requestedByUserId ? await findUserById(tx, copy.requestedByUserId) : undefined;
    if (requester) {
      await enqueueMailTo(services.jobs, tx, requester, 'projectCopied', {
        source: source.name,
        target: target.name,
      });
    }
    return target.id;
  });
  if (done !== undefined) services.logger.info({ copyId, projectId: done }, 'project duplicated');
}

/** Marks a copy as failed after its last retry, for the admin scripts to re-run. */
export async function markDuplicateFailed(db: Db, copyId: number, error: string): Promise<void> {
  await markCopyFailed(db, copyId, error.slice(0, 500));
}
