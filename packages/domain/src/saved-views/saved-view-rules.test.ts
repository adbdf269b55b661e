import { describe, expect, it } from 'vitest';
import {
  canEditSavedView,
  canShareSavedViews,
  orderedColumns,
  SAVED_VIEW_NAME_MAX,
} from './saved-view-rules.ts';
import { savedViewContentSchema } from './saved-view-schema.ts';

const filter = { standard: 'all', search: '', combination: 'or', conditions: [], sort: null } as const;

describe('saved views', () => {
  it('accepts a view and trims its name', () => {
    const parsed = savedViewContentSchema.parse({
      name: '  Late structure  ',
      filter: { ...filter, sort: { key: 'deadline', direction: 'asc' } },
      columns: ['code', 'title'],
      viewMode: 'table',
    });
    expect(parsed.name).toBe('Late structure');
  });

  it('refuses blank or long names, unknown columns, sort keys and filter fields', () => {
    const base = { name: 'x', filter, columns: ['code'], viewMode: 'list' };
    expect(savedViewContentSchema.safeParse({ ...base, name: '   ' }).success).toBe(false);
    expect(
      savedViewContentSchema.safeParse({ ...base, name: 'a'.repeat(SAVED_VIEW_NAME_MAX + 1) }).success,
    ).toBe(false);
    expect(savedViewContentSchema.safeParse({ ...base, columns: ['secret'] }).success).toBe(false);
    expect(savedViewContentSchema.safeParse({ ...base, columns: [] }).success).toBe(false);
    expect(
      savedViewContentSchema.safeParse({
        ...base,
        filter: { ...filter, sort: { key: 'x', direction: 'asc' } },
      }).success,
    ).toBe(false);
    expect(
      savedViewContentSchema.safeParse({
        ...base,
        filter: { ...filter, conditions: [{ field: 'nope', values: [1] }] },
      }).success,
    ).toBe(false);
  });

  it('keeps columns in the table order', () => {
    expect(orderedColumns(['deadline', 'code', 'code'])).toEqual(['code', 'deadline']);
  });

  it('lets managers share and only owners edit', () => {
    expect(canShareSavedViews({ manageDisciplines: true, isParticipant: true })).toBe(true);
    expect(canShareSavedViews({ manageDisciplines: false, isParticipant: true })).toBe(false);
    expect(canShareSavedViews({ manageDisciplines: true, isParticipant: false })).toBe(false);
    expect(canEditSavedView({ ownerId: 3 }, 3)).toBe(true);
    expect(canEditSavedView({ ownerId: 3 }, 4)).toBe(false);
  });
});
