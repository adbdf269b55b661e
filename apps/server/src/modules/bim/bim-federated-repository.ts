import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { bimFederatedModelItems, bimFederatedModels, driveDocuments } from '../../db/schema/index.ts';

/** A federated model's row (docs/bim.md). */
export type BimFederatedModelRow = typeof bimFederatedModels.$inferSelect;

/** Whether the project has a drive document with this id (of any kind; the caller checks what it sees of it). */
export async function isProjectDocument(db: Db, projectId: number, documentId: number): Promise<boolean> {
  const [document] = await db
    .select({ id: driveDocuments.id })
    .from(driveDocuments)
    .where(and(eq(driveDocuments.id, documentId), eq(driveDocuments.projectId, projectId)));
  return document !== undefined;
}

/** Whether the project has a federated model of this name, case aside. */
export async function federatedModelNameTaken(db: Db, projectId: number, name: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: bimFederatedModels.id })
    .from(bimFederatedModels)
    .where(
      and(
        eq(bimFederatedModels.projectId, projectId),
        sql`lower(${bimFederatedModels.name}) = lower(${name})`,
      ),
    );
  return taken !== undefined;
}

/** Writes a federated model and its items, in their order (pinned when they name a revision); returns its id. */
export async function insertFederatedModel(
  db: Db,
  model: { projectId: number; name: string; createdByUserId: number },
  items: { documentId: number; fileId: number | null }[],
): Promise<number> {
  const [created] = await db
    .insert(bimFederatedModels)
    .values(model)
    .returning({ id: bimFederatedModels.id });
  if (!created) throw new Error('federated model not written');
  await db.insert(bimFederatedModelItems).values(
    items.map((item, position) => ({
      federatedModelId: created.id,
      documentId: item.documentId,
      fileId: item.fileId,
      pinned: item.fileId !== null,
      position,
    })),
  );
  return created.id;
}

/** The project's federated models with their model counts, by name. */
export async function listProjectFederatedModels(db: Db, projectId: number) {
  const rows = await db
    .select({
      id: bimFederatedModels.id,
      name: bimFederatedModels.name,
      updatedAt: bimFederatedModels.updatedAt,
      modelCount: sql<number>`(select count(*) from bim_federated_model_items i where i.federated_model_id = ${bimFederatedModels.id})`,
    })
    .from(bimFederatedModels)
    .where(eq(bimFederatedModels.projectId, projectId))
    .orderBy(asc(sql`lower(${bimFederatedModels.name})`));
  return rows.map((r) => ({ ...r, modelCount: Number(r.modelCount) }));
}

/** A federated model of the project; undefined when there is none. */
export async function findFederatedModel(
  db: Db,
  projectId: number,
  federatedId: number,
): Promise<BimFederatedModelRow | undefined> {
  const [model] = await db
    .select()
    .from(bimFederatedModels)
    .where(and(eq(bimFederatedModels.id, federatedId), eq(bimFederatedModels.projectId, projectId)));
  return model;
}

/** A federated model's items, in their order. */
export async function federatedModelItems(db: Db, federatedId: number) {
  return db
    .select()
    .from(bimFederatedModelItems)
    .where(eq(bimFederatedModelItems.federatedModelId, federatedId))
    .orderBy(asc(bimFederatedModelItems.position));
}

/** Deletes a federated model of the project (its items and views with it); whether there was one. */
export async function deleteFederatedModelRow(
  db: Db,
  projectId: number,
  federatedId: number,
): Promise<boolean> {
  const removed = await db
    .delete(bimFederatedModels)
    .where(and(eq(bimFederatedModels.id, federatedId), eq(bimFederatedModels.projectId, projectId)))
    .returning({ id: bimFederatedModels.id });
  return removed.length > 0;
}
