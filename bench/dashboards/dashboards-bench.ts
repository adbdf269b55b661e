// The dashboards at scale (issue #18 "Performance"): fills a project with N issues (default 100,000) as the issue
// list bench does, gives each resolved issue its resolution in the history (a status change some days after it
// was raised, so the time charts have changes to replay), then measures each dashboard's server time (its
// Server-Timing) for a manager and for a collaborator, interleaved with the bare SQL that groups the same counts,
// and reports the ratio. Budget: under 300 ms of server time per dashboard on PostgreSQL.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/dashboards/dashboards-bench.ts [issues=100000] [repeats=15]
import os from 'node:os';
import type { TestUser } from '../../apps/server/test/support/factories.ts';
import { cell, interleave, summarize } from '../issues/bench-stats.ts';
import { bareExecutor } from '../issues/issues-bare-sql.ts';
import { setUpBenchProject } from '../issues/issues-bench-world.ts';
import { httpTimer } from '../issues/http-timer.ts';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const COUNT = Number(positional[0] ?? 100_000);
const REPEATS = Number(positional[1] ?? 15);
const BUDGET_MS = 300;

const MATRIX = 'total rows { id total } columns { key total } cells { row column count }';
const QUERIES: Record<string, string> = {
  status:
    'query($projectId: Int!) { d: dashboardStatus(projectId: $projectId) { total now { status count } period points { start raised active resolved reproved } } }',
  'disciplines-priorities': `query($projectId: Int!) { d: dashboardDisciplinesPriorities(projectId: $projectId) { ${MATRIX} } }`,
  'locals-priorities': `query($projectId: Int!) { d: dashboardLocalsPriorities(projectId: $projectId) { ${MATRIX} } }`,
  'locals-disciplines': `query($projectId: Int!) { d: dashboardLocalsDisciplines(projectId: $projectId) { ${MATRIX} } }`,
  'earned-value':
    'query($projectId: Int!) { d: dashboardEarnedValue(projectId: $projectId) { period backlog projectedZeroDate points { start raised closed raisedTotal closedTotal backlog backlogTrend } } }',
};

// The bare statements: the visibility of the list written inline ($1 project, $2 user, $3 groups, $4 manager),
// grouping the same counts with nothing around them.
const VISIBLE = `i.project_id = $1 and (i.created_by_user_id = $2 or i.visibility = 'public'
  or (i.visibility = 'group' and i.group_id = any($3::int[])) or (i.visibility = 'project_management' and $4)
  or (i.visibility = 'semi_public' and ($4 or i.group_id = any($3::int[]))))`;
const TREE = `tree(ancestor, local_id) as (select id, id from project_locals where project_id = $1
  union all select t.ancestor, l.id from tree t join project_locals l on l.parent_id = t.local_id)`;
const TIMELINE = `with ch as (select h.issue_id, h.id, h.created_at, h.fields->'status'->>'old' as old, h.fields->'status'->>'new' as new
    from issue_history h join issues i on i.id = h.issue_id where ${VISIBLE} and h.entity_type = 'issue' and h.fields ? 'status'),
  f as (select distinct on (issue_id) issue_id, old from ch order by issue_id, id)
  select 'r', to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD'), coalesce(f.old, i.status), null, count(*) from issues i
    left join f on f.issue_id = i.id where ${VISIBLE} group by 2, 3
  union all select 'c', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), old, new, count(*) from ch group by 2, 3, 4`;
const BARE: Record<string, string> = {
  status: TIMELINE,
  'earned-value': TIMELINE,
  'disciplines-priorities': `select d.discipline_id, i.priority, count(*) from issues i join issue_disciplines d on d.issue_id = i.id
    where ${VISIBLE} and i.status = 'active' group by grouping sets ((1, 2), (1))`,
  'locals-priorities': `with recursive ${TREE}
    select t.ancestor, i.priority, count(distinct i.id) from issues i join issue_locals il on il.issue_id = i.id
      join tree t on t.local_id = il.local_id where ${VISIBLE} and i.status = 'active' group by 1, 2`,
  'locals-disciplines': `with recursive ${TREE}
    select t.ancestor, d.discipline_id, count(distinct i.id) from issues i join issue_locals il on il.issue_id = i.id
      join tree t on t.local_id = il.local_id join issue_disciplines d on d.issue_id = i.id
      where ${VISIBLE} and i.status = 'active' group by 1, 2`,
};

async function main(): Promise<void> {
  const b = await setUpBenchProject(COUNT);
  const { t, w } = b;
  const { database } = t.server.services;
  try {
    // Each resolved issue was raised active and resolved 1–30 days later, as the history records it.
    await database.executor.executeSql(
      `insert into issue_history (issue_id, entity_type, fields, issue_visibility, user_id, created_at)
       select id, 'issue', '{"status": {"old": "active", "new": "resolved"}}'::jsonb, visibility, created_by_user_id,
         least(now(), created_at + make_interval(days => 1 + (id % 30)))
       from issues where project_id = $1 and status = 'resolved'`,
      [w.projectId],
    );
    // A settled database (autovacuum would get there): statistics, and the visibility map index-only scans read.
    await database.executor.executeSql('vacuum analyze');
    const bare = bareExecutor(database);
    const viewers: [string, TestUser, boolean][] = [
      ['manager', w.creator, true],
      ['collaborator', w.collaboratorSame, false],
    ];
    const lines: string[] = [];
    for (const [who, viewer, manager] of viewers) {
      const groups: number[] = [];
      for (const [name, query] of Object.entries(QUERIES)) {
        const timer = httpTimer(t, viewer, query);
        const serverMs: number[] = [];
        const bareSql = BARE[name] ?? '';
        const samples = await interleave(REPEATS, {
          http: {
            selfTimed: async () => {
              const answer = await timer.post({ projectId: w.projectId });
              serverMs.push(answer.serverMs);
              return answer.ms;
            },
          },
          bare: () => bare.executor.executeSql(bareSql, [w.projectId, viewer.id, groups, manager]),
        });
        await timer.close();
        const server = summarize(serverMs.slice(1));
        const http = summarize(samples.http ?? []);
        const base = summarize(samples.bare ?? []);
        const verdict = server.p50 < BUDGET_MS ? 'within' : '**over**';
        lines.push(
          `| ${name} (${who}) | ${cell(server)} | ${cell(http)} | ${cell(base)} | **${(server.p50 / base.p50).toFixed(2)}** | ${verdict} |`,
        );
        console.log(lines.at(-1));
      }
    }
    await bare.close();
    const backend = database.connectionString ? 'PostgreSQL' : 'PGlite';
    console.log(
      [
        '',
        `Dashboards on ${COUNT.toLocaleString('en')} issues, ${backend}, ${os.cpus().length} cores, ${REPEATS} runs each (p50 / p95 ms):`,
        '',
        '| Dashboard (viewer) | server time (Server-Timing) | over HTTP | bare SQL | ratio server / bare | budget 300 ms |',
        '|---|---|---|---|---|---|',
        ...lines,
      ].join('\n'),
    );
  } finally {
    await t.close();
  }
}

await main();
