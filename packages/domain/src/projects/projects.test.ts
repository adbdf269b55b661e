import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { validateNamingRule } from './naming-rule.ts';
import { abbreviationTrees, flattenTree, treeInputSchema } from './project-tree.ts';

function reasonOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? String(error.details?.['reason']) : 'other';
  }
}

describe('document naming rule (editor §5.4)', () => {
  it('accepts a rule with the mandatory fields and the revision last', () => {
    expect(validateNamingRule(['project', 'discipline', 'phase', 'sequence', 'revision'], '-')).toHaveLength(
      5,
    );
  });

  it('needs the revision last, no repeated field, the mandatory fields, known fields and separator', () => {
    expect(reasonOf(() => validateNamingRule(['discipline', 'revision', 'sequence'], '-'))).toBe(
      'revisionNotLast',
    );
    expect(
      reasonOf(() => validateNamingRule(['discipline', 'discipline', 'sequence', 'revision'], '-')),
    ).toBe('repeatedField');
    expect(reasonOf(() => validateNamingRule(['discipline', 'revision'], '-'))).toBe('missingField');
    expect(reasonOf(() => validateNamingRule(['discipline', 'floor', 'sequence', 'revision'], '-'))).toBe(
      'unknownField',
    );
    expect(reasonOf(() => validateNamingRule(['discipline', 'sequence', 'revision'], '/'))).toBe('separator');
  });
});

describe('locations and labels trees', () => {
  const tree = treeInputSchema.parse([
    {
      name: 'Tower A',
      abbreviation: 'TA',
      children: [
        { name: 'Floor 2', abbreviation: 'PAV2', children: [{ name: 'Apt 21', abbreviation: 'APT21' }] },
      ],
    },
    { name: 'Garage', abbreviation: 'GAR' },
  ]);

  it('flattens depth-first with parents before children and positions per level', () => {
    const flat = flattenTree(tree);
    expect(flat.map((n) => [n.name, n.parentKey, n.position, n.depth])).toEqual([
      ['Tower A', null, 0, 1],
      ['Floor 2', 0, 0, 2],
      ['Apt 21', 1, 0, 3],
      ['Garage', null, 1, 1],
    ]);
  });

  it('builds the abbreviation tree of each node', () => {
    const stored = [
      { id: 10, parentId: null, name: 'Tower A', abbreviation: 'TA', position: 0 },
      { id: 11, parentId: 10, name: 'Floor 2', abbreviation: 'PAV2', position: 0 },
      { id: 12, parentId: 11, name: 'Apt 21', abbreviation: 'APT21', position: 0 },
    ];
    expect(Object.fromEntries(abbreviationTrees(stored))).toEqual({
      10: 'TA',
      11: 'TA.PAV2',
      12: 'TA.PAV2.APT21',
    });
  });

  it('refuses blank names and trees past the limits', () => {
    expect(() => treeInputSchema.parse([{ name: ' ', abbreviation: 'X' }])).toThrow();
    let deep: { name: string; abbreviation: string; children?: unknown[] } = { name: 'n', abbreviation: 'a' };
    for (let i = 0; i < 9; i++) deep = { name: 'n', abbreviation: 'a', children: [deep] };
    expect(() => flattenTree(treeInputSchema.parse([deep]))).toThrow(RangeError);
  });
});
