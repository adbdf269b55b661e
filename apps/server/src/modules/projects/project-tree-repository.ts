import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { AppError, abbreviationTrees, flattenTree, type TreeNodeInput } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import { projectLabels, projectLocals } from '../../db/schema/index.ts';

/** Which tree: locations or labels. */
export type TreeKind = 'locals' | 'labels';

const TABLES = { locals: projectLocals, labels: projectLabels } as const;

/** A stored tree item with its abbreviation tree. */
export interface TreeItem {
  id: number;
  parentId: number | null;
  name: string;
  abbreviation: string;
  abbreviationTree: string;
  position: number;
}

/** The items of a project's tree, parents first, each with its abbreviation tree. */
export async function listTree(db: Db, kind: TreeKind, projectId: number): Promise<TreeItem[]> {
  const table = TABLES[kind];
  const rows = await db
    .select({
      id: table.id,
      parentId: table.parentId,
      name: table.name,
      abbreviation: table.abbreviation,
      position: table.position,
    })
    .from(table)
    .where(eq(table.projectId, projectId))
    .orderBy(asc(table.parentId), asc(table.position), asc(table.id));
  const trees = abbreviationTrees(rows);
  return rows.map((r) => ({ ...r, abbreviationTree: trees.get(r.id) ?? r.abbreviation }));
}

/**
 * Replaces a project's tree with the given one in the caller's transaction. Items sent with an id keep it (so
 * issues keep pointing at them); new items get ids; items left out are deleted.
 */
export async function replaceTree(
  tx: Db,
  kind: TreeKind,
  projectId: number,
  input: readonly TreeNodeInput[],
): Promise<void> {
  const table = TABLES[kind];
  let flat;
  try {
    flat = flattenTree(input);
  } catch {
    throw new AppError('INVALID_ACTION', { reason: 'treeTooLarge' });
  }
  const existing = new Set(
    (await tx.select({ id: table.id }).from(table).where(eq(table.projectId, projectId))).map((r) => r.id),
  );
  const sentIds = flat.map((n) => n.id).filter((id): id is number => id !== null);
  if (sentIds.some((id) => !existing.has(id)) || new Set(sentIds).size !== sentIds.length) {
    throw new AppError('INVALID_ACTION', { reason: 'unknownItem' });
  }
  const idOfKey = new Map<number, number>();
  for (const node of flat) {
    const parentId = node.parentKey === null ? null : (idOfKey.get(node.parentKey) ?? null);
    const values = { name: node.name, abbreviation: node.abbreviation, position: node.position, parentId };
    if (node.id !== null) {
      await tx
        .update(table)
        .set(values)
        .where(and(eq(table.id, node.id), eq(table.projectId, projectId)));
      idOfKey.set(node.key, node.id);
    } else {
      const [row] = await tx
        .insert(table)
        .values({ ...values, projectId })
        .returning({ id: table.id });
      if (!row) throw new Error('tree item not stored');
      idOfKey.set(node.key, row.id);
    }
  }
  const kept = [...idOfKey.values()];
  await tx
    .delete(table)
    .where(
      kept.length > 0
        ? and(eq(table.projectId, projectId), notInArray(table.id, kept))
        : eq(table.projectId, projectId),
    );
}

/** Copies a tree from one project to another (replacing the target's), for settings copies and duplication. */
export async function copyTree(
  tx: Db,
  kind: TreeKind,
  sourceProjectId: number,
  targetProjectId: number,
): Promise<void> {
  const items = await listTree(tx, kind, sourceProjectId);
  const children = new Map<number | null, TreeItem[]>();
  for (const item of items) children.set(item.parentId, [...(children.get(item.parentId) ?? []), item]);
  const build = (parentId: number | null): TreeNodeInput[] =>
    (children.get(parentId) ?? [])
      .sort((a, b) => a.position - b.position)
      .map((i) => ({ name: i.name, abbreviation: i.abbreviation, children: build(i.id) }));
  const table = TABLES[kind];
  await tx.delete(table).where(eq(table.projectId, targetProjectId));
  await replaceTree(tx, kind, targetProjectId, build(null));
}

/** Whether every id is an item of the project's tree. */
export async function treeHasAll(
  db: Db,
  kind: TreeKind,
  projectId: number,
  ids: readonly number[],
): Promise<boolean> {
  if (ids.length === 0) return true;
  const table = TABLES[kind];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.projectId, projectId), inArray(table.id, [...ids])));
  return rows.length === new Set(ids).size;
}
