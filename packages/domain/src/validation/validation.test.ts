import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors/app-error.ts';
import { commentTextProblems, issueTextProblems } from '../issues/issue-validation.ts';
import { problemsByField, throwFirstProblem } from './field-problems.ts';
import { fitsLimit, TEXT_LIMITS, textLength } from './text-limits.ts';

describe('text limits and field problems', () => {
  it('returns every too-long field, each with its limit', () => {
    const problems = issueTextProblems({
      title: 'x'.repeat(TEXT_LIMITS.issueTitle + 1),
      description: 'y'.repeat(TEXT_LIMITS.issueDescription + 1),
    });
    expect(problems).toEqual([
      { field: 'title', code: 'TEXT_TOO_LONG', details: { max: TEXT_LIMITS.issueTitle } },
      { field: 'description', code: 'TEXT_TOO_LONG', details: { max: TEXT_LIMITS.issueDescription } },
    ]);
    expect([...problemsByField(problems).keys()]).toEqual(['title', 'description']);
    expect(issueTextProblems({ title: 'x'.repeat(TEXT_LIMITS.issueTitle), description: null })).toEqual([]);
    expect(commentTextProblems({ message: 'm'.repeat(TEXT_LIMITS.commentMessage + 1) })[0]?.field).toBe(
      'message',
    );
  });

  it('throws the first problem as an AppError with its code, field and limit', () => {
    expect(() => throwFirstProblem([])).not.toThrow();
    try {
      throwFirstProblem(issueTextProblems({ title: 'x'.repeat(TEXT_LIMITS.issueTitle + 1) }));
      expect.unreachable();
    } catch (error) {
      expect(isAppError(error) && error.code).toBe('TEXT_TOO_LONG');
      expect(isAppError(error) && error.details).toEqual({ field: 'title', max: TEXT_LIMITS.issueTitle });
    }
  });

  it('counts characters as the user sees them, after trimming', () => {
    expect(textLength('  ab  ')).toBe(2);
    expect(textLength('😀'.repeat(3))).toBe(3);
    expect(fitsLimit('😀'.repeat(TEXT_LIMITS.name), 'name')).toBe(true);
    expect(fitsLimit(undefined, 'name')).toBe(true);
  });
});
