import {
  computeDeadlines,
  matchesStandardFilter,
  type DisciplineStatusMap,
  type IssueViewer,
} from '@obra/domain';
import type { DisciplineLabel } from '../shared/discipline-tags.tsx';
import { toIssueFacts, type IssueRow } from './issue-row.ts';
import type { RowLabels } from './row-labels.ts';

/** What rows need besides the issue: the project's names, the viewer and today's date. */
export interface ListDisplay {
  readonly projectId: number;
  readonly statuses: DisciplineStatusMap;
  readonly today: string;
  readonly viewer: IssueViewer;
  readonly disciplineLabels: ReadonlyMap<number, DisciplineLabel>;
  readonly userNames: ReadonlyMap<number, string>;
  readonly categoryKeys: ReadonlyMap<number, string>;
  /** The row texts, translated once for the list. */
  readonly labels: RowLabels;
}

/** The flags a row shows for the viewer: pending (and late) for them, and the deadline to show. */
export interface RowFlags {
  readonly pending: boolean;
  readonly late: boolean;
  readonly deadline: string | null;
}

/**
 * A row's flags through the same domain rules as the filters: pending is the pendencies filter, late the
 * latePendencies one; the deadline shown is the card deadline (the soonest one that still alerts).
 */
export function rowFlags(
  row: IssueRow,
  display: Pick<ListDisplay, 'statuses' | 'today' | 'viewer'>,
): RowFlags {
  const facts = toIssueFacts(row);
  const ctx = { viewer: display.viewer, statuses: display.statuses, today: display.today };
  const card = computeDeadlines(facts, display.statuses, display.today).cardDeadline;
  return {
    pending: matchesStandardFilter(facts, 'pendencies', ctx),
    late: matchesStandardFilter(facts, 'latePendencies', ctx),
    deadline: card?.deadline ?? null,
  };
}

/** A person's display name. */
export function personName(user: { name: string | null; lastName: string | null; email: string }): string {
  const full = [user.name, user.lastName].filter(Boolean).join(' ').trim();
  return full || user.email;
}
