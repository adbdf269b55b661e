import { describe, expect, it } from 'vitest';
import { apiUrl } from '../../lib/api/rest-client.ts';
import { listQuery, paramsFromView, viewFromParams } from './drive-query.ts';

describe('drive view in the address', () => {
  it('round-trips filters and sort, dropping unknown values', () => {
    const view = viewFromParams(
      new URLSearchParams('q=planta&status=APPROVED&status=NOPE&discipline=3&sort=fileName&order=asc'),
    );
    expect(view).toEqual({
      search: 'planta',
      status: ['APPROVED'],
      visibility: [],
      disciplineId: [3],
      sort: 'fileName',
      order: 'asc',
    });
    expect(paramsFromView(view).toString()).toBe(
      'q=planta&status=APPROVED&discipline=3&sort=fileName&order=asc',
    );
    expect(apiUrl('/files', {}, listQuery(view, 2, 200))).toBe(
      '/files?page=2&pageSize=200&sort=fileName&order=asc&search=planta&status=APPROVED&disciplineId=3',
    );
  });
});
