import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  companies,
  projectCompanies,
  projectCompanyInvites,
  projectGroups,
  projectGroupUsers,
  projects,
  users,
} from '../../db/schema/index.ts';
import type { ProjectAccess } from './project-access.ts';

/** The projects a company takes part in, by project id. */
export function projectIdsOfCompany(db: Db, companyId: number): Promise<{ projectId: number }[]> {
  return db
    .select({ projectId: projectCompanies.projectId })
    .from(projectCompanies)
    .where(eq(projectCompanies.companyId, companyId))
    .orderBy(projectCompanies.projectId);
}

/** A stored project invitation. */
export type ProjectInviteRecord = typeof projectCompanyInvites.$inferSelect;
/** A stored participation. */
export type ParticipationRecord = typeof projectCompanies.$inferSelect;

/** The pending invitation of a company to a project, or undefined. */
export async function findPendingInvite(
  db: Db,
  projectId: number,
  companyId: number,
): Promise<ProjectInviteRecord | undefined> {
  const [row] = await db
    .select()
    .from(projectCompanyInvites)
    .where(
      and(
        eq(projectCompanyInvites.projectId, projectId),
        eq(projectCompanyInvites.companyId, companyId),
        eq(projectCompanyInvites.status, 'pending'),
      ),
    )
    .limit(1);
  return row;
}

/** A company's participation in a project, or undefined. */
export async function findParticipation(
  db: Db,
  projectId: number,
  companyId: number,
): Promise<ParticipationRecord | undefined> {
  const [row] = await db
    .select()
    .from(projectCompanies)
    .where(and(eq(projectCompanies.projectId, projectId), eq(projectCompanies.companyId, companyId)))
    .limit(1);
  return row;
}

/** Records an invitation; undefined when the company has a pending one already. */
export async function insertProjectInvite(
  db: Db,
  values: typeof projectCompanyInvites.$inferInsert,
): Promise<ProjectInviteRecord | undefined> {
  const [row] = await db.insert(projectCompanyInvites).values(values).onConflictDoNothing().returning();
  return row;
}

/** What an invitation e-mail names: the project, the inviter and their company, the invited administrators. */
export async function projectInviteMailFacts(
  db: Db,
  projectId: number,
  inviterId: number,
  companyId: number,
) {
  const [project] = await db
    .select({ name: projects.name })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  const [inviter] = await db
    .select({ name: users.name, lastName: users.lastName, company: companies.name })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, inviterId))
    .limit(1);
  const admins = await db
    .select({ email: users.email, name: users.name, localeId: users.localeId })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.companyRole, 'admin')));
  return { project, inviter, admins };
}

/** The role and disciplines a grant gives (an invitation's, a participation's). */
export interface RoleGrant {
  roleId: number;
  allDisciplines: boolean;
  disciplineIds: number[];
}

/** Changes an invitation's role and disciplines; the row as it is now. */
export async function updateInviteGrant(
  db: Db,
  inviteId: number,
  grant: RoleGrant,
): Promise<ProjectInviteRecord | undefined> {
  const [row] = await db
    .update(projectCompanyInvites)
    .set(grant)
    .where(eq(projectCompanyInvites.id, inviteId))
    .returning();
  return row;
}

/** Closes an invitation with its answer. */
export async function setProjectInviteStatus(
  db: Db,
  inviteId: number,
  status: 'cancelled' | 'accepted' | 'rejected',
): Promise<void> {
  await db
    .update(projectCompanyInvites)
    .set({ status, respondedAt: new Date() })
    .where(eq(projectCompanyInvites.id, inviteId));
}

/** Changes a participation's role and disciplines; the row as it is now. */
export async function updateParticipationGrant(
  db: Db,
  participationId: number,
  grant: RoleGrant,
): Promise<ParticipationRecord | undefined> {
  const [row] = await db
    .update(projectCompanies)
    .set(grant)
    .where(eq(projectCompanies.id, participationId))
    .returning();
  return row;
}

/** Ends a participation; the company's people leave the project's groups. */
export async function deleteParticipation(
  db: Db,
  participation: { id: number; projectId: number; companyId: number },
): Promise<void> {
  const members = db.select({ id: users.id }).from(users).where(eq(users.companyId, participation.companyId));
  const groups = db
    .select({ id: projectGroups.id })
    .from(projectGroups)
    .where(eq(projectGroups.projectId, participation.projectId));
  await db
    .delete(projectGroupUsers)
    .where(and(inArray(projectGroupUsers.userId, members), inArray(projectGroupUsers.groupId, groups)));
  await db.delete(projectCompanies).where(eq(projectCompanies.id, participation.id));
}

/** The pending project invitations of a company, newest first. */
export function pendingInvitesOfCompany(db: Db, companyId: number): Promise<ProjectInviteRecord[]> {
  return db
    .select()
    .from(projectCompanyInvites)
    .where(and(eq(projectCompanyInvites.companyId, companyId), eq(projectCompanyInvites.status, 'pending')))
    .orderBy(desc(projectCompanyInvites.createdAt));
}

/** An invitation, locked for the rest of the transaction, or undefined. */
export async function lockProjectInvite(db: Db, inviteId: number): Promise<ProjectInviteRecord | undefined> {
  const [invite] = await db
    .select()
    .from(projectCompanyInvites)
    .where(eq(projectCompanyInvites.id, inviteId))
    .limit(1)
    .for('update');
  return invite;
}

/** Makes a company take part in a project with a grant (nothing when it does already). */
export async function insertParticipation(
  db: Db,
  projectId: number,
  companyId: number,
  grant: RoleGrant,
): Promise<void> {
  await db
    .insert(projectCompanies)
    .values({ projectId, companyId, ...grant })
    .onConflictDoNothing();
}

/** A project's participations and pending invitations, in creation order. */
export async function participationsAndInvites(db: Db, projectId: number) {
  const [participations, invites] = await Promise.all([
    db
      .select()
      .from(projectCompanies)
      .where(eq(projectCompanies.projectId, projectId))
      .orderBy(projectCompanies.id),
    db
      .select()
      .from(projectCompanyInvites)
      .where(and(eq(projectCompanyInvites.projectId, projectId), eq(projectCompanyInvites.status, 'pending')))
      .orderBy(projectCompanyInvites.id),
  ]);
  return { participations, invites };
}

/**
 * The projects a company takes part in, with its role in each (spec core §3 'Project': company.projects), as far
 * as the caller may know: only the projects the caller's own company takes part in too (platform admins: this
 * project only).
 */
export async function companyProjectRoles(
  db: Db,
  access: ProjectAccess,
  companyId: number,
): Promise<{ id: number; roleId: number }[]> {
  const callerCompany = access.actor.account.isAdmin ? null : access.actor.account.companyId;
  const rows = await db
    .select({ id: projectCompanies.projectId, roleId: projectCompanies.roleId })
    .from(projectCompanies)
    .where(
      and(
        eq(projectCompanies.companyId, companyId),
        callerCompany === null
          ? eq(projectCompanies.projectId, access.project.id)
          : // Spelled out: drizzle writes the outer column unqualified, which the subquery would take as its own.
            sql`exists (select 1 from project_companies mine
              where mine.project_id = "project_companies"."project_id" and mine.company_id = ${callerCompany})`,
      ),
    )
    .orderBy(projectCompanies.projectId);
  return rows;
}
