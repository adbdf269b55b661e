import type { Database } from './database.ts';

/**
 * The tables the issue list's statements read. Their statistics decide the page statement's plan: without them its
 * children are planned for one row and joined by nested loops (68 ms instead of 6 ms for 300 issues,
 * docs/benchmarks.md "Issue 35's goals").
 */
export const ISSUE_LIST_TABLES = [
  'issues',
  'issue_disciplines',
  'issue_images',
  'issue_labels',
  'issue_locals',
  'issue_user_states',
  'issue_notifications',
  'issue_comments',
  'issue_history',
] as const;

/**
 * Gives the planner fresh statistics of the issue tables after a burst of writes into them (the demo's seed, a BCF
 * import): on PostgreSQL autovacuum would do it within about a minute, and the embedded PGlite has no autovacuum.
 * ANALYZE reads a bounded sample of each table.
 */
export async function analyzeIssueTables(database: Pick<Database, 'executor'>): Promise<void> {
  await database.executor.executeSql(`analyze ${ISSUE_LIST_TABLES.join(', ')}`);
}

/**
 * What autovacuum does on a PostgreSQL server, for the embedded PGlite, which runs none: `analyze` (hourly) keeps
 * the planner's statistics, `vacuum (analyze)` (nightly) also gives back the space of old row versions. Nothing on
 * PostgreSQL. Answers whether it ran.
 */
export async function maintainEmbeddedDatabase(
  database: Pick<Database, 'executor' | 'kind'>,
  work: 'analyze' | 'vacuum',
): Promise<boolean> {
  if (database.kind !== 'pglite') return false;
  await database.executor.executeSql(work === 'vacuum' ? 'vacuum (analyze)' : 'analyze');
  return true;
}
