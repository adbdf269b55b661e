import { eq } from 'drizzle-orm';
import type { TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { users } from '../../src/db/schema/index.ts';
import { call } from '../projects/project-test-kit.ts';
import { subscribeAs } from '../issues/subscription-test-kit.ts';

export const SEND = `mutation($c: Int, $p: String!, $t: String!) {
  sendAiMessage(conversationId: $c, persona: $p, text: $t) { conversation { id persona title } message { id role content } } }`;
export const ANSWER = `subscription($m: Int!) { aiAnswer(messageId: $m) { kind text messageId code
  draft { projectId issueId code message }
  issueDraft { projectId projectName title description deadline priority disciplines { disciplineId abbreviation status } }
  bulkDraft { projectId issues { id code title link } deadline clearDeadline priority disciplines { disciplineId status }
    addLabels { id name } removeLabels { id name } } } }`;
export const MESSAGES = `query($c: Int!) { aiConversationMessages(conversationId: $c) { id role content } }`;

export interface AnswerEvent {
  kind: string;
  text: string | null;
  messageId: number | null;
  code: string | null;
  draft: { projectId: number; issueId: number; code: string; message: string } | null;
  issueDraft: {
    projectId: number;
    projectName: string;
    title: string;
    description: string | null;
    deadline: string | null;
    priority: string;
    disciplines: { disciplineId: number; abbreviation: string; status: string }[];
  } | null;
  bulkDraft: {
    projectId: number;
    issues: { id: number; code: string; title: string; link: string }[];
    deadline: string | null;
    clearDeadline: boolean;
    priority: string | null;
    disciplines: { disciplineId: number; status: string }[];
    addLabels: { id: number; name: string }[];
    removeLabels: { id: number; name: string }[];
  } | null;
}

/** Turns the assistant on for a user and records their accepted disclaimer (straight in the database). */
export async function enableAssistant(t: TestServer, user: TestUser): Promise<void> {
  await t.server.services.database.db
    .update(users)
    .set({ hasAiAssistant: true, aiDisclaimerAcceptedAt: new Date() })
    .where(eq(users.id, user.id));
}

/** Asks a question and collects the streamed answer until done or error. */
export async function ask(
  t: TestServer,
  user: TestUser,
  text: string,
  conversationId?: number,
): Promise<{ conversationId: number; messageId: number; events: AnswerEvent[] }> {
  const sent = await call<{ sendAiMessage: { conversation: { id: number }; message: { id: number } } }>(
    t,
    user,
    SEND,
    { c: conversationId ?? null, p: 'caio', t: text },
  );
  const live = await subscribeAs<AnswerEvent>(
    t,
    user,
    ANSWER,
    { m: sent.sendAiMessage.message.id },
    'aiAnswer',
  );
  try {
    await live.waitFor((e) => e.kind === 'done' || e.kind === 'error', 15_000);
  } finally {
    await live.close();
  }
  return {
    conversationId: sent.sendAiMessage.conversation.id,
    messageId: sent.sendAiMessage.message.id,
    events: [...live.events],
  };
}
