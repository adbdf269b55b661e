import { describe, expect, it } from 'vitest';
import { AppError, isAppError } from './app-error.ts';

describe('AppError', () => {
  it('takes a code and details: its message is the code (translated when answered)', () => {
    const error = new AppError('REQUIRED_FIELD', { field: 'name' });
    expect(error.code).toBe('REQUIRED_FIELD');
    expect(error.message).toBe('REQUIRED_FIELD');
    expect(error.details).toEqual({ field: 'name' });
    expect(isAppError(error)).toBe(true);
  });

  it('keeps a developer message when one is given, with its details', () => {
    const error = new AppError('BAD_USER_INPUT', 'invalid cursor', { field: 'after' });
    expect(error.message).toBe('invalid cursor');
    expect(error.details).toEqual({ field: 'after' });
    expect(new AppError('NOT_FOUND').details).toBeUndefined();
  });
});
