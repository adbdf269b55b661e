import type { Database } from '../../src/db/database.ts';

/**
 * pg_class's row estimate of a table, as the planner reads it: -1 until the table was first analysed (or vacuumed).
 * The embedded PGlite runs no autovacuum, so only Obra's own analyses move it there (db/planner-statistics.ts).
 */
export async function estimatedRows(database: Pick<Database, 'executor'>, table: string): Promise<number> {
  const { rows } = await database.executor.executeSql(
    'select reltuples from pg_class where relname = $1 and relkind = $2',
    [table, 'r'],
  );
  return Number((rows[0] as { reltuples: number | string } | undefined)?.reltuples ?? Number.NaN);
}
