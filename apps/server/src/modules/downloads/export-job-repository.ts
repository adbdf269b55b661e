import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { issueExportJobs, projects } from '../../db/schema/index.ts';
import { ownRows } from '../../db/own-rows-sql.ts';

export type ExportJobRow = typeof issueExportJobs.$inferSelect;

/** Records a background export; returns its id. */
export async function insertExportJob(
  db: Db,
  values: Pick<ExportJobRow, 'projectId' | 'userId' | 'format' | 'params' | 'expiresAt'>,
): Promise<string> {
  const [row] = await db.insert(issueExportJobs).values(values).returning({ id: issueExportJobs.id });
  if (!row) throw new Error('export job not written');
  return row.id;
}

export async function findExportJob(db: Db, id: string): Promise<ExportJobRow | undefined> {
  const [row] = await db.select().from(issueExportJobs).where(eq(issueExportJobs.id, id));
  return row;
}

/** The caller's own export of this project, or undefined. */
export async function findOwnExportJob(
  db: Db,
  input: { id: string; projectId: number; userId: number },
): Promise<ExportJobRow | undefined> {
  const [row] = await db
    .select()
    .from(issueExportJobs)
    .where(and(eq(issueExportJobs.id, input.id), ownRows(issueExportJobs, input)));
  return row;
}

export async function updateExportJob(
  db: Db,
  id: string,
  values: Partial<
    Pick<
      ExportJobRow,
      'status' | 'errorCode' | 'fileName' | 'storageKey' | 'size' | 'done' | 'total' | 'completedAt'
    >
  >,
): Promise<void> {
  await db.update(issueExportJobs).set(values).where(eq(issueExportJobs.id, id));
}

/** Removes the exports past their expiry; returns their stored files' keys. */
export async function deleteExpiredExportJobs(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .delete(issueExportJobs)
    .where(lt(issueExportJobs.expiresAt, now))
    .returning({ key: issueExportJobs.storageKey });
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

/** The project's name, for the notice of an export whose requester may have lost access meanwhile. */
export async function exportProjectName(db: Db, projectId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
  return row?.name;
}

/** Records a file prepared elsewhere (an admin script's export) as completed, to be listed in Downloads. */
export async function recordPreparedFile(
  db: Db,
  values: Pick<
    ExportJobRow,
    'id' | 'projectId' | 'userId' | 'format' | 'fileName' | 'storageKey' | 'size' | 'total' | 'expiresAt'
  >,
): Promise<void> {
  await db.insert(issueExportJobs).values({
    ...values,
    params: {},
    status: 'completed',
    done: values.total,
    completedAt: new Date(),
  });
}
