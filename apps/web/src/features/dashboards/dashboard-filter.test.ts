import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_FILTER, filterFromParams } from '../issues/list/list-url-state.ts';
import { conditionsOf, drillDownPath, mergeConditions, serverFilterOf } from './dashboard-filter.ts';

function listFilterOf(path: string | null) {
  return filterFromParams(new URL(`http://x${path ?? ''}`).searchParams);
}

describe('dashboard filters', () => {
  it('sends what the list shows: custom conditions only on the custom tab', () => {
    const filter = {
      ...DEFAULT_LIST_FILTER,
      standard: 'actives' as const,
      search: 'duto',
      conditions: [{ field: 'priority' as const, values: ['high'] }],
    };
    expect(serverFilterOf(filter, 180)).toEqual({
      standard: 'actives',
      search: 'duto',
      combination: 'or',
      conditions: [],
      timezoneOffset: 180,
    });
  });

  it('drills down to the custom tab with the filter and the cell, all holding', () => {
    const filter = {
      ...DEFAULT_LIST_FILTER,
      standard: 'custom' as const,
      search: 'viga',
      conditions: [{ field: 'priority' as const, values: ['high', 'medium'] }],
    };
    const path = drillDownPath(7, filter, [
      { field: 'status', values: ['active'] },
      { field: 'priority', values: ['high'] },
      { field: 'discipline', values: [3] },
    ]);
    expect(path?.startsWith('/workspace/project/7/issues?')).toBe(true);
    const target = listFilterOf(path?.slice(path.indexOf('?')) ?? null);
    expect(target.standard).toBe('custom');
    expect(target.combination).toBe('and');
    expect(target.search).toBe('viga');
    expect(target.conditions).toEqual([
      { field: 'priority', values: ['high'] },
      { field: 'status', values: ['active'] },
      { field: 'discipline', values: [3] },
    ]);
  });

  it('turns the list tabs that are conditions into conditions, and refuses the others', () => {
    expect(conditionsOf({ ...DEFAULT_LIST_FILTER, standard: 'actives' })).toEqual([
      { field: 'status', values: ['active'] },
    ]);
    expect(conditionsOf({ ...DEFAULT_LIST_FILTER, standard: 'pendencies' })).toBeNull();
    expect(
      conditionsOf({
        ...DEFAULT_LIST_FILTER,
        standard: 'custom',
        conditions: [
          { field: 'priority', values: ['high'] },
          { field: 'status', values: ['active'] },
        ],
      }),
    ).toBeNull();
    expect(drillDownPath(1, { ...DEFAULT_LIST_FILTER, standard: 'starred' }, [])).toBeNull();
  });

  it('intersects date ranges', () => {
    expect(
      mergeConditions(
        [{ field: 'createdAt', from: '2026-01-01', to: '2026-03-31' }],
        [{ field: 'createdAt', from: '2026-02-01', to: '2026-04-30' }],
      ),
    ).toEqual([{ field: 'createdAt', from: '2026-02-01', to: '2026-03-31' }]);
  });
});
