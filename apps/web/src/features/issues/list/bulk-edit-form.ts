import type { IssueBulkValuesInput } from '../../../gql/generated.ts';

/** What the deadline field of the bulk edit does. */
export type DeadlineChange = { mode: 'keep' } | { mode: 'set'; date: string } | { mode: 'clear' };

/** One discipline status to set on the issues that have the discipline. */
export interface DisciplineChange {
  readonly disciplineId: number | null;
  readonly status: string | null;
}

/** The bulk edit form: null means "leave as it is". */
export interface BulkEditForm {
  readonly status: string | null;
  readonly priority: string | null;
  readonly visibility: string | null;
  readonly groupId: number | null;
  readonly category: number | null;
  readonly creationPhase: number | null;
  readonly resolutionPhase: number | null;
  readonly deadline: DeadlineChange;
  readonly disciplines: readonly DisciplineChange[];
  /** Ids added to and removed from each issue's lists (issue 21). */
  readonly lists: BulkListChanges;
}

/** The add / remove part of the bulk edit. */
export interface BulkListChanges {
  readonly addLocals: readonly number[];
  readonly removeLocals: readonly number[];
  readonly addLabels: readonly number[];
  readonly removeLabels: readonly number[];
  readonly addDisciplines: readonly number[];
  /** The status added disciplines start in. */
  readonly addDisciplineStatus: string | null;
  readonly removeDisciplines: readonly number[];
}

/** No list changes. */
export const EMPTY_LIST_CHANGES: BulkListChanges = {
  addLocals: [],
  removeLocals: [],
  addLabels: [],
  removeLabels: [],
  addDisciplines: [],
  addDisciplineStatus: null,
  removeDisciplines: [],
};

/** A form that changes nothing. */
export const EMPTY_BULK_FORM: BulkEditForm = {
  status: null,
  priority: null,
  visibility: null,
  groupId: null,
  category: null,
  creationPhase: null,
  resolutionPhase: null,
  deadline: { mode: 'keep' },
  disciplines: [],
  lists: EMPTY_LIST_CHANGES,
};

/**
 * The newValues of updateIssues for a form: only the fields the user set (absent fields are left as they
 * are by the server); a cleared deadline is sent as null; half-filled discipline lines are ignored.
 */
export function bulkValuesFrom(form: BulkEditForm): IssueBulkValuesInput {
  const values: IssueBulkValuesInput = {};
  if (form.status) values.status = form.status;
  if (form.priority) values.priority = form.priority;
  if (form.visibility) values.visibility = form.visibility;
  if (form.groupId !== null) values.groupId = form.groupId;
  if (form.category !== null) values.category = form.category;
  if (form.creationPhase !== null) values.creationPhase = form.creationPhase;
  if (form.resolutionPhase !== null) values.resolutionPhase = form.resolutionPhase;
  if (form.deadline.mode === 'set' && form.deadline.date) values.deadline = form.deadline.date;
  if (form.deadline.mode === 'clear') values.deadline = null;
  const disciplines = form.disciplines.flatMap((d) =>
    d.disciplineId !== null && d.status ? [{ disciplineId: d.disciplineId, status: d.status }] : [],
  );
  if (disciplines.length > 0) values.disciplines = disciplines;
  const { lists } = form;
  if (lists.addLocals.length > 0) values.addLocals = [...lists.addLocals];
  if (lists.removeLocals.length > 0) values.removeLocals = [...lists.removeLocals];
  if (lists.addLabels.length > 0) values.addLabels = [...lists.addLabels];
  if (lists.removeLabels.length > 0) values.removeLabels = [...lists.removeLabels];
  const start = lists.addDisciplineStatus;
  if (lists.addDisciplines.length > 0 && start)
    values.addDisciplines = lists.addDisciplines.map((disciplineId) => ({ disciplineId, status: start }));
  if (lists.removeDisciplines.length > 0) values.removeDisciplines = [...lists.removeDisciplines];
  return values;
}

/** Whether the form changes anything. */
export function hasBulkChanges(form: BulkEditForm): boolean {
  return Object.keys(bulkValuesFrom(form)).length > 0;
}
