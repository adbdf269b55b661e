import { AppError, isAppError } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../auth/actor.ts';
import type { AdminScriptLogLine } from '../../db/schema/index.ts';
import { requirePlatformAdmin } from '../companies/company-admin-service.ts';
import { ADMIN_SCRIPT_CATALOGUE, findAdminScript } from './admin-script-catalogue.ts';
import type { AdminScriptParam } from './admin-script-contract.ts';
import {
  appendScriptLog,
  findScriptRun,
  insertScriptRun,
  latestScriptRuns,
  updateScriptRun,
  type AdminScriptRunRow,
} from './admin-script-repository.ts';

/** A script as the admin area lists it. */
export interface AdminScriptView {
  name: string;
  params: AdminScriptParam[];
}

/** adminScripts: the maintenance scripts platform administrators may run. */
export function listAdminScripts(actor: Actor): AdminScriptView[] {
  requirePlatformAdmin(actor);
  return ADMIN_SCRIPT_CATALOGUE.map((s) => ({ name: s.name, params: [...s.params] }));
}

/** A run as the admin area shows it. */
export type AdminScriptRunView = AdminScriptRunRow & { requestedBy: string | null };

/** adminScriptRuns: the latest runs, newest first (the audit of who ran what). */
export async function listAdminScriptRuns(
  services: AppServices,
  actor: Actor,
  limit = 20,
): Promise<AdminScriptRunView[]> {
  requirePlatformAdmin(actor);
  const rows = await latestScriptRuns(services.database.db, Math.min(Math.max(limit, 1), 100));
  return rows.map((r) => ({ ...r.run, requestedBy: r.email }));
}

/** Checks a script's parameters against its schema (BAD_USER_INPUT naming the parameter). */
function checkParams(name: string, params: unknown): Record<string, unknown> {
  const script = findAdminScript(name);
  if (!script) throw new AppError('NOT_FOUND', { script: name });
  if (params !== null && params !== undefined && (typeof params !== 'object' || Array.isArray(params)))
    throw new AppError('BAD_USER_INPUT', 'params is not an object', { field: 'params' });
  const parsed = script.schema.safeParse(params ?? {});
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') || 'params';
    throw new AppError('BAD_USER_INPUT', `invalid parameter ${field}`, { field });
  }
  return parsed.data;
}

/**
 * runAdminScript: records the run (its audit entry: who, when, which parameters, dry or not) and queues the
 * 'admin.script' job in the same transaction. Platform admins only.
 */
export async function startAdminScript(
  services: AppServices,
  actor: Actor | null,
  input: { name: string; params?: unknown; dryRun?: boolean | null; source: 'web' | 'cli' },
): Promise<AdminScriptRunView> {
  if (actor) requirePlatformAdmin(actor);
  const params = checkParams(input.name, input.params);
  const row = await unitOfWork(services, async (tx) => {
    const run = await insertScriptRun(tx, {
      name: input.name,
      params,
      dryRun: input.dryRun ?? false,
      source: input.source,
      requestedByUserId: actor?.account.id ?? null,
    });
    if (input.source === 'web')
      await services.jobs.send('admin.script', { runId: run.id }, { executor: transactionExecutor(tx) });
    return run;
  });
  return { ...row, requestedBy: actor?.account.email ?? null };
}

/** How often, at most, progress and log lines are written while a script runs. */
const FLUSH_MS = 500;

/**
 * The body of the 'admin.script' job (and of the command line): runs a recorded run once — queued → running →
 * completed with its summary, or failed with its error — writing its progress and log as it goes.
 */
export async function executeAdminScriptRun(
  services: AppServices,
  runId: number,
): Promise<AdminScriptRunRow> {
  const { db } = services.database;
  const run = await findScriptRun(db, runId);
  if (!run) throw new Error(`admin script run ${runId} not found`);
  if (run.state !== 'queued') return run;
  const script = findAdminScript(run.name);
  await updateScriptRun(db, runId, { state: 'running', startedAt: new Date(), progress: 0 });
  let pending: AdminScriptLogLine[] = [];
  let progress: number | null = null;
  let flushed = Date.now();
  const flush = async () => {
    const lines = pending;
    pending = [];
    await appendScriptLog(db, runId, lines);
    if (progress !== null) await updateScriptRun(db, runId, { progress });
    flushed = Date.now();
  };
  let writing: Promise<void> = Promise.resolve();
  const maybeFlush = () => {
    if (Date.now() - flushed >= FLUSH_MS) writing = writing.then(flush);
  };
  try {
    if (!script) throw new Error(`unknown admin script ${run.name}`);
    const summary = await script.run({
      services,
      params: run.params,
      dryRun: run.dryRun,
      requestedByUserId: run.requestedByUserId,
      log: (line) => {
        pending.push({ at: new Date().toISOString(), line });
        maybeFlush();
      },
      progress: (done, total) => {
        progress = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 100;
        maybeFlush();
      },
    });
    await writing;
    pending.push({
      at: new Date().toISOString(),
      line: run.dryRun ? 'dry run: nothing was changed' : 'done',
    });
    await flush();
    await updateScriptRun(db, runId, { state: 'completed', progress: 100, summary, finishedAt: new Date() });
    services.logger.info({ script: run.name, runId, dryRun: run.dryRun, summary }, 'admin script done');
  } catch (error) {
    await writing.catch(() => undefined);
    const message = isAppError(error) ? error.code : error instanceof Error ? error.message : String(error);
    pending.push({ at: new Date().toISOString(), line: `failed: ${message}` });
    await flush();
    await updateScriptRun(db, runId, { state: 'failed', error: message, finishedAt: new Date() });
    services.logger.warn({ err: error, script: run.name, runId }, 'admin script failed');
  }
  const done = await findScriptRun(db, runId);
  if (!done) throw new Error(`admin script run ${runId} vanished`);
  return done;
}
