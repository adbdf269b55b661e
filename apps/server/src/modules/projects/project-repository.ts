import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { PROJECT_STATUS } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import {
  companies,
  companySettings,
  projectCompanies,
  projects,
  projectUserSettings,
  users,
} from '../../db/schema/index.ts';

/** A project as stored. */
export type ProjectRow = typeof projects.$inferSelect;

/** A project by id, or undefined. */
export async function findProjectById(db: Db, projectId: number): Promise<ProjectRow | undefined> {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  return project;
}

/** The limit of active projects of a company; -1 means unlimited. */
export async function maxActiveProjects(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select()
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId))
    .limit(1);
  return row?.maxActiveProjects ?? -1;
}

/** How many active projects a company owns. */
export async function countActiveProjects(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.status, PROJECT_STATUS.active)));
  return row?.n ?? 0;
}

/** Serialises, until the transaction ends, the writes that count a company's active projects. */
export async function lockCompanyProjects(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(73062026, ${companyId})`);
}

/** Stores a project with its owner company taking part as project administrator with all disciplines. */
export async function insertOwnedProject(
  db: Db,
  values: { companyId: number; name: string; image: string | null; createdByUserId: number },
): Promise<ProjectRow> {
  const [project] = await db.insert(projects).values(values).returning();
  if (!project) throw new Error('project not stored');
  await db
    .insert(projectCompanies)
    .values({ projectId: project.id, companyId: values.companyId, roleId: 1, allDisciplines: true });
  return project;
}

/** Changes a project's name, status or image (those given). */
export async function updateProjectRow(
  db: Db,
  projectId: number,
  values: { name?: string; status?: number; image?: string | null },
): Promise<void> {
  await db
    .update(projects)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(projects.id, projectId));
}

/** Stars or unstars a project for a user. */
export async function setProjectStar(
  db: Db,
  projectId: number,
  userId: number,
  starred: boolean,
): Promise<void> {
  await db
    .insert(projectUserSettings)
    .values({ projectId, userId, starred })
    .onConflictDoUpdate({
      target: [projectUserSettings.projectId, projectUserSettings.userId],
      set: { starred },
    });
}

/** The id of the project with this guid, or undefined. */
export async function projectIdOfGuid(db: Db, guid: string): Promise<number | undefined> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.guid, guid)).limit(1);
  return row?.id;
}

/** The people of the companies taking part in a project, with their company and its participation, by name. */
export function projectUserRows(db: Db, projectId: number) {
  return db
    .select({ user: users, company: companies, participation: projectCompanies })
    .from(projectCompanies)
    .innerJoin(users, eq(users.companyId, projectCompanies.companyId))
    .innerJoin(companies, eq(companies.id, projectCompanies.companyId))
    .where(eq(projectCompanies.projectId, projectId))
    .orderBy(asc(users.name), asc(users.lastName), asc(users.id));
}

/** A user's settings (the star) of these projects. */
export function projectStarsOf(db: Db, userId: number, projectIds: readonly number[]) {
  return db
    .select()
    .from(projectUserSettings)
    .where(
      and(eq(projectUserSettings.userId, userId), inArray(projectUserSettings.projectId, [...projectIds])),
    );
}

/** The projects of these ids (those that exist). */
export function projectsByIds(db: Db, ids: readonly number[]): Promise<ProjectRow[]> {
  return db
    .select()
    .from(projects)
    .where(inArray(projects.id, [...new Set(ids)]));
}

/** The projects a company owns (or every project), by name. */
export function projectsOwnedBy(db: Db, companyId: number | 'all'): Promise<ProjectRow[]> {
  return db
    .select()
    .from(projects)
    .where(companyId === 'all' ? undefined : eq(projects.companyId, companyId))
    .orderBy(asc(projects.name));
}

/** The projects a company takes part in, by name. */
export async function projectsJoinedBy(db: Db, companyId: number): Promise<ProjectRow[]> {
  const rows = await db
    .select({ project: projects })
    .from(projectCompanies)
    .innerJoin(projects, eq(projects.id, projectCompanies.projectId))
    .where(eq(projectCompanies.companyId, companyId))
    .orderBy(asc(projects.name));
  return rows.map((r) => r.project);
}

/** Stores a project as given. */
export async function insertProject(db: Db, values: typeof projects.$inferInsert): Promise<ProjectRow> {
  const [project] = await db.insert(projects).values(values).returning();
  if (!project) throw new Error('project not stored');
  return project;
}
