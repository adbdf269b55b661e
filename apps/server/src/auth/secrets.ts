import { createHash, randomBytes, randomInt } from 'node:crypto';

/** sha-256 of a high-entropy secret, hex; enough for random tokens (no dictionary to try). */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A random URL-safe token of `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A uniformly random code of six digits, leading zeros kept. */
export function randomSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SPECIAL = '!@#$%&*-_+=?';
const ALL = UPPER + LOWER + DIGITS + SPECIAL;

/** A random password of `length` characters meeting every rule of editor §5.2 (one of each class). */
export function randomPassword(length = 20): string {
  const pick = (set: string): string => set.charAt(randomInt(0, set.length));
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < length) chars.push(pick(ALL));
  // Fisher–Yates so the guaranteed classes are not always at the start.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    const a = chars[i] ?? '';
    chars[i] = chars[j] ?? '';
    chars[j] = a;
  }
  return chars.join('');
}
