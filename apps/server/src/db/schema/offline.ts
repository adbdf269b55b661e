import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * Idempotency keys of the writes an offline client queues and may send twice (issue 34, docs/offline.md): one row
 * per user and key, written in the same transaction as the issue or comment it created; `kind` is the mutation
 * ('issue' | 'comment'), `result` what a repeated call answers ({ projectId, issueId, commentId? }).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    result: jsonb('result').$type<IdempotentResult>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** What a write with an idempotency key answered the first time. */
export interface IdempotentResult {
  projectId: number;
  issueId: number;
  commentId?: number;
}
