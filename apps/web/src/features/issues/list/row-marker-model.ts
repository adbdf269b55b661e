import { IconAlarm, IconAt, IconBell, IconFlag, type Icon } from '@tabler/icons-react';
import type { IssueRow } from './issue-row.ts';

/**
 * One marker after an issue's title, the same in the list's rows and the table's cells: its text (a key of the
 * row texts, `issues:row.*`), colour, test id and icon, and for a counter its count.
 */
export interface RowMarker {
  readonly label: 'late' | 'pending' | 'mentions' | 'notifications';
  readonly color: string;
  readonly testId: string;
  readonly Icon: Icon;
}

/** The late alarm, or else the pending flag, or none. */
export function rowFlag({ late, pending }: { late: boolean; pending: boolean }): RowMarker | null {
  if (late) return { label: 'late', color: 'red', testId: 'issue-late', Icon: IconAlarm };
  if (pending) return { label: 'pending', color: 'orange', testId: 'issue-pending', Icon: IconFlag };
  return null;
}

/** The unread mention and notification counters, in that order (each hidden at zero by its badge). */
export function rowCounters(row: IssueRow): readonly (RowMarker & { readonly count: number })[] {
  const { count, mentions } = row.notificationsSummary;
  return [
    { label: 'mentions', color: 'grape', testId: 'issue-mentions', Icon: IconAt, count: mentions },
    { label: 'notifications', color: 'orange', testId: 'issue-notifications', Icon: IconBell, count },
  ];
}
