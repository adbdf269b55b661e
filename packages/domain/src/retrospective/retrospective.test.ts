import { describe, expect, it } from 'vitest';
import {
  hasRetrospectiveData,
  isRetrospectiveYear,
  RETROSPECTIVE_MIN_INTERACTIONS,
  RETROSPECTIVE_YEAR,
  retrospectiveYearBounds,
  topPercent,
} from './retrospective.ts';

describe('the yearly retrospective', () => {
  it('is for 2024 (editor §9)', () => {
    expect(RETROSPECTIVE_YEAR).toBe(2024);
  });

  it('bounds a year in UTC, end excluded, for any year', () => {
    expect(retrospectiveYearBounds(2024)).toEqual({
      start: new Date('2024-01-01T00:00:00Z'),
      end: new Date('2025-01-01T00:00:00Z'),
    });
    expect(retrospectiveYearBounds(2031).start.toISOString()).toBe('2031-01-01T00:00:00.000Z');
  });

  it('accepts years from 2000 to the current one', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    expect(isRetrospectiveYear(2024, now)).toBe(true);
    expect(isRetrospectiveYear(2026, now)).toBe(true);
    expect(isRetrospectiveYear(2027, now)).toBe(false);
    expect(isRetrospectiveYear(1999, now)).toBe(false);
    expect(isRetrospectiveYear(2024.5, now)).toBe(false);
  });

  it('rounds the top percent up, between 1 and 100', () => {
    expect(topPercent(1, 3)).toBe(34);
    expect(topPercent(3, 3)).toBe(100);
    expect(topPercent(1, 1000)).toBe(1);
    expect(topPercent(2, 4)).toBe(50);
    expect(topPercent(0, 0)).toBe(100);
  });

  it('needs the minimum of interactions', () => {
    expect(hasRetrospectiveData(RETROSPECTIVE_MIN_INTERACTIONS - 1)).toBe(false);
    expect(hasRetrospectiveData(RETROSPECTIVE_MIN_INTERACTIONS)).toBe(true);
  });
});
