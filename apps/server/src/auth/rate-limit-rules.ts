import { AppError } from '@obra/domain';
import type { RateLimiter } from './rate-limiter.ts';
import { sha256 } from './secrets.ts';

/** [attempts, window in seconds]. */
type Limit = readonly [number, number];

/**
 * Limits per client address and per account (e-mail). Per address stops spraying many accounts; per account
 * stops guessing one password or code from many addresses. Windows are short so a locked-out person waits
 * minutes, not hours.
 */
export const RATE_LIMITS = {
  signIn: { ip: [60, 900], account: [10, 900] },
  signUp: { ip: [20, 3600], account: [5, 3600] },
  code: { ip: [60, 900], account: [10, 900] },
  passwordReset: { ip: [30, 900], account: [5, 900] },
  refresh: { ip: [600, 900], account: [600, 900] },
  federated: { ip: [60, 900], account: [30, 900] },
  demoRequest: { ip: [10, 3600], account: [3, 3600] },
  // OAuth2 dynamic client registration of the BCF-API (open, RFC 7591): per address only; a desktop
  // application registers once, an office behind one address registers a few.
  oauthRegistration: { ip: [30, 3600], account: [30, 3600] },
} as const satisfies Record<string, { ip: Limit; account: Limit }>;

/** A group of endpoints limited together. */
export type RateBucket = keyof typeof RATE_LIMITS;

/** Counts one attempt per address and per account; throws TOO_MANY_REQUESTS with the wait in details. */
export async function enforceRateLimit(
  limiter: RateLimiter,
  multiplier: number,
  bucket: RateBucket,
  ip: string,
  account?: string,
): Promise<void> {
  const rule = RATE_LIMITS[bucket];
  const checks: Promise<{ allowed: boolean; retryAfterSeconds: number }>[] = [
    limiter.hit(`${bucket}:ip:${ip}`, scaled(rule.ip[0], multiplier), rule.ip[1]),
  ];
  // The account key is hashed: Redis keys are not a place for e-mail addresses.
  if (account)
    checks.push(
      limiter.hit(`${bucket}:acct:${sha256(account)}`, scaled(rule.account[0], multiplier), rule.account[1]),
    );
  const decisions = await Promise.all(checks);
  const blocked = decisions.filter((d) => !d.allowed);
  if (blocked.length > 0) {
    const retryAfterSeconds = Math.max(...blocked.map((d) => d.retryAfterSeconds));
    throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds });
  }
}

function scaled(limit: number, multiplier: number): number {
  return Math.max(1, Math.round(limit * multiplier));
}
