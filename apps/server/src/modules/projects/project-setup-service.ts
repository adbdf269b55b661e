import {
  AppError,
  DISCIPLINE_STATUSES,
  ISSUE_CATEGORIES,
  PROJECT_PHASES,
  STANDARD_DISCIPLINES,
  textLengthProblems,
  throwFirstProblem,
  treeInputSchema,
  validateNamingRule,
  type TreeNodeInput,
} from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { loadForWrite } from './project-access.ts';
import {
  listCategories,
  listDisciplineStatuses,
  listDisciplines,
  listPhases,
  replaceDisciplines,
  saveCategories,
  saveDisciplineStatuses,
  saveNamingRule,
  savePhases,
  type CategoryState,
  type DisciplineRow,
  type DisciplineStatusState,
  type PhaseState,
} from './project-settings-repository.ts';
import { listTree, replaceTree, type TreeItem, type TreeKind } from './project-tree-repository.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';

/** setProjectLocals / setProjectLabels: replaces the tree (spec core §7). */
export async function setTree(
  services: AppServices,
  actor: Actor,
  projectId: number,
  kind: TreeKind,
  input: TreeNodeInput[],
): Promise<TreeItem[]> {
  const parsed = treeInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError('REQUIRED_FIELD', { reason: 'tree' });
  const { db } = services.database;
  await loadForWrite(db, actor, projectId, 'project.setup');
  await unitOfWork(services, async (tx) => replaceTree(tx, kind, projectId, parsed.data));
  return listTree(db, kind, projectId);
}

/** Checks that a list switches on only known items and keeps the ones that cannot be switched off. */
function checkSwitchList<T extends number | string>(
  wanted: readonly T[],
  known: readonly T[],
  locked: readonly T[],
): Set<T> {
  const set = new Set(wanted);
  if (wanted.some((w) => !known.includes(w))) throw new AppError('INVALID_ACTION', { reason: 'unknownItem' });
  if (locked.some((l) => !set.has(l))) throw new AppError('INVALID_ACTION', { reason: 'cannotDisable' });
  return set;
}

/** setProjectCategories: the active classifications; 'undefined' (0) cannot be switched off. */
export async function setCategories(
  services: AppServices,
  actor: Actor,
  projectId: number,
  ids: number[],
): Promise<CategoryState[]> {
  const { db } = services.database;
  await loadForWrite(db, actor, projectId, 'project.setup');
  const active = checkSwitchList(
    ids,
    ISSUE_CATEGORIES.map((c) => c.id),
    [0],
  );
  await saveCategories(db, projectId, active);
  return listCategories(db, projectId);
}

/** setProjectPhases: the active phases; NOT_DEFINED (0) cannot be switched off. */
export async function setPhases(
  services: AppServices,
  actor: Actor,
  projectId: number,
  ids: number[],
): Promise<PhaseState[]> {
  const { db } = services.database;
  await loadForWrite(db, actor, projectId, 'project.setup');
  const active = checkSwitchList(
    ids,
    PROJECT_PHASES.map((p) => p.id),
    [0],
  );
  await savePhases(db, projectId, active);
  return listPhases(db, projectId);
}

/** setProjectDisciplinesStatus: the active discipline statuses; those without allowDisable stay on. */
export async function setDisciplinesStatus(
  services: AppServices,
  actor: Actor,
  projectId: number,
  names: string[],
): Promise<DisciplineStatusState[]> {
  const { db } = services.database;
  await loadForWrite(db, actor, projectId, 'project.setup');
  const locked = DISCIPLINE_STATUSES.filter((s) => !s.allowDisable).map((s) => s.key);
  const active = checkSwitchList(
    names,
    DISCIPLINE_STATUSES.map((s) => s.key),
    locked,
  );
  await saveDisciplineStatuses(db, projectId, active);
  return listDisciplineStatuses(db, projectId);
}

/** setProjectDocumentsNamingRule: revision last, no repeated field (editor §5.4). */
export async function setNamingRule(
  services: AppServices,
  actor: Actor,
  projectId: number,
  rule: string[],
  separator: string,
): Promise<void> {
  const { db } = services.database;
  await loadForWrite(db, actor, projectId, 'project.setup');
  validateNamingRule(rule, separator);
  await saveNamingRule(db, projectId, rule, separator);
}

/** One discipline as the setup screen sends it. */
export interface DisciplineInput {
  id?: number | null | undefined;
  standardDisciplineId?: number | null | undefined;
  name: string;
  abbreviation: string;
}

function checkDisciplineInputs(inputs: readonly DisciplineInput[]): void {
  if (inputs.some((d) => !d.name.trim() || !d.abbreviation.trim()))
    throw new AppError('REQUIRED_FIELD', { fields: ['name', 'abbreviation'] });
  throwFirstProblem(
    textLengthProblems(
      inputs.flatMap((d, i) => [
        [`disciplines.${i}.name`, d.name, 'name'] as const,
        [`disciplines.${i}.abbreviation`, d.abbreviation, 'abbreviation'] as const,
      ]),
    ),
  );
  const abbreviations = inputs.map((d) => d.abbreviation.trim().toLowerCase());
  const standards = inputs.map((d) => d.standardDisciplineId).filter((s): s is number => s != null);
  if (new Set(abbreviations).size !== abbreviations.length || new Set(standards).size !== standards.length) {
    throw new AppError('DUPLICATED_DISCIPLINES');
  }
  const catalogue = new Set<number>(STANDARD_DISCIPLINES.map((d) => d.id));
  if (standards.some((s) => !catalogue.has(s)))
    throw new AppError('INVALID_ACTION', { reason: 'unknownStandardDiscipline' });
}

/**
 * setProjectDisciplines: the project's whole list. Items with an id are updated, new ones added, the ones
 * left out removed (kept in the database for the history of issues, hidden everywhere else).
 */
export async function setDisciplines(
  services: AppServices,
  actor: Actor,
  projectId: number,
  inputs: DisciplineInput[],
): Promise<DisciplineRow[]> {
  const { db } = services.database;
  await loadForWrite(db, actor, projectId, 'project.setup');
  checkDisciplineInputs(inputs);
  await unitOfWork(services, async (tx) => {
    const current = new Set((await listDisciplines(tx, projectId)).map((d) => d.id));
    const sent = inputs.map((d) => d.id).filter((id): id is number => id != null);
    if (sent.some((id) => !current.has(id)))
      throw new AppError('INVALID_ACTION', { reason: 'unknownDiscipline' });
    await replaceDisciplines(
      tx,
      projectId,
      inputs.map((d) => ({
        id: d.id,
        name: d.name.trim(),
        abbreviation: d.abbreviation.trim(),
        standardDisciplineId: d.standardDisciplineId ?? null,
      })),
    );
  });
  return listDisciplines(db, projectId);
}

/** Disciplines of a project by id, for presenting invites. */
export { disciplinesByIds } from './project-settings-repository.ts';
