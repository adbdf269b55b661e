import { describe, expect, it } from 'vitest';
import { isNewPastDeadline, newPastDeadlines } from './past-deadlines.ts';

const TODAY = '2026-11-26';
const form = (deadline: string, disciplines: [number, string][] = []) => ({
  deadline,
  disciplines: disciplines.map(([disciplineId, d]) => ({ disciplineId, deadline: d })),
});

describe('a deadline in the past asks for confirmation (issue 21)', () => {
  it('finds the new past deadlines of a new issue, oldest first, once each', () => {
    expect(
      newPastDeadlines(
        form('2026-11-20', [
          [1, '2026-10-01'],
          [2, '2026-11-20'],
          [3, '2026-12-01'],
        ]),
        null,
        TODAY,
      ),
    ).toEqual(['2026-10-01', '2026-11-20']);
  });

  it('leaves today, the future and empty deadlines alone', () => {
    expect(
      newPastDeadlines(
        form(TODAY, [
          [1, '2026-12-24'],
          [2, ''],
        ]),
        null,
        TODAY,
      ),
    ).toEqual([]);
    expect(newPastDeadlines(form(''), null, TODAY)).toEqual([]);
  });

  it('asks nothing for deadlines that were already there when the form opened', () => {
    const before = form('2026-01-10', [[1, '2026-02-01']]);
    expect(newPastDeadlines(form('2026-01-10', [[1, '2026-02-01']]), before, TODAY)).toEqual([]);
    expect(newPastDeadlines(form('2026-01-11', [[1, '2026-02-01']]), before, TODAY)).toEqual(['2026-01-11']);
    expect(
      newPastDeadlines(
        form('2026-01-10', [
          [1, '2026-02-01'],
          [2, '2026-02-01'],
        ]),
        before,
        TODAY,
      ),
    ).toEqual(['2026-02-01']);
  });

  it('tells whether one deadline set on the issue view is a new past one', () => {
    expect(isNewPastDeadline('2026-11-25', null, TODAY)).toBe(true);
    expect(isNewPastDeadline('2026-11-25', '2026-11-25', TODAY)).toBe(false);
    expect(isNewPastDeadline(TODAY, null, TODAY)).toBe(false);
    expect(isNewPastDeadline(null, '2026-01-01', TODAY)).toBe(false);
  });
});
