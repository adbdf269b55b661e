// The issues data layer at scale (issue #5 "Performance"): fills a project with N issues (default 100,000),
// then measures, in one run and on the same data, interleaved so machine noise hits every path alike:
//   - getIssues, the web app's light list page of 500, over HTTP + GraphQL, against the bare SQL that returns
//     the same rows (checked: same ids, same order), with the in-process breakdown (graphql-jit, graphql-js,
//     the service alone);
//   - a filtered + searched page, against its bare SQL;
//   - the statements per page (5 and 500 rows), the "pendencies" standard filter, optionally the whole list;
//   - updateIssues of 1,000 issues in one transaction.
// Run: node --import tsx bench/issues/issues-bench.ts [issues=100000] [repeats=15] [--walk]
//      DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/issues/issues-bench.ts
import os from 'node:os';
import type { GqlResponse } from '../../apps/server/test/support/test-server.ts';
import { cell, interleave, summarize, timed, type Summary } from './bench-stats.ts';
import type { SqlExecutor } from '../../apps/server/src/db/database.ts';
import type { TestUser } from '../../apps/server/test/support/factories.ts';
import { bareExecutor, runBarePage, type BarePage } from './issues-bare-sql.ts';
import { setUpBenchProject, type BenchProject } from './issues-bench-world.ts';
import { httpFetcher, inProcessFetchers, webListPageDocument } from './issues-executors.ts';
import { httpTimer } from './http-timer.ts';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const COUNT = Number(positional[0] ?? 100_000);
const REPEATS = Number(positional[1] ?? 15);
const WALK = process.argv.includes('--walk');

const ratio = (a: number, b: number) => (a / b).toFixed(2);

function sameIds(label: string, a: readonly number[], b: readonly number[]): void {
  if (a.length !== b.length || a.some((id, i) => id !== b[i]))
    throw new Error(`${label}: the API and the bare SQL return different rows`);
}

/** One page to measure: who asks, with which filter, and the bare statement of the same rows. */
interface PageCase {
  name: string;
  viewer: TestUser;
  bare: BarePage;
  filter?: unknown;
  /** Also break the API time down in-process (graphql-jit, graphql-js, the service alone). */
  breakdown?: boolean;
}

/**
 * A page through every path, interleaved. `bare` is the best hand-written statement for it; the rows of the API
 * and of `bare` are checked against the reference statement (every visible row sorted by the default order).
 */
async function measurePage(b: BenchProject, bareSql: SqlExecutor, c: PageCase): Promise<string[]> {
  const { t, w } = b;
  const variables = { projectId: w.projectId, ...(c.filter ? { filter: c.filter } : {}) };
  const http = httpFetcher(t, c.viewer, webListPageDocument());
  const timer = httpTimer(t, c.viewer, webListPageDocument());
  const reference = { ...c.bare, regions: false };
  const expected = await runBarePage(bareSql, reference);
  const apiIds = await http(variables);
  sameIds(`${c.name}, API`, apiIds, expected);
  sameIds(`${c.name}, bare SQL`, await runBarePage(bareSql, c.bare), expected);
  const extra = c.breakdown ? await inProcessFetchers(t, c.viewer, webListPageDocument()) : undefined;
  const serverMs: number[] = [];
  const samples = await interleave(REPEATS, {
    http: {
      selfTimed: async () => {
        const answer = await timer.post(variables);
        serverMs.push(answer.serverMs);
        return answer.ms;
      },
    },
    bare: () => runBarePage(bareSql, c.bare),
    ...(c.bare.regions ? { reference: () => runBarePage(bareSql, reference) } : {}),
    ...(extra
      ? {
          jit: () => extra.jit(variables),
          graphqlJs: () => extra.graphqlJs(variables),
          service: () => extra.service(variables),
        }
      : {}),
  });
  await timer.close();
  // The first call warmed up (interleave's untimed first round).
  samples.server = serverMs.slice(1);
  const s = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, summarize(v)]));
  const base = s.bare?.p50 ?? 1;
  const row = (label: string, x: Summary | undefined, bold = false) =>
    x
      ? [
          `| ${c.name} (${apiIds.length} rows): ${label} | ${cell(x)} | ${bold ? `**${ratio(x.p50, base)}**` : ratio(x.p50, base)} |`,
        ]
      : [];
  return [
    ...row('getIssues over HTTP + GraphQL (client in a worker thread)', s.http, true),
    ...row('getIssues server time (its Server-Timing: arrival to answer ready to send)', s.server, true),
    ...row(
      `bare SQL, same rows and data${c.bare.regions ? ' (read by regions, as the server does)' : ''}`,
      s.bare,
    ),
    ...row('bare SQL sorting every visible row (the reference order)', s.reference),
    ...row('in-process graphql-jit (no HTTP)', s.jit),
    ...row('in-process graphql-js (no HTTP)', s.graphqlJs),
    ...row('getIssues service alone (SQL + rows, no GraphQL)', s.service),
  ];
}

async function statementsPerPage(b: BenchProject, first: number): Promise<number> {
  const http = httpFetcher(b.t, b.w.creator, webListPageDocument());
  const stats = b.t.server.services.database.stats;
  const before = stats.queries;
  await http({ projectId: b.w.projectId, first });
  return stats.queries - before;
}

interface WalkPage {
  issues: { id: number }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** The whole list page by page, as the web app loads it, checked against the bare SQL's order of every row. */
async function walkAll(b: BenchProject, bareSql: SqlExecutor): Promise<string> {
  const query =
    'query($projectId: Int!, $after: String) { getIssues(projectId: $projectId, after: $after) { issues { id } pageInfo { hasNextPage endCursor } } }';
  const run = await timed(async () => {
    const ids: number[] = [];
    let after: string | null = null;
    for (;;) {
      const res: GqlResponse<{ getIssues: WalkPage }> = await b.t.gql<{ getIssues: WalkPage }>(
        query,
        { projectId: b.w.projectId, after },
        { token: b.w.creator.token },
      );
      const page: WalkPage | undefined = res.data?.getIssues;
      if (!page) throw new Error(JSON.stringify(res.errors));
      ids.push(...page.issues.map((i) => i.id));
      if (!page.pageInfo.hasNextPage) return ids;
      after = page.pageInfo.endCursor;
    }
  });
  const everything = await runBarePage(bareSql, {
    projectId: b.w.projectId,
    userId: b.w.creator.id,
    groupIds: [],
    limit: COUNT + 1,
  });
  sameIds('whole list', run.value, everything);
  const pages = Math.ceil(run.value.length / 500);
  return `| Whole list page by page (${run.value.length} issues, ${pages} pages; same order as the bare SQL of all rows) | ${(run.ms / 1000).toFixed(1)} s (${(run.ms / pages).toFixed(0)} ms a page) | |`;
}

async function bulkUpdate(b: BenchProject): Promise<string> {
  const { t, w } = b;
  const { database } = t.server.services;
  const { rows } = await database.executor.executeSql(
    "select id from issues where project_id = $1 and visibility = 'public' order by id limit 1000",
    [w.projectId],
  );
  const ids = (rows as { id: number }[]).map((r) => r.id);
  const before = database.stats.queries;
  const run = await timed(() =>
    t.gql<{ updateIssues: { updated: unknown[]; rejected: unknown[] } }>(
      'mutation($p: Int!, $ids: [Int!]!) { updateIssues(projectId: $p, issuesIds: $ids, newValues: { priority: "medium" }) { updated { id } rejected { issueId code } } }',
      { p: w.projectId, ids },
      { token: w.creator.token },
    ),
  );
  const result = run.value.data?.updateIssues;
  if (!result) throw new Error(JSON.stringify(run.value.errors));
  return `| updateIssues of ${ids.length} issues, one transaction (${result.updated.length} updated, ${result.rejected.length} rejected, ${database.stats.queries - before} statements) | ${(run.ms / 1000).toFixed(2)} s | |`;
}

async function main(): Promise<void> {
  const b = await setUpBenchProject(COUNT);
  const bare = bareExecutor(b.t.server.services.database);
  try {
    const { t, w, generated: g } = b;
    const asCreator = { projectId: w.projectId, userId: w.creator.id, groupIds: [] };
    const discipline = w.disciplineIds[0] ?? 0;
    const filter = {
      search: 'viga "pavimento tipo"',
      combination: 'and',
      conditions: [
        { field: 'priority', values: ['high', 'medium'] },
        { field: 'discipline', values: [discipline] },
      ],
    };
    const filteredBare: BarePage = {
      ...asCreator,
      where:
        "i.search_text like '%pavimento tipo%' and i.search_text like '%viga%' and i.priority in ('high', 'medium') and exists (select 1 from issue_disciplines d where d.issue_id = i.id and d.discipline_id = $4)",
      params: [discipline],
    };
    const lines = [
      `${COUNT} issues, database ${t.server.services.database.kind}, ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)} at the start, Node ${process.version}, ${REPEATS} interleaved repeats.`,
      '',
      '| Measure | p50 / p95 ms (or total) | ratio to bare SQL (p50) |',
      '|---|---|---|',
      `| Generator: ${g.issues} issues, ${g.comments} comments, ${g.images} images, ${g.notifications} unread marks | ${g.seconds.toFixed(1)} s | |`,
      ...(await measurePage(b, bare.executor, {
        name: 'First page, coordinator with stars and unread marks',
        viewer: w.creator,
        bare: { ...asCreator, regions: true },
        breakdown: true,
      })),
      ...(await measurePage(b, bare.executor, {
        name: 'First page, manager without marks',
        viewer: w.coordinator,
        bare: { ...asCreator, userId: w.coordinator.id, regions: true },
        breakdown: true,
      })),
      ...(await measurePage(b, bare.executor, {
        name: 'Filtered + searched page',
        viewer: w.creator,
        bare: filteredBare,
        filter,
      })),
      `| Drizzle statements per getIssues page, 5 rows / 500 rows | ${await statementsPerPage(b, 5)} / ${await statementsPerPage(b, 500)} | |`,
    ];
    const timer = httpTimer(t, w.creator, webListPageDocument());
    const pendencies = summarize(
      (
        await interleave(Math.max(3, Math.ceil(REPEATS / 3)), {
          p: {
            selfTimed: async () =>
              (await timer.post({ projectId: w.projectId, filter: { standard: 'pendencies' } })).ms,
          },
        })
      ).p ?? [],
    );
    await timer.close();
    lines.push(`| Standard filter "pendencies", first page | ${cell(pendencies)} | |`);
    if (WALK) lines.push(await walkAll(b, bare.executor));
    lines.push(await bulkUpdate(b), '', `load average ${os.loadavg()[0]?.toFixed(1)} at the end.`);
    console.log(lines.join('\n'));
  } finally {
    await bare.close();
    await b.t.close();
  }
}

void main();
