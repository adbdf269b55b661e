import {
  AppError,
  isErrorCode,
  nextSmartFlowRun,
  SMART_FLOW_RULES_PER_USER,
  smartFlowActionSchema,
  smartFlowConditionSchema,
  smartFlowRuleSchema,
  smartFlowTriggerSchema,
  type SmartFlowRuleInput,
} from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { Db } from '../../db/database.ts';
import { loadProjectAccess, requireParticipant } from '../projects/project-access.ts';
import { existingDisciplineIds } from '../projects/project-access-repository.ts';
import { disciplinesByIds } from '../projects/project-settings-repository.ts';
import { requireIssueReader } from '../projects/project-access.ts';
import {
  countRulesOf,
  deleteRule,
  findRule,
  insertRule,
  listRulesOf,
  runsOfRules,
  updateRule,
  type SmartFlowRuleRow,
  type SmartFlowRunRow,
} from './smart-flow-repository.ts';

/** A rule as the API presents it: the stored rule without its owner and cursor, with its newest runs. */
export type SmartFlowRuleView = Omit<SmartFlowRuleRow, 'userId' | 'cursorAt'> & {
  runs: SmartFlowRunRow[];
  /** The names of the condition's and the action's disciplines (those still in the project), for the rule in words. */
  disciplineNames: { id: number; name: string }[];
};

async function present(
  db: Db,
  row: SmartFlowRuleRow,
  runs: readonly SmartFlowRunRow[],
): Promise<SmartFlowRuleView> {
  const { userId: _u, cursorAt: _c, ...shown } = row;
  const parsed = smartFlowConditionSchema.safeParse(row.condition);
  const action = smartFlowActionSchema.safeParse(row.action);
  const ids = [
    ...(parsed.success ? parsed.data.disciplineIds : []),
    ...(action.success && action.data.kind === 'assignDiscipline' ? [action.data.disciplineId] : []),
  ];
  const disciplines = ids.length > 0 ? await disciplinesByIds(db, row.projectId, [...new Set(ids)]) : [];
  return {
    ...shown,
    runs: runs.filter((r) => r.ruleId === row.id),
    disciplineNames: disciplines.map((d) => ({ id: d.id, name: d.name })),
  };
}

/** The first problem of an input as BAD_USER_INPUT with the field it is in. */
export function parseRuleInput(input: unknown): SmartFlowRuleInput {
  const parsed = smartFlowRuleSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const path = parsed.error.issues[0]?.path ?? [];
  throw new AppError('BAD_USER_INPUT', 'invalid smart flow rule', {
    field: path.map(String).join('.') || 'input',
  });
}

/** The owner must take part in the project and read its issues, now and at every run. */
export async function ruleAccess(db: Db, actor: Actor, projectId: number) {
  const access = await loadProjectAccess(db, actor, projectId);
  requireParticipant(access);
  requireIssueReader(access);
  return access;
}

/** Queues the run of a timed rule at its time (the job checks the time again: an edited rule's old job is skipped). */
export async function queueTimedRun(
  services: AppServices,
  tx: Db,
  ruleId: number,
  at: Date | null,
): Promise<void> {
  if (!at) return;
  await services.jobs.send(
    'smartFlow.run',
    { ruleId, at: at.toISOString() },
    { executor: transactionExecutor(tx), startAfter: at },
  );
}

/** smartFlowRules: the caller's rules with their newest runs. */
export async function smartFlowRules(services: AppServices, actor: Actor): Promise<SmartFlowRuleView[]> {
  const { db } = services.database;
  const rows = await listRulesOf(db, actor.account.id);
  const runs = await runsOfRules(
    db,
    rows.map((r) => r.id),
  );
  return Promise.all(rows.map((r) => present(db, r, runs)));
}

/** createSmartFlowRule: checks the rule and the owner's access, stores it and queues its first timed run. */
export async function createSmartFlowRule(
  services: AppServices,
  actor: Actor,
  input: unknown,
): Promise<SmartFlowRuleView> {
  const { db } = services.database;
  const rule = parseRuleInput(input);
  await ruleAccess(db, actor, rule.projectId);
  const assigned = rule.action.kind === 'assignDiscipline' ? [rule.action.disciplineId] : [];
  const known = await existingDisciplineIds(db, rule.projectId, [
    ...rule.condition.disciplineIds,
    ...assigned,
  ]);
  if (rule.condition.disciplineIds.some((id) => !known.has(id)))
    throw new AppError('BAD_USER_INPUT', 'unknown discipline', { field: 'condition.disciplineIds' });
  if (assigned.some((id) => !known.has(id)))
    throw new AppError('BAD_USER_INPUT', 'unknown discipline', { field: 'action.disciplineId' });
  const id = await unitOfWork(services, async (tx) => {
    if ((await countRulesOf(tx, actor.account.id)) >= SMART_FLOW_RULES_PER_USER)
      throw new AppError('SMART_FLOW_RULE_LIMIT_REACHED');
    const nextRunAt = nextSmartFlowRun(rule.trigger, new Date()) ?? null;
    const ruleId = await insertRule(tx, {
      userId: actor.account.id,
      projectId: rule.projectId,
      name: rule.name,
      description: rule.description || null,
      triggerKind: rule.trigger.kind,
      trigger: rule.trigger,
      condition: rule.condition,
      action: rule.action,
      nextRunAt,
    });
    await queueTimedRun(services, tx, ruleId, nextRunAt);
    return ruleId;
  });
  const row = await findRule(db, id);
  if (!row) throw new AppError('SMART_FLOW_RULE_NOT_FOUND');
  return present(db, row, []);
}

async function ownRule(db: Db, actor: Actor, id: number, lock = false): Promise<SmartFlowRuleRow> {
  const row = await findRule(db, id, { userId: actor.account.id, lock });
  if (!row) throw new AppError('SMART_FLOW_RULE_NOT_FOUND');
  return row;
}

/**
 * Pauses or resumes one of the caller's rules. Resuming starts afresh: a timed rule gets its next time, an issue
 * rule looks only at issues created (or changed) from now on (a paused rule does not catch up on what happened meanwhile).
 */
export async function setSmartFlowRulePaused(
  services: AppServices,
  actor: Actor,
  id: number,
  paused: boolean,
): Promise<SmartFlowRuleView> {
  const { db } = services.database;
  await unitOfWork(services, async (tx) => {
    const row = await ownRule(tx, actor, id, true);
    if (row.paused === paused) return;
    if (paused) {
      await updateRule(tx, id, { paused, nextRunAt: null });
      return;
    }
    await ruleAccess(tx, actor, row.projectId);
    const trigger = smartFlowTriggerSchema.parse(row.trigger);
    const now = new Date();
    const nextRunAt = nextSmartFlowRun(trigger, now) ?? null;
    await updateRule(tx, id, { paused, nextRunAt, cursorAt: now });
    await queueTimedRun(services, tx, id, nextRunAt);
  });
  const row = await ownRule(db, actor, id);
  return present(db, row, await runsOfRules(db, [id]));
}

/** Deletes one of the caller's rules and its runs (a queued run then finds nothing and ends). */
export async function deleteSmartFlowRule(services: AppServices, actor: Actor, id: number): Promise<boolean> {
  return unitOfWork(services, async (tx) => {
    if (!(await deleteRule(tx, actor.account.id, id))) throw new AppError('SMART_FLOW_RULE_NOT_FOUND');
    return true;
  });
}

/** A stored rule's parts, read back through the domain's schemas (a rule stored by an older version is refused). */
export function storedRule(row: SmartFlowRuleRow) {
  return {
    trigger: smartFlowTriggerSchema.parse(row.trigger),
    condition: smartFlowConditionSchema.parse(row.condition),
    action: smartFlowActionSchema.parse(row.action),
  };
}

/** The catalogue code of a failed run (an unexpected failure is UNEXPECTED; its details go to the log). */
export function runErrorCode(error: unknown): string {
  if (error instanceof AppError && isErrorCode(error.code)) return error.code;
  return 'UNEXPECTED';
}
