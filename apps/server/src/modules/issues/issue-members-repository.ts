import { and, eq, inArray, isNull } from 'drizzle-orm';
import { managesDisciplines, projectRoleById, type ProjectActor } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import {
  projectCompanies,
  projectDisciplines,
  projectGroups,
  projectGroupUsers,
  users,
} from '../../db/schema/index.ts';
import { allQueries } from '../../db/all-queries.ts';

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
