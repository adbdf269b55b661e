import { randomUUID } from 'node:crypto';
import { AppError } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Db } from '../../db/database.ts';
import { randomToken, sha256 } from '../../auth/secrets.ts';
import { findUserById } from './user-repository.ts';
import { announceAccessChange } from '../../realtime/access-notices.ts';
import {
  findRefreshToken,
  insertRefreshToken,
  lockRefreshToken,
  markRefreshTokenUsed,
  revokeFamily,
} from './refresh-token-repository.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';

/** The tokens of a signed-in session. */
export interface SessionTokens {
  accessToken: string;
  /** Seconds the access token lives. */
  expiresIn: number;
  refreshToken: string;
  refreshExpiresAt: Date;
}

/** Opens a session (a new refresh-token family) for a user. */
export async function openSession(services: AppServices, tx: Db, userId: number): Promise<SessionTokens> {
  return issueTokens(services, tx, userId, randomUUID());
}

async function issueTokens(
  services: AppServices,
  tx: Db,
  userId: number,
  familyId: string,
): Promise<SessionTokens> {
  const refreshToken = randomToken(32);
  const refreshExpiresAt = new Date(Date.now() + services.config.auth.refreshTokenTtlDays * 86_400_000);
  await insertRefreshToken(tx, {
    userId,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: refreshExpiresAt,
  });
  const accessToken = await services.auth.accessTokens.issue(userId, familyId);
  return { accessToken, expiresIn: services.auth.accessTokens.ttlSeconds, refreshToken, refreshExpiresAt };
}

/**
 * Rotates a refresh token: the presented one is used up and a new one of the same family is returned. A token
 * presented a second time means it was stolen (or replayed): the whole family is revoked, which also ends
 * every access token of the session, and the caller gets NotAuthorizedException.
 */
export async function refreshSession(services: AppServices, refreshToken: string): Promise<SessionTokens> {
  let revokedUserId: number | undefined;
  const outcome = await unitOfWork(services, async (tx) => {
    const row = await lockRefreshToken(tx, sha256(refreshToken));
    if (!row || row.revokedAt !== null || row.expiresAt.getTime() <= Date.now()) return undefined;
    if (row.usedAt !== null) {
      await revokeFamily(tx, row.familyId);
      revokedUserId = row.userId;
      services.logger.warn(
        { userId: row.userId, familyId: row.familyId },
        'refresh token reused; session revoked',
      );
      return undefined;
    }
    const user = await findUserById(tx, row.userId);
    if (!user || user.emailConfirmedAt === null) return undefined;
    await markRefreshTokenUsed(tx, row.id);
    return issueTokens(services, tx, row.userId, row.familyId);
  });
  // A revoked session's websockets close now, not at their next event.
  if (revokedUserId !== undefined) announceAccessChange(services, revokedUserId);
  if (!outcome) throw new AppError('NotAuthorizedException');
  return outcome;
}

/** Ends the session a refresh token belongs to; unknown tokens are ignored (signing out is idempotent). */
export async function closeSession(services: AppServices, refreshToken: string): Promise<void> {
  const row = await findRefreshToken(services.database.db, sha256(refreshToken));
  if (!row) return;
  await revokeFamily(services.database.db, row.familyId);
  // The session's open websockets close now, not at their next event.
  announceAccessChange(services, row.userId);
}
