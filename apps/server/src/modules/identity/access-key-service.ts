import { accessKeyExpiry, AppError, effectiveAccessKeyExpiry } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import { randomToken, sha256 } from '../../auth/secrets.ts';
import type { Actor } from '../../auth/actor.ts';
import { announceAccessChange } from '../../realtime/access-notices.ts';
import {
  findActiveAccessKey,
  insertAccessKey,
  listAccessKeys,
  revokeAccessKey,
  touchAccessKey,
  type AccessKeyRow,
} from './access-key-repository.ts';

/** An access key as the API shows it (never the secret). */
export interface AccessKeyView {
  id: number;
  name: string;
  keyId: string;
  createdAt: Date;
  /** Every key expires (keys stored before expiries were mandatory: the maximum life after creation). */
  expiresAt: Date;
  lastUsedAt: Date | null;
}

const VERIFIED_TTL_MS = 60_000;
const TOUCH_EVERY_MS = 60_000;
// Successful verifications are remembered briefly: argon2id on every BI request would be a denial of service.
const verified = new Map<string, { userId: number; id: number; until: number }>();
const lastTouch = new Map<number, number>();

function toView(row: AccessKeyRow): AccessKeyView {
  return {
    id: row.id,
    name: row.name,
    keyId: row.keyId,
    createdAt: row.createdAt,
    expiresAt: effectiveAccessKeyExpiry(row.expiresAt, row.createdAt),
    lastUsedAt: row.lastUsedAt,
  };
}

// Keys are personal credentials: only the person, in a signed-in session, manages them.
function assertManages(actor: Actor): void {
  if (actor.account.isDemo) throw new AppError('FORBIDDEN_DEMO_MODE');
  if (actor.via !== 'session') throw new AppError('FORBIDDEN');
}

/**
 * Creates a key; the secret is returned once and stored as an argon2id hash. Without a requested expiry the key
 * gets the default life; a date in the past or past the maximum life is refused (`@obra/domain` access-key policy).
 */
export async function createAccessKey(
  services: AppServices,
  actor: Actor,
  name: string,
  requestedExpiry: Date | null,
): Promise<{ accessKey: AccessKeyView; secret: string }> {
  assertManages(actor);
  const trimmed = name.trim();
  if (!trimmed) throw new AppError('REQUIRED_FIELD', { field: 'name' });
  if (trimmed.length > 100) throw new AppError('BAD_USER_INPUT');
  const expiresAt = accessKeyExpiry(requestedExpiry, new Date());
  if (!expiresAt) throw new AppError('BAD_USER_INPUT', { field: 'expiresAt' });
  const secret = randomToken(32);
  const secretHash = await services.auth.hasher.hash(secret);
  const row = await insertAccessKey(services.database.db, {
    userId: actor.account.id,
    name: trimmed,
    keyId: `obk_${randomToken(12)}`,
    secretHash,
    expiresAt,
  });
  return { accessKey: toView(row), secret };
}

/** The signed-in user's keys. */
export async function accessKeysOf(services: AppServices, actor: Actor): Promise<AccessKeyView[]> {
  const rows = await listAccessKeys(services.database.db, actor.account.id);
  return rows.map(toView);
}

/** Revokes one of the user's keys; NOT_FOUND when it is not theirs. */
export async function revokeKey(services: AppServices, actor: Actor, id: number): Promise<boolean> {
  assertManages(actor);
  if (!(await revokeAccessKey(services.database.db, actor.account.id, id))) throw new AppError('NOT_FOUND');
  for (const [k, v] of verified) if (v.id === id) verified.delete(k);
  // The key's open websockets close now.
  announceAccessChange(services, actor.account.id);
  return true;
}

/** The user id a key and secret authenticate, or undefined. */
export async function authenticateAccessKey(
  services: AppServices,
  keyId: string,
  secret: string,
): Promise<number | undefined> {
  const cacheKey = sha256(`${keyId}:${secret}`);
  const cached = verified.get(cacheKey);
  const now = Date.now();
  if (cached && cached.until > now) return cached.userId;
  const row = await findActiveAccessKey(services.database.db, keyId);
  const ok = row
    ? await services.auth.hasher.verify(row.secretHash, secret)
    : await services.auth.hasher.verifyDummy(secret);
  const expiresAt = row ? effectiveAccessKeyExpiry(row.expiresAt, row.createdAt).getTime() : 0;
  if (!row || !ok || expiresAt <= now) return undefined;
  verified.set(cacheKey, {
    userId: row.userId,
    id: row.id,
    until: Math.min(now + VERIFIED_TTL_MS, expiresAt),
  });
  if ((lastTouch.get(row.id) ?? 0) + TOUCH_EVERY_MS < now) {
    lastTouch.set(row.id, now);
    await touchAccessKey(services.database.db, row.id);
  }
  return row.userId;
}
