import type { AppServices } from '../services.ts';
import { toAccount } from '../modules/identity/account.ts';
import type { Actor } from '../auth/actor.ts';
import { findSessionUser } from '../modules/identity/refresh-token-repository.ts';
import { findUserById } from '../modules/identity/user-repository.ts';
import { findActiveAccessKey } from '../modules/identity/access-key-repository.ts';
import { effectiveAccessKeyExpiry } from '@obra/domain';

/** A subscriber as they are now: their current account, or why their live access has ended. */
export type SubscriberState = { actor: Actor; ended?: undefined } | { ended: 'signedOut' | 'accessEnded' };

/**
 * Checks a subscriber again, at the time an event is delivered (a subscription can outlive the access it was
 * opened with): a session must still be open and its user confirmed, and the user must still belong to the
 * company they subscribed as; an access key must still be active. The actor returned carries the current account (roles, company role).
 */
export async function currentSubscriber(services: AppServices, actor: Actor): Promise<SubscriberState> {
  const { db } = services.database;
  const userId = actor.account.id;
  let user;
  if (actor.via === 'session') {
    if (!actor.sessionId) return { ended: 'signedOut' };
    const found = await findSessionUser(db, userId, actor.sessionId);
    if (!found?.open) return { ended: 'signedOut' };
    user = found.user;
  } else {
    // An access key must still be active (not revoked, not expired) and the user's.
    const key = actor.accessKeyId ? await findActiveAccessKey(db, actor.accessKeyId) : undefined;
    if (!key || key.userId !== userId || effectiveAccessKeyExpiry(key.expiresAt, key.createdAt) <= new Date())
      return { ended: 'signedOut' };
    user = await findUserById(db, userId);
  }
  if (!user || user.emailConfirmedAt === null) return { ended: 'signedOut' };
  if (user.companyId !== actor.account.companyId || user.isAdmin !== actor.account.isAdmin)
    return { ended: 'accessEnded' };
  return { actor: { ...actor, account: toAccount(user) } };
}
