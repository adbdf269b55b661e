import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import {
  buildIssueWorld,
  createIssueAs,
  draft,
  GET_ISSUES,
  UPDATE_ISSUE,
  type IssueWorld,
} from '../issues/issue-test-kit.ts';

// A hand-computed project: locations A (A1, A2) and B; three disciplines d0, d1, d2; six issues.
//   I1 high   d0 todo           A1  public              active   raised 10 days ago
//   I2 medium d0 todo, d1 todo  A2  public              active   raised 10 days ago
//   I3 high   d1 todo           B   public              active   raised 10 days ago
//   I4 low    d2 todo           —   project_management  active   raised today (collaborators do not see it)
//   I5 high   d0 done           A1  public              resolved raised today (resolved from the start)
//   I6 medium d1 todo → done    A1  public              resolved raised 10 days ago, resolved 3 days ago

const MATRIX = `total rows { id parentId name depth total filterIds } columns { key name total }
  cells { row column count }`;
const DP = `query($p: Int!, $f: JSON) { matrix: dashboardDisciplinesPriorities(projectId: $p, filter: $f) { ${MATRIX} } }`;
const LP = `query($p: Int!, $f: JSON) { matrix: dashboardLocalsPriorities(projectId: $p, filter: $f) { ${MATRIX} } }`;
const LD = `query($p: Int!, $f: JSON) { matrix: dashboardLocalsDisciplines(projectId: $p, filter: $f) { ${MATRIX} } }`;
const STATUS = `query($p: Int!, $f: JSON, $period: String) { dashboardStatus(projectId: $p, filter: $f, period: $period) {
  total now { status count } period points { start raised active resolved reproved } } }`;
const EV = `query($p: Int!, $f: JSON, $period: String) { dashboardEarnedValue(projectId: $p, filter: $f, period: $period) {
  period backlog trendPeriods raisedPerPeriod closedPerPeriod projectedZeroDate
  points { start raised closed raisedTotal closedTotal backlog backlogTrend } } }`;

interface Matrix {
  total: number;
  rows: {
    id: number | null;
    parentId: number | null;
    name: string;
    depth: number;
    total: number;
    filterIds: number[];
  }[];
  columns: { key: string; name: string | null; total: number }[];
  cells: { row: number | null; column: string; count: number }[];
}

let t: TestServer;
let w: IssueWorld;
let d0 = 0;
let d1 = 0;
let d2 = 0;
const local: Record<'A' | 'A1' | 'A2' | 'B', number> = { A: 0, A1: 0, A2: 0, B: 0 };
const issue: number[] = [];

async function daysAgo(ids: number[], days: number): Promise<void> {
  const { db } = t.server.services.database;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(
    sql`update issues set created_at = now() - make_interval(days => ${days}::int) where id in (${list})`,
  );
  await db.execute(
    sql`update issue_history set created_at = now() - make_interval(days => ${days}::int) where issue_id in (${list})`,
  );
}

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
  [d0 = 0, d1 = 0, d2 = 0] = w.disciplineIds;
  const tree = await call<{ setProjectLocals: { id: number; parentId: number | null; name: string }[] }>(
    t,
    w.creator,
    'mutation($p: Int!, $l: [ProjectTreeItemInput!]!) { setProjectLocals(projectId: $p, locals: $l) { id parentId name } }',
    {
      p: w.projectId,
      l: [
        {
          name: 'A',
          abbreviation: 'A',
          children: [
            { name: 'A1', abbreviation: 'A1' },
            { name: 'A2', abbreviation: 'A2' },
          ],
        },
        { name: 'B', abbreviation: 'B' },
      ],
    },
  );
  for (const l of tree.setProjectLocals) local[l.name as keyof typeof local] = l.id;
  const make = (priority: string, disciplines: [number, string][], locals: number[], visibility = 'public') =>
    createIssueAs(
      t,
      w.creator,
      draft(w, {
        priority,
        visibility,
        locals,
        // Resolving asks for the phase it happens in.
        ...(disciplines.every(([, status]) => status === 'done') ? { resolutionPhase: 9 } : {}),
        disciplines: disciplines.map(([disciplineId, status]) => ({ disciplineId, status })),
      }),
    );
  issue.push(await make('high', [[d0, 'todo']], [local.A1]));
  issue.push(
    await make(
      'medium',
      [
        [d0, 'todo'],
        [d1, 'todo'],
      ],
      [local.A2],
    ),
  );
  issue.push(await make('high', [[d1, 'todo']], [local.B]));
  issue.push(await make('low', [[d2, 'todo']], [], 'project_management'));
  issue.push(await make('high', [[d0, 'done']], [local.A1]));
  issue.push(await make('medium', [[d1, 'todo']], [local.A1]));
  const [i1 = 0, i2 = 0, i3 = 0, , , i6 = 0] = issue;
  await daysAgo([i1, i2, i3, i6], 10);
  await call(t, w.creator, UPDATE_ISSUE, {
    projectId: w.projectId,
    issueId: i6,
    resolutionPhase: 9,
    disciplines: [{ disciplineId: d1, status: 'done' }],
  });
  // The resolution happened three days ago.
  await t.server.services.database.db.execute(
    sql`update issue_history set created_at = now() - make_interval(days => 3) where issue_id = ${i6} and fields ? 'status'`,
  );
});
afterAll(async () => {
  await t.close();
});

async function matrix(query: string, user: TestUser, filter?: unknown): Promise<Matrix> {
  return (await call<{ matrix: Matrix }>(t, user, query, { p: w.projectId, f: filter })).matrix;
}

/** The matrix as { rowName: { column: count } } plus row totals, for comparison with the hand-computed one. */
function table(m: Matrix, columnName: (key: string) => string): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const r of m.rows) {
    const cells: Record<string, number> = { total: r.total };
    for (const c of m.cells.filter((cell) => cell.row === r.id)) cells[columnName(c.column)] = c.count;
    out[r.id === null ? '—' : r.name] = cells;
  }
  return out;
}

const disciplineName = (key: string) => ({ [d0]: 'd0', [d1]: 'd1', [d2]: 'd2' })[Number(key)] ?? key;

describe('disciplines × priorities', () => {
  it('counts the pending issues of each discipline and priority a manager sees', async () => {
    const m = await matrix(DP, w.creator);
    expect(m.total).toBe(4);
    expect(m.columns.map((c) => [c.key, c.total])).toEqual([
      ['high', 2],
      ['medium', 1],
      ['low', 1],
    ]);
    const byId = (id: number) => m.rows.find((r) => r.id === id);
    expect([byId(d0)?.total, byId(d1)?.total, byId(d2)?.total]).toEqual([2, 2, 1]);
    const cells = Object.fromEntries(
      m.cells.map((c) => [`${disciplineName(String(c.row))}.${c.column}`, c.count]),
    );
    expect(cells).toEqual({ 'd0.high': 1, 'd0.medium': 1, 'd1.medium': 1, 'd1.high': 1, 'd2.low': 1 });
  });

  it('counts only what a collaborator may see (the management issue is left out)', async () => {
    const m = await matrix(DP, w.collaboratorSame);
    expect(m.total).toBe(3);
    const cells = Object.fromEntries(
      m.cells.map((c) => [`${disciplineName(String(c.row))}.${c.column}`, c.count]),
    );
    expect(cells).toEqual({ 'd0.high': 1, 'd0.medium': 1, 'd1.medium': 1, 'd1.high': 1 });
    expect(m.columns.find((c) => c.key === 'low')?.total).toBe(0);
  });

  it('applies the issue list filter, and each cell is what the list shows for its drill-down', async () => {
    const filter = { standard: 'custom', conditions: [{ field: 'priority', values: ['high'] }] };
    const m = await matrix(DP, w.creator, filter);
    expect(m.total).toBe(2);
    for (const cell of m.cells) {
      const list = await call<{ getIssues: { issues: { id: number }[] } }>(t, w.creator, GET_ISSUES, {
        projectId: w.projectId,
        filter: {
          standard: 'custom',
          combination: 'and',
          conditions: [
            { field: 'priority', values: ['high'] },
            { field: 'status', values: ['active'] },
            { field: 'priority', values: [cell.column] },
            { field: 'discipline', values: [cell.row] },
          ],
        },
      });
      expect(list.getIssues.issues.length).toBe(cell.count);
    }
  });
});

describe('locations × priorities and × disciplines', () => {
  it('rolls pending issues up the locations tree, with a row for issues without a location', async () => {
    const m = await matrix(LP, w.creator);
    expect(m.rows.map((r) => [r.name, r.depth])).toEqual([
      ['A', 0],
      ['A1', 1],
      ['A2', 1],
      ['B', 0],
      ['', 0],
    ]);
    expect(m.rows[0]?.filterIds.sort()).toEqual([local.A, local.A1, local.A2].sort());
    expect(table(m, (k) => k)).toEqual({
      A: { total: 2, high: 1, medium: 1 },
      A1: { total: 1, high: 1 },
      A2: { total: 1, medium: 1 },
      B: { total: 1, high: 1 },
      '—': { total: 1, low: 1 },
    });
    expect(m.total).toBe(4);
  });

  it('crosses locations with disciplines, counting an issue once per row', async () => {
    const m = await matrix(LD, w.creator);
    expect(m.columns.map((c) => [disciplineName(c.key), c.total])).toEqual(
      expect.arrayContaining([
        ['d0', 2],
        ['d1', 2],
        ['d2', 1],
      ]),
    );
    expect(table(m, disciplineName)).toEqual({
      A: { total: 2, d0: 2, d1: 1 },
      A1: { total: 1, d0: 1 },
      A2: { total: 1, d0: 1, d1: 1 },
      B: { total: 1, d1: 1 },
      '—': { total: 1, d2: 1 },
    });
  });

  it('shows a collaborator no row for the hidden issue', async () => {
    const m = await matrix(LD, w.collaboratorOther);
    expect(m.rows.some((r) => r.id === null)).toBe(false);
    expect(m.total).toBe(3);
  });

  it('rolls up drill-down ids the list agrees with', async () => {
    const m = await matrix(LP, w.creator);
    const a = m.rows.find((r) => r.id === local.A);
    const list = await call<{ getIssues: { issues: { id: number }[] } }>(t, w.creator, GET_ISSUES, {
      projectId: w.projectId,
      filter: {
        standard: 'custom',
        combination: 'and',
        conditions: [
          { field: 'status', values: ['active'] },
          { field: 'local', values: a?.filterIds },
        ],
      },
    });
    expect(list.getIssues.issues.length).toBe(a?.total);
  });
});

describe('status over time', () => {
  it('counts issues by status now and at the end of each day since the first was raised', async () => {
    const { dashboardStatus: s } = await call<{
      dashboardStatus: {
        total: number;
        now: { status: string; count: number }[];
        period: string;
        points: { start: string; raised: number; active: number; resolved: number; reproved: number }[];
      };
    }>(t, w.creator, STATUS, { p: w.projectId, period: 'day' });
    expect(s.total).toBe(6);
    expect(s.now).toEqual([
      { status: 'active', count: 4 },
      { status: 'resolved', count: 2 },
      { status: 'reproved', count: 0 },
    ]);
    expect(s.period).toBe('day');
    expect(s.points).toHaveLength(11);
    const at = (i: number) => {
      const p = s.points[i];
      return p ? [p.raised, p.active, p.resolved] : null;
    };
    expect(at(0)).toEqual([4, 4, 0]); // ten days ago
    expect(at(6)).toEqual([0, 4, 0]); // four days ago
    expect(at(7)).toEqual([0, 3, 1]); // three days ago: I6 resolved
    expect(at(10)).toEqual([2, 4, 2]); // today: I4 and I5 raised
  });

  it('gives a collaborator only the issues they see, and chooses days for a short span', async () => {
    const { dashboardStatus: s } = await call<{
      dashboardStatus: { total: number; period: string; points: { active: number; resolved: number }[] };
    }>(t, w.collaboratorSame, STATUS, { p: w.projectId });
    expect(s.total).toBe(5);
    expect(s.period).toBe('day');
    expect(s.points.at(-1)).toMatchObject({ raised: 1, active: 3, resolved: 2 });
  });

  it('refuses an unknown period, a bad filter and non-participants with their codes', async () => {
    expect(await codeOf(t, w.creator, STATUS, { p: w.projectId, period: 'year' })).toBe('BAD_USER_INPUT');
    expect(await codeOf(t, w.creator, STATUS, { p: w.projectId, f: { standard: 'nope' } })).toBe(
      'BAD_USER_INPUT',
    );
    expect(await codeOf(t, w.outsider, DP, { p: w.projectId })).toBe('PROJECT_NOT_FOUND');
    expect(await codeOf(t, undefined, EV, { p: w.projectId })).toBe('UNAUTHENTICATED');
  });
});

describe('earned value', () => {
  it('puts raised against closed per day, cumulated, with the trend and the projected end of the backlog', async () => {
    const { dashboardEarnedValue: ev } = await call<{
      dashboardEarnedValue: {
        period: string;
        backlog: number;
        trendPeriods: number;
        projectedZeroDate: string | null;
        points: {
          raised: number;
          closed: number;
          raisedTotal: number;
          closedTotal: number;
          backlog: number;
        }[];
      };
    }>(t, w.creator, EV, { p: w.projectId, period: 'day' });
    expect(ev.backlog).toBe(4);
    const row = (i: number) => {
      const p = ev.points[i];
      return p ? [p.raised, p.closed, p.raisedTotal, p.closedTotal, p.backlog] : null;
    };
    expect(row(0)).toEqual([4, 0, 4, 0, 4]);
    expect(row(7)).toEqual([0, 1, 4, 1, 3]);
    expect(row(10)).toEqual([2, 1, 6, 2, 4]);
    // Backlog over the last 8 days: 4 4 4 4 3 3 3 4 → slope −3/28, zero 30⅓ days after today.
    expect(ev.trendPeriods).toBe(8);
    const today = new Date().toISOString().slice(0, 10);
    expect(ev.projectedZeroDate).toBe(addDays(today, 31));
  });
});
