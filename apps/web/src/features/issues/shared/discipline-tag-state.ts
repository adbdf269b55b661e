import {
  isLate,
  VARIES_DISCIPLINE_STATUS,
  type DisciplineStatusMap,
  type IssueDisciplineState,
} from '@obra/domain';

/** The discipline tag states of editor §3.6 (tag types). */
export const DISCIPLINE_TAG_STATES = [
  'varies',
  'participate',
  'follow',
  'active',
  'late',
  'almostDone',
  'done',
] as const;

/** How a discipline of an issue is tagged. */
export type DisciplineTagState = (typeof DISCIPLINE_TAG_STATES)[number];

/** The colour of each tag state. */
export const DISCIPLINE_TAG_COLORS: Record<DisciplineTagState, string> = {
  varies: 'gray',
  participate: 'grape',
  follow: 'gray',
  active: 'blue',
  late: 'red',
  almostDone: 'yellow',
  done: 'green',
};

/**
 * The tag state of a discipline on an issue, from its status definition in the project:
 * - `varies` is the aggregate of mixed statuses;
 * - finished statuses (done, validated, resolved) are `done`; information statuses (follow, aware) `follow`;
 * - `participate` keeps its own tag;
 * - pending work whose alerting deadline has passed is `late`;
 * - pending work the coordinators hold (review, validate) is `almostDone`: the discipline delivered;
 * - other pending work is `active`.
 * A status the project does not know reads as `follow` (nobody is asked to act on it).
 */
export function disciplineTagState(
  discipline: Pick<IssueDisciplineState, 'status' | 'deadline'>,
  statuses: DisciplineStatusMap,
  today: string,
): DisciplineTagState {
  if (discipline.status === VARIES_DISCIPLINE_STATUS) return 'varies';
  const definition = statuses.get(discipline.status);
  if (!definition) return 'follow';
  if (definition.statusGroup === 'done') return 'done';
  if (definition.statusGroup === 'info') return 'follow';
  if (discipline.status === 'participate') return 'participate';
  if (definition.deadlineAlert && isLate(discipline.deadline, today)) return 'late';
  if (definition.responsibility === 'manager') return 'almostDone';
  return 'active';
}

/** The one status shared by all the values, or `varies` when they differ (bulk edit, grouped tags). */
export function aggregateDisciplineStatus(values: readonly string[]): string | null {
  const first = values[0];
  if (first === undefined) return null;
  return values.every((v) => v === first) ? first : VARIES_DISCIPLINE_STATUS;
}
