import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { disciplineStatusMap, DISCIPLINE_STATUSES, managesDisciplines, projectRoleById } from '@obra/domain';
import type { Db } from '../../../db/database.ts';
import {
  issues,
  projectCompanies,
  projectDisciplines,
  projectGroups,
  projectGroupUsers,
  users,
} from '../../../db/schema/index.ts';
import { pendingDisciplineWhere } from './issue-filter-sql.ts';
import { hasNotificationsWhere } from '../notifications/issue-notification-sql.ts';
import { visibleIssuesWhere } from '../issue-repository.ts';
import { type IssueAudience } from '../../projects/project-access.ts';

// Responsibilities are system-wide; a project only switches statuses on and off.
const STATUSES = disciplineStatusMap(DISCIPLINE_STATUSES);

/** The caller's audience in each of the projects, with a fixed number of queries (three) for any number of them. */
async function audiences(db: Db, userId: number, projectIds: readonly number[]): Promise<IssueAudience[]> {
  const [participations, groups, disciplines] = await Promise.all([
    db
      .select({
        projectId: projectCompanies.projectId,
        roleId: projectCompanies.roleId,
        all: projectCompanies.allDisciplines,
        ids: projectCompanies.disciplineIds,
      })
      .from(projectCompanies)
      .innerJoin(users, eq(users.companyId, projectCompanies.companyId))
      .where(and(eq(users.id, userId), inArray(projectCompanies.projectId, projectIds))),
    db
      .select({ projectId: projectGroups.projectId, id: projectGroups.id })
      .from(projectGroupUsers)
      .innerJoin(projectGroups, eq(projectGroups.id, projectGroupUsers.groupId))
      .where(and(eq(projectGroupUsers.userId, userId), inArray(projectGroups.projectId, projectIds))),
    db
      .select({ projectId: projectDisciplines.projectId, id: projectDisciplines.id })
      .from(projectDisciplines)
      .where(and(inArray(projectDisciplines.projectId, projectIds), isNull(projectDisciplines.removedAt))),
  ]);
  return participations.flatMap((p) => {
    const role = projectRoleById(p.roleId);
    if (!role) return [];
    const own = Array.isArray(p.ids) ? p.ids.filter((v): v is number => typeof v === 'number') : [];
    return [
      {
        projectId: p.projectId,
        userId,
        manageDisciplines: managesDisciplines(role),
        groupIds: groups.filter((g) => g.projectId === p.projectId).map((g) => g.id),
        userDisciplines: p.all
          ? disciplines.filter((d) => d.projectId === p.projectId).map((d) => d.id)
          : own,
      },
    ];
  });
}

function pendingExists(audience: IssueAudience, extra: SQL): SQL {
  const pending = pendingDisciplineWhere({ audience, statuses: STATUSES, today: '' });
  return sql`exists (select 1 from issue_disciplines d where d.issue_id = ${issues.id} and ${pending} ${extra})`;
}

/** A project card's issue counters (project-query-service.ts puts them on the card). */
export interface IssueCardCounters {
  mentions: number;
  notifications: number;
  pendencies: number;
  latePendencies: number;
}

/**
 * The workspace card counters: per project, the active issues the user sees with a discipline pending for them
 * (pendencies) and those among them that are late (latePendencies), as the getIssues standard filters count
 * them, and the issues they see with unread marks (notifications) and with unread mentions (mentions), as the
 * notifications and newMentions filters count them; two grouped queries for all projects.
 */
export async function issueCardCounters(
  db: Db,
  userId: number,
  projectIds: readonly number[],
): Promise<Map<number, IssueCardCounters>> {
  const counters = new Map<number, IssueCardCounters>();
  if (projectIds.length === 0) return counters;
  const people = await audiences(db, userId, projectIds);
  if (people.length === 0) return counters;
  const today = new Date().toISOString().slice(0, 10);
  const late = sql`and coalesce(d.deadline, ${issues.deadline}) < ${today}::date`;
  const visible = or(...people.map((a) => visibleIssuesWhere(a)));
  const [rows, marks] = await Promise.all([
    db
      .select({
        projectId: issues.projectId,
        pendencies: sql<number>`count(*)::int`,
        latePendencies: sql<number>`(count(*) filter (where ${or(...people.map((a) => and(eq(issues.projectId, a.projectId), pendingExists(a, late))))}))::int`,
      })
      .from(issues)
      .where(
        and(
          eq(issues.status, 'active'),
          or(...people.map((a) => and(visibleIssuesWhere(a), pendingExists(a, sql``)))),
        ),
      )
      .groupBy(issues.projectId),
    db
      .select({
        projectId: issues.projectId,
        notifications: sql<number>`count(*)::int`,
        mentions: sql<number>`(count(*) filter (where ${hasNotificationsWhere(userId, true)}))::int`,
      })
      .from(issues)
      .where(and(visible, hasNotificationsWhere(userId, false)))
      .groupBy(issues.projectId),
  ]);
  const entry = (projectId: number) => {
    const found = counters.get(projectId) ?? {
      mentions: 0,
      notifications: 0,
      pendencies: 0,
      latePendencies: 0,
    };
    counters.set(projectId, found);
    return found;
  };
  for (const row of rows)
    Object.assign(entry(row.projectId), {
      pendencies: Number(row.pendencies),
      latePendencies: Number(row.latePendencies),
    });
  for (const row of marks)
    Object.assign(entry(row.projectId), {
      notifications: Number(row.notifications),
      mentions: Number(row.mentions),
    });
  return counters;
}
