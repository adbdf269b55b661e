import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';

/** A browser's push subscription as stored. */
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Stores a browser's subscription for a user (an endpoint belongs to one user: the last one to subscribe). */
export async function upsertPushSubscription(
  db: Db,
  values: { userId: number; endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
}

/** Removes the user's subscription of that endpoint, if any. */
export async function deleteUserPushSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** The ids of the user's subscriptions. */
export function pushSubscriptionIdsOf(db: Db, userId: number): Promise<{ id: number }[]> {
  return db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

/** A subscription by id, or undefined. */
export async function findPushSubscription(db: Db, id: number): Promise<PushSubscriptionRow | undefined> {
  const [subscription] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, id))
    .limit(1);
  return subscription;
}

/** Removes a subscription. */
export async function deletePushSubscription(db: Db, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
