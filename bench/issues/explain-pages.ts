// The plans of the issue list's page statements: EXPLAIN (ANALYZE, BUFFERS) of the statement the server really sends
// for the coordinator's and the manager's first page (500 rows) and for a filtered page, on a project of N issues —
// once as a one-off statement planned for its values, and once as the named prepared statement the server's
// connections keep (after six executions, when PostgreSQL has settled on a generic plan or not).
// Run on PostgreSQL: npm run explain:pg -w @obra/bench -- 20000   (DATABASE_URL defaults to the local server)
import pg from 'pg';
import { setUpBenchProject } from './issues-bench-world.ts';
import { httpFetcher, webListPageDocument } from './issues-executors.ts';

const COUNT = Number(process.argv[2] ?? 300);

interface Captured {
  text: string;
  values: unknown[];
  /** The statement's name when the server sent it as a named prepared statement. */
  name: string | undefined;
}

// Every statement the server's pool sends goes through pg.Client#query: the page statement is the one that reads
// the regions ("marked") or, for a narrowing filter, the one that sorts the found rows with their children.
let capture: ((q: Captured) => void) | undefined;
const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args;
  const config =
    typeof first === 'string' ? undefined : (first as { text?: string; name?: string } | undefined);
  const text = typeof first === 'string' ? first : config?.text;
  const values = Array.isArray(second)
    ? second
    : ((first as { values?: unknown[] } | undefined)?.values ?? []);
  if (capture && text && /"children"/.test(text)) capture({ text, values, name: config?.name });
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

/** A parameter as node-postgres sends it: text, arrays as array literals. */
function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value))
    return `{${value
      .map((item) => {
        const text = textOf(item);
        return text === null ? 'NULL' : `"${text.replace(/["\\]/g, (ch) => `\\${ch}`)}"`;
      })
      .join(',')}}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean);
}

/** A parameter as an SQL literal of unknown type (EXECUTE's arguments take the statement's parameter types). */
function literal(client: pg.Client, value: unknown): string {
  const text = textOf(value);
  return text === null ? 'null' : client.escapeLiteral(text);
}

async function explain(client: pg.Client, text: string, values: unknown[] = []): Promise<string> {
  const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values);
  return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
}

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
    console.log(`## Page statements on ${COUNT} issues (PostgreSQL)\n`);
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
        console.log(`### ${c.name}: ${rows} rows\n`);
        console.log(
          `The server sent it ${found.name ? `as the named prepared statement \`${found.name}\`` : 'unnamed (planned on every call)'}, with ${found.values.length} parameters.\n`,
        );
        console.log('#### Planned for its values (a one-off statement)\n');
        console.log('```');
        console.log(await explain(client, found.text, found.values));
        console.log('```\n');
        // As a server connection runs it from the sixth call on: prepared once, then executed by name.
        const name = 'explain_page';
        await client.query({ name, text: found.text, values: found.values });
        for (let i = 0; i < 5; i += 1) await client.query({ name, text: found.text, values: found.values });
        const args = found.values.map((v) => literal(client, v)).join(', ');
        const plan = await explain(client, `execute ${name}${args ? `(${args})` : ''}`);
        const counts = await client.query<{ generic_plans: string; custom_plans: string }>(
          'select generic_plans, custom_plans from pg_prepared_statements where name = $1',
          [name],
        );
        const n = counts.rows[0];
        console.log(
          `#### Prepared, its seventh execution (plans so far: ${n?.generic_plans ?? '?'} generic, ${n?.custom_plans ?? '?'} custom)\n`,
        );
        console.log('```');
        console.log(plan);
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
