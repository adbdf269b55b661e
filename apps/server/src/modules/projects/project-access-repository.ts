import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { selectNamed } from '../../db/named-statements.ts';
import {
  projectCompanies,
  projectDisciplines,
  projectGroups,
  projectGroupUsers,
  projects,
} from '../../db/schema/index.ts';

/** A stored project. */
export type ProjectRecord = typeof projects.$inferSelect;

/** Which project: by id, or by GUID (the BCF-API's project_id). */
export type ProjectKey = { id: number } | { guid: string };

function keyWhere(key: ProjectKey): SQL {
  return 'id' in key ? eq(projects.id, key.id) : eq(projects.guid, key.guid);
}

/** The project, or undefined. */
export async function findProjectByKey(db: Db, key: ProjectKey): Promise<ProjectRecord | undefined> {
  const [project] = await db.select().from(projects).where(keyWhere(key)).limit(1);
  return project;
}

/**
 * In one statement: the project with the company's participation (null columns when it takes no part), the
 * project's current disciplines (only when the company has them all) and the user's groups in it, in id order.
 */
export async function findProjectWithParticipation(
  db: Db,
  key: ProjectKey,
  who: { userId: number; companyId: number },
) {
  // Every request reads it: a named prepared statement, planned once per connection (db/named-statements.ts).
  const [found] = await selectNamed(
    db
      .select({
        project: projects,
        roleId: projectCompanies.roleId,
        allDisciplines: projectCompanies.allDisciplines,
        disciplineIds: projectCompanies.disciplineIds,
        // The project's current disciplines, read only for a company that has them all.
        projectDisciplineIds: sql<number[] | null>`case when ${projectCompanies.allDisciplines} then
          (select coalesce(json_agg(d.id order by d.id), '[]'::json) from ${projectDisciplines} d
            where d.project_id = ${projects.id} and d.removed_at is null) end`,
        groupIds: sql<number[]>`(select coalesce(json_agg(g.id order by g.id), '[]'::json)
          from ${projectGroupUsers} gu join ${projectGroups} g on g.id = gu.group_id
          where g.project_id = ${projects.id} and gu.user_id = ${who.userId})`,
      })
      .from(projects)
      .leftJoin(
        projectCompanies,
        and(eq(projectCompanies.projectId, projects.id), eq(projectCompanies.companyId, who.companyId)),
      )
      .where(keyWhere(key))
      .limit(1),
  );
  return found;
}

/** The ids among `ids` that are disciplines of the project (for validating inputs). */
export async function existingDisciplineIds(
  db: Db,
  projectId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: projectDisciplines.id })
    .from(projectDisciplines)
    .where(and(eq(projectDisciplines.projectId, projectId), inArray(projectDisciplines.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}
