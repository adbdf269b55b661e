import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './identity.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The AI assistant's conversations (issue 31): one user's, with the persona they talk to (`caio` or `ana`). Nobody
 * else reads them (not even company admins): they may quote issues only their owner may see.
 */
export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    persona: text('persona').notNull(),
    title: text('title').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('ai_conversations_user_idx').on(t.userId, t.updatedAt)],
);

/**
 * The messages of a conversation, oldest first: `user` and `assistant` texts as shown, and the tool rounds of an
 * answer (`tool_calls` on an assistant message, `tool` results) so a later turn sends the model the same context.
 */
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull().default(''),
    toolCalls: jsonb('tool_calls'),
    toolCallId: text('tool_call_id'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('ai_messages_conversation_idx').on(t.conversationId, t.id)],
);

/**
 * Tokens a company's people used per calendar month (UTC, `YYYY-MM`), counted approximately (docs/ai.md "Limits"):
 * read against AI_COMPANY_MONTHLY_TOKENS before a question is taken, shown to the company's admins.
 */
export const aiCompanyUsage = pgTable(
  'ai_company_usage',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month] })],
);
