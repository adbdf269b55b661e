import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz, createdAt, updatedAt, identityId, cascadeRef } from './columns.ts';
import { users } from './identity.ts';
import { projects } from './projects.ts';

/**
 * Smart flow rules (docs/smart-flow.md): one person's recurring job in one project, run with their own rights.
 * `trigger`, `condition` and `action` are the domain's SmartFlowTrigger / Condition / Action; `trigger_kind` copies
 * the trigger's kind for the index of the issue events. `next_run_at` is when a timed rule runs next (its job is
 * queued for that time); `cursor_at` is how far an issue rule has looked (issues created after it are new).
 */
export const smartFlowRules = pgTable(
  'smart_flow_rules',
  {
    id: identityId(),
    userId: cascadeRef('user_id', () => users.id),
    projectId: cascadeRef('project_id', () => projects.id),
    name: text('name').notNull(),
    description: text('description'),
    triggerKind: text('trigger_kind').notNull(),
    trigger: jsonb('trigger').notNull(),
    condition: jsonb('condition').notNull(),
    action: jsonb('action').notNull(),
    paused: boolean('paused').notNull().default(false),
    nextRunAt: tstz('next_run_at'),
    cursorAt: tstz('cursor_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('smart_flow_rules_user_idx').on(t.userId),
    index('smart_flow_rules_project_kind_idx').on(t.projectId, t.triggerKind),
  ],
);

/** The runs of a rule (the newest SMART_FLOW_RUNS_KEPT): when, how it ended, how many issues, what went wrong. */
export const smartFlowRuns = pgTable(
  'smart_flow_runs',
  {
    id: identityId(),
    ruleId: cascadeRef('rule_id', () => smartFlowRules.id),
    /** schedule, event (issues created) or manual (Run now). */
    cause: text('cause').notNull(),
    /** done or failed. */
    state: text('state').notNull(),
    issueCount: integer('issue_count').notNull().default(0),
    /** A failed run's catalogue code. */
    errorCode: text('error_code'),
    startedAt: tstz('started_at').notNull().defaultNow(),
  },
  (t) => [index('smart_flow_runs_rule_idx').on(t.ruleId, t.startedAt)],
);
