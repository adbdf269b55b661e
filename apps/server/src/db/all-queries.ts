import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

/**
 * Runs independent queries together: at once on the pool (each on its own connection), one after another
 * inside a transaction, whose single connection must not get a query while another runs (node-postgres warns
 * and pg@9 refuses; on PGlite they would queue anyway).
 */
export async function allQueries<T extends readonly unknown[] | []>(
  db: Db,
  queries: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  const thunks = queries as readonly (() => PromiseLike<unknown>)[];
  if (db instanceof PgTransaction) {
    const results: unknown[] = [];
    for (const query of thunks) results.push(await query());
    return results as unknown as T;
  }
  return (await Promise.all(thunks.map((query) => query()))) as unknown as T;
}
