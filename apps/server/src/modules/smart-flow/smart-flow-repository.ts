import { and, asc, count, desc, eq, gt, inArray, lte, notInArray, sql } from 'drizzle-orm';
import { SMART_FLOW_RUNS_KEPT, type SmartFlowTriggerKind } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import { issueHistory, issues, projects, smartFlowRules, smartFlowRuns } from '../../db/schema/index.ts';

/** A stored rule, with its project's name. */
export interface SmartFlowRuleRow {
  id: number;
  userId: number;
  projectId: number;
  projectName: string;
  name: string;
  description: string | null;
  trigger: unknown;
  condition: unknown;
  action: unknown;
  paused: boolean;
  nextRunAt: Date | null;
  cursorAt: Date;
  createdAt: Date;
}

/** One run of a rule. */
export interface SmartFlowRunRow {
  id: number;
  ruleId: number;
  cause: string;
  state: string;
  issueCount: number;
  errorCode: string | null;
  startedAt: Date;
}

const ruleColumns = {
  id: smartFlowRules.id,
  userId: smartFlowRules.userId,
  projectId: smartFlowRules.projectId,
  projectName: projects.name,
  name: smartFlowRules.name,
  description: smartFlowRules.description,
  trigger: smartFlowRules.trigger,
  condition: smartFlowRules.condition,
  action: smartFlowRules.action,
  paused: smartFlowRules.paused,
  nextRunAt: smartFlowRules.nextRunAt,
  cursorAt: smartFlowRules.cursorAt,
  createdAt: smartFlowRules.createdAt,
};

/** The person's rules, newest first. */
export async function listRulesOf(db: Db, userId: number): Promise<SmartFlowRuleRow[]> {
  return db
    .select(ruleColumns)
    .from(smartFlowRules)
    .innerJoin(projects, eq(projects.id, smartFlowRules.projectId))
    .where(eq(smartFlowRules.userId, userId))
    .orderBy(desc(smartFlowRules.createdAt), desc(smartFlowRules.id));
}

/** How many rules the person keeps. */
export async function countRulesOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(smartFlowRules).where(eq(smartFlowRules.userId, userId));
  return row?.n ?? 0;
}

/** One rule by id; `userId` limits it to its owner; `lock` holds it for the caller's transaction. */
export async function findRule(
  db: Db,
  id: number,
  options: { userId?: number; lock?: boolean } = {},
): Promise<SmartFlowRuleRow | undefined> {
  const query = db
    .select(ruleColumns)
    .from(smartFlowRules)
    .innerJoin(projects, eq(projects.id, smartFlowRules.projectId))
    .where(
      and(
        eq(smartFlowRules.id, id),
        options.userId === undefined ? undefined : eq(smartFlowRules.userId, options.userId),
      ),
    );
  const [row] = options.lock ? await query.for('update', { of: smartFlowRules }) : await query;
  return row;
}

/** What a new rule stores. */
export interface NewRule {
  userId: number;
  projectId: number;
  name: string;
  description: string | null;
  triggerKind: string;
  trigger: unknown;
  condition: unknown;
  action: unknown;
  nextRunAt: Date | null;
}

export async function insertRule(tx: Db, values: NewRule): Promise<number> {
  const [row] = await tx.insert(smartFlowRules).values(values).returning({ id: smartFlowRules.id });
  if (!row) throw new Error('smart flow rule not stored');
  return row.id;
}

/** Changes a rule (paused, the next run, the cursor). */
export async function updateRule(
  tx: Db,
  id: number,
  patch: Partial<{ paused: boolean; nextRunAt: Date | null; cursorAt: Date }>,
): Promise<void> {
  await tx
    .update(smartFlowRules)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(smartFlowRules.id, id));
}

/** Deletes the owner's rule (its runs go with it); false when there was none. */
export async function deleteRule(tx: Db, userId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(smartFlowRules)
    .where(and(eq(smartFlowRules.id, id), eq(smartFlowRules.userId, userId)))
    .returning({ id: smartFlowRules.id });
  return rows.length > 0;
}

/** Records a run and keeps only the newest SMART_FLOW_RUNS_KEPT of the rule. */
export async function insertRun(
  tx: Db,
  values: { ruleId: number; cause: string; state: string; issueCount: number; errorCode: string | null },
): Promise<SmartFlowRunRow> {
  const [row] = await tx.insert(smartFlowRuns).values(values).returning();
  if (!row) throw new Error('smart flow run not stored');
  const kept = tx
    .select({ id: smartFlowRuns.id })
    .from(smartFlowRuns)
    .where(eq(smartFlowRuns.ruleId, values.ruleId))
    .orderBy(desc(smartFlowRuns.startedAt), desc(smartFlowRuns.id))
    .limit(SMART_FLOW_RUNS_KEPT);
  await tx
    .delete(smartFlowRuns)
    .where(and(eq(smartFlowRuns.ruleId, values.ruleId), notInArray(smartFlowRuns.id, kept)));
  return row;
}

/** The runs of some rules, newest first. */
export async function runsOfRules(db: Db, ruleIds: readonly number[]): Promise<SmartFlowRunRow[]> {
  if (ruleIds.length === 0) return [];
  return db
    .select()
    .from(smartFlowRuns)
    .where(inArray(smartFlowRuns.ruleId, [...ruleIds]))
    .orderBy(desc(smartFlowRuns.startedAt), desc(smartFlowRuns.id));
}

/** The ids of the running (not paused) issue-event rules of a project. */
export async function issueRuleIdsOfProject(
  db: Db,
  projectId: number,
  kinds: readonly SmartFlowTriggerKind[],
): Promise<number[]> {
  const rows = await db
    .select({ id: smartFlowRules.id })
    .from(smartFlowRules)
    .where(
      and(
        eq(smartFlowRules.projectId, projectId),
        inArray(smartFlowRules.triggerKind, [...kinds]),
        eq(smartFlowRules.paused, false),
      ),
    )
    .orderBy(asc(smartFlowRules.id));
  return rows.map((r) => r.id);
}

/** Which of the projects have a running issue-event rule (one indexed look after each issue write). */
export async function projectsWithIssueRules(
  db: Db,
  projectIds: readonly number[],
  kinds: readonly SmartFlowTriggerKind[],
): Promise<number[]> {
  if (projectIds.length === 0 || kinds.length === 0) return [];
  const rows = await db
    .selectDistinct({ projectId: smartFlowRules.projectId })
    .from(smartFlowRules)
    .where(
      and(
        inArray(smartFlowRules.projectId, [...projectIds]),
        inArray(smartFlowRules.triggerKind, [...kinds]),
        eq(smartFlowRules.paused, false),
      ),
    );
  return rows.map((r) => r.projectId);
}

/** A rule's window over a project's issues: the times (after, until]. */
export type IssueWindow = { projectId: number; after: Date; until: Date };

/** The project's issues created in (after, until], oldest first (an issue rule's new issues). */
export async function issueIdsCreatedBetween(db: Db, window: IssueWindow): Promise<number[]> {
  const { projectId, after, until } = window;
  const rows = await db
    .select({ id: issues.id })
    .from(issues)
    .where(and(eq(issues.projectId, projectId), gt(issues.createdAt, after), lte(issues.createdAt, until)))
    .orderBy(asc(issues.createdAt), asc(issues.id))
    .limit(10_000);
  return rows.map((r) => r.id);
}

/**
 * The project's issues changed in (after, until], oldest change first (an issueChanged rule's issues): those with
 * an issue history entry in that time other than their creation's own (their first; comments have entries of their
 * own kind).
 */
export async function issueIdsChangedBetween(db: Db, window: IssueWindow): Promise<number[]> {
  const { projectId, after, until } = window;
  const rows = await db
    .select({ id: issues.id, first: sql<string>`min(${issueHistory.createdAt})` })
    .from(issueHistory)
    .innerJoin(issues, eq(issues.id, issueHistory.issueId))
    .where(
      and(
        eq(issues.projectId, projectId),
        eq(issueHistory.entityType, 'issue'),
        gt(issueHistory.createdAt, after),
        lte(issueHistory.createdAt, until),
        // Not the creation's own entry: each issue's first entry of the issue (ids, not clocks: the issue's
        // created_at is the service's time, the entry's the transaction's).
        sql`${issueHistory.id} > (select min(first.id) from issue_history first
              where first.issue_id = ${issueHistory.issueId} and first.entity_type = 'issue')`,
      ),
    )
    .groupBy(issues.id)
    .orderBy(sql`min(${issueHistory.createdAt})`, asc(issues.id))
    .limit(10_000);
  return rows.map((r) => r.id);
}

/** The database's clock (rules' cursors and times are the database's, as the issues' created_at). */
export async function databaseNow(db: Db): Promise<Date> {
  const result = (await db.execute(sql`select now() as now`)) as unknown as {
    rows: { now: string | Date }[];
  };
  return new Date(result.rows[0]?.now ?? Date.now());
}
