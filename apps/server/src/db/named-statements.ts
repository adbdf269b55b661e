import { createHash } from 'node:crypto';
import type { SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

/**
 * Named prepared statements for the hot reads (the issue list's page statement): PostgreSQL parses and plans a
 * named statement once per connection, and after a few executions keeps its generic plan, instead of planning it
 * on every call (2.5–4.5 ms of the list page's statement, docs/benchmarks.md). node-postgres sends Parse with the
 * name on a connection's first use and only Bind/Execute afterwards; PgBouncer in transaction mode (≥ 1.21, with
 * `max_prepared_statements` set) tracks such protocol-level statements itself, so no session state is involved.
 * PGlite ignores the name (its statements run in-process, one at a time).
 *
 * The name is a hash of the statement's text, so one name is always one text (node-postgres refuses a name reused
 * with another text), whatever connection of the pool runs it.
 */

/**
 * How many distinct statement texts are prepared by name in this process; later texts run unnamed. A filter's shape
 * changes the text (one more condition, another visibility), and every connection keeps what it prepared for as
 * long as it lives: this bounds what each connection holds.
 */
export const MAX_NAMED_STATEMENTS = 256;

const dialect = new PgDialect();
const named = new Set<string>();

function nameOf(text: string): string | undefined {
  const name = `obra_${createHash('sha1').update(text).digest('base64url')}`;
  if (named.has(name)) return name;
  if (named.size >= MAX_NAMED_STATEMENTS) return undefined;
  named.add(name);
  return name;
}

/** The names given so far (tests). */
export function namedStatementCount(): number {
  return named.size;
}

/**
 * Runs a statement as a named prepared statement (see the file comment) and answers its rows as the driver gives
 * them, keyed by column name — like `db.execute`, on either backend, in or out of a transaction.
 */
export async function executeNamed(db: Db, query: SQLWrapper): Promise<Record<string, unknown>[]> {
  const built = dialect.sqlToQuery(query.getSQL());
  const prepared = db._.session.prepareQuery(built, undefined, nameOf(built.sql), false);
  const result = (await prepared.execute()) as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** A Drizzle query builder that can be prepared by name (a select). */
interface PreparableQuery<T> extends PromiseLike<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
}

/**
 * Runs a query builder's statement as a named prepared statement (see the file comment), its rows mapped by Drizzle
 * as awaiting the builder would map them: for the small reads every request makes (the caller's access).
 */
export async function selectNamed<T>(query: PreparableQuery<T>): Promise<T> {
  const name = nameOf(query.toSQL().sql);
  return name ? query.prepare(name).execute() : await query;
}
