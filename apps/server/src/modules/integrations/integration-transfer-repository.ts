import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { integrationTransfers } from '../../db/schema/index.ts';
import { ownRows } from '../../db/own-rows-sql.ts';

export type TransferRow = typeof integrationTransfers.$inferSelect;

/** Records a transfer about to be queued; returns its id. */
export async function insertTransfer(
  db: Db,
  values: Pick<
    TransferRow,
    | 'projectId'
    | 'userId'
    | 'driveFileId'
    | 'partnerFolderId'
    | 'partnerFileId'
    | 'partnerVersionId'
    | 'fileName'
    | 'kind'
    | 'total'
  >,
): Promise<TransferRow> {
  const [row] = await db.insert(integrationTransfers).values(values).returning();
  if (!row) throw new Error('transfer not written');
  return row;
}

export async function findTransfer(db: Db, id: string): Promise<TransferRow | undefined> {
  const [row] = await db.select().from(integrationTransfers).where(eq(integrationTransfers.id, id));
  return row;
}

/** The person's own transfers of the project since `since`, newest first. */
export async function findOwnTransfers(
  db: Db,
  input: { projectId: number; userId: number; since: Date; limit: number },
): Promise<TransferRow[]> {
  return db
    .select()
    .from(integrationTransfers)
    .where(and(ownRows(integrationTransfers, input), gt(integrationTransfers.createdAt, input.since)))
    .orderBy(desc(integrationTransfers.createdAt))
    .limit(input.limit);
}

export async function updateTransfer(
  db: Db,
  id: string,
  values: Partial<Pick<TransferRow, 'status' | 'errorCode' | 'done' | 'driveFileId' | 'completedAt'>>,
): Promise<void> {
  await db.update(integrationTransfers).set(values).where(eq(integrationTransfers.id, id));
}

/** Forgets the transfers started before `before`; returns how many. */
export async function deleteOldTransfers(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(integrationTransfers)
    .where(lt(integrationTransfers.createdAt, before))
    .returning({ id: integrationTransfers.id });
  return rows.length;
}
