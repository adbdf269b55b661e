import { describe, expect, it } from 'vitest';
import { bulkListConflict, changedDisciplineList, changedIdList, isListChange } from './bulk-changes.ts';

describe('bulk list changes', () => {
  it('adds and removes ids, and says when nothing changes', () => {
    expect(changedIdList([3, 1], { add: [2], remove: [3] })).toEqual([1, 2]);
    expect(changedIdList([1, 2], { add: [2], remove: [9] })).toBeUndefined();
    expect(changedIdList([], { add: [] })).toBeUndefined();
    expect(isListChange({ add: [], remove: null })).toBe(false);
    expect(isListChange({ remove: [1] })).toBe(true);
  });

  it('adds disciplines with their start status, keeps the status of those already there, removes others', () => {
    const current = [
      { disciplineId: 1, status: 'done', deadline: null },
      { disciplineId: 2, status: 'todo', deadline: '2026-01-10' },
    ];
    expect(
      changedDisciplineList(
        current,
        [
          { disciplineId: 1, status: 'todo' },
          { disciplineId: 3, status: 'todo' },
        ],
        [2],
      ),
    ).toEqual([
      { disciplineId: 1, status: 'done', deadline: null },
      { disciplineId: 3, status: 'todo', deadline: null },
    ]);
    expect(changedDisciplineList(current, [{ disciplineId: 2, status: 'todo' }], [9])).toBeUndefined();
    // Removing every discipline is computed; the update rules refuse it for that issue.
    expect(changedDisciplineList(current, [], [1, 2])).toEqual([]);
  });

  it('finds conflicting changes', () => {
    expect(bulkListConflict({ locals: { replace: [1], add: [2], remove: null } })).toBe('locals');
    expect(bulkListConflict({ labels: { replace: undefined, add: [2], remove: [2] } })).toBe('labels');
    expect(bulkListConflict({ labels: { replace: null, add: [2], remove: [3] } })).toBeNull();
  });
});
