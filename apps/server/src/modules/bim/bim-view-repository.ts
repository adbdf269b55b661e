import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { bimViews, users } from '../../db/schema/index.ts';

/** A saved view's row (docs/bim.md "Saved views"). */
export type BimViewRow = typeof bimViews.$inferSelect;

/** What a saved view is on: a model document (all its revisions) or a federated model. */
export type BimViewTarget = { documentId: number } | { federatedModelId: number };

/** A saved view with its author's name, as the views list reads it. */
export interface BimViewListRow {
  id: number;
  name: string;
  documentId: number | null;
  federatedModelId: number | null;
  /** A BCF viewpoint (packages/domain BcfViewpoint): camera, visibility, selection, clipping planes. */
  viewpoint: unknown;
  createdByUserId: number | null;
  createdByName: string | null;
  createdAt: Date;
}

function targetWhere(projectId: number, target: BimViewTarget) {
  return and(
    eq(bimViews.projectId, projectId),
    'documentId' in target
      ? eq(bimViews.documentId, target.documentId)
      : eq(bimViews.federatedModelId, target.federatedModelId),
  );
}

/** The saved views of a model of the project (or only the view `id`), by name, with their authors' names. */
export async function listBimViewRows(
  db: Db,
  projectId: number,
  target: BimViewTarget,
  id?: number,
): Promise<BimViewListRow[]> {
  return db
    .select({
      id: bimViews.id,
      name: bimViews.name,
      documentId: bimViews.documentId,
      federatedModelId: bimViews.federatedModelId,
      viewpoint: bimViews.viewpoint,
      createdByUserId: bimViews.createdByUserId,
      createdByName: sql<string | null>`nullif(trim(concat(${users.name}, ' ', ${users.lastName})), '')`,
      createdAt: bimViews.createdAt,
    })
    .from(bimViews)
    .leftJoin(users, eq(users.id, bimViews.createdByUserId))
    .where(id === undefined ? targetWhere(projectId, target) : eq(bimViews.id, id))
    .orderBy(asc(sql`lower(${bimViews.name})`), asc(bimViews.id));
}

/** Writes a saved view on a model of the project; returns its id. */
export async function insertBimView(
  db: Db,
  view: {
    projectId: number;
    target: BimViewTarget;
    name: string;
    viewpoint: Record<string, unknown>;
    createdByUserId: number;
  },
): Promise<number> {
  const [created] = await db
    .insert(bimViews)
    .values({
      projectId: view.projectId,
      documentId: 'documentId' in view.target ? view.target.documentId : null,
      federatedModelId: 'federatedModelId' in view.target ? view.target.federatedModelId : null,
      name: view.name,
      viewpoint: view.viewpoint,
      createdByUserId: view.createdByUserId,
    })
    .returning({ id: bimViews.id });
  if (!created) throw new Error('view not written');
  return created.id;
}

/** A saved view of the project; undefined when there is none. */
export async function findBimView(
  db: Db,
  projectId: number,
  viewId: number,
): Promise<BimViewRow | undefined> {
  const [view] = await db
    .select()
    .from(bimViews)
    .where(and(eq(bimViews.id, viewId), eq(bimViews.projectId, projectId)));
  return view;
}

/** Deletes a saved view of the project. */
export async function deleteBimViewRow(db: Db, projectId: number, viewId: number): Promise<void> {
  await db.delete(bimViews).where(and(eq(bimViews.id, viewId), eq(bimViews.projectId, projectId)));
}
