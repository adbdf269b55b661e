import { and, eq, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `project_id = $1 and user_id = $2`: a user's own rows of a project (their exports, bulk downloads, transfers,
 * BCF jobs, markups), in any table with both columns.
 */
export function ownRows(
  table: { projectId: AnyColumn; userId: AnyColumn },
  owner: { projectId: number; userId: number },
): SQL {
  return and(eq(table.projectId, owner.projectId), eq(table.userId, owner.userId)) as SQL;
}
