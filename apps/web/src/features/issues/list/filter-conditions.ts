import type { IssueFilterCondition } from '@obra/domain';

/** Condition fields whose values are strings. */
export type TextField = 'status' | 'priority' | 'visibility' | 'disciplineStatus';
/** Condition fields whose values are ids. */
export type IdField =
  | 'category'
  | 'creationPhase'
  | 'resolutionPhase'
  | 'discipline'
  | 'local'
  | 'label'
  | 'tag'
  | 'createdBy'
  | 'group';
/** Condition fields that are date ranges. */
export type DateField = 'createdAt' | 'visibilityUpdatedAt' | 'deadline';

type ConditionOf<F extends IssueFilterCondition['field']> = Extract<IssueFilterCondition, { field: F }> & {
  field: F;
};

function find<F extends IssueFilterCondition['field']>(
  conditions: readonly IssueFilterCondition[],
  field: F,
): ConditionOf<F> | undefined {
  return conditions.find((c): c is ConditionOf<F> => c.field === field);
}

/** The values chosen for a string field. */
export function textValues(conditions: readonly IssueFilterCondition[], field: TextField): string[] {
  return find(conditions, field)?.values ?? [];
}

/** The ids chosen for an id field. */
export function idValues(conditions: readonly IssueFilterCondition[], field: IdField): number[] {
  return find(conditions, field)?.values ?? [];
}

/** The range chosen for a date field. */
export function dateRange(
  conditions: readonly IssueFilterCondition[],
  field: DateField,
): { from?: string; to?: string } {
  const c = find(conditions, field);
  return c ? { from: c.from, to: c.to } : {};
}

/** The conditions with one field replaced; a field with nothing chosen is dropped. */
export function withCondition(
  conditions: readonly IssueFilterCondition[],
  field: IssueFilterCondition['field'],
  next: IssueFilterCondition | null,
): IssueFilterCondition[] {
  const others = conditions.filter((c) => c.field !== field);
  return next ? [...others, next] : others;
}

/** Sets the values of a string field. */
export function setTextValues(
  conditions: readonly IssueFilterCondition[],
  field: TextField,
  values: string[],
): IssueFilterCondition[] {
  return withCondition(conditions, field, values.length > 0 ? { field, values } : null);
}

/** Sets the ids of an id field. */
export function setIdValues(
  conditions: readonly IssueFilterCondition[],
  field: IdField,
  values: number[],
): IssueFilterCondition[] {
  return withCondition(conditions, field, values.length > 0 ? { field, values } : null);
}

/** Sets a date range (inclusive; empty ends are open). */
export function setDateRange(
  conditions: readonly IssueFilterCondition[],
  field: DateField,
  range: { from?: string; to?: string },
): IssueFilterCondition[] {
  const from = range.from || undefined;
  const to = range.to || undefined;
  return withCondition(
    conditions,
    field,
    from || to ? { field, ...(from ? { from } : {}), ...(to ? { to } : {}) } : null,
  );
}
