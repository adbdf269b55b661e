import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database.ts';
import { allQueries } from '../src/db/all-queries.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

/** Thunks that record when each query starts and ends. */
function recorded(db: Db, log: string[]) {
  const query = (name: string) => async () => {
    log.push(`start ${name}`);
    const result = (await db.execute(sql`select ${name}::text as name, pg_sleep(0.02)`)) as unknown as {
      rows: { name: string }[];
    };
    log.push(`end ${name}`);
    return result.rows[0]?.name;
  };
  return [query('a'), query('b'), query('c')] as const;
}

describe('allQueries', () => {
  it('runs the queries of a transaction one after another, never two at once on its connection', async () => {
    const log: string[] = [];
    const { db } = t.server.services.database;
    const results = await db.transaction(async (tx) => allQueries(tx, recorded(tx, log)));
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results).toEqual(['a', 'b', 'c']);
  });

  it('starts every query at once outside a transaction, and keeps the results in order', async () => {
    const log: string[] = [];
    const { db } = t.server.services.database;
    const results = await allQueries(db, recorded(db, log));
    expect(log.slice(0, 3)).toEqual(['start a', 'start b', 'start c']);
    expect(results).toEqual(['a', 'b', 'c']);
  });
});
