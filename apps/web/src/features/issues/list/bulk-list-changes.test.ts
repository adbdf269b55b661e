import { describe, expect, it } from 'vitest';
import { bulkValuesFrom, EMPTY_BULK_FORM, EMPTY_LIST_CHANGES, hasBulkChanges } from './bulk-edit-form.ts';

describe('bulk edit add / remove', () => {
  it('sends only the lists the user filled, added disciplines with their start status', () => {
    const form = {
      ...EMPTY_BULK_FORM,
      lists: {
        ...EMPTY_LIST_CHANGES,
        addLocals: [3],
        removeLabels: [8, 9],
        addDisciplines: [4, 5],
        addDisciplineStatus: 'doing',
        removeDisciplines: [6],
      },
    };
    expect(bulkValuesFrom(form)).toEqual({
      addLocals: [3],
      removeLabels: [8, 9],
      addDisciplines: [
        { disciplineId: 4, status: 'doing' },
        { disciplineId: 5, status: 'doing' },
      ],
      removeDisciplines: [6],
    });
    expect(hasBulkChanges(form)).toBe(true);
  });

  it('sends no discipline to add until a start status is known', () => {
    const form = { ...EMPTY_BULK_FORM, lists: { ...EMPTY_LIST_CHANGES, addDisciplines: [4] } };
    expect(bulkValuesFrom(form)).toEqual({});
    expect(hasBulkChanges(form)).toBe(false);
  });
});
