import { requireActor } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import {
  notificationSettingsOf,
  setNotificationSettings,
  setProjectNotificationSettings,
  type NotificationSettingsView,
} from '../../modules/notifications/notification-settings-service.ts';
import { userNotifications } from '../../modules/notifications/notification-centre-service.ts';
import {
  loadVapidKeys,
  subscribeDevice,
  unsubscribeDevice,
} from '../../modules/notifications/push-service.ts';
import type { GraphQLContext } from '../context.ts';

function present(ctx: GraphQLContext, view: NotificationSettingsView) {
  return { ...view, pushPublicKey: loadVapidKeys(ctx.services.config.dataDir).publicKey };
}

function excerpt(text: string | null): string | null {
  if (!text) return null;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 159)}…` : flat;
}

/** Notification settings, the notification centre and Web Push subscriptions (issue 19). */
export const notificationsResolvers: Resolvers = {
  Query: {
    notificationSettings: async (_r, _a, ctx) =>
      present(ctx, await notificationSettingsOf(ctx.services, requireActor(ctx))),
    userNotifications: async (_r, { first }, ctx) =>
      (await userNotifications(ctx.services, requireActor(ctx), first)).map((n) => ({
        id: n.id,
        projectId: n.projectId,
        projectName: n.projectName,
        issueId: n.issueId,
        issueCode: n.issueCode,
        issueTitle: n.issueTitle,
        commentId: n.commentId,
        kind: n.kind,
        isMention: n.isMention,
        actorName: n.actorName,
        excerpt: excerpt(n.commentMessage),
        createdAt: n.createdAt,
      })),
  },
  Mutation: {
    setNotificationSettings: async (_r, { input }, ctx) =>
      present(ctx, await setNotificationSettings(ctx.services, requireActor(ctx), input)),
    setProjectNotificationSettings: (_r, args, ctx) =>
      setProjectNotificationSettings(ctx.services, requireActor(ctx), args),
    subscribeDevice: (_r, args, ctx) => subscribeDevice(ctx.services, requireActor(ctx), args),
    unsubscribeDevice: (_r, { endpoint }, ctx) =>
      unsubscribeDevice(ctx.services, requireActor(ctx), endpoint),
  },
};
