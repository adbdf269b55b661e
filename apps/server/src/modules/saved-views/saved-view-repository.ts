import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { savedViews, users } from '../../db/schema/index.ts';
import type { SavedViewContent } from '@obra/domain';

/** A saved view as the API presents it. */
export interface SavedViewRecord {
  id: number;
  projectId: number;
  ownerId: number;
  ownerName: string | null;
  name: string;
  filter: unknown;
  columns: string[];
  viewMode: string;
  shared: boolean;
  updatedAt: Date;
}

const columns = {
  id: savedViews.id,
  projectId: savedViews.projectId,
  ownerId: savedViews.ownerId,
  ownerName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.name}, ${users.lastName})), '')`,
  name: savedViews.name,
  filter: savedViews.filter,
  columns: savedViews.columns,
  viewMode: savedViews.viewMode,
  shared: savedViews.shared,
  updatedAt: savedViews.updatedAt,
};

/** Views with their owner's name (SavedViewRecord). */
function selectViews(db: Db) {
  return db.select(columns).from(savedViews).innerJoin(users, eq(users.id, savedViews.ownerId));
}

/** The views of the project a user sees: their own and the shared ones. */
function visibleTo(projectId: number, userId: number) {
  return and(
    eq(savedViews.projectId, projectId),
    or(eq(savedViews.ownerId, userId), eq(savedViews.shared, true)),
  );
}

/** The caller's views and the project's shared ones: own first, then by name. */
export async function listVisibleViews(
  db: Db,
  projectId: number,
  userId: number,
): Promise<SavedViewRecord[]> {
  return selectViews(db)
    .where(visibleTo(projectId, userId))
    .orderBy(
      desc(sql`${savedViews.ownerId} = ${userId}`),
      asc(sql`lower(${savedViews.name})`),
      asc(savedViews.id),
    );
}

/** One view of the project the caller may see (own or shared), locked for update when asked. */
export async function findVisibleView(
  db: Db,
  projectId: number,
  userId: number,
  viewId: number,
  lock = false,
): Promise<SavedViewRecord | null> {
  const query = selectViews(db)
    .where(and(eq(savedViews.id, viewId), visibleTo(projectId, userId)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: savedViews }) : await query;
  return row ?? null;
}

/** How many views the user keeps in the project. */
export async function countOwnViews(db: Db, projectId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(savedViews)
    .where(and(eq(savedViews.projectId, projectId), eq(savedViews.ownerId, userId)));
  return row?.n ?? 0;
}

/** The id of the user's view with this name in the project (case-insensitive), if any. */
export async function findOwnViewByName(
  db: Db,
  projectId: number,
  userId: number,
  name: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.projectId, projectId),
        eq(savedViews.ownerId, userId),
        sql`lower(${savedViews.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Stores a new view; returns its id. */
export async function insertView(
  db: Db,
  projectId: number,
  ownerId: number,
  content: SavedViewContent,
  shared: boolean,
): Promise<number> {
  const [row] = await db
    .insert(savedViews)
    .values({ projectId, ownerId, ...content, shared })
    .returning({ id: savedViews.id });
  return row!.id;
}

/** Changes a view. */
export async function updateView(
  db: Db,
  viewId: number,
  patch: Partial<SavedViewContent> & { shared?: boolean },
): Promise<void> {
  await db
    .update(savedViews)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(savedViews.id, viewId));
}

/** Removes a view. */
export async function deleteView(db: Db, viewId: number): Promise<void> {
  await db.delete(savedViews).where(eq(savedViews.id, viewId));
}
