import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { estimatedRows as estimatedRowsOf } from '../support/planner-estimates.ts';
import { buildIssueWorld, createIssueAs, draft, type IssueWorld } from '../issues/issue-test-kit.ts';
import {
  ISSUE_LIST_TABLES,
  analyzeIssueTables,
  maintainEmbeddedDatabase,
} from '../../src/db/planner-statistics.ts';

// The planner's statistics (docs/benchmarks.md, "Issue 35's goals"): without them the list's children are joined by
// nested loops. PostgreSQL's autovacuum gathers them; the embedded PGlite runs no autovacuum, so Obra does.
let t: TestServer;
let w: IssueWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
});

afterAll(async () => {
  await t?.close();
});

const estimatedRows = (table: string) => estimatedRowsOf(t.server.services.database, table);

describe('planner statistics', () => {
  it('are gathered for the issue tables after a burst of writes, on both databases', async () => {
    for (let i = 0; i < 3; i += 1) await createIssueAs(t, w.creator, draft(w, { title: `Viga ${i}` }));
    // Three rows are far below autovacuum's threshold: nothing has analysed the new database's tables yet.
    expect(await estimatedRows('issues')).toBe(-1);
    await analyzeIssueTables(t.server.services.database);
    expect(await estimatedRows('issues')).toBe(3);
    for (const table of ISSUE_LIST_TABLES) expect(await estimatedRows(table)).toBeGreaterThanOrEqual(0);
  });

  it('are kept by hourly and nightly jobs on the embedded database only', async () => {
    const { database, jobs } = t.server.services;
    const names = (await jobs.boss.getSchedules()).map((s) => s.name);
    const embedded = database.kind === 'pglite';
    expect(names.includes('database.analyze')).toBe(embedded);
    expect(names.includes('database.vacuum')).toBe(embedded);
    expect(await estimatedRows('projects')).toBe(-1);
    expect(await maintainEmbeddedDatabase(database, 'vacuum')).toBe(embedded);
    // The nightly work also gathers statistics, for every table; on PostgreSQL it leaves them to autovacuum.
    expect((await estimatedRows('projects')) >= 0).toBe(embedded);
  });

  it('the scheduled job analyses the embedded database when it runs', async () => {
    const { database, jobs } = t.server.services;
    if (database.kind !== 'pglite') {
      expect(await maintainEmbeddedDatabase(database, 'analyze')).toBe(false);
      return;
    }
    const before = await estimatedRows('companies');
    await database.executor.executeSql(
      "insert into companies (name) select 'Statistics ' || g from generate_series(1, 40) g",
      [],
    );
    await jobs.send('database.analyze', {});
    // Waits for the worker (a limit that only catches a hang), then reads the fresh estimate.
    const deadline = Date.now() + 60_000;
    while ((await estimatedRows('companies')) === before && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await estimatedRows('companies')).toBeGreaterThanOrEqual(40);
  });
});
