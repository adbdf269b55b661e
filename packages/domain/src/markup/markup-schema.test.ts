import { describe, expect, it } from 'vitest';
import { markupProblems, serializeMarkup } from './markup-schema.ts';
import { EMPTY_MARKUP } from './markup-types.ts';

describe('markupProblems (the strict check of a markUp being written)', () => {
  it('accepts nothing, a current document and a legacy document that migrates whole', () => {
    expect(markupProblems(null, 'markUp')).toEqual([]);
    expect(markupProblems(serializeMarkup(EMPTY_MARKUP), 'markUp')).toEqual([]);
    expect(markupProblems({ rects: [{ x: 1, y: 2, width: 3, height: 4 }] }, 'markUp')).toEqual([]);
  });

  it('refuses unreadable, newer and partly invalid documents on the field', () => {
    expect(markupProblems('{', 'm')).toEqual([
      { field: 'm', code: 'BAD_USER_INPUT', details: { reason: 'unreadable' } },
    ]);
    expect(markupProblems({ version: 99 }, 'm')[0]?.details).toEqual({ reason: 'newerVersion' });
    expect(markupProblems({ version: 2, circles: [{ kind: 'circle' }] }, 'm')[0]?.details).toEqual({
      reason: 'invalidItems',
    });
  });
});
