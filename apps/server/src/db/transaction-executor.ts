import { sql, type SQL } from 'drizzle-orm';
import type { Db, SqlExecutor } from './database.ts';

/**
 * A raw-SQL executor bound to a Drizzle transaction, for pg-boss's `db` option: the job row is written by the
 * transaction itself, so it exists only if the transaction commits. (On PGlite the queue's own executor would
 * wait for the single connection the transaction holds, and deadlock.)
 */
export function transactionExecutor(tx: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const result = await tx.execute(toSql(text, values));
      return { rows: rowsOf(result) };
    },
  };
}

// Rebuilds `$1 … $n` placeholders as Drizzle parameters so the statement keeps its bound values.
function toSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      if (part) chunks.push(sql.raw(part));
      return;
    }
    // Drizzle drops an undefined interpolation entirely; a missing value must still be a NULL parameter.
    chunks.push(sql`${values[Number(part) - 1] ?? null}`);
  });
  return sql.join(chunks, sql.raw(''));
}

function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? rows : [];
}
