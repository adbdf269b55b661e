import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { federatedFlows, refreshTokens, verificationCodes } from '../../db/schema/index.ts';

/** Deletes refresh tokens, verification codes and federated sign-in flows expired for more than a day. */
export async function deleteExpiredCredentials(db: Db): Promise<void> {
  const cutoff = sql`now() - interval '1 day'`;
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, cutoff));
  await db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, cutoff));
  await db.delete(federatedFlows).where(lt(federatedFlows.expiresAt, cutoff));
}
