import { describe, expect, it } from 'vitest';
import {
  abbreviationTrees,
  addNode,
  deleteNode,
  isTreeComplete,
  moveNode,
  treeFromItems,
  treeToInput,
  updateNode,
  type TreeNode,
} from './tree-model.ts';

const leaf = (key: string, name: string, abbreviation: string, id?: number): TreeNode => ({
  key,
  ...(id === undefined ? {} : { id }),
  name,
  abbreviation,
  children: [],
});

describe('tree model (locals and labels)', () => {
  const saved = treeFromItems([
    { id: 2, parentId: 1, name: 'Térreo', abbreviation: 'TER', position: 1 },
    { id: 1, parentId: null, name: 'Torre', abbreviation: 'T', position: 0 },
    { id: 3, parentId: 1, name: 'Subsolo', abbreviation: 'SUB', position: 0 },
    { id: 4, parentId: null, name: 'Garagem', abbreviation: 'G', position: 1 },
  ]);

  it('nests the flat list by parent and orders siblings by position', () => {
    expect(saved.map((n) => n.name)).toEqual(['Torre', 'Garagem']);
    expect(saved[0]?.children.map((n) => n.name)).toEqual(['Subsolo', 'Térreo']);
  });

  it('adds at the root or as the last child of an item', () => {
    const withRoot = addNode(saved, null, leaf('n1', 'Bloco B', 'B'));
    expect(withRoot.map((n) => n.name)).toEqual(['Torre', 'Garagem', 'Bloco B']);
    const withChild = addNode(saved, 'saved-1', leaf('n2', 'Cobertura', 'COB'));
    expect(withChild[0]?.children.map((n) => n.name)).toEqual(['Subsolo', 'Térreo', 'Cobertura']);
    expect(saved[0]?.children).toHaveLength(2);
  });

  it('moves an item among its siblings and ignores moves past either end', () => {
    const up = moveNode(saved, 'saved-2', -1);
    expect(up[0]?.children.map((n) => n.name)).toEqual(['Térreo', 'Subsolo']);
    expect(moveNode(saved, 'saved-1', -1)).toEqual(saved);
    expect(moveNode(saved, 'saved-4', 1)).toEqual(saved);
    expect(moveNode(saved, 'saved-1', 1).map((n) => n.name)).toEqual(['Garagem', 'Torre']);
  });

  it('renames, and deletes an item with its children', () => {
    const renamed = updateNode(saved, 'saved-3', { name: 'Subsolo 1', abbreviation: 'SS1' });
    expect(renamed[0]?.children[0]).toMatchObject({ name: 'Subsolo 1', abbreviation: 'SS1', id: 3 });
    const deleted = deleteNode(saved, 'saved-1');
    expect(deleted.map((n) => n.name)).toEqual(['Garagem']);
  });

  it('serializes the whole tree, keeping ids and trimming text, new items without id', () => {
    const tree = addNode(saved, 'saved-4', leaf('n3', ' Vaga 1 ', ' V1 '));
    expect(treeToInput(tree)).toEqual([
      {
        id: 1,
        name: 'Torre',
        abbreviation: 'T',
        children: [
          { id: 3, name: 'Subsolo', abbreviation: 'SUB' },
          { id: 2, name: 'Térreo', abbreviation: 'TER' },
        ],
      },
      { id: 4, name: 'Garagem', abbreviation: 'G', children: [{ name: 'Vaga 1', abbreviation: 'V1' }] },
    ]);
  });

  it('builds abbreviation trees and refuses blanks', () => {
    const trees = abbreviationTrees(saved);
    expect(trees.get('saved-2')).toBe('T.TER');
    expect(trees.get('saved-4')).toBe('G');
    expect(isTreeComplete(saved)).toBe(true);
    expect(isTreeComplete(addNode(saved, 'saved-2', leaf('n4', 'Sala', ' ')))).toBe(false);
  });
});
