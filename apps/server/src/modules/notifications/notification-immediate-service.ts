import type { NotificationSettings } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../auth/actor.ts';
import {
  currentAccess,
  isNewlyAssigned,
  loadVisibleNotifications,
  type NotificationItem,
} from './notification-items-repository.ts';
import { loadSettingsOf } from './notification-settings-repository.ts';
import { queueMail, recipientOf, unsubscribeUrl } from './notification-digest-service.ts';
import {
  claimDelivery,
  createdOrFollows,
  immediateMarksWhere,
  usersWithMarks,
} from './notification-delivery-repository.ts';
import { renderImmediateEmail } from './notification-emails.ts';
import type { UnsubscribeSetting } from './unsubscribe-tokens.ts';
import { queueIssuePushes, type PushCandidate } from './push-service.ts';

/** Marks older than this are left to the digests (a worker that was down does not send a burst of "now" e-mails). */
const IMMEDIATE_WINDOW_MS = 60 * 60 * 1000;

/** Why a mark deserves to be told at once. */
export type ImmediateKind = 'mention' | 'assigned' | 'comment';

const SETTING_OF: Record<ImmediateKind, UnsubscribeSetting & keyof NotificationSettings> = {
  mention: 'immediateMention',
  assigned: 'immediateAssigned',
  comment: 'immediateComment',
};

/**
 * Why a mark is worth telling at once: a mention; an issue newly given to one of the user's disciplines; a comment
 * on an issue the user created or follows. Undefined for the rest (they wait for the digest).
 */
export async function immediateKind(
  db: Db,
  actor: Actor,
  item: NotificationItem,
): Promise<ImmediateKind | undefined> {
  if (item.isMention) return 'mention';
  if (item.kind === 'comment')
    return (await createdOrFollows(db, actor.account.id, item.issueId)) ? 'comment' : undefined;
  if (item.kind === 'created' || item.kind === 'disciplines') {
    const access = await currentAccess(db, actor, item.projectId);
    if (access && (await isNewlyAssigned(db, access, item))) return 'assigned';
  }
  return undefined;
}

/**
 * Sends the immediate e-mails and device notifications of one user (one device notification per issue: see
 * queueIssuePushes): each mark of the window that a switch asks for and the user may see now
 * is claimed (its e-mail delivery row) and its e-mail queued in the same transaction, so it is sent once and is
 * not repeated in a digest. Returns how many were queued.
 */
export async function sendImmediateEmailsOf(
  services: AppServices,
  userId: number,
  since: Date,
): Promise<number> {
  return unitOfWork(services, async (tx) => {
    const actor = await recipientOf(tx, userId);
    if (!actor) return 0;
    const settings = (await loadSettingsOf(tx, [userId])).get(userId);
    if (!settings) return 0;
    const items = await loadVisibleNotifications(tx, actor, { where: immediateMarksWhere(since) });
    let queued = 0;
    const pushes: PushCandidate[] = [];
    for (const item of items.reverse()) {
      const kind = await immediateKind(tx, actor, item);
      if (!kind) continue;
      if (settings.deviceEnabled && kind !== 'comment') pushes.push({ item, kind });
      if (!settings[SETTING_OF[kind]]) continue;
      const reason = { kind, setting: SETTING_OF[kind] };
      if (!(await claimDelivery(tx, item.id, 'email'))) continue;
      await queueMail(
        services,
        tx,
        renderImmediateEmail({
          to: actor.account.email,
          localeId: actor.account.localeId,
          kind: reason.kind,
          item,
          setting: reason.setting,
          links: {
            publicUrl: services.config.publicUrl,
            unsubscribeUrl: unsubscribeUrl(services, userId, reason.setting),
          },
        }),
      );
      queued++;
    }
    await queueIssuePushes(services, tx, actor, pushes);
    return queued;
  });
}

/** The 'notifications.immediate' job (every minute): the immediate e-mails of every user with new marks. */
export async function runImmediateEmails(services: AppServices, now: Date = new Date()): Promise<number> {
  const since = new Date(now.getTime() - IMMEDIATE_WINDOW_MS);
  const { db } = services.database;
  const due = await usersWithMarks(db, immediateMarksWhere(since));
  let queued = 0;
  for (const { userId } of due) queued += await sendImmediateEmailsOf(services, userId, since);
  return queued;
}
