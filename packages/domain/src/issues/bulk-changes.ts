/**
 * Bulk edit's "add or remove" changes (issue 21): locations, labels and disciplines added to or removed from
 * many issues at once. These functions compute one issue's new lists; the issue then goes through the same
 * rules as any update (the status rules, the required discipline, the references), so a change one issue
 * cannot take is refused for that issue alone.
 */

/** Ids to add to and remove from a list. */
export interface IdListChange {
  readonly add?: readonly number[] | null | undefined;
  readonly remove?: readonly number[] | null | undefined;
}

/** A discipline added by a bulk edit, with the status it starts in (and its own deadline when sent). */
export interface AddedDiscipline {
  readonly disciplineId: number;
  readonly status: string;
  readonly deadline?: string | null | undefined;
}

/** A discipline of an issue as the update rules take it. */
export interface DisciplineEntry {
  readonly disciplineId: number;
  readonly status: string;
  readonly deadline?: string | null | undefined;
}

function hasAny(list: readonly unknown[] | null | undefined): boolean {
  return !!list && list.length > 0;
}

/** True when a change adds or removes anything. */
export function isListChange(change: IdListChange): boolean {
  return hasAny(change.add) || hasAny(change.remove);
}

/**
 * Why a set of bulk changes cannot be taken as a whole, as the field at fault, or null: a list both replaced
 * and changed, or an id both added and removed.
 */
export function bulkListConflict(
  changes: Record<
    string,
    {
      replace: readonly unknown[] | null | undefined;
      add: readonly number[] | null | undefined;
      remove: readonly number[] | null | undefined;
    }
  >,
): string | null {
  for (const [field, change] of Object.entries(changes)) {
    if (change.replace != null && (hasAny(change.add) || hasAny(change.remove))) return field;
    const removed = new Set(change.remove ?? []);
    if ((change.add ?? []).some((id) => removed.has(id))) return field;
  }
  return null;
}

/** An issue's id list after a change, in ascending order; undefined when the change leaves it as it is. */
export function changedIdList(current: readonly number[], change: IdListChange): number[] | undefined {
  const next = new Set(current);
  for (const id of change.remove ?? []) next.delete(id);
  for (const id of change.add ?? []) next.add(id);
  const same = next.size === current.length && current.every((id) => next.has(id));
  return same ? undefined : [...next].sort((a, b) => a - b);
}

/**
 * An issue's disciplines after adding and removing some; undefined when nothing changes. A discipline the
 * issue already has keeps its status (adding does not reset work done); one it does not have is not removed.
 */
export function changedDisciplineList(
  current: readonly DisciplineEntry[],
  add: readonly AddedDiscipline[] | null | undefined,
  remove: readonly number[] | null | undefined,
): DisciplineEntry[] | undefined {
  const removed = new Set(remove ?? []);
  const kept = current.filter((d) => !removed.has(d.disciplineId));
  const have = new Set(kept.map((d) => d.disciplineId));
  const added = (add ?? [])
    .filter((d) => !have.has(d.disciplineId) && !removed.has(d.disciplineId))
    .map((d) => ({ disciplineId: d.disciplineId, status: d.status, deadline: d.deadline ?? null }));
  if (added.length === 0 && kept.length === current.length) return undefined;
  return [...kept, ...added];
}
