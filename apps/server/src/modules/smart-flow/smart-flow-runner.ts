import {
  AppError,
  nextSmartFlowRun,
  SMART_FLOW_EMAIL_ISSUES,
  zonedDay,
  type IssueFilterCondition,
  type SmartFlowCondition,
  type SmartFlowTrigger,
  type SmartFlowTriggerKind,
} from '@obra/domain';
import { jobActorOf } from '../identity/job-actor.ts';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import { onEventsCommitted, unitOfWork } from '../../db/unit-of-work.ts';
import { renderEmail } from '../../mail/email-renderer.ts';
import { getIssues } from '../issues/list/issue-query-service.ts';
import type { IssueView } from '../issues/issue-repository.ts';
import { addIssueTagId, writeIssueStarred } from '../issues/issue-user-state-repository.ts';
import { ensureUserTag } from '../projects/project-group-repository.ts';
import { prepareIssuesUpdate } from '../issues/issue-bulk-update-service.ts';
import {
  databaseNow,
  findRule,
  insertRun,
  issueIdsChangedBetween,
  issueIdsCreatedBetween,
  issueRuleIdsOfProject,
  projectsWithIssueRules,
  updateRule,
  type SmartFlowRuleRow,
  type SmartFlowRunRow,
} from './smart-flow-repository.ts';
import { queueTimedRun, ruleAccess, runErrorCode, storedRule } from './smart-flow-service.ts';
import { writeDigest, type DigestSummary } from './smart-flow-digest-service.ts';

/** Why a rule runs: its time came, issues were created or changed, or its owner pressed "Run now". */
export type RunCause = 'schedule' | 'event' | 'manual';

/** Issues read per run (one page of the list). */
const RUN_ISSUES = 500;

/** The owner as the rule acts for them (a rule runs with its owner's own rights, as if they used the app). */
async function ownerOf(services: AppServices, row: SmartFlowRuleRow): Promise<Actor> {
  const actor = await jobActorOf(services.database.db, row.userId);
  if (!actor) throw new AppError('SMART_FLOW_RULE_NOT_FOUND');
  return actor;
}

/** The issue list filter of a condition, with what the trigger adds (new issues' ids, a deadline range). */
function filterOf(condition: SmartFlowCondition, extra: { ids?: number[]; deadline?: IssueFilterCondition }) {
  const conditions: IssueFilterCondition[] = [];
  if (condition.disciplineIds.length > 0)
    conditions.push({ field: 'discipline', values: condition.disciplineIds });
  if (extra.deadline) conditions.push(extra.deadline);
  return {
    standard: condition.filter,
    combination: 'and',
    conditions,
    ...(condition.search?.trim() ? { search: condition.search.trim() } : {}),
    ...(extra.ids ? { ids: extra.ids } : {}),
  };
}

/**
 * The issues a run takes, read as the owner through the list's own service (its visibility SQL: a rule never sees
 * more than its owner could in the app). Timed rules take what the condition finds now; a deadline rule the issues
 * whose deadline fell between the previous look and yesterday (in the rule's zone); an issue rule those created
 * (or changed) since its cursor.
 */
async function issuesOfRun(
  services: AppServices,
  actor: Actor,
  row: SmartFlowRuleRow,
  trigger: SmartFlowTrigger,
  condition: SmartFlowCondition,
  until: Date,
): Promise<IssueView[]> {
  let extra: { ids?: number[]; deadline?: IssueFilterCondition } = {};
  if (trigger.kind === 'issueCreated' || trigger.kind === 'issueChanged') {
    const between = trigger.kind === 'issueCreated' ? issueIdsCreatedBetween : issueIdsChangedBetween;
    const ids = await between(services.database.db, { projectId: row.projectId, after: row.cursorAt, until });
    if (ids.length === 0) return [];
    extra = { ids };
  } else if (trigger.kind === 'deadlinePassed') {
    const from = zonedDay(row.cursorAt, trigger.timeZone);
    const to = zonedDay(new Date(until.getTime() - 86_400_000), trigger.timeZone);
    if (from > to) return [];
    extra = { deadline: { field: 'deadline', from, to } };
  }
  const page = await getIssues(services, actor, {
    projectId: row.projectId,
    filter: filterOf(condition, extra),
    first: RUN_ISSUES,
    // The run acts on what it finds: it reads the primary, where the issues that triggered it surely are.
    primary: true,
  });
  return page.issues;
}

/** An issue as a run's e-mail names it: code, title and deadline (what a digest's model reads too). */
function issueText(view: IssueView): string {
  const deadline = view.row.deadline ? ` (${String(view.row.deadline).slice(0, 10)})` : '';
  return `${view.row.code} ${view.row.title}${deadline}`;
}

function issueLine(publicUrl: string, projectId: number, view: IssueView): string {
  return `- ${issueText(view)}: ${publicUrl}/workspace/project/${projectId}/issues/${view.row.id}`;
}

/**
 * Runs one rule: reads its issues as its owner (a digest's summary is then asked of the model, outside any
 * transaction), then in ONE transaction applies the action (the e-mail queued through the mailer's job, or the stars
 * written), records the run, moves the issue cursor and queues the next timed run.
 * Two runs of one rule at once: the second finds the cursor moved and does nothing. A run that fails (the owner lost
 * the project, say) is recorded with its code and pauses the rule; its owner sees why on the page.
 */
export async function executeRule(
  services: AppServices,
  ruleId: number,
  cause: RunCause,
): Promise<SmartFlowRunRow | undefined> {
  const { db } = services.database;
  const row = await findRule(db, ruleId);
  if (!row) return undefined;
  const until = await databaseNow(db);
  let found: IssueView[];
  let actor: Actor;
  let parts: ReturnType<typeof storedRule>;
  let assign: Awaited<ReturnType<typeof prepareIssuesUpdate>> | undefined;
  try {
    parts = storedRule(row);
    actor = await ownerOf(services, row);
    await ruleAccess(db, actor, row.projectId);
    found = await issuesOfRun(services, actor, row, parts.trigger, parts.condition, until);
    // A discipline made responsible goes through the issues' own edit rules as the owner (checked now, applied
    // in the run's transaction below, each issue in its savepoint): only issues that lack the discipline.
    if (parts.action.kind === 'assignDiscipline') {
      const { disciplineId, status } = parts.action;
      found = found.filter((view) => !view.disciplines.some((d) => d.disciplineId === disciplineId));
      if (found.length > 0)
        assign = await prepareIssuesUpdate(db, actor, {
          projectId: row.projectId,
          issuesIds: found.map((view) => view.row.id),
          newValues: { addDisciplines: [{ disciplineId, status }] },
        });
    }
  } catch (error) {
    if (!(error instanceof AppError)) services.logger.error({ err: error, ruleId }, 'smart flow run failed');
    return unitOfWork(services, async (tx) => {
      await updateRule(tx, ruleId, { paused: true, nextRunAt: null });
      return insertRun(tx, { ruleId, cause, state: 'failed', issueCount: 0, errorCode: runErrorCode(error) });
    });
  }
  const shown = found.slice(0, SMART_FLOW_EMAIL_ISSUES);
  const mailed = (parts.action.kind === 'email' || parts.action.kind === 'digest') && found.length > 0;
  // A digest's summary, from the very lines the e-mail lists (the issues read as the owner), or why it has none.
  let digest: DigestSummary | undefined;
  if (parts.action.kind === 'digest' && mailed && actor.account.email)
    digest = await writeDigest(services, actor, {
      rule: row.name,
      project: row.projectName,
      count: found.length,
      lines: shown.map((view) => `- ${issueText(view)}`),
    });
  return unitOfWork(services, async (tx) => {
    const locked = await findRule(tx, ruleId, { lock: true });
    if (!locked || locked.cursorAt.getTime() !== row.cursorAt.getTime()) return undefined;
    const { trigger, action } = parts;
    if (action.kind === 'follow')
      for (const view of found) await writeIssueStarred(tx, view.row.id, actor.account.id, true);
    if (action.kind === 'tag' && found.length > 0) {
      const tagId = await ensureUserTag(tx, row.projectId, actor.account.id, action.tag);
      for (const view of found) await addIssueTagId(tx, view.row.id, actor.account.id, tagId);
    }
    // The issues changed (or refused by the edit rules: the owner may not change them; they are left as they are).
    let count = found.length;
    let refused: string | null = null;
    if (assign) {
      const result = await assign(tx);
      count = result.updatedIds.length;
      refused = result.rejected[0]?.code ?? null;
    }
    if (mailed && actor.account.email) {
      const { publicUrl } = services.config;
      const more = found.length > shown.length ? `\n… +${found.length - shown.length}` : '';
      const summary = digest?.summary ?? null;
      const message = renderEmail({
        to: actor.account.email,
        locale: actor.account.localeId,
        // A digest without its summary is the run's list alone.
        template: summary ? 'smartFlowDigest' : 'smartFlowRun',
        recipientName: actor.account.name,
        vars: {
          rule: row.name,
          project: row.projectName,
          count: String(found.length),
          list: shown.map((v) => issueLine(publicUrl, row.projectId, v)).join('\n') + more,
          link: `${publicUrl}/workspace/smart-flow`,
          ...(summary ? { summary } : {}),
        },
      });
      await services.jobs.send('mail.send', message, { executor: transactionExecutor(tx) });
    }
    // The next time after this one (a job may start a little before its time on another clock, or late).
    const after = new Date(Math.max(until.getTime(), locked.nextRunAt?.getTime() ?? 0));
    const next = cause === 'schedule' ? (nextSmartFlowRun(trigger, after) ?? null) : locked.nextRunAt;
    await updateRule(tx, ruleId, {
      nextRunAt: next,
      ...(trigger.kind === 'schedule' ? {} : { cursorAt: until }),
    });
    if (cause === 'schedule') await queueTimedRun(services, tx, ruleId, next);
    // A done run's code says what was left out: issues the edit rules refused, or a digest's summary.
    const note = refused ?? digest?.omitted ?? null;
    return insertRun(tx, { ruleId, cause, state: 'done', issueCount: count, errorCode: note });
  });
}

/** The job of a timed rule: runs it if it is still due at that time (not paused, deleted or rescheduled). */
export async function runTimedRule(services: AppServices, payload: { ruleId: number; at: string }) {
  const row = await findRule(services.database.db, payload.ruleId);
  if (!row || row.paused || row.nextRunAt?.toISOString() !== payload.at) return;
  await executeRule(services, row.id, 'schedule');
}

/** The triggers that hear each issue event. */
type EventTrigger = Extract<SmartFlowTriggerKind, 'issueCreated' | 'issueChanged'>;
const TRIGGERS_OF: Record<'created' | 'updated', EventTrigger> = {
  created: 'issueCreated',
  updated: 'issueChanged',
};

/**
 * The job of a project's new or changed issues: each running rule of the project whose trigger heard of them looks
 * at them (an older job without `triggers` wakes the issueCreated rules, as before issueChanged existed).
 */
export async function runIssueRules(
  services: AppServices,
  payload: { projectId: number; triggers?: EventTrigger[] },
) {
  const kinds: EventTrigger[] = payload.triggers ?? ['issueCreated'];
  for (const ruleId of await issueRuleIdsOfProject(services.database.db, payload.projectId, kinds))
    await executeRule(services, ruleId, 'event');
}

/** "Run now" on one of the caller's rules (paused or not): the run, as it is recorded. */
export async function runSmartFlowRuleNow(
  services: AppServices,
  actor: Actor,
  id: number,
): Promise<SmartFlowRunRow> {
  const row = await findRule(services.database.db, id, { userId: actor.account.id });
  if (!row) throw new AppError('SMART_FLOW_RULE_NOT_FOUND');
  const run = await executeRule(services, id, 'manual');
  // Another run of the rule moved its cursor meanwhile: its result is the one to show.
  if (!run) throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: 1 });
  return run;
}

/**
 * Issue rules hear of new and changed issues wherever that happens (the app, the BCF import, a copy, an offline
 * sync, another rule): after each committed unit of work with created or updated issues, one indexed look finds the
 * projects with a running rule of those triggers, and a job per project runs them. The job reads from the rules'
 * cursors, so an event lost with a crashed process is caught up by the project's next one.
 */
export function watchIssueCreation(services: AppServices): () => void {
  return onEventsCommitted(services.database, (events) => {
    const byProject = new Map<number, Set<EventTrigger>>();
    for (const e of events) {
      if (e.kind !== 'issue' || (e.action !== 'created' && e.action !== 'updated')) continue;
      const kinds = byProject.get(e.projectId) ?? new Set<EventTrigger>();
      kinds.add(TRIGGERS_OF[e.action]);
      byProject.set(e.projectId, kinds);
    }
    if (byProject.size === 0) return;
    void (async () => {
      const allKinds = [...new Set([...byProject.values()].flatMap((k) => [...k]))];
      for (const projectId of await projectsWithIssueRules(
        services.database.db,
        [...byProject.keys()],
        allKinds,
      ))
        await services.jobs.send('smartFlow.issues', {
          projectId,
          triggers: [...(byProject.get(projectId) ?? [])],
        });
    })().catch((error: unknown) =>
      services.logger.error(
        { err: error, projectIds: [...byProject.keys()] },
        'smart flow issue rules not queued',
      ),
    );
  });
}
