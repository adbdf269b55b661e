import { AppError } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import { findUserByEmail } from './user-repository.ts';
import { openSession, type SessionTokens } from './session-service.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';

/**
 * Signs in with e-mail and password. Every failure is NotAuthorizedException with no hint, and every path runs
 * one argon2id verification: an unknown address (or an account without a password) is checked against a dummy
 * hash of the same cost, so the answer time does not tell whether the account exists. An unconfirmed account
 * is refused only after its password was verified, for the same reason.
 */
export async function signIn(services: AppServices, email: string, password: string): Promise<SessionTokens> {
  const user = await findUserByEmail(services.database.db, email);
  const verified = user?.passwordHash
    ? await services.auth.hasher.verify(user.passwordHash, password)
    : await services.auth.hasher.verifyDummy(password);
  if (!user || !verified || user.emailConfirmedAt === null) throw new AppError('NotAuthorizedException');
  return unitOfWork(services, (tx) => openSession(services, tx, user.id));
}
