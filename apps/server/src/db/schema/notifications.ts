import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { projects } from './projects.ts';
import { issueNotifications } from './issue-comments.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

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
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** A user's overrides for one project: null follows the user's own setting. */
export const notificationProjectSettings = pgTable(
  'notification_project_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    issueEmails: text('issue_emails'),
    pendingSummary: text('pending_summary'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
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
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** issues (digest), pending (pending-items summary) or immediate. */
    kind: text('kind').notNull(),
    /** `<frequency>:<period start ISO>` for digests, `notification:<id>` for immediate e-mails. */
    periodKey: text('period_key').notNull(),
    itemCount: integer('item_count').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
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
    notificationId: integer('notification_id')
      .notNull()
      .references(() => issueNotifications.id, { onDelete: 'cascade' }),
    /** email or push. */
    channel: text('channel').notNull(),
    digestId: integer('digest_id').references(() => notificationDigests.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.channel] })],
);

/** A browser's Web Push subscription (device notifications). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
