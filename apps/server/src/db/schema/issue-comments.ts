import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz, createdAt, identityId, cascadeRef, setNullRef } from './columns.ts';
import { userRef, users } from './identity.ts';
import { authorshipColumns, issueHistory, issues } from './issues.ts';
import { projectGroups, projects } from './projects.ts';

/**
 * Comments of an issue (spec core §3 Comment). Never hard-deleted on their own: deletedAt marks a soft delete
 * (the row goes only with its issue). groupId is kept only for group visibility (spec core §5).
 */
export const issueComments = pgTable(
  'issue_comments',
  {
    id: identityId(),
    projectId: cascadeRef('project_id', () => projects.id),
    issueId: cascadeRef('issue_id', () => issues.id),
    message: text('message').notNull(),
    visibility: text('visibility').notNull(),
    // A deleted group leaves its comments visible to their authors only.
    groupId: setNullRef('group_id', () => projectGroups.id),
    mentionedUserIds: jsonb('mentioned_user_ids')
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...authorshipColumns(),
    deletedAt: tstz('deleted_at'),
    deletedByUserId: userRef('deleted_by_user_id'),
  },
  (t) => [
    index('issue_comments_issue_idx').on(t.issueId, t.createdAt),
    index('issue_comments_project_idx').on(t.projectId),
  ],
);

/**
 * A user's unread marks on an issue: one row per new comment, history entry or mention that concerns them
 * (an unread mark without either when they marked the issue unread). Marking an issue read deletes its rows.
 */
export const issueNotifications = pgTable(
  'issue_notifications',
  {
    id: identityId(),
    projectId: cascadeRef('project_id', () => projects.id),
    issueId: cascadeRef('issue_id', () => issues.id),
    userId: cascadeRef('user_id', () => users.id),
    commentId: integer('comment_id').references(() => issueComments.id, { onDelete: 'cascade' }),
    historyId: integer('history_id').references(() => issueHistory.id, { onDelete: 'cascade' }),
    isMention: boolean('is_mention').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // The list's summary join, the filters and the card counters all start from (user, project).
    index('issue_notifications_user_project_idx').on(t.userId, t.projectId, t.issueId),
    index('issue_notifications_issue_idx').on(t.issueId),
    index('issue_notifications_comment_idx').on(t.commentId),
    // One mark per user and comment / history entry: marking a comment unread twice, or a mention, counts once.
    uniqueIndex('issue_notifications_user_comment_key')
      .on(t.userId, t.commentId)
      .where(sql`${t.commentId} is not null`),
    uniqueIndex('issue_notifications_user_history_key')
      .on(t.userId, t.historyId)
      .where(sql`${t.historyId} is not null`),
  ],
);
