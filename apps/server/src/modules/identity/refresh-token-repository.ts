import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { refreshTokens, users } from '../../db/schema/index.ts';
import { forgetCachedSessions } from './session-cache.ts';

/** A stored refresh token. */
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Stores a new refresh token of a family. */
export async function insertRefreshToken(
  db: Db,
  values: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/** The token with a hash, locked so two concurrent refreshes cannot both rotate it. */
export async function lockRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return row;
}

/** The token with a hash, unlocked. */
export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Marks a token used (it has been rotated). */
export async function markRefreshTokenUsed(db: Db, id: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(eq(refreshTokens.id, id));
}

/** Revokes every token of a family (reuse detected, or sign-out). */
export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ userId: refreshTokens.userId });
  for (const userId of new Set(revoked.map((r) => r.userId))) forgetCachedSessions(userId);
}

/** Revokes every session of a user (password change or reset), except the one given. */
export async function revokeAllOfUser(db: Db, userId: number, exceptFamily?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        exceptFamily ? ne(refreshTokens.familyId, exceptFamily) : undefined,
      ),
    );
  forgetCachedSessions(userId);
}

/**
 * The user of an access token and whether its session (refresh-token family) is still open, in one statement:
 * every authenticated request asks both, and access tokens of a closed session are refused.
 */
export async function findSessionUser(
  db: Db,
  userId: number,
  familyId: string,
): Promise<{ user: typeof users.$inferSelect; open: boolean } | undefined> {
  const [row] = await db
    .select({
      user: users,
      // The session must be this user's own: a token naming another user's open session is no session.
      open: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${familyId}
        and ${refreshTokens.userId} = ${userId} and ${refreshTokens.revokedAt} is null)`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
