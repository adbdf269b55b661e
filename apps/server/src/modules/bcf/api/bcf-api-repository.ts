import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { bcfComments, bcfTopics, issues, projectCompanies, projects } from '../../../db/schema/index.ts';

/** The projects a company takes part in, by name. */
export async function companyProjectIds(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: projects.id })
    .from(projectCompanies)
    .innerJoin(projects, eq(projects.id, projectCompanies.projectId))
    .where(eq(projectCompanies.companyId, companyId))
    .orderBy(projects.name, projects.id);
  return rows.map((r) => r.id);
}

/** The issue that carries a stored topic GUID (lower case) in the project, if any. */
export async function issueIdOfStoredTopic(
  db: Db,
  projectId: number,
  guid: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ issueId: bcfTopics.issueId })
    .from(bcfTopics)
    .where(and(eq(bcfTopics.projectId, projectId), eq(bcfTopics.guid, guid)))
    .limit(1);
  return row?.issueId;
}

/** The project's issues made in Obra (no stored topic): they answer to GUIDs derived from their ids. */
export async function issueIdsWithoutTopic(db: Db, projectId: number): Promise<number[]> {
  const rows = await db
    .select({ id: issues.id })
    .from(issues)
    .leftJoin(bcfTopics, eq(bcfTopics.issueId, issues.id))
    .where(and(eq(issues.projectId, projectId), isNull(bcfTopics.issueId)));
  return rows.map((r) => r.id);
}

/** What BCF keeps beside each of these comments (GUID, author, date, viewpoint), for those that have it. */
export async function bcfRowsOfComments(db: Db, commentIds: readonly number[]) {
  if (commentIds.length === 0) return [];
  return db
    .select()
    .from(bcfComments)
    .where(inArray(bcfComments.commentId, [...commentIds]));
}
