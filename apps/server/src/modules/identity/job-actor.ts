import type { Db } from '../../db/database.ts';
import type { Actor } from '../../auth/actor.ts';
import { toAccount } from './account.ts';
import { findUserById } from './user-repository.ts';

/**
 * The person a background job works for, with their rights as they are when it runs (a job never keeps rights
 * its requester lost); undefined when the account is gone.
 */
export async function jobActorOf(db: Db, userId: number): Promise<Actor | undefined> {
  const user = await findUserById(db, userId);
  return user ? { account: toAccount(user), via: 'session', sessionId: undefined } : undefined;
}
