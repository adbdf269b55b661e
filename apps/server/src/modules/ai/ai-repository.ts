import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { aiConversations, aiMessages } from '../../db/schema/index.ts';

export type AiConversationRow = typeof aiConversations.$inferSelect;
export type AiMessageRow = typeof aiMessages.$inferSelect;

/** A user's conversations, the latest first. */
export function listConversations(db: Db, userId: number): Promise<AiConversationRow[]> {
  return db
    .select()
    .from(aiConversations)
    .where(eq(aiConversations.userId, userId))
    .orderBy(desc(aiConversations.updatedAt), desc(aiConversations.id));
}

/** One conversation of the user (undefined for another's or a missing one, alike). */
export async function findConversation(
  db: Db,
  userId: number,
  conversationId: number,
): Promise<AiConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(aiConversations)
    .where(and(eq(aiConversations.id, conversationId), eq(aiConversations.userId, userId)))
    .limit(1);
  return row;
}

export async function insertConversation(
  db: Db,
  values: { userId: number; persona: string; title: string },
): Promise<AiConversationRow> {
  const [row] = await db.insert(aiConversations).values(values).returning();
  if (!row) throw new Error('conversation not stored');
  return row;
}

export async function updateConversation(
  db: Db,
  conversationId: number,
  values: { title?: string; updatedAt?: Date },
): Promise<AiConversationRow | undefined> {
  const [row] = await db
    .update(aiConversations)
    .set(values)
    .where(eq(aiConversations.id, conversationId))
    .returning();
  return row;
}

/** Deletes a conversation of the user with its messages; false when there was none. */
export async function deleteConversation(db: Db, userId: number, conversationId: number): Promise<boolean> {
  const rows = await db
    .delete(aiConversations)
    .where(and(eq(aiConversations.id, conversationId), eq(aiConversations.userId, userId)))
    .returning({ id: aiConversations.id });
  return rows.length > 0;
}

/** A conversation's messages, oldest first. */
export function listMessages(db: Db, conversationId: number): Promise<AiMessageRow[]> {
  return db
    .select()
    .from(aiMessages)
    .where(eq(aiMessages.conversationId, conversationId))
    .orderBy(asc(aiMessages.id));
}

export async function insertMessage(
  db: Db,
  values: {
    conversationId: number;
    role: string;
    content: string;
    toolCalls?: unknown;
    toolCallId?: string | null;
  },
): Promise<AiMessageRow> {
  const [row] = await db.insert(aiMessages).values(values).returning();
  if (!row) throw new Error('message not stored');
  return row;
}

/** The conversation of a message, when both are the user's. */
export async function findConversationOfMessage(
  db: Db,
  userId: number,
  messageId: number,
): Promise<AiConversationRow | undefined> {
  const [row] = await db
    .select({ conversation: aiConversations })
    .from(aiMessages)
    .innerJoin(aiConversations, eq(aiConversations.id, aiMessages.conversationId))
    .where(and(eq(aiMessages.id, messageId), eq(aiConversations.userId, userId)))
    .limit(1);
  return row?.conversation;
}
