import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { federatedFlows, federatedIdentities } from '../../db/schema/index.ts';

/** A pending federated step. */
export type FederatedFlowRow = typeof federatedFlows.$inferSelect;

/** Stores a pending step (a sign-in started, or a one-time exchange code), dropping finished ones. */
export async function insertFlow(db: Db, values: typeof federatedFlows.$inferInsert): Promise<void> {
  await db.delete(federatedFlows).where(lt(federatedFlows.expiresAt, sql`now()`));
  await db.insert(federatedFlows).values(values);
}

/** Takes a pending step out (single use): it is deleted whether or not it is still valid. */
export async function takeFlow(
  db: Db,
  keyHash: string,
  kind: 'state' | 'exchange',
): Promise<FederatedFlowRow | undefined> {
  const [row] = await db
    .delete(federatedFlows)
    .where(and(eq(federatedFlows.keyHash, keyHash), eq(federatedFlows.kind, kind)))
    .returning();
  return row && row.expiresAt.getTime() > Date.now() ? row : undefined;
}

/** The user linked to an account at a provider. */
export async function findLinkedUserId(
  db: Db,
  provider: string,
  subject: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: federatedIdentities.userId })
    .from(federatedIdentities)
    .where(and(eq(federatedIdentities.provider, provider), eq(federatedIdentities.subject, subject)))
    .limit(1);
  return row?.userId;
}

/** Links an account at a provider to a user (idempotent). */
export async function linkIdentity(db: Db, userId: number, provider: string, subject: string): Promise<void> {
  await db.insert(federatedIdentities).values({ userId, provider, subject }).onConflictDoNothing();
}
