import { bigint, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, identityId, cascadeRef } from './columns.ts';
import { companies, users } from './identity.ts';

/**
 * The AI assistant's conversations (issue 31): one user's, with the persona they talk to (`caio` or `ana`). Nobody
 * else reads them (not even company admins): they may quote issues only their owner may see.
 */
export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: identityId(),
    userId: cascadeRef('user_id', () => users.id),
    persona: text('persona').notNull(),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    id: identityId(),
    conversationId: cascadeRef('conversation_id', () => aiConversations.id),
    role: text('role').notNull(),
    content: text('content').notNull().default(''),
    toolCalls: jsonb('tool_calls'),
    toolCallId: text('tool_call_id'),
    createdAt: createdAt(),
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
    companyId: cascadeRef('company_id', () => companies.id),
    month: text('month').notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month] })],
);
