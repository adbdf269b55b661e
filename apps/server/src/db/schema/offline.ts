import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, cascadeRef } from './columns.ts';
import { users } from './identity.ts';

/**
 * Idempotency keys of the writes an offline client queues and may send twice (issue 34, docs/offline.md): one row
 * per user and key, written in the same transaction as the issue or comment it created; `kind` is the mutation
 * ('issue' | 'comment'), `result` what a repeated call answers ({ projectId, issueId, commentId? }).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: cascadeRef('user_id', () => users.id),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    result: jsonb('result').$type<IdempotentResult>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** What a write with an idempotency key answered the first time. */
export interface IdempotentResult {
  projectId: number;
  issueId: number;
  commentId?: number;
}
