import { describe, expect, it } from 'vitest';
import { readerDisciplinesFirst } from './reader-first.ts';

describe('reader’s disciplines first', () => {
  it('puts the reader’s own disciplines first and keeps the others in order', () => {
    const ds = [{ disciplineId: 1 }, { disciplineId: 2 }, { disciplineId: 3 }, { disciplineId: 4 }];
    expect(readerDisciplinesFirst(ds, [3]).map((d) => d.disciplineId)).toEqual([3, 1, 2, 4]);
    expect(readerDisciplinesFirst(ds, [4, 2]).map((d) => d.disciplineId)).toEqual([2, 4, 1, 3]);
    expect(readerDisciplinesFirst(ds, []).map((d) => d.disciplineId)).toEqual([1, 2, 3, 4]);
  });
});
