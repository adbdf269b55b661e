import { ISSUE_STATUSES, type IssueStatus } from '../enums/project-enums.ts';

// The time charts of the dashboards (status over time, earned value), computed from day-level aggregates that
// the server groups in SQL: issues raised per day with the status they were raised in, and status changes per
// day. Everything here is arithmetic on a few hundred numbers, shared by the server and its tests.

/** How a time chart groups days. */
export const DASHBOARD_PERIODS = ['day', 'week', 'month'] as const;

/** A period of a time chart. */
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** Issues raised on a day (`YYYY-MM-DD` in the caller's time zone) in a status. */
export interface RaisedOnDay {
  readonly day: string;
  readonly status: string;
  readonly count: number;
}

/** Status changes on a day, from one status to another. */
export interface ChangedOnDay {
  readonly day: string;
  readonly from: string;
  readonly to: string;
  readonly count: number;
}

/** Issue counts by status. */
export type StatusCounts = Record<IssueStatus, number>;

/** One period of the status chart: the issues raised in it and the issues in each status at its end. */
export interface StatusPoint {
  /** The period's first day. */
  readonly start: string;
  readonly raised: number;
  readonly counts: StatusCounts;
}

/** A period of the earned-value chart. */
export interface EarnedValuePoint {
  readonly start: string;
  /** Issues raised in the period. */
  readonly raised: number;
  /** Issues that left `active` in the period, net of those reopened (resolved or reproved). */
  readonly closed: number;
  /** Issues raised up to the period's end. */
  readonly raisedTotal: number;
  /** Issues closed (resolved or reproved) at the period's end. */
  readonly closedTotal: number;
  /** Open (active) issues at the period's end. */
  readonly backlog: number;
  /** The fitted backlog on the periods of the trend window, null elsewhere. */
  readonly backlogTrend: number | null;
}

/** The earned-value chart: its periods, the pace over the trend window and when the backlog would be empty. */
export interface EarnedValue {
  readonly points: EarnedValuePoint[];
  /** How many of the last periods the trend is fitted on. */
  readonly trendPeriods: number;
  /** Issues raised and closed per period over the trend window (least squares slopes). */
  readonly raisedPerPeriod: number | null;
  readonly closedPerPeriod: number | null;
  /**
   * The day the fitted backlog reaches zero (`YYYY-MM-DD`): today when nothing is open, null when the backlog is
   * not shrinking at the current pace (or there is too little history to tell).
   */
  readonly projectedZeroDate: string | null;
}

/** The trend is fitted on at most this many of the last periods. */
export const TREND_PERIODS = 8;

const DAY_MS = 86_400_000;

function toDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function toDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Adds days to a `YYYY-MM-DD` day. */
export function addDays(day: string, days: number): string {
  return toDay(new Date(toDate(day).getTime() + days * DAY_MS));
}

/** The first day of the period holding `day` (weeks start on Monday, ISO 8601). */
export function periodStart(day: string, period: DashboardPeriod): string {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = (toDate(day).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The first day of the period after the one starting on `start`. */
export function nextPeriod(start: string, period: DashboardPeriod): string {
  if (period === 'day') return addDays(start, 1);
  if (period === 'week') return addDays(start, 7);
  const d = toDate(start);
  return toDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
}

/** The starts of the periods from the one holding `first` to the one holding `last`. */
export function periodStarts(first: string, last: string, period: DashboardPeriod): string[] {
  const starts: string[] = [];
  const end = periodStart(last, period);
  for (let s = periodStart(first, period); s <= end; s = nextPeriod(s, period)) starts.push(s);
  return starts;
}

/** A period that keeps a chart readable: days up to a month, weeks up to half a year, months beyond. */
export function choosePeriod(first: string, last: string): DashboardPeriod {
  const days = (toDate(last).getTime() - toDate(first).getTime()) / DAY_MS;
  if (days <= 31) return 'day';
  if (days <= 182) return 'week';
  return 'month';
}

function emptyCounts(): StatusCounts {
  return Object.fromEntries(ISSUE_STATUSES.map((s) => [s.key, 0])) as StatusCounts;
}

function isStatus(value: string): value is IssueStatus {
  return ISSUE_STATUSES.some((s) => s.key === value);
}

/**
 * The status chart: for each period from the first raised issue to `today`, the issues raised in it and how many
 * issues were in each status at its end (raised in their first status, then moved by each change). With a
 * complete history the last period's counts are the issues' current statuses.
 */
export function statusTimeline(
  raised: readonly RaisedOnDay[],
  changes: readonly ChangedOnDay[],
  today: string,
  period: DashboardPeriod | null = null,
): { period: DashboardPeriod; points: StatusPoint[] } {
  const days = [...raised.map((r) => r.day), ...changes.map((c) => c.day)].filter((d) => d <= today);
  if (days.length === 0) return { period: period ?? 'day', points: [] };
  const first = days.reduce((a, b) => (a < b ? a : b));
  const chosen = period ?? choosePeriod(first, today);
  const starts = periodStarts(first, today, chosen);
  const index = new Map(starts.map((s, i) => [s, i]));
  const raisedIn = starts.map(() => 0);
  const delta = starts.map(() => emptyCounts());
  for (const r of raised) {
    const i = index.get(periodStart(r.day, chosen));
    if (i === undefined) continue;
    raisedIn[i] = (raisedIn[i] ?? 0) + r.count;
    const d = delta[i];
    if (d && isStatus(r.status)) d[r.status] += r.count;
  }
  for (const c of changes) {
    const d = delta[index.get(periodStart(c.day, chosen)) ?? -1];
    if (!d) continue;
    if (isStatus(c.from)) d[c.from] -= c.count;
    if (isStatus(c.to)) d[c.to] += c.count;
  }
  const running = emptyCounts();
  const points = starts.map((start, i) => {
    for (const s of ISSUE_STATUSES) running[s.key] += delta[i]?.[s.key] ?? 0;
    return { start, raised: raisedIn[i] ?? 0, counts: { ...running } };
  });
  return { period: chosen, points };
}

/** The least squares line through (x, y) points: null for fewer than two. */
export function leastSquares(
  points: readonly { x: number; y: number }[],
): { slope: number; intercept: number } | null {
  const n = points.length;
  if (n < 2) return null;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  if (sxx === 0) return null;
  const slope = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx;
  return { slope, intercept: my - slope * mx };
}

/** The average length of a period in days, to turn a fitted period count into a date. */
function daysPerPeriod(period: DashboardPeriod): number {
  return period === 'day' ? 1 : period === 'week' ? 7 : 30.436875;
}

/**
 * Earned value from the status chart: raised and closed per period and in total, the open backlog, and its trend
 * over the last TREND_PERIODS periods (least squares). The backlog reaches zero where the fitted line crosses it,
 * measured from the end of the last period; a line that does not fall never gets there.
 */
export function earnedValue(
  timeline: { period: DashboardPeriod; points: readonly StatusPoint[] },
  today: string,
): EarnedValue {
  let raisedTotal = 0;
  let closedBefore = 0;
  const base = timeline.points.map((p) => {
    raisedTotal += p.raised;
    const backlog = p.counts.active;
    const closedTotal = raisedTotal - backlog;
    const closed = closedTotal - closedBefore;
    closedBefore = closedTotal;
    return { start: p.start, raised: p.raised, closed, raisedTotal, closedTotal, backlog };
  });
  const window = base.slice(-TREND_PERIODS);
  const offset = base.length - window.length;
  const fit = leastSquares(window.map((p, i) => ({ x: offset + i, y: p.backlog })));
  const raisedFit = leastSquares(window.map((p, i) => ({ x: offset + i, y: p.raisedTotal })));
  const closedFit = leastSquares(window.map((p, i) => ({ x: offset + i, y: p.closedTotal })));
  const points = base.map((p, i) => ({
    ...p,
    backlogTrend: fit && i >= offset ? Math.max(0, fit.slope * i + fit.intercept) : null,
  }));
  const last = base.at(-1);
  let projectedZeroDate: string | null = null;
  if (last && last.backlog === 0) projectedZeroDate = today;
  else if (last && fit && fit.slope < 0) {
    // x is the index of a period, measured at its end: the last period ends today.
    const zeroAt = -fit.intercept / fit.slope;
    const periodsAhead = Math.max(0, zeroAt - (base.length - 1));
    projectedZeroDate = addDays(today, Math.ceil(periodsAhead * daysPerPeriod(timeline.period)));
  }
  return {
    points,
    trendPeriods: fit ? window.length : 0,
    raisedPerPeriod: raisedFit?.slope ?? null,
    closedPerPeriod: closedFit?.slope ?? null,
    projectedZeroDate,
  };
}
