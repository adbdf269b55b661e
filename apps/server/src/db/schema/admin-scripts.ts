import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz, createdAt, identityId } from './columns.ts';
import { userRef } from './identity.ts';

/** A line of an admin script's log. */
export interface AdminScriptLogLine {
  at: string;
  line: string;
}

/**
 * One run of a maintenance script of the admin area (/admin/scripts, `npm run admin -- script`): who asked for
 * what, with which parameters, dry or for real (the audit entry), and how it went (state, progress, log, summary).
 */
export const adminScriptRuns = pgTable(
  'admin_script_runs',
  {
    id: identityId(),
    name: text('name').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    dryRun: boolean('dry_run').notNull(),
    /** queued → running → completed | failed. */
    state: text('state').notNull().default('queued'),
    /** 0–100 while running, when the script can tell. */
    progress: integer('progress'),
    log: jsonb('log').$type<AdminScriptLogLine[]>().notNull().default([]),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    error: text('error'),
    /** 'web' (the admin area) or 'cli' (`npm run admin -- script`). */
    source: text('source').notNull(),
    requestedByUserId: userRef('requested_by_user_id'),
    createdAt: createdAt(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
  },
  (t) => [index('admin_script_runs_created_idx').on(t.createdAt)],
);
