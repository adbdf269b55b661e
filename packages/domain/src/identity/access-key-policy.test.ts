import { describe, expect, it } from 'vitest';
import {
  ACCESS_KEY_DEFAULT_DAYS,
  ACCESS_KEY_MAX_DAYS,
  accessKeyExpiry,
  effectiveAccessKeyExpiry,
  latestAccessKeyExpiry,
} from './access-key-policy.ts';

const DAY = 86_400_000;
const now = new Date('2026-03-01T12:00:00.000Z');

describe('access key expiry', () => {
  it('defaults to 90 days and allows up to 365', () => {
    expect(ACCESS_KEY_DEFAULT_DAYS).toBe(90);
    expect(ACCESS_KEY_MAX_DAYS).toBe(365);
    expect(accessKeyExpiry(null, now)?.getTime()).toBe(now.getTime() + 90 * DAY);
    expect(accessKeyExpiry(undefined, now)?.getTime()).toBe(now.getTime() + 90 * DAY);
    const inAYear = new Date(now.getTime() + 365 * DAY);
    expect(accessKeyExpiry(inAYear, now)).toEqual(inAYear);
    expect(latestAccessKeyExpiry(now)).toEqual(inAYear);
    expect(accessKeyExpiry(new Date(now.getTime() + DAY), now)).toEqual(new Date(now.getTime() + DAY));
  });

  it('refuses the past, now, invalid dates and anything past the maximum', () => {
    expect(accessKeyExpiry(now, now)).toBeUndefined();
    expect(accessKeyExpiry(new Date(now.getTime() - 1), now)).toBeUndefined();
    expect(accessKeyExpiry(new Date(now.getTime() + 365 * DAY + 1), now)).toBeUndefined();
    expect(accessKeyExpiry(new Date('not a date'), now)).toBeUndefined();
  });

  it('gives keys stored without an expiry the maximum life from their creation', () => {
    const created = new Date('2025-01-01T00:00:00.000Z');
    expect(effectiveAccessKeyExpiry(null, created).getTime()).toBe(created.getTime() + 365 * DAY);
    const set = new Date('2025-02-01T00:00:00.000Z');
    expect(effectiveAccessKeyExpiry(set, created)).toEqual(set);
  });
});
