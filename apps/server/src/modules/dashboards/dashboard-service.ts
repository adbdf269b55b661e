import {
  AppError,
  DASHBOARD_PERIODS,
  earnedValue,
  ISSUE_STATUSES,
  statusTimeline,
  type DashboardPeriod,
  type EarnedValue,
  type IssueFilter,
  type StatusPoint,
} from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { loadProjectAccess } from '../projects/project-access.ts';
import { readDatabase } from '../../db/read-replicas.ts';
import type { Db } from '../../db/database.ts';
import { listTree } from '../projects/project-tree-repository.ts';
import { issueListWhere, parseIssueFilter } from '../issues/list/issue-query-service.ts';
import {
  listDisciplines,
  selectMatrix,
  selectTimeline,
  type ChartScope,
  type MatrixAxis,
} from './dashboard-repository.ts';
import { buildMatrix, PRIORITY_COLUMNS, type Matrix, type RowSource } from './dashboard-matrix.ts';

/** The arguments every dashboard takes: the project, the issue list's filter JSON, and a period for time charts. */
export interface DashboardInput {
  readonly projectId: number;
  readonly filter?: unknown;
  readonly period?: string | null | undefined;
}

/** The caller's day (`YYYY-MM-DD`) for a time-zone offset in minutes (local + offset = UTC). */
function localToday(timezoneOffset: number, now = Date.now()): string {
  return new Date(now - timezoneOffset * 60_000).toISOString().slice(0, 10);
}

/**
 * What a chart counts: the project access (PROJECT_NOT_FOUND for non-participants, FORBIDDEN for those who read
 * no issues), then the issue list's own WHERE clause for the caller and the filter.
 */
async function scopeOf(
  services: AppServices,
  actor: Actor,
  input: DashboardInput,
): Promise<{ scope: ChartScope; filter: IssueFilter; today: string; db: Db }> {
  // A dashboard is a read-only request: a fresh-enough read replica may answer it (db/read-replicas.ts).
  const db = readDatabase(services, actor);
  const filter = parseIssueFilter(input.filter);
  const access = await loadProjectAccess(db, actor, input.projectId);
  const today = localToday(filter.timezoneOffset);
  const where = await issueListWhere(db, access, filter, today);
  return { scope: { userId: actor.account.id, projectId: input.projectId, where }, filter, today, db };
}

function parsePeriod(period: string | null | undefined): DashboardPeriod | null {
  if (period === null || period === undefined || period === '') return null;
  if (!(DASHBOARD_PERIODS as readonly string[]).includes(period))
    throw new AppError('BAD_USER_INPUT', 'unknown period', { field: 'period' });
  return period as DashboardPeriod;
}

/** The status dashboard: issues by status now, and at the end of each period since the first one was raised. */
export interface StatusDashboard {
  readonly total: number;
  readonly now: { status: string; count: number }[];
  readonly period: DashboardPeriod;
  readonly points: StatusPoint[];
}

async function timelineOf(services: AppServices, actor: Actor, input: DashboardInput) {
  const period = parsePeriod(input.period);
  const { scope, filter, today, db } = await scopeOf(services, actor, input);
  const counts = await selectTimeline(db, scope, filter.timezoneOffset);
  return { counts, timeline: statusTimeline(counts.raised, counts.changes, today, period), today };
}

/** dashboardStatus. */
export async function statusDashboard(
  services: AppServices,
  actor: Actor,
  input: DashboardInput,
): Promise<StatusDashboard> {
  const { counts, timeline } = await timelineOf(services, actor, input);
  const now = ISSUE_STATUSES.map((s) => ({
    status: s.key,
    count: counts.now.find((n) => n.status === s.key)?.count ?? 0,
  }));
  return {
    total: counts.now.reduce((sum, n) => sum + n.count, 0),
    now,
    period: timeline.period,
    points: timeline.points,
  };
}

/** dashboardEarnedValue: raised against closed per period, cumulated, with the backlog's trend. */
export async function earnedValueDashboard(
  services: AppServices,
  actor: Actor,
  input: DashboardInput,
): Promise<EarnedValue & { period: DashboardPeriod; backlog: number }> {
  const { counts, timeline, today } = await timelineOf(services, actor, input);
  return {
    ...earnedValue(timeline, today),
    period: timeline.period,
    backlog: counts.now.find((n) => n.status === 'active')?.count ?? 0,
  };
}

/** The three matrices of pending issues. */
export type MatrixDashboardName = 'disciplines-priorities' | 'locals-priorities' | 'locals-disciplines';

const MATRIX_AXES: Record<
  MatrixDashboardName,
  [Exclude<MatrixAxis, 'priorities'>, Exclude<MatrixAxis, 'locals'>]
> = {
  'disciplines-priorities': ['disciplines', 'priorities'],
  'locals-priorities': ['locals', 'priorities'],
  'locals-disciplines': ['locals', 'disciplines'],
};

/** dashboardDisciplinesPriorities, dashboardLocalsPriorities, dashboardLocalsDisciplines. */
export async function matrixDashboard(
  services: AppServices,
  actor: Actor,
  name: MatrixDashboardName,
  input: DashboardInput,
): Promise<Matrix> {
  const { scope, db } = await scopeOf(services, actor, input);
  const [rows, columns] = MATRIX_AXES[name];
  const [counts, disciplines, locals] = await Promise.all([
    selectMatrix(db, scope, rows, columns),
    listDisciplines(db, input.projectId),
    rows === 'locals' ? listTree(db, 'locals', input.projectId) : Promise.resolve([]),
  ]);
  const disciplineSources: RowSource[] = disciplines.map((d, position) => ({
    id: d.id,
    parentId: null,
    name: d.name,
    abbreviation: d.abbreviation,
    position,
    removed: d.removed,
  }));
  const columnCounts = new Map(
    counts.filter((c) => c.kind === 'column').map((c) => [c.column, c.count] as const),
  );
  const columnList =
    columns === 'priorities'
      ? PRIORITY_COLUMNS
      : disciplines
          .filter((d) => !d.removed || (columnCounts.get(String(d.id)) ?? 0) > 0)
          .map((d) => ({ key: String(d.id), name: d.name, abbreviation: d.abbreviation }));
  return rows === 'locals'
    ? buildMatrix(locals, counts, columnList, '')
    : buildMatrix(disciplineSources, counts, columnList, null);
}
