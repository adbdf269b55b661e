// The BCF-API topic list at scale (issue 16 "Performance": `GET /bcf/3.0/projects/{id}/topics?$top=500` on a
// 100,000-issue project within 2× the bare SQL of the same rows, in one run). Reuses the issue-list bench's
// generated project (bench/issues/issues-bench-world.ts) and gives one issue in four a `bcf_topics` row, as an
// import leaves it (its own GUID and the topic's kept fields), so that both sides read and map imported topics.
// The bare SQL is ONE hand-written statement in the regions form the server reads (issues-bare-sql.ts, `topic`
// columns): the same 500 issues in the same order with everything a topic answers — the topic's columns, the
// disciplines' ids, the labels' names, the `bcf_topics` row, the authors' e-mails and the project's inactive
// categories and phases (checked: the API's topic GUIDs are the bare rows' BCF GUIDs, else the GUIDs derived from
// their ids, in order). For continuity the earlier reference is measured too: the web list's page statement (list
// columns) plus one statement for the page's BCF rows, authors' e-mails and labels' names. Measured interleaved,
// after one untimed warm-up round.
// Run: node --import tsx bench/bcf/bcf-api-topics-bench.ts [issues=100000] [repeats=15]
//      DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/bcf/bcf-api-topics-bench.ts 100000
import os from 'node:os';
import { cell, interleave, summarize, timed } from '../issues/bench-stats.ts';
import { bareExecutor, runBarePage, runBareRows, type BarePage } from '../issues/issues-bare-sql.ts';
import { setUpBenchProject } from '../issues/issues-bench-world.ts';
import { projectGuidOf } from '../../apps/server/test/bcf/bcf-api-kit.ts';
import { derivedTopicGuid } from '../../apps/server/src/modules/bcf/bcf-guids.ts';

const COUNT = Number(process.argv[2] ?? 100_000);
const REPEATS = Number(process.argv[3] ?? 15);

// What an import keeps of a topic (bcf_topics.topic, a KeptTopic): BCF's own values beside Obra's.
const KEPT_TOPIC = `jsonb_build_object('guid', t.guid, 'title', i.title, 'topicType', (array['Clash', 'Issue', 'Remark', 'Request'])[1 + i.id % 4],
  'topicStatus', (array['Open', 'In Progress', 'Closed'])[1 + i.id % 3], 'priority', (array['Critical', 'Normal', 'Minor'])[1 + i.id % 3],
  'index', i.id % 100, 'labels', jsonb_build_array('Structural', 'Level ' || (i.id % 7)), 'unmappedLabels', jsonb_build_array('Structural'),
  'referenceLinks', jsonb_build_array('https://example.com/clash/' || i.id), 'creationDate', to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'creationAuthor', 'modeler' || (i.id % 5) || '@example.com', 'assignedTo', 'coordinator@example.com', 'stage', 'Design',
  'headerFiles', jsonb_build_array(jsonb_build_object('ifcProject', '0M6o7Znnv7hxsbWgeu7oQq', 'filename', 'Architecture.ifc', 'reference', 'models/Architecture.ifc')),
  'documentReferences', '[]'::jsonb, 'relatedTopics', '[]'::jsonb)`;

async function main(): Promise<void> {
  const load = os.loadavg()[0]?.toFixed(2);
  const setup = await timed(() => setUpBenchProject(COUNT));
  const b = setup.value;
  const { t, w } = b;
  const bare = bareExecutor(t.server.services.database);
  try {
    // One issue in four imported: its own GUID and what BCF said of it.
    await bare.executor.executeSql(
      `with t as (select i.id, gen_random_uuid() as guid from issues i where i.project_id = $1 and i.id % 4 = 0)
       insert into bcf_topics (issue_id, project_id, guid, server_assigned_id, topic)
       select i.id, i.project_id, t.guid, 'EXT-' || i.id, ${KEPT_TOPIC} from t join issues i on i.id = t.id`,
      [w.projectId],
    );
    await bare.executor.executeSql('analyze bcf_topics', []);
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
    const topicPage: BarePage = { ...page, columns: 'topic' };
    const bareTopics = () => runBareRows(bare.executor, topicPage);
    // The earlier reference: the web list's page statement, then what BCF reads beside it, keyed by the page.
    const bareList = async () => {
      const ids = await runBarePage(bare.executor, page);
      await bare.executor.executeSql(
        `select (select json_agg(json_build_array(t.issue_id, t.guid, t.topic)) from bcf_topics t where t.issue_id = any($1)) as topics,
          (select json_agg(json_build_array(u.id, u.email)) from users u where u.id in (select created_by_user_id from issues
            where id = any($1) union select edited_by_user_id from issues where id = any($1))) as emails,
          (select json_agg(json_build_array(l.id, l.name)) from project_labels l where l.id in (select label_id from issue_labels
            where issue_id = any($1))) as labels`,
        [ids],
      );
      return ids;
    };
    const api = async () => {
      const response = await fetch(url, { headers });
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
      return response.arrayBuffer();
    };
    // Same rows, same order, on every side.
    const topics = JSON.parse(Buffer.from(await api()).toString('utf8')) as { guid: string }[];
    const rows = await bareTopics();
    const expected = rows.map(
      (r) => (r['bcf_guid'] as string | null) ?? derivedTopicGuid(projectGuid, r['id'] as number),
    );
    const listIds = await bareList();
    if (
      topics.length !== 500 ||
      topics.some((topic, i) => topic.guid !== expected[i]) ||
      listIds.some((id, i) => id !== rows[i]?.['id'])
    )
      throw new Error('the API and the bare SQL return different rows');
    const imported = rows.filter((r) => r['bcf_guid'] !== null).length;
    const samples = await interleave(REPEATS, { api, bare: bareTopics, list: bareList });
    const s = {
      api: summarize(samples.api ?? []),
      bare: summarize(samples.bare ?? []),
      list: summarize(samples.list ?? []),
    };
    const ratio = (x: { p50: number }) => (x.p50 / s.bare.p50).toFixed(2);
    const db = t.server.services.database.connectionString ? 'PostgreSQL' : 'PGlite';
    console.log(
      [
        `BCF-API topics, ${COUNT} issues, ${db}, load ${load} → ${os.loadavg()[0]?.toFixed(2)}, setup ${(setup.ms / 1000).toFixed(0)} s, ${REPEATS} rounds, ${imported} of the page's 500 topics imported`,
        '| path | p50 / p95 ms | ÷ bare |',
        '| --- | --- | --- |',
        `| GET …/topics?$top=500 over HTTP (500 topics) | ${cell(s.api)} | **${ratio(s.api)}** |`,
        `| bare SQL: one statement, the page with what topics answer (regions, topic columns) | ${cell(s.bare)} | 1.00 |`,
        `| earlier reference: the web list's page statement + the page's BCF rows, e-mails, label names | ${cell(s.list)} | ${ratio(s.list)} |`,
      ].join('\n'),
    );
  } finally {
    await bare.close();
    await t.close();
  }
}

await main();
