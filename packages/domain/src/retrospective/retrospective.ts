/** The year of the yearly retrospective the product shows (editor §1, §9). The computation works for any year. */
export const RETROSPECTIVE_YEAR = 2024;

/** Fewer interactions than this in the year and the retrospective shows its no-data message (editor §2.2). */
export const RETROSPECTIVE_MIN_INTERACTIONS = 5;

/** How many projects the retrospective's ranking shows. */
export const RETROSPECTIVE_RANKING_SIZE = 5;

/** The first year a retrospective may be asked for (before it, nothing was ever recorded). */
export const RETROSPECTIVE_FIRST_YEAR = 2000;

/** The year's bounds, in UTC: from 1 January 00:00 included to the next 1 January excluded. */
export function retrospectiveYearBounds(year: number): { start: Date; end: Date } {
  return { start: new Date(Date.UTC(year, 0, 1)), end: new Date(Date.UTC(year + 1, 0, 1)) };
}

/** Whether a year may be asked for at `now`: a whole number from RETROSPECTIVE_FIRST_YEAR to the current year. */
export function isRetrospectiveYear(year: number, now: Date): boolean {
  return Number.isInteger(year) && year >= RETROSPECTIVE_FIRST_YEAR && year <= now.getUTCFullYear();
}

/**
 * The "top N %" of a rank among `total` people (rank 1 is the most active; people with as many interactions
 * share a rank): the smallest whole percentage of the ranking that contains the person, at least 1.
 */
export function topPercent(rank: number, total: number): number {
  if (total <= 0 || rank <= 0) return 100;
  return Math.min(100, Math.max(1, Math.ceil((100 * rank) / total)));
}

/** Whether a year with this many interactions shows the retrospective (else its no-data message). */
export function hasRetrospectiveData(interactions: number): boolean {
  return interactions >= RETROSPECTIVE_MIN_INTERACTIONS;
}
