import { AppError } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { AiMessage, AiToolCall } from './ai-provider.ts';
import { aiProviderOf, requireAssistant } from './ai-provider-choice.ts';
import { AI_TOOLS, runAiTool, type AiBulkDraft, type AiCommentDraft, type AiIssueDraft } from './ai-tools.ts';
import { createComment } from '../issues/comments/issue-comment-service.ts';
import { createIssue, type CreateIssueInput } from '../issues/issue-create-service.ts';
import {
  prepareIssuesUpdate,
  type BulkUpdateResult,
  type BulkValues,
} from '../issues/issue-bulk-update-service.ts';
import { appendAiAssistantLog } from '../issues/issue-repository.ts';
import type { CommentView } from '../issues/comments/issue-comment-repository.ts';
import { personaPrompt, isPersona, type Persona } from './ai-personas.ts';
import { admitAiCall, chargeTokens, estimateTokens } from './ai-limits.ts';
import {
  deleteConversation as deleteConversationRow,
  findConversationOfMessage,
  findConversation,
  insertConversation,
  insertMessage,
  listConversations,
  listMessages,
  updateConversation,
  type AiConversationRow,
  type AiMessageRow,
} from './ai-repository.ts';

/** Model rounds of one answer at most (each round may call tools). */
const MAX_ROUNDS = 5;
/** Longest message a user may send, in characters. */
export const MAX_MESSAGE_LENGTH = 8000;
/** Longest conversation title. */
const MAX_TITLE_LENGTH = 120;

/** What the web needs to show or hide the assistant. */
export interface AiStatusView {
  /** A model is configured. */
  configured: boolean;
  /** The caller may use the assistant now or after the disclaimer (their flag is on and a model configured). */
  available: boolean;
  /** The caller administers a company or the platform: they are told how to configure a missing model. */
  canManage: boolean;
}

function managesAssistant(actor: Actor): boolean {
  return actor.account.isAdmin || actor.account.companyRole === 'admin';
}

export function aiStatus(services: AppServices, actor: Actor): AiStatusView {
  const configured = aiProviderOf(services) !== undefined;
  return {
    configured,
    available: configured && actor.account.hasAiAssistant,
    canManage: managesAssistant(actor),
  };
}

/** The caller's conversations, the latest first. */
export async function aiConversations(services: AppServices, actor: Actor): Promise<AiConversationRow[]> {
  requireAssistant(services, actor);
  return listConversations(services.database.db, actor.account.id);
}

async function ownConversation(services: AppServices, actor: Actor, id: number): Promise<AiConversationRow> {
  const row = await findConversation(services.database.db, actor.account.id, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The shown messages of one of the caller's conversations (user and assistant texts; tool rounds left out). */
export async function aiConversationMessages(
  services: AppServices,
  actor: Actor,
  conversationId: number,
): Promise<AiMessageRow[]> {
  requireAssistant(services, actor);
  await ownConversation(services, actor, conversationId);
  const rows = await listMessages(services.database.db, conversationId);
  return rows.filter((m) => (m.role === 'user' || m.role === 'assistant') && m.content !== '');
}

export async function renameAiConversation(
  services: AppServices,
  actor: Actor,
  conversationId: number,
  title: string,
): Promise<AiConversationRow> {
  requireAssistant(services, actor);
  const clean = title.trim().slice(0, MAX_TITLE_LENGTH);
  if (!clean) throw new AppError('REQUIRED_FIELD', { fields: ['title'] });
  return unitOfWork(services, async (tx) => {
    const row = await findConversation(tx, actor.account.id, conversationId);
    if (!row) throw new AppError('NOT_FOUND');
    return (await updateConversation(tx, row.id, { title: clean })) ?? row;
  });
}

export async function deleteAiConversation(
  services: AppServices,
  actor: Actor,
  conversationId: number,
): Promise<boolean> {
  requireAssistant(services, actor);
  const deleted = await unitOfWork(services, (tx) =>
    deleteConversationRow(tx, actor.account.id, conversationId),
  );
  if (!deleted) throw new AppError('NOT_FOUND');
  return true;
}

function conversationTokens(rows: readonly AiMessageRow[]): number {
  return rows.reduce(
    (n, m) => n + estimateTokens(m.content) + estimateTokens(JSON.stringify(m.toolCalls ?? '')),
    0,
  );
}

/** Room kept for the system prompt, the tools' descriptions and the answer. */
function budgetOf(services: AppServices): number {
  return Math.floor(services.config.ai.contextTokens * 0.75);
}

export interface SendAiMessageInput {
  conversationId?: number | null | undefined;
  persona: string;
  text: string;
}

/**
 * Stores the user's message (in a new conversation when none is given) and returns it; the answer is then
 * streamed by aiAnswer. Refuses a blank message (CONTENT_MUST_BE_NON_EMPTY_STRING), a conversation that no longer
 * fits the model's window (CHAT_TOO_LONG: start a new chat) and more messages a minute than the limit.
 */
export async function sendAiMessage(
  services: AppServices,
  actor: Actor,
  input: SendAiMessageInput,
): Promise<{ conversation: AiConversationRow; message: AiMessageRow }> {
  const provider = requireAssistant(services, actor);
  const text = input.text.trim();
  if (!text) throw new AppError('CONTENT_MUST_BE_NON_EMPTY_STRING');
  if (text.length > MAX_MESSAGE_LENGTH) throw new AppError('CHAT_TOO_LONG');
  if (!isPersona(input.persona)) throw new AppError('BAD_USER_INPUT', { field: 'persona' });
  const persona = input.persona;
  const { db } = services.database;
  const existing = input.conversationId
    ? await ownConversation(services, actor, input.conversationId)
    : undefined;
  if (existing) {
    const history = await listMessages(db, existing.id);
    if (conversationTokens(history) + estimateTokens(text) > budgetOf(services))
      throw new AppError('CHAT_TOO_LONG');
  } else if (estimateTokens(text) > budgetOf(services)) throw new AppError('CHAT_TOO_LONG');
  await admitAiCall(services, actor, provider, text);
  return unitOfWork(services, async (tx) => {
    const conversation =
      existing ??
      (await insertConversation(tx, {
        userId: actor.account.id,
        persona,
        title: text.replace(/\s+/g, ' ').slice(0, 60),
      }));
    const message = await insertMessage(tx, { conversationId: conversation.id, role: 'user', content: text });
    const updated = await updateConversation(tx, conversation.id, { updatedAt: new Date() });
    return { conversation: updated ?? conversation, message };
  });
}

/** What aiAnswer streams: pieces of the answer, the tools used, then done (with the stored answer) or an error. */
export type AiAnswerEvent =
  | { kind: 'token'; text: string }
  | { kind: 'tool'; text: string }
  | { kind: 'draft'; draft: AiCommentDraft }
  | { kind: 'issueDraft'; issueDraft: AiIssueDraft }
  | { kind: 'bulkDraft'; bulkDraft: AiBulkDraft }
  | { kind: 'done'; messageId: number; text: string }
  | { kind: 'error'; code: 'AI_TROUBLE_RESPONDING' | 'CHAT_TOO_LONG' };

function toModel(rows: readonly AiMessageRow[]): AiMessage[] {
  return rows.map((m): AiMessage => {
    if (m.role === 'tool') return { role: 'tool', content: m.content, toolCallId: m.toolCallId ?? '' };
    if (m.role === 'assistant')
      return {
        role: 'assistant',
        content: m.content,
        toolCalls: (m.toolCalls as AiToolCall[] | null) ?? undefined,
      };
    return { role: 'user', content: m.content };
  });
}

/**
 * Streams the answer to the user's message `messageId` (the last of its conversation, not yet answered): the
 * model's text token by token, running the tools it asks for as the user between rounds. The answer is stored when
 * complete, or as far as it got when the user cancels (`signal`). A provider error or time-out ends with
 * AI_TROUBLE_RESPONDING: the user's message stays stored and may be answered again.
 */
export async function* streamAiAnswer(
  services: AppServices,
  actor: Actor,
  messageId: number,
  signal: AbortSignal,
): AsyncGenerator<AiAnswerEvent> {
  const provider = requireAssistant(services, actor);
  const { db } = services.database;
  const located = await locateQuestion(services, actor, messageId);
  const { conversation } = located;
  const messages: AiMessage[] = [
    { role: 'system', content: personaPrompt(conversation.persona as Persona, actor) },
    ...toModel(located.history),
  ];
  let text = '';
  try {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      let calls: AiToolCall[] = [];
      text = '';
      // The time-out counts from the last piece received: a model that stops sending is given up.
      const idle = new AbortController();
      let timer = setTimeout(() => idle.abort(), services.config.ai.timeoutMs);
      try {
        for await (const delta of provider.streamChat(
          messages,
          AI_TOOLS,
          AbortSignal.any([signal, idle.signal]),
        )) {
          clearTimeout(timer);
          timer = setTimeout(() => idle.abort(), services.config.ai.timeoutMs);
          if (delta.kind === 'text') {
            text += delta.text;
            yield { kind: 'token', text: delta.text };
          } else calls = delta.calls;
        }
      } finally {
        clearTimeout(timer);
        // What this round sent and received counts against the company's month (docs/ai.md "Limits").
        await chargeTokens(services, actor, estimateTokens(JSON.stringify(messages)) + estimateTokens(text));
      }
      // An aborted stream may end quietly: a cancel or a time-out is not a complete answer.
      if (signal.aborted) throw new Error('cancelled by the user');
      if (idle.signal.aborted) throw new Error('the model timed out');
      if (calls.length === 0) break;
      messages.push({ role: 'assistant', content: text, toolCalls: calls });
      await insertMessage(db, {
        conversationId: conversation.id,
        role: 'assistant',
        content: '',
        toolCalls: calls,
      });
      for (const call of calls) {
        yield { kind: 'tool', text: call.name };
        const result = await runAiTool(services, actor, call.name, call.arguments);
        messages.push({ role: 'tool', content: result, toolCallId: call.id });
        const draft = draftEventOf(call.name, result);
        if (draft) yield draft;
        await insertMessage(db, {
          conversationId: conversation.id,
          role: 'tool',
          content: result,
          toolCallId: call.id,
        });
      }
      if (estimateTokens(JSON.stringify(messages)) > services.config.ai.contextTokens) {
        yield { kind: 'error', code: 'CHAT_TOO_LONG' };
        return;
      }
    }
  } catch (error) {
    if (signal.aborted) {
      if (text)
        await insertMessage(db, { conversationId: conversation.id, role: 'assistant', content: text });
      return;
    }
    services.logger.warn({ err: error, conversationId: conversation.id }, 'AI provider failed');
    yield { kind: 'error', code: 'AI_TROUBLE_RESPONDING' };
    return;
  }
  const stored = await insertMessage(db, {
    conversationId: conversation.id,
    role: 'assistant',
    content: text,
  });
  await updateConversation(db, conversation.id, { updatedAt: new Date() });
  yield { kind: 'done', messageId: stored.id, text };
}

async function locateQuestion(services: AppServices, actor: Actor, messageId: number) {
  const { db } = services.database;
  const conversation = await findConversationOfMessage(db, actor.account.id, messageId);
  if (!conversation) throw new AppError('NOT_FOUND');
  const history = await listMessages(db, conversation.id);
  // Only the last message, a question, is answered (an answered one is not asked again).
  const last = history[history.length - 1];
  if (last?.id !== messageId || last.role !== 'user') throw new AppError('INVALID_ACTION');
  return { conversation, history };
}

/** The draft a drafting tool returned, as the event that carries it to the page (none when it was refused). */
function draftEventOf(tool: string, result: string): AiAnswerEvent | undefined {
  if (!['draft_comment', 'draft_issue', 'draft_bulk_change'].includes(tool)) return undefined;
  const { draft } = JSON.parse(result) as { draft?: unknown };
  if (!draft) return undefined;
  if (tool === 'draft_issue') return { kind: 'issueDraft', issueDraft: draft as AiIssueDraft };
  if (tool === 'draft_bulk_change') return { kind: 'bulkDraft', bulkDraft: draft as AiBulkDraft };
  return { kind: 'draft', draft: draft as AiCommentDraft };
}

/** The entry a confirmed draft leaves in an issue's aiAssistantLogs. */
function logEntry(actor: Actor, conversation: AiConversationRow, kind: string): Record<string, unknown> {
  return {
    kind,
    at: new Date().toISOString(),
    userId: actor.account.id,
    persona: conversation.persona,
    conversationId: conversation.id,
  };
}

/**
 * Posts a comment the assistant drafted, once the user confirmed it (possibly edited) in the page: through the
 * normal comment creation (its rights, checks, history and notifications), with an entry in the issue's
 * aiAssistantLogs written in the same transaction.
 */
export async function confirmAiCommentDraft(
  services: AppServices,
  actor: Actor,
  input: { conversationId: number; projectId: number; issueId: number; message: string },
): Promise<CommentView> {
  requireAssistant(services, actor);
  const conversation = await ownConversation(services, actor, input.conversationId);
  return createComment(
    services,
    actor,
    { projectId: input.projectId, issueId: input.issueId, message: input.message, visibility: 'public' },
    logEntry(actor, conversation, 'comment'),
  );
}

/** confirmAiIssueDraft's input: createIssue's fields (without logs of the caller's own) and the conversation. */
export type ConfirmAiIssueDraftInput = Omit<CreateIssueInput, 'aiAssistantLogs'> & { conversationId: number };

/**
 * Creates an issue the assistant drafted, once the user completed (its location pin) and confirmed it in the page:
 * through the normal creation (its rights, checks, status rules, history, notifications and live event; an
 * idempotency key makes a repeated click answer the first issue), with the entry `{kind: "issue", …}` of its
 * aiAssistantLogs written in the same insert.
 */
export async function confirmAiIssueDraft(
  services: AppServices,
  actor: Actor,
  input: ConfirmAiIssueDraftInput,
): Promise<{ id: number; projectId: number }> {
  requireAssistant(services, actor);
  const { conversationId, ...fields } = input;
  const conversation = await ownConversation(services, actor, conversationId);
  // A new issue starts active (the status rules then follow its disciplines); priority and visibility default as
  // in the create form.
  return createIssue(services, actor, {
    ...fields,
    status: 'active',
    priority: fields.priority ?? 'medium',
    visibility: fields.visibility ?? 'public',
    aiAssistantLogs: [logEntry(actor, conversation, 'issue')],
  });
}

/**
 * Applies a bulk change the assistant drafted, once the user confirmed it in the page: the normal bulk update (each
 * issue through updateIssue's rules in its own savepoint; the refused ones are reported with their code), with the
 * entry `{kind: "bulkChange", …, change}` appended to the aiAssistantLogs of each issue it updated, in the same
 * transaction.
 */
export async function confirmAiBulkChange(
  services: AppServices,
  actor: Actor,
  input: { conversationId: number; projectId: number; issuesIds: readonly number[]; newValues: BulkValues },
): Promise<BulkUpdateResult> {
  requireAssistant(services, actor);
  const conversation = await ownConversation(services, actor, input.conversationId);
  const apply = await prepareIssuesUpdate(services.database.db, actor, input);
  return unitOfWork(services, async (tx) => {
    const result = await apply(tx);
    const entry = { ...logEntry(actor, conversation, 'bulkChange'), change: input.newValues };
    for (const issueId of result.updatedIds) await appendAiAssistantLog(tx, issueId, entry);
    return result;
  });
}
