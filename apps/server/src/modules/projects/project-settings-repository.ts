import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  DISCIPLINE_STATUSES,
  ISSUE_CATEGORIES,
  PROJECT_PHASES,
  disciplineStatusMap,
  type DisciplineStatusDefinition,
  type DisciplineStatusMap,
} from '@obra/domain';
import type { Db } from '../../db/database.ts';
import {
  projectCategories,
  projectDisciplines,
  projectDisciplineStatuses,
  projectPhases,
  projects,
} from '../../db/schema/index.ts';

/** The classification that every project keeps ('undefined'), and the phase ('NOT_DEFINED'). */
export const LOCKED_CATEGORY_ID = 0;
export const LOCKED_PHASE_ID = 0;

/** A category of a project with its switch. */
export interface CategoryState {
  id: number;
  key: string;
  active: boolean;
  allowDisable: boolean;
}

/** The project's categories: every system classification, active or not. */
export async function listCategories(db: Db, projectId: number): Promise<CategoryState[]> {
  const rows = await db.select().from(projectCategories).where(eq(projectCategories.projectId, projectId));
  const active = new Map(rows.map((r) => [r.categoryId, r.active]));
  return ISSUE_CATEGORIES.map((c) => ({
    id: c.id,
    key: c.key,
    active: active.get(c.id) ?? true,
    allowDisable: c.id !== LOCKED_CATEGORY_ID,
  }));
}

/** A phase of a project with its switch. */
export interface PhaseState {
  id: number;
  key: string;
  abbreviation: string;
  active: boolean;
  allowDisable: boolean;
}

/** The project's phases: every system phase, active or not. */
export async function listPhases(db: Db, projectId: number): Promise<PhaseState[]> {
  const rows = await db.select().from(projectPhases).where(eq(projectPhases.projectId, projectId));
  const active = new Map(rows.map((r) => [r.phaseId, r.active]));
  return PROJECT_PHASES.map((p) => ({
    ...p,
    active: active.get(p.id) ?? true,
    allowDisable: p.id !== LOCKED_PHASE_ID,
  }));
}

/** A discipline status of a project: the system definition and the project's switch. */
export type DisciplineStatusState = DisciplineStatusDefinition & { active: boolean };

/** The project's discipline statuses in system order. */
export async function listDisciplineStatuses(db: Db, projectId: number): Promise<DisciplineStatusState[]> {
  const rows = await db
    .select()
    .from(projectDisciplineStatuses)
    .where(eq(projectDisciplineStatuses.projectId, projectId));
  const active = new Map(rows.map((r) => [r.name, r.active]));
  return DISCIPLINE_STATUSES.map((s) => ({ ...s, active: active.get(s.key) ?? true }));
}

/** Stores which categories are active. */
export async function saveCategories(
  tx: Db,
  projectId: number,
  activeIds: ReadonlySet<number>,
): Promise<void> {
  const values = ISSUE_CATEGORIES.map((c) => ({ projectId, categoryId: c.id, active: activeIds.has(c.id) }));
  await tx
    .insert(projectCategories)
    .values(values)
    .onConflictDoUpdate({
      target: [projectCategories.projectId, projectCategories.categoryId],
      set: { active: sql`excluded.active` },
    });
}

/** Stores which phases are active. */
export async function savePhases(tx: Db, projectId: number, activeIds: ReadonlySet<number>): Promise<void> {
  const values = PROJECT_PHASES.map((p) => ({ projectId, phaseId: p.id, active: activeIds.has(p.id) }));
  await tx
    .insert(projectPhases)
    .values(values)
    .onConflictDoUpdate({
      target: [projectPhases.projectId, projectPhases.phaseId],
      set: { active: sql`excluded.active` },
    });
}

/** Stores which discipline statuses are active. */
export async function saveDisciplineStatuses(
  tx: Db,
  projectId: number,
  activeNames: ReadonlySet<string>,
): Promise<void> {
  const values = DISCIPLINE_STATUSES.map((s) => ({ projectId, name: s.key, active: activeNames.has(s.key) }));
  await tx
    .insert(projectDisciplineStatuses)
    .values(values)
    .onConflictDoUpdate({
      target: [projectDisciplineStatuses.projectId, projectDisciplineStatuses.name],
      set: { active: sql`excluded.active` },
    });
}

/** A discipline of a project. */
export type DisciplineRow = typeof projectDisciplines.$inferSelect;

/** The project's current disciplines, in creation order. */
export async function listDisciplines(db: Db, projectId: number): Promise<DisciplineRow[]> {
  return db
    .select()
    .from(projectDisciplines)
    .where(and(eq(projectDisciplines.projectId, projectId), isNull(projectDisciplines.removedAt)))
    .orderBy(asc(projectDisciplines.id));
}

/** Sets the naming rule. */
export async function saveNamingRule(
  tx: Db,
  projectId: number,
  rule: readonly string[],
  separator: string,
): Promise<void> {
  await tx
    .update(projects)
    .set({ documentsNamingRule: [...rule], documentsNamingRuleSeparator: separator, updatedAt: sql`now()` })
    .where(eq(projects.id, projectId));
}

/**
 * Writes a project's whole discipline list: current ones not in `inputs` are marked removed (issues keep pointing
 * at them), those with an id are changed, the others added.
 */
export async function replaceDisciplines(
  tx: Db,
  projectId: number,
  inputs: readonly {
    id?: number | null;
    name: string;
    abbreviation: string;
    standardDisciplineId: number | null;
  }[],
): Promise<void> {
  const sent = inputs.map((d) => d.id).filter((id): id is number => id != null);
  const removedFilter = sent.length > 0 ? notInArray(projectDisciplines.id, sent) : undefined;
  await tx
    .update(projectDisciplines)
    .set({ removedAt: sql`now()` })
    .where(
      and(eq(projectDisciplines.projectId, projectId), isNull(projectDisciplines.removedAt), removedFilter),
    );
  for (const d of inputs) {
    const values = {
      name: d.name,
      abbreviation: d.abbreviation,
      standardDisciplineId: d.standardDisciplineId,
    };
    if (d.id != null) await tx.update(projectDisciplines).set(values).where(eq(projectDisciplines.id, d.id));
    else await tx.insert(projectDisciplines).values({ ...values, projectId });
  }
}

/** Current disciplines of a project by id. */
export async function disciplinesByIds(
  db: Db,
  projectId: number,
  ids: readonly number[],
): Promise<DisciplineRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(projectDisciplines)
    .where(
      and(
        eq(projectDisciplines.projectId, projectId),
        inArray(projectDisciplines.id, [...ids]),
        isNull(projectDisciplines.removedAt),
      ),
    );
}

/** The project's discipline statuses (all, for the rules) and the ones switched on (for inputs). */
export async function projectStatuses(
  db: Db,
  projectId: number,
): Promise<{ all: DisciplineStatusMap; active: Set<string> }> {
  const states = await listDisciplineStatuses(db, projectId);
  return {
    all: disciplineStatusMap(states),
    active: new Set(states.filter((s) => s.active).map((s) => s.key)),
  };
}
