// The BCF-API topic list at scale (issue 16 "Performance": `GET /bcf/3.0/projects/{id}/topics?$top=500` on a
// 100,000-issue project within 2× the bare SQL of the same rows, in one run). Reuses the issue-list bench's
// generated project (bench/issues/issues-bench-world.ts) and its bare page statement (issues-bare-sql.ts, the
// regions form the server reads): the bare SQL returns the same 500 issues in the same order (checked: the API's
// topic GUIDs are the GUIDs derived from the bare SQL's ids, in order), plus the `bcf_topics` rows of those
// issues (what BCF keeps beside them). The two are measured interleaved, after one untimed warm-up round.
// Run: node --import tsx bench/bcf/bcf-api-topics-bench.ts [issues=100000] [repeats=15]
//      DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/bcf/bcf-api-topics-bench.ts 100000
import os from 'node:os';
import { cell, interleave, summarize, timed } from '../issues/bench-stats.ts';
import { bareExecutor, runBarePage, type BarePage } from '../issues/issues-bare-sql.ts';
import { setUpBenchProject } from '../issues/issues-bench-world.ts';
import { projectGuidOf } from '../../apps/server/test/bcf/bcf-api-kit.ts';
import { derivedTopicGuid } from '../../apps/server/src/modules/bcf/bcf-guids.ts';

const COUNT = Number(process.argv[2] ?? 100_000);
const REPEATS = Number(process.argv[3] ?? 15);

async function main(): Promise<void> {
  const load = os.loadavg()[0]?.toFixed(2);
  const setup = await timed(() => setUpBenchProject(COUNT));
  const b = setup.value;
  const { t, w } = b;
  const bare = bareExecutor(t.server.services.database);
  try {
    const projectGuid = await projectGuidOf(t, w.projectId);
    const url = `${t.url}/bcf/3.0/projects/${projectGuid}/topics?$top=500`;
    const headers = { authorization: `Bearer ${w.creator.token}`, 'accept-encoding': 'identity' };
    const page: BarePage = {
      projectId: w.projectId,
      userId: w.creator.id,
      groupIds: [],
      limit: 500,
      regions: true,
    };
    const barePage = async () => {
      const ids = await runBarePage(bare.executor, page);
      await bare.executor.executeSql(
        'select issue_id, guid, topic from bcf_topics where issue_id = any($1)',
        [ids],
      );
      return ids;
    };
    const api = async () => {
      const response = await fetch(url, { headers });
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
      return response.arrayBuffer();
    };
    // Same rows, same order.
    const topics = JSON.parse(Buffer.from(await api()).toString('utf8')) as { guid: string }[];
    const ids = await barePage();
    const expected = ids.map((id) => derivedTopicGuid(projectGuid, id));
    if (topics.length !== 500 || topics.some((topic, i) => topic.guid !== expected[i]))
      throw new Error('the API and the bare SQL return different rows');
    const samples = await interleave(REPEATS, { api, bare: barePage });
    const s = { api: summarize(samples.api ?? []), bare: summarize(samples.bare ?? []) };
    const ratio = (s.api.p50 / s.bare.p50).toFixed(2);
    const db = t.server.services.database.connectionString ? 'PostgreSQL' : 'PGlite';
    console.log(
      [
        `BCF-API topics, ${COUNT} issues, ${db}, load ${load} → ${os.loadavg()[0]?.toFixed(2)}, setup ${(setup.ms / 1000).toFixed(0)} s, ${REPEATS} rounds`,
        '| path | p50 / p95 ms | ÷ bare |',
        '| --- | --- | --- |',
        `| GET …/topics?$top=500 over HTTP (500 topics) | ${cell(s.api)} | **${ratio}** |`,
        `| bare SQL: the list's page statement (regions) + bcf_topics of the page | ${cell(s.bare)} | 1.00 |`,
      ].join('\n'),
    );
  } finally {
    await bare.close();
    await t.close();
  }
}

await main();
