import { AppError } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import type { IdempotentResult } from '../../db/schema/offline.ts';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  recordIdempotentResult,
  type IdempotentKind,
} from './idempotency-repository.ts';

/**
 * Idempotency keys of createIssue and createProjectIssueComment (issue 34, docs/offline.md): a client that queued
 * a write offline sends it with a key of its own; the same user sending the same key again gets the first call's
 * result instead of a second issue or comment. Keys are 8–100 characters of letters, digits, `-` and `_` (a UUID).
 */
const KEY = /^[A-Za-z0-9_-]{8,100}$/;

export function checkIdempotencyKey(key: string | null | undefined): string | undefined {
  if (key == null) return undefined;
  if (!KEY.test(key))
    throw new AppError('BAD_USER_INPUT', 'invalid idempotency key', { field: 'idempotencyKey' });
  return key;
}

/** The first call's result when this key was used already (the same kind of write in the same project). */
export async function priorResult(
  db: Db,
  userId: number,
  key: string | undefined,
  kind: IdempotentKind,
  projectId: number,
): Promise<IdempotentResult | undefined> {
  if (key === undefined) return undefined;
  const prior = await findIdempotencyKey(db, userId, key);
  if (!prior?.result) return undefined;
  if (prior.kind !== kind || prior.result.projectId !== projectId)
    throw new AppError('BAD_USER_INPUT', 'idempotency key used for another write', {
      field: 'idempotencyKey',
    });
  return prior.result;
}

/**
 * Runs `write` inside the caller's transaction under the key: the key is claimed first, the result recorded
 * after. When another call holds the key already (a concurrent retry that committed first), its result is
 * answered through `replay` and `write` does not run.
 */
export async function withIdempotencyKey<T>(
  tx: Db,
  userId: number,
  key: string | undefined,
  kind: IdempotentKind,
  projectId: number,
  write: () => Promise<{ value: T; result: IdempotentResult }>,
  replay: (result: IdempotentResult) => Promise<T>,
): Promise<T> {
  if (key === undefined) return (await write()).value;
  if (!(await claimIdempotencyKey(tx, userId, key, kind))) {
    const prior = await priorResult(tx, userId, key, kind, projectId);
    if (!prior) throw new Error('idempotency key claimed without a result');
    return replay(prior);
  }
  const { value, result } = await write();
  await recordIdempotentResult(tx, userId, key, result);
  return value;
}
