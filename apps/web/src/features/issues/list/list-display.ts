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
  /** The project's locations by id: the abbreviation path a row shows and the full name it names. */
  readonly localLabels: ReadonlyMap<number, { abbreviation: string; name: string }>;
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

/** A row's location chip: the first location's abbreviation path, "+N" for the others, every name in words. */
export function rowLocation(
  localIds: readonly number[],
  localLabels: ListDisplay['localLabels'],
): { short: string; full: string } | null {
  const known = localIds.flatMap((id) => {
    const label = localLabels.get(id);
    return label ? [label] : [];
  });
  const [first] = known;
  if (!first) return null;
  const more = known.length - 1;
  return {
    short: more > 0 ? `${first.abbreviation} +${more}` : first.abbreviation,
    full: known.map((l) => (l.abbreviation ? `${l.abbreviation} · ${l.name}` : l.name)).join(', '),
  };
}
