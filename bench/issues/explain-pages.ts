// The plans of the issue list's page statements: EXPLAIN (ANALYZE, BUFFERS) of the statement the server really sends
// for the coordinator's and the manager's first page (500 rows) and for a filtered page, on a project of N issues.
// Run on PostgreSQL: npm run explain:pg -w @obra/bench -- 20000   (DATABASE_URL defaults to the local server)
import pg from 'pg';
import { setUpBenchProject } from './issues-bench-world.ts';
import { httpFetcher, webListPageDocument } from './issues-executors.ts';

const COUNT = Number(process.argv[2] ?? 300);

interface Captured {
  text: string;
  values: unknown[];
}

// Every statement the server's pool sends goes through pg.Client#query: the page statement is the one that reads
// the regions ("marked") or, for a narrowing filter, the one that sorts the found rows with their children.
let capture: ((q: Captured) => void) | undefined;
const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args;
  const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
  const values = Array.isArray(second)
    ? second
    : ((first as { values?: unknown[] } | undefined)?.values ?? []);
  if (capture && text && /"children"/.test(text)) capture({ text, values });
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL (the plans are PostgreSQL plans)');
  const b = await setUpBenchProject(COUNT);
  const { t, w } = b;
  try {
    const discipline = w.disciplineIds[0] ?? 0;
    const cases = [
      { name: 'coordinator, first page (stars and unread marks)', viewer: w.creator, filter: {} },
      { name: 'manager without marks, first page', viewer: w.coordinator, filter: {} },
      {
        name: 'filtered + searched page',
        viewer: w.creator,
        filter: {
          search: 'viga "pavimento tipo"',
          combination: 'and',
          conditions: [
            { field: 'priority', values: ['high', 'medium'] },
            { field: 'discipline', values: [discipline] },
          ],
        },
      },
    ];
    console.log(`# Page statements on ${COUNT} issues (PostgreSQL)\n`);
    for (const c of cases) {
      const fetchPage = httpFetcher(t, c.viewer, webListPageDocument());
      const variables = { projectId: w.projectId, first: 500, filter: JSON.stringify(c.filter) };
      await fetchPage(variables); // warm caches and statistics
      let found: Captured | undefined;
      capture = (q) => {
        found = q;
      };
      const rows = (await fetchPage(variables)).length;
      capture = undefined;
      if (!found) throw new Error(`${c.name}: no page statement seen`);
      const client = new pg.Client({
        connectionString: t.server.services.database.connectionString ?? process.env.DATABASE_URL,
      });
      await client.connect();
      try {
        await client.query('set jit = off');
        const plan = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${found.text}`,
          found.values,
        );
        const lines = plan.rows.map((r) => r['QUERY PLAN']);
        console.log(`## ${c.name}: ${rows} rows\n`);
        console.log('```');
        console.log(lines.join('\n'));
        console.log('```\n');
      } finally {
        await client.end();
      }
    }
  } finally {
    await t.close();
  }
}

void main();
