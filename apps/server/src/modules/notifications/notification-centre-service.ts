import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { loadVisibleNotifications, type NotificationItem } from './notification-items-repository.ts';

/** The notification centre lists at most this many. */
export const CENTRE_LIMIT = 50;

/** userNotifications: the caller's most recent unread marks they may see now, newest first. */
export async function userNotifications(
  services: AppServices,
  actor: Actor,
  first: number | null | undefined,
): Promise<NotificationItem[]> {
  const limit = Math.max(1, Math.min(first ?? CENTRE_LIMIT, CENTRE_LIMIT));
  return loadVisibleNotifications(services.database.db, actor, { limit });
}
