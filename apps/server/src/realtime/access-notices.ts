import type { AppServices } from '../services.ts';

/**
 * A person's access changed: a session closed (sign-out, password change) or they left their company. Every
 * process checks that person's open websockets again and closes those that lost their access, without waiting
 * for the next event of their subscriptions.
 */
export interface AccessNotice {
  userId: number;
}

/** The pub/sub channel of access notices; its topic is the configured prefix (deployments sharing Redis). */
export const ACCESS_NOTICES_CHANNEL = 'account:access';

export function accessNoticesTopic(services: Pick<AppServices, 'config'>): string {
  return `${services.config.redisChannelPrefix}access`;
}

/** Announces, once the change is committed, that a person's access changed. */
export function announceAccessChange(services: AppServices, userId: number): void {
  services.pubsub.publish(ACCESS_NOTICES_CHANNEL, accessNoticesTopic(services), { userId });
}

/**
 * Forgets, in this process's session cache, the sessions of each person whose access changed in another process
 * (this process's own changes forget them as they are written: modules/identity/session-cache.ts). Returns the
 * function that stops listening.
 */
export function forgetSessionsOnAccessNotices(
  services: Pick<AppServices, 'pubsub' | 'config' | 'auth'>,
): () => void {
  if (!services.pubsub.distributed) return () => undefined;
  const notices = services.pubsub.subscribe(ACCESS_NOTICES_CHANNEL, accessNoticesTopic(services));
  void (async () => {
    for await (const notice of notices) services.auth.sessions.forget(notice.userId);
  })().catch(() => undefined);
  return () => void notices.return?.();
}
