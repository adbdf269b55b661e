import { z } from 'zod';
import { TEXT_LIMITS } from '../validation/text-limits.ts';

/** One node of a locations or labels tree as the setup screen sends it. */
export interface TreeNodeInput {
  id?: number | null | undefined;
  name: string;
  abbreviation: string;
  children?: TreeNodeInput[] | null | undefined;
}

const node: z.ZodType<TreeNodeInput> = z.lazy(() =>
  z.object({
    id: z.number().int().positive().nullish(),
    name: z.string().trim().min(1).max(TEXT_LIMITS.name),
    abbreviation: z.string().trim().min(1).max(TEXT_LIMITS.abbreviation),
    children: z.array(node).max(500).nullish(),
  }),
);

/** The whole tree: at most 5,000 nodes and 8 levels. */
export const treeInputSchema = z.array(node).max(500);

/** A tree node flattened for storage, parents before children. */
export interface FlatTreeNode {
  readonly key: number;
  readonly id: number | null;
  readonly parentKey: number | null;
  readonly name: string;
  readonly abbreviation: string;
  readonly position: number;
  readonly depth: number;
}

/** Limits of a tree. */
export const TREE_LIMITS = { maxNodes: 5_000, maxDepth: 8 } as const;

/** Flattens a tree depth-first; throws RangeError past the limits. */
export function flattenTree(roots: readonly TreeNodeInput[]): FlatTreeNode[] {
  const out: FlatTreeNode[] = [];
  const walk = (nodes: readonly TreeNodeInput[], parentKey: number | null, depth: number): void => {
    if (depth > TREE_LIMITS.maxDepth) throw new RangeError('tree too deep');
    nodes.forEach((n, position) => {
      const key = out.length;
      if (key >= TREE_LIMITS.maxNodes) throw new RangeError('tree too large');
      out.push({
        key,
        id: n.id ?? null,
        parentKey,
        name: n.name.trim(),
        abbreviation: n.abbreviation.trim(),
        position,
        depth,
      });
      walk(n.children ?? [], key, depth + 1);
    });
  };
  walk(roots, null, 1);
  return out;
}

/** A stored node, as read back. */
export interface StoredTreeNode {
  readonly id: number;
  readonly parentId: number | null;
  readonly name: string;
  readonly abbreviation: string;
  readonly position: number;
}

/**
 * The abbreviation tree of each node: its ancestors' abbreviations and its own, joined by '.', e.g.
 * 'TA.PAV2.APT21' for apartment 21 on floor 2 of tower A.
 */
export function abbreviationTrees(nodes: readonly StoredTreeNode[]): Map<number, string> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const cache = new Map<number, string>();
  const of = (n: StoredTreeNode, guard: number): string => {
    const hit = cache.get(n.id);
    if (hit !== undefined) return hit;
    const parent = n.parentId !== null ? byId.get(n.parentId) : undefined;
    const value =
      parent && guard < TREE_LIMITS.maxDepth ? `${of(parent, guard + 1)}.${n.abbreviation}` : n.abbreviation;
    cache.set(n.id, value);
    return value;
  };
  for (const n of nodes) of(n, 0);
  return cache;
}
