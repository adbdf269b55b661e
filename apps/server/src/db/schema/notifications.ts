import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, identityId, cascadeRef, setNullRef } from './columns.ts';
import { users } from './identity.ts';
import { projects } from './projects.ts';
import { issueNotifications } from './issue-comments.ts';

/**
 * A user's notification settings (issue 19; spec editor §1, §9). No row means the defaults
 * (DEFAULT_NOTIFICATION_SETTINGS in the domain).
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  deviceEnabled: boolean('device_enabled').notNull().default(true),
  issueEmails: text('issue_emails').notNull().default('hourly'),
  pendingSummary: text('pending_summary').notNull().default('weekly'),
  immediateMention: boolean('immediate_mention').notNull().default(true),
  immediateAssigned: boolean('immediate_assigned').notNull().default(true),
  immediateComment: boolean('immediate_comment').notNull().default(false),
  updatedAt: updatedAt(),
});

/** A user's overrides for one project: null follows the user's own setting. */
export const notificationProjectSettings = pgTable(
  'notification_project_settings',
  {
    userId: cascadeRef('user_id', () => users.id),
    projectId: cascadeRef('project_id', () => projects.id),
    issueEmails: text('issue_emails'),
    pendingSummary: text('pending_summary'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

/**
 * One e-mail a user was sent, or a quiet period claimed (itemCount 0): the unique (user, kind, period) row is the
 * claim that makes the digests idempotent. It is written in the same transaction as the deliveries of its items
 * and the mail job, so a second run finds it and sends nothing, and a killed run leaves nothing behind.
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    id: identityId(),
    userId: cascadeRef('user_id', () => users.id),
    /** issues (digest), pending (pending-items summary) or immediate. */
    kind: text('kind').notNull(),
    /** `<frequency>:<period start ISO>` for digests, `notification:<id>` for immediate e-mails. */
    periodKey: text('period_key').notNull(),
    itemCount: integer('item_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('notification_digests_user_period_key').on(t.userId, t.kind, t.periodKey)],
);

/**
 * Which unread marks were told to their user by e-mail or on a device: one row per mark and channel, so a mark is
 * e-mailed once (in an immediate e-mail or in one digest) and pushed once. Deleted with the mark when it is read.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    notificationId: cascadeRef('notification_id', () => issueNotifications.id),
    /** email or push. */
    channel: text('channel').notNull(),
    digestId: setNullRef('digest_id', () => notificationDigests.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.channel] })],
);

/** A browser's Web Push subscription (device notifications). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: identityId(),
    userId: cascadeRef('user_id', () => users.id),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
