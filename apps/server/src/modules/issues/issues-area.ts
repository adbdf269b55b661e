import { eq } from 'drizzle-orm';
import { issues } from '../../db/schema/index.ts';
import { registerGroupUsageCheck } from '../projects/project-group-service.ts';
import { registerCardCounters } from '../projects/project-query-service.ts';
import { issueCardCounters } from './list/issue-card-counters.ts';

/**
 * Plugs the issues area into projects: a group used by an issue cannot be deleted (GROUP_HAS_ISSUES); card
 * counters. Idempotent: each call sets the same hooks, so every server start can call it.
 */
export function registerIssuesArea(): void {
  registerGroupUsageCheck(async (db, groupId) => {
    const [row] = await db.select({ id: issues.id }).from(issues).where(eq(issues.groupId, groupId)).limit(1);
    return row !== undefined;
  });
  registerCardCounters(issueCardCounters);
}
