/**
 * The editable tree of locals or labels (spec core §3): a pure model, so the screen only renders it and the
 * rules (add, rename, reorder, delete, serialize) are tested without a DOM.
 */

/** One item of the tree being edited; `key` is stable in the editor, `id` exists once saved. */
export interface TreeNode {
  key: string;
  id?: number;
  name: string;
  abbreviation: string;
  children: TreeNode[];
}

/** An item as the server sends it (flat, with its parent and position). */
export interface FlatTreeItem {
  id: number;
  parentId: number | null | undefined;
  name: string;
  abbreviation: string;
  position: number;
}

/** What setProjectLocals / setProjectLabels take: the whole tree, ids kept so issues keep their items. */
export interface TreeItemInput {
  id?: number;
  name: string;
  abbreviation: string;
  children?: TreeItemInput[];
}

/** Builds the nested tree from the server's flat list, ordered by position. */
export function treeFromItems(items: readonly FlatTreeItem[]): TreeNode[] {
  const childrenOf = (parentId: number | null): TreeNode[] =>
    items
      .filter((item) => (item.parentId ?? null) === parentId)
      .sort((a, b) => a.position - b.position)
      .map((item) => ({
        key: `saved-${item.id}`,
        id: item.id,
        name: item.name,
        abbreviation: item.abbreviation,
        children: childrenOf(item.id),
      }));
  return childrenOf(null);
}

/** Applies `change` to the sibling list that holds `key` (the root list included). */
function mapSiblings(
  tree: TreeNode[],
  key: string,
  change: (siblings: TreeNode[], index: number) => TreeNode[],
): TreeNode[] {
  const index = tree.findIndex((node) => node.key === key);
  if (index >= 0) return change(tree, index);
  return tree.map((node): TreeNode => ({ ...node, children: mapSiblings(node.children, key, change) }));
}

/** Adds `node` at the end of the children of `parentKey`, or at the root when it is null. */
export function addNode(tree: TreeNode[], parentKey: string | null, node: TreeNode): TreeNode[] {
  if (parentKey === null) return [...tree, node];
  return tree.map((item) =>
    item.key === parentKey
      ? { ...item, children: [...item.children, node] }
      : { ...item, children: addNode(item.children, parentKey, node) },
  );
}

/** Renames an item or changes its abbreviation. */
export function updateNode(
  tree: TreeNode[],
  key: string,
  patch: Partial<Pick<TreeNode, 'name' | 'abbreviation'>>,
): TreeNode[] {
  return mapSiblings(tree, key, (siblings, index) =>
    siblings.map((node, i) => (i === index ? { ...node, ...patch } : node)),
  );
}

/** Moves an item one place up (-1) or down (+1) among its siblings; at either end nothing changes. */
export function moveNode(tree: TreeNode[], key: string, direction: -1 | 1): TreeNode[] {
  return mapSiblings(tree, key, (siblings, index) => {
    const target = index + direction;
    const current = siblings[index];
    const other = siblings[target];
    if (!current || !other) return siblings;
    const next = [...siblings];
    next[index] = other;
    next[target] = current;
    return next;
  });
}

/** Removes an item with all its children. */
export function deleteNode(tree: TreeNode[], key: string): TreeNode[] {
  return mapSiblings(tree, key, (siblings, index) => siblings.filter((_, i) => i !== index));
}

/** The tree as the mutation takes it. */
export function treeToInput(tree: readonly TreeNode[]): TreeItemInput[] {
  return tree.map((node) => ({
    ...(node.id === undefined ? {} : { id: node.id }),
    name: node.name.trim(),
    abbreviation: node.abbreviation.trim(),
    ...(node.children.length > 0 ? { children: treeToInput(node.children) } : {}),
  }));
}

/** Whether every item has a name and an abbreviation (the server refuses blanks with REQUIRED_FIELD). */
export function isTreeComplete(tree: readonly TreeNode[]): boolean {
  return tree.every(
    (node) => node.name.trim() !== '' && node.abbreviation.trim() !== '' && isTreeComplete(node.children),
  );
}

/** The abbreviation tree of each item as the server builds it (abbreviations of the path joined by dots). */
export function abbreviationTrees(tree: readonly TreeNode[], prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const node of tree) {
    const path = prefix ? `${prefix}.${node.abbreviation.trim()}` : node.abbreviation.trim();
    out.set(node.key, path);
    for (const [key, value] of abbreviationTrees(node.children, path)) out.set(key, value);
  }
  return out;
}
