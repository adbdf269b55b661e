import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { idempotencyKeys, type IdempotentResult } from '../../db/schema/index.ts';

export type IdempotentKind = 'issue' | 'comment';

/** The write a user already made with this key, if any (its result is null only inside its own transaction). */
export async function findIdempotencyKey(
  db: Db,
  userId: number,
  key: string,
): Promise<{ kind: string; result: IdempotentResult | null } | undefined> {
  const [row] = await db
    .select({ kind: idempotencyKeys.kind, result: idempotencyKeys.result })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

/**
 * Claims the key for this transaction's write; false when another write holds it. On PostgreSQL a concurrent
 * claim of the same key waits on the primary key until the first transaction ends (then false if it committed).
 */
export async function claimIdempotencyKey(
  tx: Db,
  userId: number,
  key: string,
  kind: IdempotentKind,
): Promise<boolean> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, kind })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

/** Records what the claimed write answered, in its transaction. */
export async function recordIdempotentResult(
  tx: Db,
  userId: number,
  key: string,
  result: IdempotentResult,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ result })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}
