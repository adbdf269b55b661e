import { describe, expect, it } from 'vitest';
import { DEFAULT_ISSUE_SORT, issueFilterSchema } from '@obra/domain';
import { bulkValuesFrom, EMPTY_BULK_FORM, hasBulkChanges } from './bulk-edit-form.ts';
import { CLIENT_PAGE_SIZE, pageCount, pageSlice, showPagination } from './client-pagination.ts';
import { selectionSummary } from './compact-multi-select.tsx';
import {
  dateRange,
  idValues,
  setDateRange,
  setIdValues,
  setTextValues,
  textValues,
} from './filter-conditions.ts';
import { DEFAULT_COLUMNS, parseColumns } from './list-preferences.ts';
import {
  DEFAULT_LIST_FILTER,
  filterFromParams,
  filterToParams,
  sortLedBy,
  toCondition,
} from './list-url-state.ts';
import { nextActiveIndex } from './use-list-keyboard.ts';

describe('list filter in the address', () => {
  it('round-trips a full filter and leaves defaults out', () => {
    const filter = {
      standard: 'custom' as const,
      search: 'laje "do térreo"',
      combination: 'and' as const,
      conditions: [
        { field: 'priority' as const, values: ['high'] },
        { field: 'deadline' as const, from: '2026-01-01', to: '2026-01-31' },
      ],
      sort: sortLedBy({ key: 'deadline', direction: 'asc' }),
    };
    expect(filterFromParams(filterToParams(filter))).toEqual(filter);
    expect(filterToParams(DEFAULT_LIST_FILTER).toString()).toBe('');
    expect(filterFromParams(new URLSearchParams())).toEqual(DEFAULT_LIST_FILTER);
  });

  it('accepts exactly the conditions the domain filter schema accepts', () => {
    const samples: unknown[] = [
      { field: 'priority', values: ['high'] },
      { field: 'priority', values: [] },
      { field: 'priority', values: [1] },
      { field: 'discipline', values: [4, 5] },
      { field: 'discipline', values: [4.5] },
      { field: 'discipline', values: ['4'] },
      { field: 'deadline', from: '2026-01-01' },
      { field: 'deadline', from: '2026-01-01', to: '2026-02-30' },
      { field: 'deadline', from: '01/01/2026' },
      { field: 'deadline' },
      { field: 'createdAt', to: '2026-01-31', extra: 1 },
      { field: 'status', values: ['active'], from: '2026-01-01' },
      { field: 'unknown', values: ['x'] },
      'status',
      null,
    ];
    for (const sample of samples) {
      const domain = issueFilterSchema.safeParse({ conditions: [sample] });
      expect(toCondition(sample), JSON.stringify(sample)).toEqual(
        domain.success ? domain.data.conditions[0] : null,
      );
    }
  });

  it('ignores what it does not understand', () => {
    const filter = filterFromParams(
      new URLSearchParams('filter=bogus&sort=nope.asc&c=%5B%7B%22field%22%3A%22x%22%7D%5D&match=xor'),
    );
    expect(filter).toEqual(DEFAULT_LIST_FILTER);
    expect(filterFromParams(new URLSearchParams('c=not-json')).conditions).toEqual([]);
  });

  it('leads with the chosen key and keeps the rest of the default order as tie-breakers', () => {
    const sort = sortLedBy({ key: 'title', direction: 'desc' });
    expect(sort[0]).toEqual({ key: 'title', direction: 'desc' });
    expect(sort.slice(1)).toEqual(DEFAULT_ISSUE_SORT.filter((s) => s.key !== 'title'));
    expect(sortLedBy(null)).toEqual([]);
    // A key without a direction takes the default order's.
    expect(filterFromParams(new URLSearchParams('sort=createdAt')).sort[0]).toEqual({
      key: 'createdAt',
      direction: 'desc',
    });
  });
});

describe('custom filter conditions', () => {
  it('sets and reads values per field, dropping a field with nothing chosen', () => {
    let conditions = setTextValues([], 'status', ['active', 'resolved']);
    conditions = setIdValues(conditions, 'discipline', [4, 5]);
    conditions = setDateRange(conditions, 'createdAt', { from: '2026-01-01' });
    expect(textValues(conditions, 'status')).toEqual(['active', 'resolved']);
    expect(idValues(conditions, 'discipline')).toEqual([4, 5]);
    expect(dateRange(conditions, 'createdAt')).toEqual({ from: '2026-01-01', to: undefined });
    conditions = setTextValues(conditions, 'status', []);
    conditions = setDateRange(conditions, 'createdAt', { from: '', to: '' });
    expect(conditions).toEqual([{ field: 'discipline', values: [4, 5] }]);
  });

  it('summarises a multi-select with two names and then +N (editor §9)', () => {
    expect(selectionSummary([])).toBe('');
    expect(selectionSummary(['EST'])).toBe('EST');
    expect(selectionSummary(['EST', 'HID'])).toBe('EST, HID');
    expect(selectionSummary(['EST', 'HID', 'ELE', 'ARQ'])).toBe('EST, HID +2');
  });
});

describe('client-side pagination (editor §9)', () => {
  it('has pages of 20 and is hidden on a single page', () => {
    expect(CLIENT_PAGE_SIZE).toBe(20);
    expect(showPagination(0)).toBe(false);
    expect(showPagination(20)).toBe(false);
    expect(showPagination(21)).toBe(true);
    expect(pageCount(41)).toBe(3);
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(pageSlice(items, 3)).toEqual({ items: [40, 41, 42, 43, 44], page: 3 });
    // A page past the end (the list shrank) shows the last one.
    expect(pageSlice(items.slice(0, 25), 3).page).toBe(2);
  });
});

describe('bulk edit values', () => {
  it('sends only the fields set, null to clear the deadline, and complete discipline lines', () => {
    expect(hasBulkChanges(EMPTY_BULK_FORM)).toBe(false);
    expect(bulkValuesFrom(EMPTY_BULK_FORM)).toEqual({});
    expect(
      bulkValuesFrom({
        ...EMPTY_BULK_FORM,
        status: 'reproved',
        category: 0,
        deadline: { mode: 'clear' },
        disciplines: [
          { disciplineId: 4, status: 'done' },
          { disciplineId: 5, status: null },
        ],
      }),
    ).toEqual({
      status: 'reproved',
      category: 0,
      deadline: null,
      disciplines: [{ disciplineId: 4, status: 'done' }],
    });
    expect(bulkValuesFrom({ ...EMPTY_BULK_FORM, deadline: { mode: 'set', date: '2026-05-01' } })).toEqual({
      deadline: '2026-05-01',
    });
    expect(hasBulkChanges({ ...EMPTY_BULK_FORM, deadline: { mode: 'set', date: '' } })).toBe(false);
  });
});

describe('keyboard and preferences', () => {
  it('moves the current row with arrows, j/k, Home, End and pages, within the list', () => {
    expect(nextActiveIndex('ArrowDown', -1, 5, 2)).toBe(0);
    expect(nextActiveIndex('ArrowDown', 4, 5, 2)).toBe(4);
    expect(nextActiveIndex('ArrowUp', 0, 5, 2)).toBe(0);
    expect(nextActiveIndex('k', 3, 5, 2)).toBe(2);
    expect(nextActiveIndex('End', 0, 5, 2)).toBe(4);
    expect(nextActiveIndex('Home', 3, 5, 2)).toBe(0);
    expect(nextActiveIndex('PageDown', 1, 5, 2)).toBe(3);
    expect(nextActiveIndex('Enter', 1, 5, 2)).toBeNull();
    expect(nextActiveIndex('ArrowDown', -1, 0, 2)).toBeNull();
  });

  it('remembers only known columns, in the table order, falling back to the defaults', () => {
    expect(parseColumns(JSON.stringify(['deadline', 'code', 'bogus']))).toEqual(['code', 'deadline']);
    expect(parseColumns('garbage')).toEqual([...DEFAULT_COLUMNS]);
    expect(parseColumns(JSON.stringify([]))).toEqual([...DEFAULT_COLUMNS]);
    expect(parseColumns(null)).toEqual([...DEFAULT_COLUMNS]);
  });
});
