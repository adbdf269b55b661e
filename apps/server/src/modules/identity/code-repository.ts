import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { verificationCodes } from '../../db/schema/index.ts';

/** What a code is for. */
export type CodePurpose = 'sign_up' | 'reset_password';

/** A verification code row. */
export type CodeRow = typeof verificationCodes.$inferSelect;

/** Replaces any open code of the purpose with a new one (only the latest code works). */
export async function replaceCode(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  codeHash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
  await db.insert(verificationCodes).values({ userId, purpose, codeHash, expiresAt });
}

/** The latest code of a purpose, locked, whether open or not. */
export async function latestCode(db: Db, userId: number, purpose: CodePurpose): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.id))
    .limit(1)
    .for('update');
  return row;
}

/** Counts a wrong attempt; the code is burned when the attempts run out. */
export async function recordFailedAttempt(db: Db, id: number, maxAttempts: number): Promise<void> {
  await db
    .update(verificationCodes)
    .set({
      attempts: sql`${verificationCodes.attempts} + 1`,
      consumedAt: sql`case when ${verificationCodes.attempts} + 1 >= ${maxAttempts} then now() else null end`,
    })
    .where(eq(verificationCodes.id, id));
}

/** Uses a code up. */
export async function consumeCode(db: Db, id: number): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(eq(verificationCodes.id, id));
}
