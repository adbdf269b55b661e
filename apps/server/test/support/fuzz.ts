import { expect } from 'vitest';
import { isErrorCode } from '@obra/domain';

/** A small deterministic generator, so that a failing fuzz run replays. */
export function seededRandom(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/**
 * Values no route should choke on: wrong types, huge numbers, path traversal, control and bidirectional
 * characters, a lone surrogate, an injection attempt and query-operator objects.
 */
export const NASTY_VALUES: readonly unknown[] = [
  null,
  true,
  -1,
  0,
  1e308,
  -1e308,
  2 ** 31,
  Number.MAX_SAFE_INTEGER,
  3.5,
  '',
  ' ',
  'x'.repeat(100_000),
  '../../../etc/passwd',
  '..\\..\\windows\\system32.pdf',
  '%2e%2e%2fetc%2fpasswd.pdf',
  'a\u0000b.pdf',
  '\u202Efdp.exe',
  'TRN-ARQ-ED-0001-R00.pdf\n',
  'notes.pdf\n',
  '🏗️-ARQ-ED-0001-R00.pdf',
  '🏗️ obra.pdf',
  'ÓBRA-arq-ED-0001-R99.pdf',
  "'; drop table drive_files; --",
  '\uD800.pdf',
  [],
  [1, 'a', null],
  {},
  { $gt: 1 },
];

/** A refusal the client caused: a 4xx status with a code of the error catalogue (never a 5xx). */
export function expectClientError(answer: { status: number; body: unknown }, what: string): void {
  const code = (answer.body as { code?: unknown } | null)?.code;
  expect(answer.status, what).toBeGreaterThanOrEqual(400);
  expect(answer.status, what).toBeLessThan(500);
  expect(isErrorCode(code), `${what} → ${JSON.stringify(answer.body)}`).toBe(true);
}
