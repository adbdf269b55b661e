import { describe, expect, it } from 'vitest';
import { DateTimeScalar } from '../src/graphql/resolvers/base-resolvers.ts';

describe('DateTime scalar', () => {
  it('serialises dates as ISO 8601 strings in UTC, as Date#toJSON would', () => {
    const date = new Date('2026-11-24T10:20:30.456Z');
    expect(DateTimeScalar.serialize(date)).toBe('2026-11-24T10:20:30.456Z');
    expect(DateTimeScalar.serialize(date)).toBe(JSON.parse(JSON.stringify(date)));
  });

  it('normalises date-time strings with an offset to UTC', () => {
    expect(DateTimeScalar.serialize('2026-11-24T12:20:30.456+02:00')).toBe('2026-11-24T10:20:30.456Z');
  });

  it('refuses invalid dates and strings instead of sending them', () => {
    expect(() => DateTimeScalar.serialize(new Date(Number.NaN))).toThrow(/invalid Date/);
    expect(() => DateTimeScalar.serialize('yesterday')).toThrow(/invalid date-time-string/);
    expect(() => DateTimeScalar.serialize({})).toThrow(/non string/);
  });

  it('still reads arguments as Date objects', () => {
    const parsed: unknown = DateTimeScalar.parseValue('2026-11-24T10:20:30.456Z');
    expect(parsed).toBeInstanceOf(Date);
    expect((parsed as Date).toISOString()).toBe('2026-11-24T10:20:30.456Z');
  });
});
