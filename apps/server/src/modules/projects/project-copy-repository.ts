import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  projectCategories,
  projectCompanies,
  projectCopies,
  projectDisciplines,
  projectDisciplineStatuses,
  projectPhases,
  projects,
} from '../../db/schema/index.ts';
import { findProjectById, type ProjectRow } from './project-repository.ts';

/** A project copy request as stored. */
export type ProjectCopyRow = typeof projectCopies.$inferSelect;

/** Replaces the target's category switches with the source's. */
export async function copyCategorySwitches(db: Db, from: number, to: number): Promise<void> {
  await db.delete(projectCategories).where(eq(projectCategories.projectId, to));
  await db.execute(
    sql`insert into project_categories (project_id, category_id, active) select ${to}, category_id, active from project_categories where project_id = ${from}`,
  );
}

/** Replaces the target's phase switches with the source's. */
export async function copyPhaseSwitches(db: Db, from: number, to: number): Promise<void> {
  await db.delete(projectPhases).where(eq(projectPhases.projectId, to));
  await db.execute(
    sql`insert into project_phases (project_id, phase_id, active) select ${to}, phase_id, active from project_phases where project_id = ${from}`,
  );
}

/** Replaces the target's discipline statuses with the source's. */
export async function copyDisciplineStatuses(db: Db, from: number, to: number): Promise<void> {
  await db.delete(projectDisciplineStatuses).where(eq(projectDisciplineStatuses.projectId, to));
  await db.execute(
    sql`insert into project_discipline_statuses (project_id, name, active) select ${to}, name, active from project_discipline_statuses where project_id = ${from}`,
  );
}

/** Adds disciplines to a project; the rows added. */
export async function insertDisciplines(
  db: Db,
  projectId: number,
  disciplines: readonly { name: string; abbreviation: string; standardDisciplineId: number | null }[],
): Promise<(typeof projectDisciplines.$inferSelect)[]> {
  if (disciplines.length === 0) return [];
  return db
    .insert(projectDisciplines)
    .values(
      disciplines.map((d) => ({
        projectId,
        name: d.name,
        abbreviation: d.abbreviation,
        standardDisciplineId: d.standardDisciplineId,
      })),
    )
    .returning();
}

/** Gives the target the source's document naming rule. */
export async function copyNamingRule(db: Db, from: number, to: number): Promise<void> {
  const source = await findProjectById(db, from);
  if (!source) return;
  await db
    .update(projects)
    .set({
      documentsNamingRule: source.documentsNamingRule,
      documentsNamingRuleSeparator: source.documentsNamingRuleSeparator,
    })
    .where(eq(projects.id, to));
}

/** Records a copy request. */
export async function insertCopyRequest(
  db: Db,
  values: typeof projectCopies.$inferInsert,
): Promise<ProjectCopyRow> {
  const [copy] = await db.insert(projectCopies).values(values).returning();
  if (!copy) throw new Error('copy not stored');
  return copy;
}

/** A copy request, locked for the rest of the transaction, or undefined. */
export async function lockCopyRequest(db: Db, copyId: number): Promise<ProjectCopyRow | undefined> {
  const [copy] = await db
    .select()
    .from(projectCopies)
    .where(eq(projectCopies.id, copyId))
    .limit(1)
    .for('update');
  return copy;
}

/** Creates the copy's project, the owner company taking part as its administrator with every discipline. */
export async function insertCopiedProject(
  db: Db,
  source: ProjectRow,
  copy: { targetProjectName: string; requestedByUserId: number | null },
): Promise<ProjectRow> {
  const [target] = await db
    .insert(projects)
    .values({
      companyId: source.companyId,
      name: copy.targetProjectName,
      image: source.image,
      status: 0,
      modules: source.modules,
      createdByUserId: copy.requestedByUserId,
    })
    .returning();
  if (!target) throw new Error('copy not stored');
  await db
    .insert(projectCompanies)
    .values({ projectId: target.id, companyId: source.companyId, roleId: 1, allDisciplines: true });
  return target;
}

/** Marks a copy request done with the project it made. */
export async function markCopyDone(db: Db, copyId: number, targetProjectId: number): Promise<void> {
  await db
    .update(projectCopies)
    .set({ status: 'done', targetProjectId, finishedAt: sql`now()` })
    .where(eq(projectCopies.id, copyId));
}

/** Marks a copy request failed with its error. */
export async function markCopyFailed(db: Db, copyId: number, error: string): Promise<void> {
  await db.update(projectCopies).set({ status: 'failed', error }).where(eq(projectCopies.id, copyId));
}

/** Sets every failed copy request pending again; their ids. */
export function resetFailedCopies(db: Db): Promise<{ id: number }[]> {
  return db
    .update(projectCopies)
    .set({ status: 'pending', error: null })
    .where(eq(projectCopies.status, 'failed'))
    .returning({ id: projectCopies.id });
}

/** How many copy requests failed. */
export async function failedCopyCount(db: Db): Promise<number> {
  const rows = await db
    .select({ id: projectCopies.id })
    .from(projectCopies)
    .where(eq(projectCopies.status, 'failed'));
  return rows.length;
}
