import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/** One table of a project's data and how its rows are found: by their project_id, or through their issue. */
export interface ProjectDataTable {
  name: string;
  via: 'project' | 'issue';
  /** The columns exported: every column but those holding secrets or storage internals. */
  columns: string[];
}

/** Column names never exported: secrets, hashes and tokens (a portability export is not a credential dump). */
const SECRET_COLUMN = /(secret|token|password|hash|credential|sealed|cipher|signature|verifier)/i;

/**
 * The tables that hold a project's data, read from the database's own catalogue so that a table added later is
 * exported without a change here: those with a `project_id` column, and those with an `issue_id` column (reached
 * through the project's issues). The projects row itself is read apart.
 */
export async function projectDataTables(db: Db): Promise<ProjectDataTable[]> {
  const result = (await db.execute(sql`
    select c.table_name, c.column_name, c.ordinal_position
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
       and c.table_name in (
         select table_name from information_schema.columns
          where table_schema = current_schema() and column_name in ('project_id', 'issue_id'))
     order by c.table_name, c.ordinal_position`)) as unknown as {
    rows: { table_name: string; column_name: string }[];
  };
  const byTable = new Map<string, string[]>();
  for (const r of result.rows)
    byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
  const tables: ProjectDataTable[] = [];
  for (const [name, all] of byTable) {
    const via = all.includes('project_id') ? 'project' : 'issue';
    tables.push({ name, via, columns: all.filter((c) => !SECRET_COLUMN.test(c)) });
  }
  return tables;
}

/** The project's own row (without secret columns), or undefined. */
export async function projectRow(db: Db, projectId: number): Promise<Record<string, unknown> | undefined> {
  const result = (await db.execute(sql`select * from projects where id = ${projectId}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const row = result.rows[0];
  if (!row) return undefined;
  return Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_COLUMN.test(key)));
}

function whereOf(table: ProjectDataTable, projectId: number) {
  return table.via === 'project'
    ? sql`project_id = ${projectId}`
    : sql`issue_id in (select id from issues where project_id = ${projectId})`;
}

/** How many rows of the table belong to the project. */
export async function countProjectRows(db: Db, table: ProjectDataTable, projectId: number): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table.name)} where ${whereOf(table, projectId)}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

/** One page of the table's rows of the project, in a stable order (the columns' natural order). */
export async function projectRowsPage(
  db: Db,
  table: ProjectDataTable,
  projectId: number,
  offset: number,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const columns = sql.join(
    table.columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const result = (await db.execute(
    sql`select ${columns} from ${sql.identifier(table.name)} where ${whereOf(table, projectId)}
        order by 1 offset ${offset} limit ${limit}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}
