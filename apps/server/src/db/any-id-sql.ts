import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column = any($1::int[])`: the ids of a page as ONE array parameter. Same rows as inArray, but a page of 500
 * ids costs one parameter to build, send and parse instead of 500 (about half the time of the children queries).
 */
export function anyId(column: AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::int[])`;
}
