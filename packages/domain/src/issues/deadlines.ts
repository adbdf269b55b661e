import type { DisciplineStatusMap, IssueDisciplineState } from './issue-types.ts';

/** Days ahead from which a deadline is no longer close (spec core §9). */
export const DEADLINE_THRESHOLD_DAYS = 30;

/** How a deadline is shown: far away, close, or due/past (spec core §4). */
export type DeadlineColor = 'muted' | 'warning' | 'danger';

const DAY_MS = 86_400_000;

/** Whole calendar days from `today` to `deadline` (both `YYYY-MM-DD`); negative when past. */
export function daysUntil(deadline: string, today: string): number {
  return Math.round(
    (Date.parse(`${deadline.slice(0, 10)}T00:00:00Z`) - Date.parse(`${today.slice(0, 10)}T00:00:00Z`)) /
      DAY_MS,
  );
}

/** More than 30 days away is muted, 1 to 30 days is warning, due today or past is danger. */
export function deadlineColor(deadline: string, today: string): DeadlineColor {
  const days = daysUntil(deadline, today);
  if (days > DEADLINE_THRESHOLD_DAYS) return 'muted';
  if (days >= 1) return 'warning';
  return 'danger';
}

/** The local calendar date of a moment, `YYYY-MM-DD`. */
export function localDate(moment: Date): string {
  const y = moment.getFullYear();
  const m = String(moment.getMonth() + 1).padStart(2, '0');
  const d = String(moment.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A discipline deadline with its colour. */
export interface DisciplineDeadline {
  readonly disciplineId: number;
  readonly deadline: string;
  readonly color: DeadlineColor;
}

/** The deadlines a card shows (computedDeadlines of spec core §3). */
export interface ComputedDeadlines {
  /** The soonest deadline that still alerts: the issue's while active, or a discipline's in an alerting status. */
  readonly cardDeadline: { deadline: string; color: DeadlineColor } | null;
  readonly disciplinesDeadlines: readonly DisciplineDeadline[];
}

/** Computes the card deadline and the per-discipline deadlines of an issue. */
export function computeDeadlines(
  issue: { status: string; deadline: string | null; disciplines: readonly IssueDisciplineState[] },
  statuses: DisciplineStatusMap,
  today: string,
): ComputedDeadlines {
  const disciplinesDeadlines = issue.disciplines
    .filter(
      (d): d is IssueDisciplineState & { deadline: string } =>
        d.deadline !== null && (statuses.get(d.status)?.deadlineAlert ?? false),
    )
    .map((d) => ({
      disciplineId: d.disciplineId,
      deadline: d.deadline,
      color: deadlineColor(d.deadline, today),
    }));
  const candidates = disciplinesDeadlines.map((d) => d.deadline);
  if (issue.deadline && issue.status === 'active') candidates.push(issue.deadline);
  const soonest = candidates.sort()[0];
  return {
    cardDeadline: soonest ? { deadline: soonest, color: deadlineColor(soonest, today) } : null,
    disciplinesDeadlines,
  };
}

/** True when a pending item is late: its alerting deadline has passed (due today is not late yet). */
export function isLate(deadline: string | null, today: string): boolean {
  return deadline !== null && daysUntil(deadline, today) < 0;
}
