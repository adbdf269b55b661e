import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { managesDisciplines, projectRoleById, type ProjectActor } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import { selectNamed } from '../../db/named-statements.ts';
import { allQueries } from '../../db/all-queries.ts';
import {
  projectCompanies,
  projectDisciplines,
  projectGroups,
  projectGroupUsers,
  projects,
  users,
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

/** A user taking part in a project, as the visibility policies and the notification rules see them. */
export interface ProjectMember extends ProjectActor {
  /** The member's disciplines (all of the project's with allDisciplines). */
  readonly disciplineIds: readonly number[];
}

/**
 * The users of a project's participating companies (optionally only some of them) with their standing: three
 * queries whatever their number. Platform admins are not members: they reach projects only for setup.
 */
export async function loadProjectMembers(
  db: Db,
  projectId: number,
  onlyUserIds?: readonly number[],
): Promise<ProjectMember[]> {
  if (onlyUserIds && onlyUserIds.length === 0) return [];
  const [people, groups, disciplines] = await allQueries(db, [
    () =>
      db
        .select({
          userId: users.id,
          roleId: projectCompanies.roleId,
          all: projectCompanies.allDisciplines,
          ids: projectCompanies.disciplineIds,
        })
        .from(projectCompanies)
        .innerJoin(users, eq(users.companyId, projectCompanies.companyId))
        .where(
          and(
            eq(projectCompanies.projectId, projectId),
            eq(users.isAdmin, false),
            onlyUserIds ? inArray(users.id, [...onlyUserIds]) : undefined,
          ),
        ),
    () =>
      db
        .select({ userId: projectGroupUsers.userId, groupId: projectGroups.id })
        .from(projectGroupUsers)
        .innerJoin(projectGroups, eq(projectGroups.id, projectGroupUsers.groupId))
        .where(eq(projectGroups.projectId, projectId)),
    () =>
      db
        .select({ id: projectDisciplines.id })
        .from(projectDisciplines)
        .where(and(eq(projectDisciplines.projectId, projectId), isNull(projectDisciplines.removedAt))),
  ]);
  const everyDiscipline = disciplines.map((d) => d.id);
  return people.flatMap((p) => {
    const role = projectRoleById(p.roleId);
    if (!role) return [];
    const own = Array.isArray(p.ids) ? p.ids.filter((v): v is number => typeof v === 'number') : [];
    return [
      {
        userId: p.userId,
        manageDisciplines: managesDisciplines(role),
        groupIds: groups.filter((g) => g.userId === p.userId).map((g) => g.groupId),
        disciplineIds: p.all ? everyDiscipline : own,
      },
    ];
  });
}
